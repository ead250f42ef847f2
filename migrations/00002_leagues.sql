-- +goose Up
-- Leagues (seed league-scoring-system.txt): 8 members, one game, a number of players per
-- game, an activity rule, and the whole balanced game set created when the 8th member joins.

CREATE TABLE leagues (
    id               bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name             text        NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 80),
    -- The game's registry slug (league.GameBySlug); the app checks it against the registry.
    game             text        NOT NULL CHECK (game ~ '^[a-z][a-z-]*$'),
    -- The version of the game's rules the league plays (free text, e.g. "2nd edition").
    version          text        NOT NULL DEFAULT '' CHECK (char_length(version) <= 80),
    players_per_game int         NOT NULL CHECK (players_per_game BETWEEN 2 AND 8),
    -- Activity rule: a member needs min_recent_games finished games within recent_days.
    min_recent_games int         NOT NULL DEFAULT 5 CHECK (min_recent_games BETWEEN 0 AND 1000),
    recent_days      int         NOT NULL DEFAULT 90 CHECK (recent_days BETWEEN 1 AND 3650),
    status           text        NOT NULL DEFAULT 'open'
                                 CHECK (status IN ('open', 'running', 'finished')),
    organiser_id     bigint      NOT NULL REFERENCES users (id),
    -- The scheduler seed the game set was built with, so it can be rebuilt and audited.
    schedule_seed    bigint,
    created_at       timestamptz NOT NULL DEFAULT now(),
    started_at       timestamptz,
    finished_at      timestamptz,
    CHECK ((status = 'open') = (started_at IS NULL)),
    CHECK ((status = 'finished') = (finished_at IS NOT NULL))
);

CREATE INDEX leagues_status_idx ON leagues (status, id);
CREATE INDEX leagues_organiser_idx ON leagues (organiser_id);

-- A member's slot is their join order and their player number in the schedule (1..8), so
-- a league can never hold more than 8 members.
CREATE TABLE memberships (
    league_id bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   bigint      NOT NULL REFERENCES users (id),
    slot      int         NOT NULL CHECK (slot BETWEEN 1 AND 8),
    joined_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, user_id),
    CONSTRAINT memberships_slot_key UNIQUE (league_id, slot)
);

CREATE INDEX memberships_user_idx ON memberships (user_id);

CREATE TABLE games (
    id          bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    league_id   bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    number      int         NOT NULL CHECK (number >= 1),
    round       int         NOT NULL CHECK (round >= 1),
    status      text        NOT NULL DEFAULT 'scheduled'
                            CHECK (status IN ('scheduled', 'finished')),
    finished_at timestamptz,
    CHECK ((status = 'finished') = (finished_at IS NOT NULL)),
    CONSTRAINT games_number_key UNIQUE (league_id, number)
);

-- Seats in seat order: position 1 is the starting player / first colour.
CREATE TABLE seats (
    game_id  bigint NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    position int    NOT NULL CHECK (position BETWEEN 1 AND 8),
    user_id  bigint NOT NULL REFERENCES users (id),
    PRIMARY KEY (game_id, position),
    CONSTRAINT seats_player_key UNIQUE (game_id, user_id)
);

-- The activity rule counts a player's finished games in a window: seats by player.
CREATE INDEX seats_user_idx ON seats (user_id, game_id);
CREATE INDEX games_finished_idx ON games (finished_at) WHERE status = 'finished';

-- +goose Down
DROP TABLE seats;
DROP TABLE games;
DROP TABLE memberships;
DROP TABLE leagues;
