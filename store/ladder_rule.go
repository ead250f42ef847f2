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

// FixVortexPlaces stores, inside tx, the places of the ladder's Vortex results by score,
// and their output with them, as scoring.RescorePlaces gives them from the stored input.
func (s *Store) FixVortexPlaces(ctx context.Context, tx pgx.Tx, ladder string) error {
	if err := fixVortexPlaces(ctx, tx, ladder); err != nil {
		return fmt.Errorf("store: ladder %s: %w", ladder, err)
	}
	return nil
}

const vortexResultsSQL = `SELECT game_id, input, output FROM results WHERE ladder = $1 AND system = $2`

const setPlacesSQL = `
UPDATE result_points rp SET place = t.place
FROM unnest($2::text[], $3::int[]) AS t(username, place), users u
WHERE rp.game_id = $1 AND u.id = rp.user_id AND lower(u.username) = lower(t.username)`

const setOutputSQL = `UPDATE results SET output = $2 WHERE game_id = $1`

// fixVortexPlaces stores the places of the ladder's Vortex results by score, and their
// output with them, as scoring.RescorePlaces gives them from the stored input. A result
// the scorer now refuses keeps what it has: the replay must not stop a server from starting.
func fixVortexPlaces(ctx context.Context, tx pgx.Tx, ladder string) error {
	type stored struct {
		GameID int64  `db:"game_id"`
		Input  []byte `db:"input"`
		Output []byte `db:"output"`
	}
	rows, err := tx.Query(ctx, vortexResultsSQL, ladder, string(scoring.Vortex))
	if err != nil {
		return fmt.Errorf("read Vortex results: %w", err)
	}
	results, err := pgx.CollectRows(rows, pgx.RowToStructByName[stored])
	if err != nil {
		return fmt.Errorf("read Vortex results: %w", err)
	}
	batch := &pgx.Batch{}
	for _, r := range results {
		placeOf, output, ok, err := scoring.RescorePlaces(scoring.Vortex, r.Input, r.Output)
		if err != nil {
			return fmt.Errorf("Vortex result of game %d: %w", r.GameID, err)
		}
		if !ok {
			continue
		}
		names, places := make([]string, 0, len(placeOf)), make([]int32, 0, len(placeOf))
		for name, place := range placeOf {
			names, places = append(names, name), append(places, int32(place))
		}
		batch.Queue(setPlacesSQL, r.GameID, names, places)
		batch.Queue(setOutputSQL, r.GameID, output)
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("store Vortex places: %w", err)
	}
	return nil
}
