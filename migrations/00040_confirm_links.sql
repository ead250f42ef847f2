-- +goose Up
-- The one-tap confirm link of a result_proposed e-mail: a secret link per recipient and
-- revision of a game's proposal (the revision named by when it was proposed), which
-- confirms that revision only, once, until its confirmation window closes.
CREATE TABLE confirm_links (
    token       text        PRIMARY KEY CHECK (char_length(token) >= 40),
    game_id     bigint      NOT NULL REFERENCES games (id) ON DELETE CASCADE,
    user_id     bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    proposed_at timestamptz NOT NULL,
    expires_at  timestamptz NOT NULL,
    used_at     timestamptz,
    created_at  timestamptz NOT NULL DEFAULT now(),
    UNIQUE (game_id, user_id, proposed_at)
);

-- +goose Down
DROP TABLE confirm_links;
