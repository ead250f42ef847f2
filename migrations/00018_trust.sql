-- +goose Up
-- Every statement can run again (the history rewrite's test re-applies it).
-- Trust review 3. A webhook's URL is a secret of its own (a Discord or Slack webhook URL is
-- the key that posts to the channel): the league's history, which anyone may read, named
-- webhooks by their whole address. Those lines now name the host and, while the webhook
-- exists, its id, as new lines do ("added a json webhook to discord.com (webhook 3)").
UPDATE league_events e
SET detail = regexp_replace(e.detail,
        '^(added an? [a-z]+ webhook to|removed the webhook to) https?://(?:[^/?#@]*@)?([^/?#]*).*$', '\1 \2')
    || coalesce((SELECT ' (webhook ' || min(w.id) || ')' FROM league_webhooks w
                 WHERE w.league_id = e.league_id
                   AND w.url = substring(e.detail FROM '^added an? [a-z]+ webhook to (https?://.*)$')), '')
WHERE e.action = 'webhook'
  AND e.detail ~ '^(added an? [a-z]+ webhook to|removed the webhook to) https?://';

-- A browser that has logged in to an account before (a cookie holding a random token, only
-- its SHA-256 here). Failed log-ins at one account are capped from everywhere (at most 100
-- an hour); beyond the cap, only a known browser of the account has its password checked,
-- so guessers stop while the owner still logs in and is never locked out.
CREATE TABLE IF NOT EXISTS login_devices (
    token_hash   bytea       NOT NULL CHECK (length(token_hash) = 32),
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_used_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (token_hash, user_id)
);

CREATE INDEX IF NOT EXISTS login_devices_last_used_idx ON login_devices (last_used_at);

-- A claimed delivery is started just before it is sent. A row whose worker died (its lease
-- ran out) before starting it goes back to the queue; only the one it was sending stays
-- failed, so that nobody gets it twice (the outbox's at-most-once promise).
-- claim counts the claims of a row, so that a worker whose lease ran out cannot start a
-- row another worker has claimed since.
ALTER TABLE outbox ADD COLUMN IF NOT EXISTS started_at timestamptz, ADD COLUMN IF NOT EXISTS claim int NOT NULL DEFAULT 0;

-- A webhook has at most one delivery in flight (busy_until: the lease of the worker sending
-- it), and a breaker: after 3 failed attempts in a row its deliveries wait (paused_until),
-- a minute at first, doubling up to an hour, until one goes through.
ALTER TABLE league_webhooks
    ADD COLUMN IF NOT EXISTS busy_until   timestamptz,
    ADD COLUMN IF NOT EXISTS failures     int NOT NULL DEFAULT 0 CHECK (failures >= 0),
    ADD COLUMN IF NOT EXISTS paused_until timestamptz;

-- +goose Down
ALTER TABLE league_webhooks DROP COLUMN busy_until, DROP COLUMN failures, DROP COLUMN paused_until;
ALTER TABLE outbox DROP COLUMN started_at, DROP COLUMN claim;
DROP TABLE login_devices;
