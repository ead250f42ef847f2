-- A seat whose player did not come (CONTRACT section 12) outside Diplomacy takes no place:
-- it is stored with place 0, absent, no league points and nothing scored
-- (scoring.ScoreSeated). A Diplomacy absent seat keeps its power's place (the missing man
-- played it, ARMADA 4.1).

-- +goose Up
ALTER TABLE result_points DROP CONSTRAINT result_points_place_check,
    ADD CONSTRAINT result_points_place_check CHECK (place BETWEEN 1 AND 8 OR (absent AND place = 0));

-- +goose Down
-- Absent seats already stored keep their place 0: the old check holds for new rows only.
ALTER TABLE result_points DROP CONSTRAINT result_points_place_check,
    ADD CONSTRAINT result_points_place_check CHECK (place BETWEEN 1 AND 8) NOT VALID;
