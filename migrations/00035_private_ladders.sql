-- +goose Up
-- Private play off the public ladder: a private league's games are rated on a ladder of the
-- league's own (rating.LeagueLadder), "<game>@<league id>", by the same rules and from 0,
-- and never move or appear on the game's public ladder. ladders.league_id names the league
-- of a private ladder (NULL for a game's public ladder); the ladder and its ratings go
-- with the league. Games already rated on a public ladder for a league that is
-- private now are moved to the league's ladder right after migrating (store.Migrate, as
-- rounds 2 and 3 of the rating rule were): in one transaction per league, under the
-- league's and both ladders' row locks, both ladders replayed from the first game that
-- moved, so that the public ladder becomes exactly a replay of public games only.
ALTER TABLE ladders DROP CONSTRAINT ladders_game_check;
ALTER TABLE ladders ADD COLUMN league_id bigint UNIQUE REFERENCES leagues (id) ON DELETE CASCADE;
ALTER TABLE ladders ADD CONSTRAINT ladders_game_check CHECK (
    CASE WHEN league_id IS NULL THEN game ~ '^[a-z][a-z-]*$'
         ELSE game ~ '^[a-z][a-z-]*@[1-9][0-9]*$' AND split_part(game, '@', 2) = league_id::text END);
ALTER TABLE ratings DROP CONSTRAINT ratings_ladder_fkey,
    ADD CONSTRAINT ratings_ladder_fkey FOREIGN KEY (ladder) REFERENCES ladders (game) ON DELETE CASCADE;
-- A private ladder has its own Seventh Player ("seventh-player:armada@12").
ALTER TABLE users DROP CONSTRAINT users_member_of_check,
    ADD CONSTRAINT users_member_of_check CHECK (member_of ~ '^[a-z][a-z-]*(@[1-9][0-9]*)?$');

-- +goose Down
-- Only a database whose private ladders hold no results goes back: the old schema has
-- nowhere to keep them.
DELETE FROM ladders WHERE league_id IS NOT NULL;
DELETE FROM users WHERE member_of LIKE '%@%' AND NOT EXISTS (SELECT 1 FROM rating_entries WHERE credited_id = users.id);
ALTER TABLE users DROP CONSTRAINT users_member_of_check,
    ADD CONSTRAINT users_member_of_check CHECK (member_of ~ '^[a-z][a-z-]*$');
ALTER TABLE ratings DROP CONSTRAINT ratings_ladder_fkey,
    ADD CONSTRAINT ratings_ladder_fkey FOREIGN KEY (ladder) REFERENCES ladders (game);
ALTER TABLE ladders DROP CONSTRAINT ladders_game_check;
ALTER TABLE ladders DROP COLUMN league_id;
ALTER TABLE ladders ADD CONSTRAINT ladders_game_check CHECK (game ~ '^[a-z][a-z-]*$');
