-- +goose Up
-- Normal games and the missing man (rules-round-2 issue, sections 3 and 4).
--
-- "Games created for the league have the exact same rules of the normal games"
-- (league-scoring-system.txt): a normal game is a table anyone signed in opens for a game of
-- the registry with 2..8 seats, outside any league. Players take its seats in join order;
-- its creator (its organiser) records the result through the same scorer and onto the same
-- rating ladder, and its finished games count toward every league's activity rule. A normal
-- game is the only game of its table: number 1, round 1.
ALTER TABLE games
    ALTER COLUMN league_id DROP NOT NULL,
    -- The game's registry slug (league.GameBySlug); a league game plays its league's.
    ADD COLUMN game         text   CHECK (game ~ '^[a-z][a-z-]*$'),
    -- The seats the table was opened with (within the game's range).
    ADD COLUMN seat_count   int    CHECK (seat_count BETWEEN 2 AND 8),
    -- Who opened the table: the normal game's organiser.
    ADD COLUMN organiser_id bigint REFERENCES users (id),
    ADD COLUMN created_at   timestamptz NOT NULL DEFAULT now(),
    ADD CONSTRAINT games_normal_check CHECK (
        CASE WHEN league_id IS NULL
             THEN game IS NOT NULL AND seat_count IS NOT NULL AND organiser_id IS NOT NULL
                  AND number = 1 AND round = 1
             ELSE game IS NULL AND seat_count IS NULL AND organiser_id IS NULL END);

-- A league game is scheduled, then finished. A normal game is open while it has free seats,
-- ready once the last seat is taken, then finished.
ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check CHECK (
    CASE WHEN league_id IS NULL THEN status IN ('open', 'ready', 'finished')
         ELSE status IN ('scheduled', 'finished') END);

-- The normal games list: open tables and recent results, newest first.
CREATE INDEX games_normal_idx ON games (status, id DESC) WHERE league_id IS NULL;
CREATE INDEX games_organiser_idx ON games (organiser_id) WHERE organiser_id IS NOT NULL;

-- A normal game's result belongs to no league.
ALTER TABLE results ALTER COLUMN league_id DROP NOT NULL;
ALTER TABLE result_points ALTER COLUMN league_id DROP NOT NULL;

-- The missing man (armada-scoring-and-rating.txt 4.1): "Should only six players be
-- available to play, a randomly-selected power will be chosen to be unplayed ... For the
-- purposes of rating, this "Seventh Player" is considered to be a member of the ARMADA and
-- shall ante into the game pot accordingly." Each ladder has at most one Seventh Player: a
-- member that is never a login (no password), named "seventh-player:<ladder>", a name no
-- sign-up can take.
ALTER TABLE users DROP CONSTRAINT users_username_check;
ALTER TABLE users
    ADD COLUMN seventh_player_of text UNIQUE CHECK (seventh_player_of ~ '^[a-z][a-z-]*$'),
    ALTER COLUMN password_hash DROP NOT NULL,
    ADD CONSTRAINT users_username_check CHECK (
        CASE WHEN seventh_player_of IS NULL
             THEN username ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$' AND password_hash IS NOT NULL
             ELSE username = 'seventh-player:' || seventh_player_of AND password_hash IS NULL END);

-- A seat marked absent was played by the missing-man rules: its player gets no league
-- points and no rating change; the ledger credits the seat to the ladder's Seventh Player.
ALTER TABLE result_points
    ADD COLUMN absent boolean NOT NULL DEFAULT false,
    ADD CONSTRAINT result_points_absent_check CHECK (NOT absent OR (points_num = 0 AND substitute_id IS NULL));

-- +goose Down
ALTER TABLE result_points DROP CONSTRAINT result_points_absent_check, DROP COLUMN absent;
DELETE FROM rating_entries WHERE credited_id IN (SELECT id FROM users WHERE seventh_player_of IS NOT NULL);
DELETE FROM ratings WHERE user_id IN (SELECT id FROM users WHERE seventh_player_of IS NOT NULL);
DELETE FROM users WHERE seventh_player_of IS NOT NULL;
ALTER TABLE users DROP CONSTRAINT users_username_check;
ALTER TABLE users
    DROP COLUMN seventh_player_of,
    ALTER COLUMN password_hash SET NOT NULL,
    ADD CONSTRAINT users_username_check CHECK (username ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$');
DELETE FROM games WHERE league_id IS NULL;
ALTER TABLE result_points ALTER COLUMN league_id SET NOT NULL;
ALTER TABLE results ALTER COLUMN league_id SET NOT NULL;
DROP INDEX games_organiser_idx;
DROP INDEX games_normal_idx;
ALTER TABLE games DROP CONSTRAINT games_status_check;
ALTER TABLE games ADD CONSTRAINT games_status_check CHECK (status IN ('scheduled', 'finished'));
ALTER TABLE games
    DROP CONSTRAINT games_normal_check,
    DROP COLUMN created_at,
    DROP COLUMN organiser_id,
    DROP COLUMN seat_count,
    DROP COLUMN game,
    ALTER COLUMN league_id SET NOT NULL;
