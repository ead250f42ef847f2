package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// ReopenWindow is how long after closing or cancelling a league its organiser may reopen
// it (issue #24: "a league closed or cancelled by mistake can be reopened by its organiser
// within 7 days").
const ReopenWindow = 7 * 24 * time.Hour

// reopenSQL puts a league back as it stood before it was closed early (running, its
// results taken again) or cancelled (open, gathering players), within ReopenWindow of the
// ending, which is measured by the database's clock at the league's row lock.
const reopenSQL = `
UPDATE leagues SET
    status       = CASE status WHEN 'closed' THEN 'running' ELSE 'open' END,
    finished_at  = NULL,
    closed_early = false,
    cancelled_at = NULL
WHERE id = $1
  AND ((status = 'closed' AND closed_early AND finished_at > clock_timestamp() - make_interval(secs => $2))
    OR (status = 'cancelled' AND cancelled_at > clock_timestamp() - make_interval(secs => $2)))
RETURNING status`

// ReopenLeague is the organiser taking back a league's early close or its cancellation
// within ReopenWindow: a closed league runs again, a cancelled one is open again. Anything
// else is a conflict naming why; the league's history says it was reopened.
func (s *Store) ReopenLeague(ctx context.Context, leagueID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		status, err := manageLeague(ctx, tx, leagueID, byUserID, RoleOrganiser)
		if err != nil {
			return err
		}
		if status != LeagueClosed && status != LeagueCancelled {
			return &Conflict{Reason: fmt.Sprintf("league: %s; only a league closed early or cancelled can be reopened", status)}
		}
		var now string
		err = tx.QueryRow(ctx, reopenSQL, leagueID, ReopenWindow.Seconds()).Scan(&now)
		if errors.Is(err, pgx.ErrNoRows) {
			return &Conflict{Reason: "league: ended more than 7 days ago; it can no longer be reopened"}
		}
		if err != nil {
			return err
		}
		line := "reopened the league; it runs again and takes results"
		if now == LeagueOpen {
			line = "reopened the league; it is open again for players to join"
		}
		return logEvent(ctx, tx, leagueID, byUserID, "reopen", line)
	})
	if err != nil {
		return fmt.Errorf("store: reopen league %d: %w", leagueID, err)
	}
	return nil
}

// Reopenable reports whether a league ended at endedAt (closed early or cancelled) may
// still be reopened at now.
func Reopenable(endedAt *time.Time, now time.Time) bool {
	return endedAt != nil && now.Sub(*endedAt) < ReopenWindow
}
