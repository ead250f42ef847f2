package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tablestakes/tablestakes/scoring"
)

// PotRule is the rating rule every ladder follows once migrated (ladders.pot_rule): 3, the
// floor that holds at every table size (CONTRACT section 3, round 3: stake_i =
// max(0, R_i + 210), the table plays for min(P, S), ante_i = pot × stake_i / S). Rule 1
// was a fixed 420 pot; rule 2 the pot of 60 a seat with ARMADA's 420 and the seed's ante
// P × (R_i + 210) / (Σ_j R_j + 210 n), which broke the floor on small tables.
const PotRule = 3

// vortexPlacesRule is the first rule whose ladders store Vortex places by score.
const vortexPlacesRule = 2

const laddersBehindSQL = `SELECT game FROM ladders WHERE pot_rule < $1 ORDER BY game`

const lockLadderRuleSQL = `SELECT pot_rule FROM ladders WHERE game = $1 FOR UPDATE`

const setLadderRuleSQL = `UPDATE ladders SET pot_rule = $2 WHERE game = $1`

// moveLaddersToPotRule rebuilds every ladder whose ledger follows an older rating rule
// under PotRule and returns the ladders it rebuilt. Each ladder is one transaction: it
// locks the ladder's row (as recording a result does), checks the rule again (another
// process starting at the same time may have done it), replays the whole ledger in recorded
// order from the stored league points, rewrites the ratings, and for a rule-1 ladder fixes
// the Vortex places (by score since CONTRACT section 1 changed; they were by points). On
// error the ladder is left as it was and the error is returned.
func moveLaddersToPotRule(ctx context.Context, pool *pgxpool.Pool) ([]string, error) {
	rows, err := pool.Query(ctx, laddersBehindSQL, PotRule)
	if err != nil {
		return nil, fmt.Errorf("store: ladders to replay: %w", err)
	}
	behind, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: ladders to replay: %w", err)
	}
	var moved []string
	for _, ladder := range behind {
		done := false
		err := pgx.BeginFunc(ctx, pool, func(tx pgx.Tx) error {
			var rule int
			if err := tx.QueryRow(ctx, lockLadderRuleSQL, ladder).Scan(&rule); err != nil {
				return fmt.Errorf("lock ladder: %w", err)
			}
			if rule >= PotRule {
				return nil
			}
			if rule < vortexPlacesRule {
				if err := fixVortexPlaces(ctx, tx, ladder); err != nil {
					return err
				}
			}
			if _, err := replayLadder(ctx, tx, ladder, 1); err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, setLadderRuleSQL, ladder, PotRule); err != nil {
				return fmt.Errorf("mark ladder: %w", err)
			}
			done = true
			return nil
		})
		if err != nil {
			return moved, fmt.Errorf("store: replay ladder %s under rating rule %d: %w", ladder, PotRule, err)
		}
		if done {
			moved = append(moved, ladder)
		}
	}
	return moved, nil
}

const vortexResultsSQL = `SELECT game_id, input, output FROM results WHERE ladder = $1 AND system = $2`

const setPlacesSQL = `
UPDATE result_points rp SET place = t.place
FROM unnest($2::text[], $3::int[]) AS t(username, place), users u
WHERE rp.game_id = $1 AND u.id = rp.user_id AND lower(u.username) = lower(t.username)`

const setOutputSQL = `UPDATE results SET output = $2 WHERE game_id = $1`

// fixVortexPlaces rescores the ladder's Vortex results from their stored input and stores
// each player's place by score and the rescored output. A result the scorer now refuses
// keeps what it has: the replay must not stop a server from starting.
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
		in, err := scoring.DecodeResultInput(r.Input)
		if err != nil {
			continue
		}
		res, err := scoring.Score(scoring.Vortex, in.Scorer)
		if err != nil {
			continue
		}
		var out scoring.Result
		if err := json.Unmarshal(r.Output, &out); err != nil {
			continue
		}
		placeOf := make(map[string]int, len(res.Results))
		names, places := make([]string, len(res.Results)), make([]int32, len(res.Results))
		for i, place := range scoring.Places(res.Results) {
			names[i], places[i] = strings.ToLower(res.Results[i].ID), int32(place)
			placeOf[names[i]] = place
		}
		// The stored output keeps its own ids (the seated usernames); only places change.
		for i := range out.Results {
			out.Results[i].Place = placeOf[strings.ToLower(out.Results[i].ID)]
		}
		output, err := json.Marshal(out)
		if err != nil {
			return fmt.Errorf("encode Vortex result of game %d: %w", r.GameID, err)
		}
		batch.Queue(setPlacesSQL, r.GameID, names, places)
		batch.Queue(setOutputSQL, r.GameID, output)
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("store Vortex places: %w", err)
	}
	return nil
}
