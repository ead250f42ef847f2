-- An absent seat stores the league points its player takes, none (league.LeaguePoints), so
-- no query decides "an absent seat earns no points" again. What the seat scored, which for
-- an absent seat is the award the ladder's Seventh Player takes from the ARMADA pot
-- (seed 4.1), moves to scored_num/scored_den: the ladder is rated from it.

-- +goose Up
ALTER TABLE result_points ADD COLUMN scored_num bigint, ADD COLUMN scored_den bigint;
UPDATE result_points SET scored_num = points_num, scored_den = points_den;
ALTER TABLE result_points
    ALTER COLUMN scored_num SET NOT NULL,
    ALTER COLUMN scored_den SET NOT NULL,
    ADD CONSTRAINT result_points_scored_den_check CHECK (scored_den > 0);
ALTER TABLE result_points DROP CONSTRAINT result_points_absent_check;
UPDATE result_points SET points_num = 0, points_den = 1 WHERE absent;
ALTER TABLE result_points ADD CONSTRAINT result_points_absent_check
    CHECK (NOT absent OR (points_num = 0 AND points_den = 1 AND substitute_id IS NULL));

-- +goose Down
ALTER TABLE result_points DROP CONSTRAINT result_points_absent_check;
UPDATE result_points SET points_num = scored_num, points_den = scored_den WHERE absent;
ALTER TABLE result_points ADD CONSTRAINT result_points_absent_check CHECK (NOT absent OR substitute_id IS NULL);
ALTER TABLE result_points DROP COLUMN scored_num, DROP COLUMN scored_den;
