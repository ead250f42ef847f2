package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// reopeningSQL reads, under the league's row lock, what a reopen is decided on: the ending
// and its date, with the database's clock at the lock (clock_timestamp, not the
// transaction's start) to measure the window by.
const reopeningSQL = `
SELECT status, closed_early, CASE status WHEN 'cancelled' THEN cancelled_at ELSE finished_at END, clock_timestamp()
FROM leagues WHERE id = $1`

// reopenSQL puts a league back as it stood before it was closed early (running, its
// results taken again) or cancelled (open, gathering players).
const reopenSQL = `
UPDATE leagues SET status = $2, finished_at = NULL, closed_early = false, cancelled_at = NULL
WHERE id = $1`

// Reopening reads, under the league's row lock, what a reopen is decided on, and the
// database's clock to measure the window by.
func (s *Store) Reopening(ctx context.Context, tx pgx.Tx, leagueID int64) (league.Reopening, time.Time, error) {
	var r league.Reopening
	var now time.Time
	if err := tx.QueryRow(ctx, reopeningSQL, leagueID).Scan(&r.Status, &r.ClosedEarly, &r.EndedAt, &now); err != nil {
		return league.Reopening{}, time.Time{}, fmt.Errorf("store: reopening of league %d: %w", leagueID, err)
	}
	return r, now, nil
}

// UpdateLeagueReopened puts the league back in status to, its ending undone.
func (s *Store) UpdateLeagueReopened(ctx context.Context, tx pgx.Tx, leagueID int64, to string) error {
	if _, err := tx.Exec(ctx, reopenSQL, leagueID, to); err != nil {
		return fmt.Errorf("store: reopen league %d: %w", leagueID, err)
	}
	return nil
}

// takeBackFinishedSQL takes back a reopened league's "league finished" notice: its
// deliveries not yet started are dropped (their River jobs then find nothing to send: a
// gone delivery, notify), and those started, sent or given up are filed under a key of
// their own, so that the league finishing again tells its players again.
const takeBackFinishedSQL = `
WITH dropped AS (
    DELETE FROM outbox WHERE event_key = $1
      AND sent_at IS NULL AND started_at IS NULL AND unknown_at IS NULL AND gave_up = ''
)
UPDATE outbox SET event_key = $1 || ':taken-back:' || id WHERE event_key = $1
  AND NOT (sent_at IS NULL AND started_at IS NULL AND unknown_at IS NULL AND gave_up = '')`

// TakeBackLeagueFinished takes back the "league finished" notice of a league being
// reopened, in the reopen's transaction: nobody is told later that it finished.
func (s *Store) TakeBackLeagueFinished(ctx context.Context, tx pgx.Tx, leagueID int64) error {
	key := fmt.Sprintf("league_finished:league:%d", leagueID)
	if _, err := tx.Exec(ctx, takeBackFinishedSQL, key); err != nil {
		return fmt.Errorf("store: take back the finished notice of league %d: %w", leagueID, err)
	}
	return nil
}
