-- +goose Up
-- Why a result was corrected (issue 12): the organiser gives a reason with every correction,
-- and the game page's history shows it. Records and older corrections have none ('').
ALTER TABLE result_audit ADD COLUMN reason text NOT NULL DEFAULT '';

-- +goose Down
ALTER TABLE result_audit DROP COLUMN reason;
