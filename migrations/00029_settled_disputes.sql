-- A dispute the organiser settled stays in the game's history (issue #34): recording the
-- result closes the players' proposal, and the proposal that was disputed, who disputed it
-- and why are kept here, shown with the result.

-- +goose Up
CREATE TABLE settled_disputes (
    game_id        bigint      PRIMARY KEY REFERENCES games (id) ON DELETE CASCADE,
    proposer_id    bigint      REFERENCES users (id) ON DELETE SET NULL,
    input          jsonb       NOT NULL,
    disputed_by    bigint      REFERENCES users (id) ON DELETE SET NULL,
    disputed_at    timestamptz NOT NULL,
    dispute_reason text        NOT NULL CHECK (char_length(dispute_reason) <= 500),
    settled_at     timestamptz NOT NULL DEFAULT now()
);

-- +goose Down
DROP TABLE settled_disputes;
