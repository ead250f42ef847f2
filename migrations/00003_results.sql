-- +goose Up
-- Results, standings and ratings. A recorded game keeps the scorer input as submitted and
-- the scored output; each seat's league points are an exact fraction (numerator and
-- denominator), with the place used for countback. Each game slug has its own rating
-- ladder (armada-scoring-and-rating.txt section 3): the ledger keeps every seat's rating
-- before, ante, award, delta and rating after in integer millionths, in the order results
-- were first recorded, and the current ratings are the fold of that ledger.

-- One row per game slug with a rated result. Recording a result locks its ladder's row, so
-- the results of one ladder are rated one at a time and in a single order.
CREATE TABLE ladders (
    game    text   PRIMARY KEY CHECK (game ~ '^[a-z][a-z-]*$'),
    -- The number of results recorded on the ladder: the last ladder_seq handed out.
    results bigint NOT NULL DEFAULT 0 CHECK (results >= 0)
);

CREATE TABLE results (
    game_id      bigint      PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    league_id    bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    ladder       text        NOT NULL REFERENCES ladders (game),
    -- The game's place in its ladder: the order results were first recorded. A correction
    -- keeps it and replays the ladder from here on.
    ladder_seq   bigint      NOT NULL CHECK (ladder_seq >= 1),
    system       text        NOT NULL,
    -- The scorer input as submitted (CONTRACT section 1, usernames as ids, plus "replaced").
    input        jsonb       NOT NULL,
    -- The scored result (CONTRACT section 1 output).
    output       jsonb       NOT NULL,
    recorded_by  bigint      NOT NULL REFERENCES users (id),
    recorded_at  timestamptz NOT NULL DEFAULT now(),
    corrected_by bigint      REFERENCES users (id),
    corrected_at timestamptz,
    CONSTRAINT results_ladder_seq_key UNIQUE (ladder, ladder_seq),
    CHECK ((corrected_by IS NULL) = (corrected_at IS NULL))
);

CREATE INDEX results_league_idx ON results (league_id);

-- Each seat's league points for a recorded game. The (game, user) key must be a seat of the
-- game, so a result can only credit players who were seated in it.
CREATE TABLE result_points (
    game_id       bigint NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    position      int    NOT NULL CHECK (position BETWEEN 1 AND 8),
    league_id     bigint NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id       bigint NOT NULL REFERENCES users (id),
    points_num    bigint NOT NULL,
    points_den    bigint NOT NULL CHECK (points_den > 0),
    -- The player's place in the game (1 = best), for countback in the standings.
    place         int    NOT NULL CHECK (place BETWEEN 1 AND 8),
    winner        boolean NOT NULL,
    explanation   text   NOT NULL,
    -- Who finished the seat in the player's place (armada-scoring-and-rating.txt 4.2).
    substitute_id bigint REFERENCES users (id),
    PRIMARY KEY (game_id, position),
    CONSTRAINT result_points_seat_fkey FOREIGN KEY (game_id, user_id) REFERENCES seats (game_id, user_id),
    CHECK (substitute_id IS DISTINCT FROM user_id)
);

-- Standings read every line of one league; a player's page reads every line of one player.
CREATE INDEX result_points_league_idx ON result_points (league_id, user_id)
    INCLUDE (points_num, points_den, place);
CREATE INDEX result_points_user_idx ON result_points (user_id, game_id);

-- The rating ledger: one line per seat of every rated game, in ladder order.
CREATE TABLE rating_entries (
    game_id       bigint NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    position      int    NOT NULL CHECK (position BETWEEN 1 AND 8),
    ladder        text   NOT NULL REFERENCES ladders (game),
    ladder_seq    bigint NOT NULL,
    -- The seat's player, whose rating the ante came from.
    player_id     bigint NOT NULL REFERENCES users (id),
    substitute_id bigint REFERENCES users (id),
    -- Whose rating took the delta: the player, or the substitute (seed 4.2).
    credited_id   bigint NOT NULL REFERENCES users (id),
    before_micros bigint NOT NULL,
    ante_micros   bigint NOT NULL,
    award_micros  bigint NOT NULL,
    delta_micros  bigint NOT NULL,
    after_micros  bigint NOT NULL,
    PRIMARY KEY (game_id, position),
    CHECK (delta_micros = award_micros - ante_micros),
    CHECK (after_micros = before_micros + delta_micros)
);

CREATE INDEX rating_entries_ladder_idx ON rating_entries (ladder, ladder_seq, position);
CREATE INDEX rating_entries_player_idx ON rating_entries (player_id, ladder, ladder_seq);
CREATE INDEX rating_entries_credited_idx ON rating_entries (credited_id, ladder, ladder_seq);

-- Current ratings: every member of every ladder, the fold of its ledger.
CREATE TABLE ratings (
    ladder        text   NOT NULL REFERENCES ladders (game),
    user_id       bigint NOT NULL REFERENCES users (id),
    rating_micros bigint NOT NULL,
    -- The games whose delta this rating took.
    games         int    NOT NULL CHECK (games >= 0),
    PRIMARY KEY (ladder, user_id)
);

CREATE INDEX ratings_ladder_order_idx ON ratings (ladder, rating_micros DESC);
CREATE INDEX ratings_user_idx ON ratings (user_id);

-- Recording a league's last game finishes the league: finding a game still to play must
-- not walk the league's finished games.
CREATE INDEX games_unfinished_idx ON games (league_id) WHERE status <> 'finished';

-- The audit trail: who recorded or corrected which result, when, with what input, and what
-- it changed (standings points and ratings, before and after).
CREATE TABLE result_audit (
    id       bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    game_id  bigint      NOT NULL REFERENCES results (game_id) ON DELETE CASCADE,
    user_id  bigint      NOT NULL REFERENCES users (id),
    action   text        NOT NULL CHECK (action IN ('record', 'correct')),
    at       timestamptz NOT NULL DEFAULT now(),
    input    jsonb       NOT NULL,
    changes  jsonb       NOT NULL
);

CREATE INDEX result_audit_game_idx ON result_audit (game_id, id);

-- +goose Down
DROP TABLE result_audit;
DROP INDEX games_unfinished_idx;
DROP TABLE ratings;
DROP TABLE rating_entries;
DROP TABLE result_points;
DROP TABLE results;
DROP TABLE ladders;
