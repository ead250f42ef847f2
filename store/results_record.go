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

// RecordedResult is a result InsertResult has stored inside its transaction, waiting for
// its rating: the results service rates it (rating.RateAppended, from Held) and
// InsertRating saves the rating with the audit row and the notices.
type RecordedResult struct {
	GameResult
	// Held are the ratings the members the game rates (its seats' players, the ladder
	// members rated for absent seats, the substitutes) hold on its ladder before it, by
	// username; a member not listed holds none yet.
	Held []rating.Standing
	// rows and write are what was stored; table the table's record of a proposal (nil for
	// an organiser's write); ids the rated members' accounts by username.
	rows           ResultRows
	write          ResultWrite
	table          *TableRecord
	ids            map[string]int64
	leagueFinished bool
}

// InsertResult stores a game's result inside tx, from w laid out as rw (ResultRows): the
// result and each seat's league points, the game finished (and the league, when it was its
// last game), the game's place on its ladder, and the ratings its members hold there before
// it (RecordedResult.Held). It closes a proposal standing for the game (CONTRACT section 8:
// "An organiser's or co-organiser's own POST .../result always wins over a standing
// proposal, which it closes"). The caller rates the game and saves the rating with
// InsertRating in the same transaction.
//
// The statements go in one batch, and the rating's in another (InsertRating), so a result
// costs a handful of round trips whatever the size of the ladder.
func (s *Store) InsertResult(ctx context.Context, tx pgx.Tx, rw ResultRows, w ResultWrite) (RecordedResult, error) {
	return insertResult(ctx, tx, rw, w, nil)
}

func insertResult(ctx context.Context, tx pgx.Tx, rw ResultRows, w ResultWrite, table *TableRecord) (RecordedResult, error) {
	g := rw.game
	rec := RecordedResult{rows: rw, write: w, table: table, ids: seatIDs(rw.lines, rw.subs)}
	rec.GameResult = GameResult{ScoredResult: ScoredResult{Input: w.Input.Body, Result: w.Seated.Result, Lines: rw.lines},
		GameID: g.ID, LeagueID: g.LeagueID, Ladder: w.Ladder, RecordedBy: g.Organiser}
	var held []heldRating
	batch := &pgx.Batch{}
	batch.Queue(recordResultSQL, g.ID, g.LeagueID, w.Ladder, string(g.Game.System), w.Input.Body, rw.output, w.ByUserID, w.LadderLeagueID).
		QueryRow(func(row pgx.Row) error { return row.Scan(&rec.LadderSeq, &rec.RecordedAt) })
	queueResultPoints(batch, g, rw.lines, rw.subs)
	batch.Queue(finishGameSQL, g.ID)
	batch.Queue(keepDisputeSQL, g.ID)
	batch.Queue(closeProposalSQL, g.ID)
	batch.Queue(finishLeagueSQL, g.LeagueID).Exec(func(tag pgconn.CommandTag) error {
		rec.leagueFinished = tag.RowsAffected() == 1
		return nil
	})
	batch.Queue(seatRatingsSQL, w.Ladder, idList(rec.ids)).Query(func(rows pgx.Rows) error {
		var err error
		held, err = pgx.CollectRows(rows, pgx.RowToStructByName[heldRating])
		return err
	})
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return RecordedResult{}, fmt.Errorf("store result: %w", err)
	}
	names := make(map[int64]string, len(rec.ids))
	for name, id := range rec.ids {
		names[id] = name
	}
	for _, h := range held {
		rec.Held = append(rec.Held, rating.Standing{Player: names[h.UserID], Rating: rating.Micros(h.Rating), Games: h.Games})
	}
	return rec, nil
}

// InsertRating saves, inside the transaction that stored rec (InsertResult), the game's
// rating as the caller computed it (rating.RateAppended): its ledger entries (every seat's
// rating before, ante, award, delta and rating after, seed 3.2) and the standing after it
// of every member it touched; then the audit row with the visible diff and the notices
// (the league's too, when this was its last game). It returns the result as written.
func (s *Store) InsertRating(ctx context.Context, tx pgx.Tx, rec RecordedResult, entries []rating.Entry, after []rating.Standing) (GameResult, error) {
	out, rw, w, g := rec.GameResult, rec.rows, rec.write, rec.rows.game
	before := make(map[string]rating.Micros, len(rec.Held))
	for _, h := range rec.Held {
		before[h.Player] = h.Rating
	}
	var changes Changes
	ratings := make([]memberRating, len(after))
	for i, st := range after {
		id, ok := rec.ids[st.Player]
		if !ok {
			return GameResult{}, fmt.Errorf("store: rating of game %d: %q is none of its members", g.ID, st.Player)
		}
		ratings[i] = memberRating{UserID: id, Rating: st.Rating, Games: st.Games}
		if b, ok := before[st.Player]; !ok || b != st.Rating {
			changes.Ratings = append(changes.Ratings, RatingChange{Username: st.Player, Before: before[st.Player], After: st.Rating})
		}
	}
	for _, l := range rw.lines {
		changes.Points = append(changes.Points, PointsChange{Username: l.Player, Before: new(big.Rat), After: l.League})
	}
	out.Changes = changes
	out.Ledger = ledgerLines(entries)
	batch := &pgx.Batch{}
	queueLedger(batch, w.Ladder, []int64{g.ID}, []int64{out.LadderSeq}, [][]rating.Entry{entries}, rec.ids)
	queueRatings(batch, w.Ladder, ratings)
	if err := queueEnding(batch, rw, w, changes, ending{action: "record", notice: NoticeResultRecorded,
		key: fmt.Sprintf("result_recorded:game:%d", g.ID), table: rec.table}); err != nil {
		return GameResult{}, err
	}
	if rec.leagueFinished {
		if err := queueNotice(batch, fmt.Sprintf("league_finished:league:%d", g.LeagueID),
			Notice{Kind: NoticeLeagueFinished, LeagueID: g.LeagueID}, audienceLeague, 0); err != nil {
			return GameResult{}, err
		}
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return GameResult{}, fmt.Errorf("rate result: %w", err)
	}
	if err := enqueueDeliveries(ctx, tx); err != nil {
		return GameResult{}, err
	}
	return out, nil
}
