-- +goose Up
-- Accounts a club can live with (issue 15): shared rate limits, ending sessions and tokens,
-- named and revocable API tokens, deleted accounts kept as former players, e-mail addresses
-- and single-use account links (address verification, password reset).

-- Rate-limit counters shared by every serve process on the database: hits of one kind
-- (a failed log-in from an address, a sign-up, ...) by one key in one fixed window. A
-- limiter reads the current and the previous window (a sliding-window estimate).
CREATE TABLE rate_counters (
    kind         text        NOT NULL,
    key          text        NOT NULL,
    window_start timestamptz NOT NULL,
    hits         integer     NOT NULL CHECK (hits > 0),
    -- When the row stops mattering (two windows after its start); the server sweeps it.
    expires_at   timestamptz NOT NULL,
    PRIMARY KEY (kind, key, window_start)
);

CREATE INDEX rate_counters_expires_at_idx ON rate_counters (expires_at);

-- auth_version is stored in each web session at log-in; raising it (password change,
-- reset, account deletion) ends every other session of the account.
ALTER TABLE users
    ADD COLUMN auth_version      integer     NOT NULL DEFAULT 1,
    -- A deleted account keeps its row (results and ladders need it) under "former player N".
    ADD COLUMN deleted_at        timestamptz,
    -- An optional e-mail address, for password resets; verified by a link.
    ADD COLUMN email             text        CHECK (email IS NULL OR (char_length(email) BETWEEN 3 AND 254 AND email LIKE '%_@_%')),
    ADD COLUMN email_verified_at timestamptz;

-- A verified address belongs to one account.
CREATE UNIQUE INDEX users_email_lower_key ON users (lower(email)) WHERE email_verified_at IS NOT NULL;

-- API tokens get a name (to tell them apart on the tokens page) and a last-use time.
ALTER TABLE api_tokens
    ADD COLUMN name         text NOT NULL DEFAULT '' CHECK (char_length(name) <= 64),
    ADD COLUMN last_used_at timestamptz;

-- Single-use links sent to (or printed for) a user: verify an e-mail address, reset a
-- password. Only the SHA-256 of the link's token is kept.
CREATE TABLE account_links (
    token_sha256 bytea       PRIMARY KEY CHECK (octet_length(token_sha256) = 32),
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    purpose      text        NOT NULL CHECK (purpose IN ('verify-email', 'reset-password')),
    -- The address a verify-email link confirms.
    email        text,
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL,
    used_at      timestamptz
);

CREATE INDEX account_links_user_id_idx ON account_links (user_id);

-- +goose Down
DROP TABLE account_links;
ALTER TABLE api_tokens DROP COLUMN last_used_at, DROP COLUMN name;
DROP INDEX users_email_lower_key;
ALTER TABLE users DROP COLUMN email_verified_at, DROP COLUMN email, DROP COLUMN deleted_at, DROP COLUMN auth_version;
DROP TABLE rate_counters;
