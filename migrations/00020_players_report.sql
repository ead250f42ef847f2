-- Players at the table (issue 25, CONTRACT section 8): a league (or a normal game's table)
-- chooses who enters results, "organisers" only or "players" (a seated player proposes,
-- the table confirms), and how long the table has to confirm; players say ahead of a
-- dated game whether they are coming.

-- +goose Up
-- Existing leagues and tables keep organisers only (the column is filled with the first
-- default); those created from now on let players report.
ALTER TABLE leagues
    ADD COLUMN results_by    text NOT NULL DEFAULT 'organisers' CHECK (results_by IN ('organisers', 'players')),
    ADD COLUMN confirm_hours int  NOT NULL DEFAULT 48 CHECK (confirm_hours BETWEEN 1 AND 336);
ALTER TABLE leagues ALTER COLUMN results_by SET DEFAULT 'players';
-- A normal game's own setting; a league game follows its league's.
ALTER TABLE games
    ADD COLUMN results_by    text NOT NULL DEFAULT 'organisers' CHECK (results_by IN ('organisers', 'players')),
    ADD COLUMN confirm_hours int  NOT NULL DEFAULT 48 CHECK (confirm_hours BETWEEN 1 AND 336);
ALTER TABLE games ALTER COLUMN results_by SET DEFAULT 'players';

-- At most one proposal a game (the primary key): a seated player's result waiting for the
-- table. revision grows with each change by the proposer, which restarts the
-- confirmations; closes_at is when the confirmation window ends. A dispute stops the
-- window: the organiser records the result.
CREATE TABLE result_proposals (
    game_id        bigint      PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    proposer_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    input          jsonb       NOT NULL,
    revision       int         NOT NULL DEFAULT 1 CHECK (revision >= 1),
    proposed_at    timestamptz NOT NULL DEFAULT now(),
    closes_at      timestamptz NOT NULL,
    disputed_by    bigint      REFERENCES users (id) ON DELETE SET NULL,
    disputed_at    timestamptz,
    dispute_reason text        NOT NULL DEFAULT '' CHECK (char_length(dispute_reason) <= 500),
    CHECK (disputed_at IS NOT NULL OR (disputed_by IS NULL AND dispute_reason = ''))
);

-- Every server looks for windows that ended (store.RecordClosedProposals).
CREATE INDEX result_proposals_closing_idx ON result_proposals (closes_at) WHERE disputed_at IS NULL;

CREATE TABLE result_confirmations (
    game_id      bigint      NOT NULL REFERENCES result_proposals (game_id) ON DELETE CASCADE,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    confirmed_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, user_id)
);

-- A result the table recorded names its proposer and confirmers in its audit row.
ALTER TABLE result_audit
    ADD COLUMN proposed_by  bigint   REFERENCES users (id),
    ADD COLUMN confirmed_by bigint[] NOT NULL DEFAULT '{}';

-- Attendance: a seated player's answer for a game, "I'll be there" or "I can't come".
CREATE TABLE attendance (
    game_id     bigint      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    coming      boolean     NOT NULL,
    answered_at timestamptz NOT NULL DEFAULT now(),
    PRIMARY KEY (game_id, user_id)
);

-- The one-tap answer of a reminder e-mail: a secret link per game and seated player, made
-- with the reminder, which answers for that player and that game only.
CREATE TABLE attendance_links (
    token      text        PRIMARY KEY CHECK (char_length(token) >= 40),
    game_id    bigint      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id    bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    created_at timestamptz NOT NULL DEFAULT now(),
    UNIQUE (game_id, user_id)
);

ALTER TABLE notification_optouts DROP CONSTRAINT notification_optouts_kind_check;
ALTER TABLE notification_optouts ADD CONSTRAINT notification_optouts_kind_check CHECK (kind IN (
    'schedule_drawn', 'result_recorded', 'result_corrected', 'game_soon', 'league_finished',
    'result_proposed', 'result_disputed'));

-- +goose Down
DELETE FROM notification_optouts WHERE kind IN ('result_proposed', 'result_disputed');
ALTER TABLE notification_optouts DROP CONSTRAINT notification_optouts_kind_check;
ALTER TABLE notification_optouts ADD CONSTRAINT notification_optouts_kind_check CHECK (kind IN (
    'schedule_drawn', 'result_recorded', 'result_corrected', 'game_soon', 'league_finished'));
DROP TABLE attendance_links;
DROP TABLE attendance;
ALTER TABLE result_audit DROP COLUMN proposed_by, DROP COLUMN confirmed_by;
DROP TABLE result_confirmations;
DROP TABLE result_proposals;
ALTER TABLE games DROP COLUMN results_by, DROP COLUMN confirm_hours;
ALTER TABLE leagues DROP COLUMN results_by, DROP COLUMN confirm_hours;
