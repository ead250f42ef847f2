-- +goose Up
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
CREATE TABLE login_devices (
    token_hash   bytea       NOT NULL CHECK (length(token_hash) = 32),
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    last_used_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (token_hash, user_id)
);

CREATE INDEX login_devices_last_used_idx ON login_devices (last_used_at);

-- +goose Down
DROP TABLE login_devices;
