-- +goose Up
-- The SUPERCAT companion (supercat-solo-arcs-bot.txt): a player's solo Arcs game against one
-- or more SUPERCAT bots, kept so that a reload or another device continues it. Each bot keeps
-- its counters between turns; a turn in progress is stored as what the player reported at
-- its start and the answers given to the procedures' questions since, from which the app
-- replays the turn.
CREATE TABLE supercat_games (
    id         bigserial   PRIMARY KEY,
    owner_id   bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    name       text        NOT NULL CHECK (length(name) BETWEEN 1 AND 100),
    -- "Difficulty modifiers": none, normal (advantages when not ahead in Power) or hard.
    difficulty text        NOT NULL CHECK (difficulty IN ('none', 'normal', 'hard')),
    -- Seats at the table, bots included (1s and 7s are in the deck only with 4).
    players    integer     NOT NULL CHECK (players BETWEEN 2 AND 4),
    chapter    integer     NOT NULL DEFAULT 1 CHECK (chapter >= 1),
    created_at timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX supercat_games_owner_idx ON supercat_games (owner_id, id);

CREATE TABLE supercat_bots (
    game_id     bigint  NOT NULL REFERENCES supercat_games (id) ON DELETE CASCADE,
    seat        integer NOT NULL CHECK (seat BETWEEN 1 AND 3),
    name        text    NOT NULL,
    -- The hand counter ("Each bot's counter starts the chapter at 6") and the seize counter
    -- (0: none on the bot's board).
    hand        integer NOT NULL DEFAULT 6 CHECK (hand >= 0),
    seize       integer NOT NULL DEFAULT 0 CHECK (seize >= 0),
    -- Bonus action cards in the bot's play area: [{"suit","number"}].
    bonus_cards jsonb   NOT NULL DEFAULT '[]' CHECK (jsonb_typeof(bonus_cards) = 'array'),
    -- Guild and lore cards exhausted this chapter ("ready again" at the next).
    exhausted   text[]  NOT NULL DEFAULT '{}',
    -- The turn in progress, NULL between turns: {"state": CONTRACT section 5 input,
    -- "answers": ["yes", "no", ...]}.
    turn        jsonb,
    turns       integer NOT NULL DEFAULT 0 CHECK (turns >= 0),
    PRIMARY KEY (game_id, seat)
);
