-- +goose Up
-- Every server looks for games starting within the next 24 hours every few seconds, to
-- remind their players (store.EnqueueReminders); this finds them without reading the
-- other scheduled games.
CREATE INDEX games_scheduled_starts_idx ON games (starts_at) WHERE status = 'scheduled' AND starts_at IS NOT NULL;

-- +goose Down
DROP INDEX games_scheduled_starts_idx;
