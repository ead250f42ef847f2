-- The SUPERCAT companion's choices at creation and its rated finish (supercat-solo-arcs-bot.txt):
-- the Arcs version (the base game or the Blighted Reach campaign game, whose campaign notes
-- apply), the optional modifiers of "Difficulty modifiers", how Leaders and Lore are played
-- ("Leaders and Lore"), every seat's Power (advantages are "evaluated per bot"; in hard mode
-- "the bot with the most power starts every chapter with initiative"), and the rated normal
-- game the companion game was finished as.

-- +goose Up
ALTER TABLE supercat_games
    ADD COLUMN version text NOT NULL DEFAULT 'base' CHECK (version IN ('base', 'blighted-reach')),
    ADD COLUMN modifiers text[] NOT NULL DEFAULT '{}' CHECK (modifiers <@ ARRAY['fleet-readiness',
        'strategic-reserves', 'armored-hulls', 'energy-shields', 'carrier-tactics', 'fortress-vaults',
        'warp-blockades']::text[]),
    ADD COLUMN leaders_lore text NOT NULL DEFAULT 'none' CHECK (leaders_lore IN ('none', 'intervene', 'passive')),
    -- The player's Power (one number per player at the table).
    ADD COLUMN player_power integer[] NOT NULL DEFAULT '{0}',
    -- Hard mode: the bots with the most Power when the chapter started (several: a tie).
    ADD COLUMN initiative_seats integer[] NOT NULL DEFAULT '{}',
    ADD COLUMN rated_game_id bigint UNIQUE REFERENCES games (id) ON DELETE SET NULL;

ALTER TABLE supercat_bots ADD COLUMN power integer NOT NULL DEFAULT 0 CHECK (power >= 0);

-- +goose Down
ALTER TABLE supercat_bots DROP COLUMN power;
ALTER TABLE supercat_games DROP COLUMN version, DROP COLUMN modifiers, DROP COLUMN leaders_lore,
    DROP COLUMN player_power, DROP COLUMN initiative_seats, DROP COLUMN rated_game_id;
