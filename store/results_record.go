package store

import (
	"context"
	"fmt"
	"math/big"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tablestakes/tablestakes/rating"
)

// recordResultSQL hands out the game's place in its ladder and stores the result. The
// upsert on ladders locks the ladder's row until the transaction ends, so one ladder's
// results are rated one at a time, in one order. A private league's ladder names the
// league ($8; NULL for a game's public ladder).
const recordResultSQL = `
WITH seq AS (
    INSERT INTO ladders (game, results, league_id) VALUES ($3, 1, $8)
    ON CONFLICT (game) DO UPDATE SET results = ladders.results + 1
    RETURNING results
)
INSERT INTO results (game_id, league_id, ladder, ladder_seq, system, input, output, recorded_by)
SELECT $1, NULLIF($2::bigint, 0), $3, seq.results, $4, $5, $6, $7 FROM seq
RETURNING ladder_seq, recorded_at`

const finishGameSQL = `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`

// finishLeagueSQL sets a running league finished once none of its games is left to play
// (games_unfinished_idx finds a remaining game at once).
const finishLeagueSQL = `
UPDATE leagues SET status = 'finished', finished_at = now()
WHERE id = $1 AND status = 'running'
  AND NOT EXISTS (SELECT 1 FROM games WHERE league_id = $1 AND status <> 'finished')`

// TableRecord is a result the table recorded: proposed by one seated player and confirmed
// by others (or by the end of the confirmation window), written as the organiser's would be.
type TableRecord struct {
	// ProposerID proposed it.
	ProposerID int64
	// ConfirmerIDs confirmed it, in the order they did.
	ConfirmerIDs []int64
	// ActorID caused the recording (the last confirmer; 0 when the window closed), and is
	// not told of it by e-mail.
	ActorID int64
	// Reason is the audit row's account of it ("proposed by ada; confirmed by ...").
	Reason string
}

// InsertResult stores a game's result inside tx, from w laid out as rw (ResultRows): the
// result and each seat's league points, the game finished (and the league, when it was its
// last game), the game rated on its ladder (every seat's rating before, ante, award, delta
// and rating after, seed 3.2), the audit row and the notices. It closes a proposal standing
// for the game (CONTRACT section 8: "An organiser's or co-organiser's own POST .../result
// always wins over a standing proposal, which it closes").
//
// The statements go in two batches (store the result and read the seats' ratings; write
// the ledger, ratings and audit row), so a result costs a handful of round trips whatever
// the size of the ladder.
func (s *Store) InsertResult(ctx context.Context, tx pgx.Tx, rw ResultRows, w ResultWrite) (GameResult, error) {
	return insertResult(ctx, tx, rw, w, nil)
}

func insertResult(ctx context.Context, tx pgx.Tx, rw ResultRows, w ResultWrite, table *TableRecord) (GameResult, error) {
	var out GameResult
	err := func() error {
		g := rw.game
		out = GameResult{ScoredResult: ScoredResult{Input: w.Input.Body, Result: w.Seated.Result, Lines: rw.lines},
			GameID: g.ID, LeagueID: g.LeagueID, Ladder: g.Ladder(), RecordedBy: g.Organiser, Inactive: g.Inactive()}

		ids := seatIDs(rw.lines, rw.subs)
		var held []heldRating
		batch := &pgx.Batch{}
		batch.Queue(recordResultSQL, g.ID, g.LeagueID, g.Ladder(), string(g.Game.System), w.Input.Body, rw.output, w.ByUserID, g.privateLeagueID()).
			QueryRow(func(row pgx.Row) error { return row.Scan(&out.LadderSeq, &out.RecordedAt) })
		queueResultPoints(batch, g, rw.lines, rw.subs)
		batch.Queue(finishGameSQL, g.ID)
		batch.Queue(keepDisputeSQL, g.ID)
		batch.Queue(closeProposalSQL, g.ID)
		var leagueFinished bool
		batch.Queue(finishLeagueSQL, g.LeagueID).Exec(func(tag pgconn.CommandTag) error {
			leagueFinished = tag.RowsAffected() == 1
			return nil
		})
		batch.Queue(seatRatingsSQL, g.Ladder(), idList(ids)).Query(func(rows pgx.Rows) error {
			var err error
			held, err = pgx.CollectRows(rows, pgx.RowToStructByName[heldRating])
			return err
		})
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("store result: %w", err)
		}

		entries, ratings, changes, err := rateAppended(g, rw.lines, ids, held)
		if err != nil {
			return err
		}
		for _, l := range rw.lines {
			changes.Points = append(changes.Points, PointsChange{Username: l.Player, Before: new(big.Rat), After: l.LeaguePoints()})
		}
		out.Changes = changes
		out.Ledger = ledgerLines(entries)
		batch = &pgx.Batch{}
		queueLedger(batch, g.Ladder(), []int64{g.ID}, []int64{out.LadderSeq}, [][]rating.Entry{entries}, ids)
		queueRatings(batch, g.Ladder(), ratings)
		if err := queueEnding(batch, rw, w, changes, ending{action: "record", notice: NoticeResultRecorded,
			key: fmt.Sprintf("result_recorded:game:%d", g.ID), table: table}); err != nil {
			return err
		}
		if leagueFinished {
			if err := queueNotice(batch, fmt.Sprintf("league_finished:league:%d", g.LeagueID),
				Notice{Kind: NoticeLeagueFinished, LeagueID: g.LeagueID}, audienceLeague, 0); err != nil {
				return err
			}
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("rate result: %w", err)
		}
		return enqueueDeliveries(ctx, tx)
	}()
	if err != nil {
		return GameResult{}, err
	}
	return out, nil
}
