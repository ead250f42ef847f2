-- The language an account reads pages and e-mails in: a language tag TableStakes has a message
-- file for ("it", "de"...), or '' to follow the browser's Accept-Language. Which tags exist is
-- the locales package's to say (a language is added by adding its file), so the column checks
-- only the shape of a tag.

-- +goose Up
ALTER TABLE users ADD COLUMN language text NOT NULL DEFAULT ''
    CONSTRAINT users_language_check CHECK (language ~ '^([a-z]{2,3}(-[A-Za-z0-9]{2,8})*)?$');

-- +goose Down
ALTER TABLE users DROP COLUMN language;
