-- +goose Up
-- The desk's latest results walk each of the viewer's leagues from its newest recorded game
-- (store.RecentResults): its cost follows the viewer's leagues, not the games in the
-- database.
CREATE INDEX games_league_finished_idx ON games (league_id, finished_at DESC, id DESC) WHERE status = 'finished';

-- +goose Down
DROP INDEX games_league_finished_idx;
