-- +goose Up
-- A league history line said in the reader's language: the message id of its text and the
-- data that fills it (names, numbers, times as RFC 3339 with the zone's name). Older lines
-- have neither and show their English detail as it is.
ALTER TABLE league_events
    ADD COLUMN message_id   text,
    ADD COLUMN message_data jsonb;

-- +goose Down
ALTER TABLE league_events
    DROP COLUMN message_data,
    DROP COLUMN message_id;
