package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// ReopenWindow is how long after closing or cancelling a league its organiser may reopen
// it (league.ReopenWindow).
const ReopenWindow = league.ReopenWindow

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
