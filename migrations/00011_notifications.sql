-- +goose Up
-- Notifications (accounts issue, section 2): what happened is written to an outbox in the
-- transaction of the event itself, so an event is announced exactly when it is committed;
-- a worker in any server delivers the outbox by e-mail or to a league's webhooks.

-- The kinds a user may turn off. Everything is on by default: a row here is a "no".
CREATE TABLE notification_optouts (
    user_id bigint NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    kind    text   NOT NULL CHECK (kind IN ('schedule_drawn', 'result_recorded', 'result_corrected',
                                            'game_soon', 'league_finished')),
    PRIMARY KEY (user_id, kind)
);

-- A league's outgoing webhooks: each event of the league is POSTed to url, signed with
-- secret (HMAC-SHA256), in TableStakes' JSON or as a Discord or Slack message.
CREATE TABLE league_webhooks (
    id         bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    league_id  bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    url        text        NOT NULL CHECK (url ~ '^https?://' AND char_length(url) <= 500),
    format     text        NOT NULL CHECK (format IN ('json', 'discord', 'slack')),
    secret     text        NOT NULL CHECK (char_length(secret) >= 32),
    created_by bigint      NOT NULL REFERENCES users (id),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX league_webhooks_league_idx ON league_webhooks (league_id);

-- One row per event and recipient (a user by e-mail, or a webhook). The unique key is what
-- makes delivery at most once per event and recipient: an event enqueued twice (two
-- servers sending the same reminder) lands once. A row is pending until a worker claims it
-- (sending, with a lease); then sent, or pending again after a failure (due later, with
-- backoff), or failed for good. A row whose lease ran out while sending is never retried:
-- the message may have gone out before the worker stopped.
CREATE TABLE outbox (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    event_key   text        NOT NULL,
    kind        text        NOT NULL,
    channel     text        NOT NULL CHECK (channel IN ('email', 'webhook')),
    user_id     bigint      REFERENCES users (id) ON DELETE CASCADE,
    webhook_id  bigint      REFERENCES league_webhooks (id) ON DELETE CASCADE,
    payload     jsonb       NOT NULL,
    status      text        NOT NULL DEFAULT 'pending' CHECK (status IN ('pending', 'sending', 'sent', 'failed')),
    attempts    int         NOT NULL DEFAULT 0 CHECK (attempts >= 0),
    due_at      timestamptz NOT NULL DEFAULT now(),
    lease_until timestamptz,
    last_error  text        NOT NULL DEFAULT '',
    created_at  timestamptz NOT NULL DEFAULT now(),
    sent_at     timestamptz,
    CHECK ((channel = 'email') = (user_id IS NOT NULL) AND (channel = 'webhook') = (webhook_id IS NOT NULL)),
    CHECK ((status = 'sending') = (lease_until IS NOT NULL)),
    CHECK ((status = 'sent') = (sent_at IS NOT NULL))
);

CREATE UNIQUE INDEX outbox_email_key ON outbox (event_key, user_id) WHERE channel = 'email';
CREATE UNIQUE INDEX outbox_webhook_key ON outbox (event_key, webhook_id) WHERE channel = 'webhook';
CREATE INDEX outbox_due_idx ON outbox (due_at, id) WHERE status = 'pending';
CREATE INDEX outbox_sending_idx ON outbox (lease_until) WHERE status = 'sending';

-- +goose Down
DROP TABLE outbox;
DROP TABLE league_webhooks;
DROP TABLE notification_optouts;
