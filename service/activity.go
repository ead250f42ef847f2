package service

import (
	"context"
	"fmt"
	"time"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// The activity rule's reads (league.Activity): the window is the rule's, at the now the
// service reads here, and the store only counts in it (store's one activity count).

// Activity returns every member's state under the league's activity rule now, in slot
// order, as the league page shows it; store.ErrNotFound when there is no such league.
func (s *Leagues) Activity(ctx context.Context, leagueID int64) ([]store.ActivityState, error) {
	states, err := s.store.LeagueActivity(ctx, leagueID, time.Now())
	if err != nil {
		return nil, fmt.Errorf("service: activity of league %d: %w", leagueID, err)
	}
	return states, nil
}

// RecentGames counts the user's games that count towards rule now: what a join would be
// checked against (league.Join), as the league page tells the viewer before they join.
func (s *Leagues) RecentGames(ctx context.Context, userID int64, rule league.Activity) (int, error) {
	n, err := s.store.RecentFinishedGames(ctx, userID, rule, time.Now())
	if err != nil {
		return 0, fmt.Errorf("service: %w", err)
	}
	return n, nil
}

// Game returns what recording the game's result needs (store.Store.ResultGame), with each
// seated player's state under the league's activity rule now, counted without the game
// itself (ResultGame.Inactive warns about those who fell short); store.ErrNotFound when
// there is no such game.
func (s *Results) Game(ctx context.Context, gameID int64) (store.ResultGame, error) {
	g, err := s.store.ResultGame(ctx, gameID)
	if err != nil {
		return store.ResultGame{}, fmt.Errorf("service: %w", err)
	}
	if g.Activity, err = s.store.GameActivity(ctx, g, time.Now()); err != nil {
		return store.ResultGame{}, fmt.Errorf("service: %w", err)
	}
	return g, nil
}
