-- +goose Up
-- Accounts: users, their server-side web sessions and their API tokens.

CREATE TABLE users (
    id            bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    username      text        NOT NULL CHECK (username ~ '^[A-Za-z0-9][A-Za-z0-9_-]{2,31}$'),
    display_name  text        NOT NULL CHECK (char_length(display_name) BETWEEN 1 AND 64),
    -- A bcrypt hash; the plain password is never stored.
    password_hash text        NOT NULL CHECK (password_hash LIKE '$2%'),
    created_at    timestamptz NOT NULL DEFAULT now()
);

-- Usernames are unique regardless of case: "Ada" and "ada" are the same player.
CREATE UNIQUE INDEX users_username_lower_key ON users (lower(username));

-- Web sessions, in the layout github.com/alexedwards/scs/pgxstore expects.
CREATE TABLE sessions (
    token  text        PRIMARY KEY,
    data   bytea       NOT NULL,
    expiry timestamptz NOT NULL
);

CREATE INDEX sessions_expiry_idx ON sessions (expiry);

-- API bearer tokens. Only the SHA-256 of a token is kept, so a database dump does not
-- hand out working credentials.
CREATE TABLE api_tokens (
    id           bigint GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
    user_id      bigint      NOT NULL REFERENCES users (id) ON DELETE CASCADE,
    token_sha256 bytea       NOT NULL UNIQUE CHECK (octet_length(token_sha256) = 32),
    created_at   timestamptz NOT NULL DEFAULT now(),
    expires_at   timestamptz NOT NULL
);

CREATE INDEX api_tokens_user_id_idx ON api_tokens (user_id);

-- +goose Down
DROP TABLE api_tokens;
DROP TABLE sessions;
DROP TABLE users;
