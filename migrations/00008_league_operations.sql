-- +goose Up
-- Running a league day to day: what it is about and where it meets, its time zone and
-- rhythm, dates and places of games, who helps the organiser, who leaves or is replaced,
-- how a league ends other than by its last result, and the league's history of all this.

-- Statuses beyond open → running → finished: an open league can be cancelled, a running
-- one closed early (its standings frozen as they stand), a finished or closed one archived.
ALTER TABLE leagues DROP CONSTRAINT leagues_status_check;
ALTER TABLE leagues DROP CONSTRAINT leagues_check;
ALTER TABLE leagues DROP CONSTRAINT leagues_check1;
ALTER TABLE leagues
    ADD CONSTRAINT leagues_status_check
        CHECK (status IN ('open', 'running', 'finished', 'cancelled', 'closed', 'archived')),
    -- A league starts when its schedule is drawn; a cancelled league never started.
    ADD CONSTRAINT leagues_started_check
        CHECK ((status IN ('open', 'cancelled')) = (started_at IS NULL)),
    -- finished_at is when the league ended: its last result, or the organiser closing it.
    ADD CONSTRAINT leagues_finished_check
        CHECK ((status IN ('finished', 'closed', 'archived')) = (finished_at IS NOT NULL)),
    ADD COLUMN description text NOT NULL DEFAULT '' CHECK (char_length(description) <= 2000),
    ADD COLUMN venue       text NOT NULL DEFAULT '' CHECK (char_length(venue) <= 200),
    -- An IANA time zone name; dates are entered and shown in it.
    ADD COLUMN time_zone   text NOT NULL DEFAULT 'UTC' CHECK (char_length(time_zone) BETWEEN 1 AND 64),
    -- The rhythm: round r starts at first_round_at + (r - 1) × round_every_days days, at the
    -- same local time in the league's time zone. NULL while the organiser has set none.
    ADD COLUMN first_round_at   timestamptz,
    ADD COLUMN round_every_days int CHECK (round_every_days BETWEEN 1 AND 365),
    ADD COLUMN cancelled_at timestamptz,
    ADD COLUMN archived_at  timestamptz,
    ADD CHECK ((status = 'cancelled') = (cancelled_at IS NOT NULL)),
    ADD CHECK ((status = 'archived') = (archived_at IS NOT NULL)),
    -- A running league closed before its last game keeps closed_early once archived.
    ADD COLUMN closed_early boolean NOT NULL DEFAULT false,
    ADD CHECK (NOT closed_early OR status IN ('closed', 'archived'));

-- Games get a date and a place. sequence counts the changes to what a calendar shows of the
-- game (date, place, seats), the iCalendar SEQUENCE of its event (RFC 5545 3.8.7.4).
ALTER TABLE games
    ADD COLUMN starts_at timestamptz,
    ADD COLUMN place     text NOT NULL DEFAULT '' CHECK (char_length(place) <= 200),
    ADD COLUMN sequence  int  NOT NULL DEFAULT 0 CHECK (sequence >= 0);

-- The organiser's desk lists the unrecorded games of the organiser's leagues, oldest first.
CREATE INDEX games_unrecorded_starts_idx ON games (league_id, starts_at, number) WHERE status = 'scheduled';

-- Co-organisers record and correct results and manage dates; only the organiser deletes,
-- cancels or closes the league and names co-organisers.
CREATE TABLE league_organisers (
    league_id bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   bigint      NOT NULL REFERENCES users (id),
    added_by  bigint      NOT NULL REFERENCES users (id),
    added_at  timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (league_id, user_id)
);

CREATE INDEX league_organisers_user_idx ON league_organisers (user_id);

-- A running league's replacements: the substitute took every unplayed seat of the member
-- who left; the member's played games keep their results. Standings name both.
CREATE TABLE league_replacements (
    league_id   bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    from_id     bigint      NOT NULL REFERENCES users (id),
    to_id       bigint      NOT NULL REFERENCES users (id),
    slot        int         NOT NULL CHECK (slot BETWEEN 1 AND 8),
    replaced_by bigint      NOT NULL REFERENCES users (id),
    replaced_at timestamptz NOT NULL DEFAULT now(),
    -- Games the substitute took over, for the history and the standings note.
    seats_taken int         NOT NULL CHECK (seats_taken >= 0),
    PRIMARY KEY (league_id, from_id),
    CHECK (from_id <> to_id)
);

-- A player's private calendar feed: a secret that can be renewed. The feed only reveals
-- dates and seats of the player's games, so the token is kept as is, to show the URL again.
CREATE TABLE calendar_feeds (
    user_id    bigint      PRIMARY KEY REFERENCES users (id) ON DELETE CASCADE,
    token      text        NOT NULL UNIQUE CHECK (token ~ '^[A-Za-z0-9_-]{32,}$'),
    created_at timestamptz NOT NULL DEFAULT now()
);

-- The league's history: every operation on the league, who did it, when and what.
CREATE TABLE league_events (
    id        bigint      GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    league_id bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id   bigint      NOT NULL REFERENCES users (id),
    action    text        NOT NULL CHECK (action ~ '^[a-z][a-z-]*$'),
    -- One readable line: "bruno left", "game 4 moved to Tue 1 Dec 19:00 at the club".
    detail    text        NOT NULL,
    at        timestamptz NOT NULL DEFAULT now()
);

CREATE INDEX league_events_league_idx ON league_events (league_id, id);

-- +goose Down
DROP TABLE league_events;
DROP TABLE calendar_feeds;
DROP TABLE league_replacements;
DROP TABLE league_organisers;
DROP INDEX games_unrecorded_starts_idx;
ALTER TABLE games DROP COLUMN sequence, DROP COLUMN place, DROP COLUMN starts_at;
ALTER TABLE leagues
    DROP COLUMN closed_early, DROP COLUMN archived_at, DROP COLUMN cancelled_at,
    DROP COLUMN round_every_days, DROP COLUMN first_round_at, DROP COLUMN time_zone,
    DROP COLUMN venue, DROP COLUMN description,
    DROP CONSTRAINT leagues_finished_check, DROP CONSTRAINT leagues_started_check,
    DROP CONSTRAINT leagues_status_check;
ALTER TABLE leagues
    ADD CONSTRAINT leagues_status_check CHECK (status IN ('open', 'running', 'finished')),
    ADD CONSTRAINT leagues_check CHECK ((status = 'open') = (started_at IS NULL)),
    ADD CONSTRAINT leagues_check1 CHECK ((status = 'finished') = (finished_at IS NOT NULL));
