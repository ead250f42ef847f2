-- +goose Up
-- League operations, round 2 (league-operations issue): a member withdrawn from a running
-- league without a substitute, and private leagues reached through an invite link.

-- A running league's withdrawals: the member left with no substitute; their played games
-- keep their results, their unplayed games went on short-handed, were merged with another
-- (re-seated) or cancelled (scheduler.Withdraw). The membership row is gone; this row keeps
-- the slot they held and how the schedule's balance changed, for the standings and the
-- fairness report.
CREATE TABLE league_withdrawals (
    league_id    bigint      NOT NULL REFERENCES leagues (id) ON DELETE CASCADE,
    user_id      bigint      NOT NULL REFERENCES users (id),
    slot         int         NOT NULL CHECK (slot BETWEEN 1 AND 8),
    withdrawn_by bigint      NOT NULL REFERENCES users (id),
    withdrawn_at timestamptz NOT NULL DEFAULT now(),
    shortened    int         NOT NULL CHECK (shortened >= 0),
    reseated     int         NOT NULL CHECK (reseated >= 0),
    cancelled    int         NOT NULL CHECK (cancelled >= 0),
    -- {"before": scheduler.Balance, "after": scheduler.Balance, "short_min", "short_max"}
    balance      jsonb       NOT NULL,
    PRIMARY KEY (league_id, user_id),
    CONSTRAINT league_withdrawals_slot_key UNIQUE (league_id, slot)
);

-- A private league is in no public list; its page is for its members and organisers, and
-- joining takes the invite link's secret token. Renewing the token kills the old link. The
-- token is kept as is (the organiser's page shows the link again); it only opens the join.
ALTER TABLE leagues
    ADD COLUMN private      boolean NOT NULL DEFAULT false,
    ADD COLUMN invite_token text UNIQUE CHECK (invite_token ~ '^[A-Za-z0-9_-]{32,}$'),
    ADD CONSTRAINT leagues_private_invite_check CHECK (NOT private OR invite_token IS NOT NULL);

-- +goose Down
ALTER TABLE leagues
    DROP CONSTRAINT leagues_private_invite_check,
    DROP COLUMN invite_token,
    DROP COLUMN private;
DROP TABLE league_withdrawals;
