-- +goose Up
-- The rating pot became 60 a seat, P = 60 n (ARMADA keeps 420), with the ante adjustment
-- of 210 a seat (CONTRACT section 3). ladders.pot_rule records the rule a ladder's ledger
-- and ratings follow: 1, the fixed 420 pot of every game before this change; 2, the pot of
-- 60 a seat. Every existing ladder is marked 1, and TableStakes rebuilds it under rule 2
-- right after migrating (store.Migrate): each ladder's ledger replayed in recorded order,
-- in one transaction under the ladder's row lock, so several processes starting at once
-- replay each ladder exactly once. A ladder created from now on starts at rule 2.
ALTER TABLE ladders ADD COLUMN pot_rule smallint NOT NULL DEFAULT 1 CHECK (pot_rule >= 1);
ALTER TABLE ladders ALTER COLUMN pot_rule SET DEFAULT 2;

-- +goose Down
ALTER TABLE ladders DROP COLUMN pot_rule;
