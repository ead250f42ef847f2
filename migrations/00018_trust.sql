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

-- +goose Down
SELECT 1;
