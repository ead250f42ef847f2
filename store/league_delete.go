package store

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"
)

const leagueRecordedResultsSQL = `SELECT count(*)::int FROM results WHERE league_id = $1`

const leagueNameSQL = `SELECT name FROM leagues WHERE id = $1`

const deleteLeagueSQL = `DELETE FROM leagues WHERE id = $1`

// LeagueName returns the league's name.
func (s *Store) LeagueName(ctx context.Context, tx pgx.Tx, leagueID int64) (string, error) {
	var name string
	if err := tx.QueryRow(ctx, leagueNameSQL, leagueID).Scan(&name); err != nil {
		return "", fmt.Errorf("store: name of league %d: %w", leagueID, err)
	}
	return name, nil
}

// DeleteLeague deletes the league. Its members, games, seats, co-organisers, replacements,
// withdrawals and history go with it (every table that names a league cascades).
func (s *Store) DeleteLeague(ctx context.Context, tx pgx.Tx, leagueID int64) error {
	if _, err := tx.Exec(ctx, deleteLeagueSQL, leagueID); err != nil {
		return fmt.Errorf("store: delete league %d: %w", leagueID, err)
	}
	return nil
}

// LeagueResults counts the league's recorded results inside the transaction.
func (s *Store) LeagueResults(ctx context.Context, tx pgx.Tx, leagueID int64) (int, error) {
	var n int
	if err := tx.QueryRow(ctx, leagueRecordedResultsSQL, leagueID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: recorded results of league %d: %w", leagueID, err)
	}
	return n, nil
}

// RecordedResults counts the league's recorded results (a league without any may be deleted).
func (s *Store) RecordedResults(ctx context.Context, leagueID int64) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, leagueRecordedResultsSQL, leagueID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: recorded results of league %d: %w", leagueID, err)
	}
	return n, nil
}
