-- +goose Up
-- Rules round 3 (CONTRACT section 3): a table plays for pot = min(P, S), where S is what its
-- players hold above the floor, S = Σ max(0, R + 210), and each antes pot × stake / S, so
-- no rating falls below −210 at any table size (armada-scoring-and-rating.txt 3.3: "An
-- absolute minimum rating exists at about -210 points"). ladders.pot_rule 3 is that rule.
-- Every existing ladder keeps the rule its ledger follows (1 or 2), and TableStakes
-- rebuilds each one under rule 3 right after migrating (store.Migrate): the whole ledger
-- replayed in recorded order from the stored league points, in one transaction under the
-- ladder's row lock, so several processes starting at once replay each ladder exactly once.
-- A ladder created from now on starts at rule 3.
ALTER TABLE ladders ALTER COLUMN pot_rule SET DEFAULT 3;

-- +goose Down
ALTER TABLE ladders ALTER COLUMN pot_rule SET DEFAULT 2;
