package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// PotRule is the rating rule every ladder follows once migrated (ladders.pot_rule):
// rating.PotRule, which says what each rule was.
const PotRule = rating.PotRule

const laddersBehindSQL = `SELECT game FROM ladders WHERE pot_rule < $1 ORDER BY game`

const lockLadderRuleSQL = `SELECT pot_rule FROM ladders WHERE game = $1 FOR UPDATE`

const setLadderRuleSQL = `UPDATE ladders SET pot_rule = $2 WHERE game = $1`

// LaddersBehind returns the ladders whose ledger follows an older rating rule than
// rating.PotRule (service.Ladders brings each up to it).
func (s *Store) LaddersBehind(ctx context.Context) ([]string, error) {
	rows, err := s.pool.Query(ctx, laddersBehindSQL, rating.PotRule)
	if err != nil {
		return nil, fmt.Errorf("store: ladders to replay: %w", err)
	}
	behind, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: ladders to replay: %w", err)
	}
	return behind, nil
}

// LockLadderRule locks the ladder's row inside tx, as recording a result does, and returns
// the rating rule its ledger follows (read again under the lock: another process starting
// at the same time may have moved it).
func (s *Store) LockLadderRule(ctx context.Context, tx pgx.Tx, ladder string) (int, error) {
	var rule int
	if err := tx.QueryRow(ctx, lockLadderRuleSQL, ladder).Scan(&rule); err != nil {
		return 0, fmt.Errorf("store: lock ladder %s: %w", ladder, err)
	}
	return rule, nil
}

// SetLadderRule marks, inside tx, the ladder's ledger as following rating rule rule.
func (s *Store) SetLadderRule(ctx context.Context, tx pgx.Tx, ladder string, rule int) error {
	if _, err := tx.Exec(ctx, setLadderRuleSQL, ladder, rule); err != nil {
		return fmt.Errorf("store: mark ladder %s: %w", ladder, err)
	}
	return nil
}

const resultsOfSystemSQL = `SELECT game_id, input, output FROM results WHERE ladder = $1 AND system = $2`

// StoredResult is a result as stored: the body as submitted (Input, the app's fields
// included) and the scorer's output.
type StoredResult struct {
	GameID int64  `db:"game_id"`
	Input  []byte `db:"input"`
	Output []byte `db:"output"`
}

// LadderResults returns, inside tx, the ladder's results of the scoring system.
func (s *Store) LadderResults(ctx context.Context, tx pgx.Tx, ladder string, system scoring.System) ([]StoredResult, error) {
	rs, err := collect[StoredResult](ctx, tx, resultsOfSystemSQL, ladder, string(system))
	if err != nil {
		return nil, fmt.Errorf("store: %s results of ladder %s: %w", system, ladder, err)
	}
	return rs, nil
}

const setPlacesSQL = `
UPDATE result_points rp SET place = t.place
FROM unnest($2::text[], $3::int[]) AS t(username, place), users u
WHERE rp.game_id = $1 AND u.id = rp.user_id AND lower(u.username) = lower(t.username)`

const setOutputSQL = `UPDATE results SET output = $2 WHERE game_id = $1`

// Rescored is a stored result's places and output as scored again: each player's place by
// username (any letter case) and the output to store with them.
type Rescored struct {
	GameID int64
	Places map[string]int
	Output []byte
}

// UpdateResultPlaces stores, inside tx, each result's places and output.
func (s *Store) UpdateResultPlaces(ctx context.Context, tx pgx.Tx, rs []Rescored) error {
	batch := &pgx.Batch{}
	for _, r := range rs {
		names, places := make([]string, 0, len(r.Places)), make([]int32, 0, len(r.Places))
		for name, place := range r.Places {
			names, places = append(names, name), append(places, int32(place))
		}
		batch.Queue(setPlacesSQL, r.GameID, names, places)
		batch.Queue(setOutputSQL, r.GameID, r.Output)
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("store: places of results: %w", err)
	}
	return nil
}
