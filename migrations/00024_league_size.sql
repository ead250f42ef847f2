-- Leagues of any size (CONTRACT section 10): a league has players members (N, 3..32, the
-- seed's 8 by default; never fewer than its players per game) and plays games_per_player
-- games each (NULL: the scheduler's default for N and its players per game,
-- league.Format.GamesEach; otherwise a positive multiple of the players per game, so every
-- member sits in every seat equally often). Existing leagues keep 8 and the seed's table.
-- A member's slot, their player number in the schedule, now runs to 32.

-- +goose Up
ALTER TABLE leagues
    ADD COLUMN players          int NOT NULL DEFAULT 8,
    ADD COLUMN games_per_player int,
    ADD CONSTRAINT leagues_players_check CHECK (players BETWEEN 3 AND 32 AND players >= players_per_game),
    ADD CONSTRAINT leagues_games_per_player_check
        CHECK (games_per_player > 0 AND games_per_player % players_per_game = 0);
ALTER TABLE memberships DROP CONSTRAINT memberships_slot_check,
    ADD CONSTRAINT memberships_slot_check CHECK (slot BETWEEN 1 AND 32);
ALTER TABLE league_replacements DROP CONSTRAINT league_replacements_slot_check,
    ADD CONSTRAINT league_replacements_slot_check CHECK (slot BETWEEN 1 AND 32);
ALTER TABLE league_withdrawals DROP CONSTRAINT league_withdrawals_slot_check,
    ADD CONSTRAINT league_withdrawals_slot_check CHECK (slot BETWEEN 1 AND 32);

-- +goose Down
ALTER TABLE league_withdrawals DROP CONSTRAINT league_withdrawals_slot_check,
    ADD CONSTRAINT league_withdrawals_slot_check CHECK (slot BETWEEN 1 AND 8);
ALTER TABLE league_replacements DROP CONSTRAINT league_replacements_slot_check,
    ADD CONSTRAINT league_replacements_slot_check CHECK (slot BETWEEN 1 AND 8);
ALTER TABLE memberships DROP CONSTRAINT memberships_slot_check,
    ADD CONSTRAINT memberships_slot_check CHECK (slot BETWEEN 1 AND 8);
ALTER TABLE leagues DROP COLUMN games_per_player, DROP COLUMN players;
