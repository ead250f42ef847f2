package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

const resultPlaceSQL = `SELECT ladder, ladder_seq FROM results WHERE game_id = $1`

const lockLadderSQL = `SELECT results FROM ladders WHERE game = $1 FOR UPDATE`

const updateResultSQL = `
UPDATE results SET input = $2, output = $3, corrected_by = $4, corrected_at = now() WHERE game_id = $1`

const deleteResultPointsSQL = `DELETE FROM result_points WHERE game_id = $1`

const countCorrectionsSQL = `SELECT count(*) + 1 FROM result_audit WHERE game_id = $1 AND action = 'correct'`

// CorrectResult replaces a recorded result in one transaction: it scores the corrected
// input, replaces the seats' league points, replays the game's ladder from that game on
// (every later game is re-rated in ladder order, its ledger lines rewritten) and writes an
// audit row with the visible diff: whose league points and ratings moved, and by how much.
// The game keeps its place in the ladder. Refusals are as for RecordResult, and ErrNoResult
// when the game has no result yet.
func (s *Store) CorrectResult(ctx context.Context, w ResultWrite) (GameResult, error) {
	var changes Changes
	var inactive []ActivityState
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rw, err := prepareWrite(ctx, tx, w, true, false)
		if err != nil {
			return err
		}
		g := rw.game
		inactive = g.Inactive()
		var ladder string
		var seq, last int64
		if err := tx.QueryRow(ctx, resultPlaceSQL, g.ID).Scan(&ladder, &seq); err != nil {
			return fmt.Errorf("read result: %w", err)
		}
		if err := tx.QueryRow(ctx, lockLadderSQL, ladder).Scan(&last); err != nil {
			return fmt.Errorf("lock ladder %s: %w", ladder, err)
		}
		if err := refuseNoChange(ctx, tx, rw, w.Seated.Result); err != nil {
			return err
		}
		before, err := readBefore(ctx, tx, g.ID, ladder)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, updateResultSQL, g.ID, w.Input, rw.output, w.ByUserID); err != nil {
			return fmt.Errorf("update result: %w", err)
		}
		if _, err := tx.Exec(ctx, deleteResultPointsSQL, g.ID); err != nil {
			return fmt.Errorf("delete points: %w", err)
		}
		batch := &pgx.Batch{}
		queueResultPoints(batch, g, rw.lines, rw.subs)
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert points: %w", err)
		}
		standings, err := replayLadder(ctx, tx, ladder, seq)
		if err != nil {
			return err
		}
		changes = before.diff(rw.lines, standings)
		// Each correction is its own event, numbered from 1 (one ladder's corrections happen
		// one at a time; this one's audit row is not written yet).
		var corrections int
		if err := tx.QueryRow(ctx, countCorrectionsSQL, g.ID).Scan(&corrections); err != nil {
			return fmt.Errorf("count corrections: %w", err)
		}
		batch = &pgx.Batch{}
		if err := queueEnding(batch, rw, w, changes, ending{action: "correct", notice: NoticeResultCorrected,
			key: fmt.Sprintf("result_corrected:game:%d:%d", g.ID, corrections), reason: w.Reason}); err != nil {
			return err
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
		return nil
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("store: correct result of game %d: %w", w.GameID, err)
	}
	r, err := s.Result(ctx, w.GameID)
	if err != nil {
		return GameResult{}, err
	}
	r.Changes, r.Inactive = changes, inactive
	return r, nil
}

const storedOutcomeSQL = `
SELECT rp.scored_num, rp.scored_den, rp.place, rp.winner, rp.explanation, COALESCE(sub.username, '') AS substitute,
       COALESCE(r.output->>'victory', '') AS victory, COALESCE(r.output->>'winner', '') AS winning_side
FROM results r
JOIN result_points rp ON rp.game_id = r.game_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE r.game_id = $1
ORDER BY rp.position`

// refuseNoChange refuses a correction that leaves the stored result as it is
// (league.ChangesNothing): ErrNoChange.
func refuseNoChange(ctx context.Context, tx pgx.Tx, rw resultRows, res scoring.Result) error {
	type storedLine struct {
		ScoredNum   int64  `db:"scored_num"`
		ScoredDen   int64  `db:"scored_den"`
		Place       int    `db:"place"`
		Winner      bool   `db:"winner"`
		Explanation string `db:"explanation"`
		Substitute  string `db:"substitute"`
		Victory     string `db:"victory"`
		WinningSide string `db:"winning_side"`
	}
	rows, err := collect[storedLine](ctx, tx, storedOutcomeSQL, rw.game.ID)
	if err != nil {
		return fmt.Errorf("read stored result: %w", err)
	}
	var stored league.Outcome
	for _, st := range rows {
		stored.Seats = append(stored.Seats, league.SeatOutcome{Points: big.NewRat(st.ScoredNum, st.ScoredDen), Place: st.Place,
			Winner: st.Winner, Explanation: st.Explanation, Substitute: st.Substitute})
		stored.Victory, stored.WinningSide = st.Victory, st.WinningSide
	}
	corrected := league.Outcome{Victory: string(res.Victory), WinningSide: res.WinningSide}
	for _, l := range rw.lines {
		corrected.Seats = append(corrected.Seats, league.SeatOutcome{Points: l.Points, Place: l.Place, Winner: l.Winner,
			Explanation: l.Explanation, Substitute: l.Substitute})
	}
	if league.ChangesNothing(stored, corrected) {
		return ErrNoChange
	}
	return nil
}
