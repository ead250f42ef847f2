-- +goose Up
-- Leagues that meet face to face: the organiser chooses at creation that the schedule built
-- by the 8th join groups the games into rounds in which nobody plays twice, so a club night
-- plays one round at a time.
ALTER TABLE leagues ADD COLUMN face_to_face boolean NOT NULL DEFAULT false;

-- +goose Down
ALTER TABLE leagues DROP COLUMN face_to_face;
