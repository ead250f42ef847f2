-- Seasons and divisions (issue 36, CONTRACT section 10): a season opens for sign-up; its
-- organiser starts it, splitting the signed-up players into divisions, each a league of its
-- own; when every division's league is over the season is finished (read, never stored:
-- the leagues say so) and its movements give the next season's divisions.

-- +goose Up
CREATE TABLE seasons (
    id               bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    name             text        NOT NULL CHECK (char_length(btrim(name)) BETWEEN 1 AND 80),
    game             text        NOT NULL CHECK (game ~ '^[a-z][a-z-]*$'),
    version          text        NOT NULL CHECK (version ~ '^[a-z0-9][a-z0-9-]*$'),
    players_per_game int         NOT NULL CHECK (players_per_game BETWEEN 2 AND 8),
    -- league.CheckSeason: a division holds a table and at most 32; fewer than half of a
    -- division go up, as many go down.
    division_size    int         NOT NULL CHECK (division_size BETWEEN greatest(3, players_per_game) AND 32),
    promote          int         NOT NULL CHECK (promote >= 0 AND 2 * promote < division_size),
    face_to_face     boolean     NOT NULL DEFAULT false,
    results_by       text        NOT NULL CHECK (results_by IN ('organisers', 'players')),
    confirm_hours    int         NOT NULL CHECK (confirm_hours BETWEEN 1 AND 336),
    organiser_id     bigint      NOT NULL REFERENCES users (id),
    -- The season this one follows; a season has at most one next season.
    previous_id      bigint      UNIQUE REFERENCES seasons (id),
    -- open, then running once started; finished is read from the divisions' leagues.
    status           text        NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'running')),
    created_at       timestamptz NOT NULL DEFAULT now(),
    started_at       timestamptz,
    CHECK ((status = 'open') = (started_at IS NULL))
);

CREATE INDEX seasons_status_idx ON seasons (status, id);

-- The players signed up, in sign-up order (seq): the order breaks the last ties of the
-- split and the movements.
CREATE TABLE season_signups (
    season_id    bigint      NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    user_id      bigint      NOT NULL REFERENCES users (id),
    seq          bigint      GENERATED ALWAYS AS IDENTITY,
    signed_up_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (season_id, user_id)
);

CREATE INDEX season_signups_user_idx ON season_signups (user_id);

-- Each division is a league of its own, division 1 on top.
CREATE TABLE season_divisions (
    season_id bigint NOT NULL REFERENCES seasons (id) ON DELETE CASCADE,
    number    int    NOT NULL CHECK (number >= 1),
    league_id bigint NOT NULL UNIQUE REFERENCES leagues (id) ON DELETE CASCADE,
    PRIMARY KEY (season_id, number)
);

-- +goose Down
DROP TABLE season_divisions;
DROP TABLE season_signups;
DROP TABLE seasons;
