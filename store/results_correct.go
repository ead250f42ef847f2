package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

const resultPlaceSQL = `SELECT ladder, ladder_seq FROM results WHERE game_id = $1`

const lockLadderSQL = `SELECT results FROM ladders WHERE game = $1 FOR UPDATE`

const updateResultSQL = `
UPDATE results SET input = $2, output = $3, corrected_by = $4, corrected_at = now() WHERE game_id = $1`

const deleteResultPointsSQL = `DELETE FROM result_points WHERE game_id = $1`

const countCorrectionsSQL = `SELECT count(*) + 1 FROM result_audit WHERE game_id = $1 AND action = 'correct'`

// ResultPlace is where a recorded result stands on its ladder.
type ResultPlace struct {
	// Ladder is the game slug whose ratings the result moved; Seq its place there.
	Ladder string
	Seq    int64
}

// ResultPlace returns the game's result's place on its ladder and locks the ladder's row
// until tx ends, so one ladder's results are rated one at a time.
func (s *Store) ResultPlace(ctx context.Context, tx pgx.Tx, gameID int64) (ResultPlace, error) {
	var p ResultPlace
	var last int64
	if err := tx.QueryRow(ctx, resultPlaceSQL, gameID).Scan(&p.Ladder, &p.Seq); err != nil {
		return ResultPlace{}, fmt.Errorf("read result: %w", err)
	}
	if err := tx.QueryRow(ctx, lockLadderSQL, p.Ladder).Scan(&last); err != nil {
		return ResultPlace{}, fmt.Errorf("lock ladder %s: %w", p.Ladder, err)
	}
	return p, nil
}

// CorrectedResult is a correction UpdateResult has stored inside its transaction, waiting
// for its ladder's replay: the results service replays the ladder from the game on
// (LadderTail, rating.ReplayFrom, RewriteLadder) and InsertCorrection ends the write.
type CorrectedResult struct {
	rows   ResultRows
	write  ResultWrite
	before standingBefore
}

// UpdateResult replaces a recorded result inside tx by w, laid out as rw, at its place on
// the ladder (ResultPlace): the result and the seats' league points, the game keeping its
// place in the ladder. It reads first what the correction may move (the game's league
// points and the ladder's ratings), for the visible diff InsertCorrection writes once the
// caller has replayed the ladder from that game on.
func (s *Store) UpdateResult(ctx context.Context, tx pgx.Tx, rw ResultRows, w ResultWrite, place ResultPlace) (CorrectedResult, error) {
	g := rw.game
	before, err := readBefore(ctx, tx, g.ID, place.Ladder)
	if err != nil {
		return CorrectedResult{}, err
	}
	if _, err := tx.Exec(ctx, updateResultSQL, g.ID, w.Input.Body, rw.output, w.ByUserID); err != nil {
		return CorrectedResult{}, fmt.Errorf("update result: %w", err)
	}
	if _, err := tx.Exec(ctx, deleteResultPointsSQL, g.ID); err != nil {
		return CorrectedResult{}, fmt.Errorf("delete points: %w", err)
	}
	batch := &pgx.Batch{}
	queueResultPoints(batch, g, rw.lines, rw.subs)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return CorrectedResult{}, fmt.Errorf("insert points: %w", err)
	}
	return CorrectedResult{rows: rw, write: w, before: before}, nil
}

// InsertCorrection ends the correction c inside its transaction, once its ladder is
// replayed to standings: an audit row with the visible diff (whose league points and
// ratings moved, and by how much) and the notices. It returns the diff.
func (s *Store) InsertCorrection(ctx context.Context, tx pgx.Tx, c CorrectedResult, standings []rating.Standing) (Changes, error) {
	rw, w, g := c.rows, c.write, c.rows.game
	changes := c.before.diff(rw.lines, standings)
	// Each correction is its own event, numbered from 1 (one ladder's corrections happen
	// one at a time; this one's audit row is not written yet).
	var corrections int
	if err := tx.QueryRow(ctx, countCorrectionsSQL, g.ID).Scan(&corrections); err != nil {
		return Changes{}, fmt.Errorf("count corrections: %w", err)
	}
	batch := &pgx.Batch{}
	if err := queueEnding(batch, rw, w, changes, ending{action: "correct", notice: NoticeResultCorrected,
		key: fmt.Sprintf("result_corrected:game:%d:%d", g.ID, corrections), reason: w.Reason}); err != nil {
		return Changes{}, err
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return Changes{}, fmt.Errorf("insert audit row: %w", err)
	}
	if err := enqueueDeliveries(ctx, tx); err != nil {
		return Changes{}, fmt.Errorf("queue the correction's notices: %w", err)
	}
	return changes, nil
}

const storedOutcomeSQL = `
SELECT rp.scored_num, rp.scored_den, rp.place, rp.winner, rp.explanation, COALESCE(sub.username, '') AS substitute,
       COALESCE(r.output->>'victory', '') AS victory, COALESCE(r.output->>'winner', '') AS winning_side
FROM results r
JOIN result_points rp ON rp.game_id = r.game_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE r.game_id = $1
ORDER BY rp.position`

// StoredOutcome returns what the game's recorded result gave each seat, for a correction
// to be weighed against (league.ChangesNothing).
func (s *Store) StoredOutcome(ctx context.Context, tx pgx.Tx, gameID int64) (league.Outcome, error) {
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
	rows, err := collect[storedLine](ctx, tx, storedOutcomeSQL, gameID)
	if err != nil {
		return league.Outcome{}, fmt.Errorf("read stored result: %w", err)
	}
	var stored league.Outcome
	for _, st := range rows {
		stored.Seats = append(stored.Seats, league.SeatOutcome{Points: big.NewRat(st.ScoredNum, st.ScoredDen), Place: st.Place,
			Winner: st.Winner, Explanation: st.Explanation, Substitute: st.Substitute})
		stored.Victory, stored.WinningSide = st.Victory, st.WinningSide
	}
	return stored, nil
}

// Outcome is what the laid-out result res gives each seat, for league.ChangesNothing.
func (rw ResultRows) Outcome(res scoring.Result) league.Outcome {
	o := league.Outcome{Victory: string(res.Victory), WinningSide: res.WinningSide}
	for _, l := range rw.lines {
		o.Seats = append(o.Seats, league.SeatOutcome{Points: l.Points, Place: l.Place, Winner: l.Winner,
			Explanation: l.Explanation, Substitute: l.Substitute})
	}
	return o
}
