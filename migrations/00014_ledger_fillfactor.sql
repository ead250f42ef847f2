-- +goose Up
-- A correction re-rates every later game of its ladder and rewrites their ledger lines in
-- place (store/ratings.go, rewriteLedgerTailSQL): only the amounts change, never a key or
-- an indexed column. With room left on each page Postgres keeps such an update on its page
-- (a heap-only tuple) and touches none of the table's four indexes. New pages are filled to
-- 70 %; existing pages get the room as they are rewritten.
ALTER TABLE rating_entries SET (fillfactor = 70);
ALTER TABLE ratings SET (fillfactor = 70);

-- +goose Down
ALTER TABLE ratings RESET (fillfactor);
ALTER TABLE rating_entries RESET (fillfactor);
