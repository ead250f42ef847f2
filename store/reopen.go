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

// ReopenLeague is the organiser taking back a league's early close or its cancellation
// within ReopenWindow (league.Reopen): a closed league runs again, a cancelled one is open
// again. Anything else is a conflict naming why; the league's history says it was reopened.
func (s *Store) ReopenLeague(ctx context.Context, leagueID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := manageLeague(ctx, tx, leagueID, byUserID, RoleOrganiser); err != nil {
			return err
		}
		var r league.Reopening
		var now time.Time
		if err := tx.QueryRow(ctx, reopeningSQL, leagueID).Scan(&r.Status, &r.ClosedEarly, &r.EndedAt, &now); err != nil {
			return err
		}
		reopened, err := league.Reopen(r, now)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, reopenSQL, leagueID, reopened.To); err != nil {
			return err
		}
		return logEvent(ctx, tx, leagueID, byUserID, "reopen", reopened.Line)
	})
	if err != nil {
		return fmt.Errorf("store: reopen league %d: %w", leagueID, err)
	}
	return nil
}

// Reopenable reports whether a league ended at endedAt (closed early or cancelled) may
// still be reopened at now (league.Reopenable).
func Reopenable(endedAt *time.Time, now time.Time) bool { return league.Reopenable(endedAt, now) }
