-- Ladder members who never log in: ARMADA's "Seventh Player" of a missing-man game and the
-- SUPERCAT bots of solo Arcs games. Each is one account per ladder (member_kind, member_of),
-- named "<kind>:<ladder>" — a name no sign-up can take, since usernames hold no colon —
-- with no password, so no log-in, reset or token can ever reach it.
--
-- armada-scoring-and-rating.txt 4.1: "For the purposes of rating, this "Seventh Player" is
-- considered to be a member of the ARMADA and shall ante into the game pot accordingly."
-- supercat-solo-arcs-bot.txt: a bot of normal or hard difficulty; its games are rated like
-- any other, so a player's solo results move their Arcs rating.

-- +goose Up
ALTER TABLE users DROP CONSTRAINT users_username_check;
ALTER TABLE users DROP COLUMN seventh_player_of;
ALTER TABLE users
    ADD COLUMN member_kind text CHECK (member_kind IN ('seventh-player', 'supercat-normal', 'supercat-hard')),
    ADD COLUMN member_of   text CHECK (member_of ~ '^[a-z][a-z-]*$'),
    ADD CONSTRAINT users_member_check CHECK ((member_kind IS NULL) = (member_of IS NULL)),
    ADD CONSTRAINT users_username_check CHECK (
        CASE WHEN member_kind IS NULL
             THEN username ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$' AND password_hash IS NOT NULL
             ELSE username = member_kind || ':' || member_of AND password_hash IS NULL END);
CREATE UNIQUE INDEX users_ladder_member_key ON users (member_kind, member_of);

-- An absent seat keeps the points its power scored (they are the seat's award from the
-- ARMADA pot, which the ladder's Seventh Player takes), but its player gets none of them:
-- standings leave absent seats out.
ALTER TABLE result_points DROP CONSTRAINT result_points_absent_check;
ALTER TABLE result_points ADD CONSTRAINT result_points_absent_check CHECK (NOT absent OR substitute_id IS NULL);

-- +goose Down
ALTER TABLE result_points DROP CONSTRAINT result_points_absent_check;
UPDATE result_points SET points_num = 0, points_den = 1 WHERE absent;
ALTER TABLE result_points
    ADD CONSTRAINT result_points_absent_check CHECK (NOT absent OR (points_num = 0 AND substitute_id IS NULL));
DROP INDEX users_ladder_member_key;
DELETE FROM rating_entries WHERE credited_id IN (SELECT id FROM users WHERE member_kind IS NOT NULL)
    OR player_id IN (SELECT id FROM users WHERE member_kind IS NOT NULL);
DELETE FROM ratings WHERE user_id IN (SELECT id FROM users WHERE member_kind IS NOT NULL);
DELETE FROM seats WHERE user_id IN (SELECT id FROM users WHERE member_kind IS NOT NULL);
DELETE FROM result_points WHERE user_id IN (SELECT id FROM users WHERE member_kind IS NOT NULL);
DELETE FROM users WHERE member_kind IS NOT NULL;
ALTER TABLE users DROP CONSTRAINT users_username_check, DROP CONSTRAINT users_member_check;
ALTER TABLE users DROP COLUMN member_kind, DROP COLUMN member_of;
ALTER TABLE users
    ADD COLUMN seventh_player_of text UNIQUE CHECK (seventh_player_of ~ '^[a-z][a-z-]*$'),
    ADD CONSTRAINT users_username_check CHECK (
        CASE WHEN seventh_player_of IS NULL
             THEN username ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$' AND password_hash IS NOT NULL
             ELSE username = 'seventh-player:' || seventh_player_of AND password_hash IS NULL END);
