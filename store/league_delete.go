package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

const leagueRecordedResultsSQL = `SELECT count(*)::int FROM results WHERE league_id = $1`

const leagueNameSQL = `SELECT name FROM leagues WHERE id = $1`

const deleteLeagueSQL = `DELETE FROM leagues WHERE id = $1`

// DeleteLeague is the organiser deleting a league that has no recorded result, whatever its
// status (open, cancelled, running with nothing played, or closed before any result), in
// one transaction under the league's row lock. Its members, games, seats, co-organisers,
// replacements, withdrawals and history go with it (every table that names a league cascades).
// A league with a recorded result is refused: its results are in the players' ratings,
// which a deletion would leave without their games, so the organiser closes or archives it
// instead. Co-organisers may never delete a league (ErrNotLeagueOrganiser). It returns the
// deleted league's name, for the server's log: the league's own history goes with it.
func (s *Store) DeleteLeague(ctx context.Context, leagueID, byUserID int64) (string, error) {
	var name string
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		status, err := manageLeague(ctx, tx, leagueID, byUserID, RoleOrganiser)
		if err != nil {
			return err
		}
		var recorded int
		if err := tx.QueryRow(ctx, leagueRecordedResultsSQL, leagueID).Scan(&recorded); err != nil {
			return err
		}
		if err := league.Delete(status, recorded); err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, leagueNameSQL, leagueID).Scan(&name); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, deleteLeagueSQL, leagueID)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("store: delete league %d: %w", leagueID, err)
	}
	return name, nil
}

// RecordedResults counts the league's recorded results (a league without any may be deleted).
func (s *Store) RecordedResults(ctx context.Context, leagueID int64) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, leagueRecordedResultsSQL, leagueID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: recorded results of league %d: %w", leagueID, err)
	}
	return n, nil
}
