package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Standings returns a league's standings: every member's summed league points, games
// played and rank, ties broken by countback (league.Standings, which says which recorded
// lines are games played). store.ErrNotFound when there is no such league.
func (s *Leagues) Standings(ctx context.Context, leagueID int64) ([]scoring.Standing, error) {
	rows, err := s.store.StandingRows(ctx, leagueID)
	if err != nil {
		return nil, fmt.Errorf("service: %w", err)
	}
	return standingsOf(rows), nil
}

// standingsTx is Standings read inside tx, where a result that finishes the league was
// just written.
func standingsTx(ctx context.Context, st *store.Store, tx pgx.Tx, leagueID int64) ([]scoring.Standing, error) {
	rows, err := st.StandingRowsTx(ctx, tx, leagueID)
	if err != nil {
		return nil, err
	}
	return standingsOf(rows), nil
}

// standingsOf ranks the rows the store read (league.Standings).
func standingsOf(r store.StandingRows) []scoring.Standing {
	return league.Standings(r.Members, r.Lines)
}
