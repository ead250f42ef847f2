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
	rule, err := s.store.ActivityRule(ctx, leagueID)
	if err != nil {
		return nil, fmt.Errorf("service: %w", err)
	}
	states, err := s.store.LeagueActivity(ctx, leagueID, rule.Since(time.Now()))
	if err != nil {
		return nil, fmt.Errorf("service: activity of league %d: %w", leagueID, err)
	}
	return judged(states), nil
}

// RecentGames counts the user's games that count towards rule now: what a join would be
// checked against (league.Join), as the league page tells the viewer before they join.
func (s *Leagues) RecentGames(ctx context.Context, userID int64, rule league.Activity) (int, error) {
	n, err := s.store.RecentFinishedGames(ctx, userID, rule.Since(time.Now()))
	if err != nil {
		return 0, fmt.Errorf("service: %w", err)
	}
	return n, nil
}

// Game returns what recording the game's result needs (store.Store.ResultGame), with each
// seated player's state under the league's activity rule now, counted without the game
// itself (Inactive warns about those who fell short); store.ErrNotFound when there is no
// such game.
func (s *Results) Game(ctx context.Context, gameID int64) (store.ResultGame, error) {
	g, err := s.store.ResultGame(ctx, gameID)
	if err != nil {
		return store.ResultGame{}, fmt.Errorf("service: %w", err)
	}
	if err := gameActivity(&g, func(since time.Time) ([]store.ActivityState, error) {
		return s.store.GameActivity(ctx, g.ID, since)
	}); err != nil {
		return store.ResultGame{}, fmt.Errorf("service: %w", err)
	}
	return g, nil
}

// gameActivity sets g.Activity to its seated players' states under its league's activity
// rule now, read by count from the start of the rule's window (league.Activity.Since); none
// for a normal game or a league without the rule (league.Activity.On).
func gameActivity(g *store.ResultGame, count func(since time.Time) ([]store.ActivityState, error)) error {
	if g.LeagueID == 0 || !g.ActivityRule.On() {
		return nil
	}
	states, err := count(g.ActivityRule.Since(time.Now()))
	if err != nil {
		return err
	}
	g.Activity = judged(states)
	return nil
}

// judged sets each state's Active as the league's rule decides it (league.Activity.Active).
func judged(states []store.ActivityState) []store.ActivityState {
	for i, a := range states {
		states[i].Active = league.Activity{MinRecentGames: a.Need, RecentDays: a.Days}.Active(a.Recent)
	}
	return states
}

// Inactive returns the seated players of g who have fallen inactive under its league's
// rule, counted without the game: the organiser is warned when recording, never refused.
func Inactive(g store.ResultGame) []store.ActivityState {
	var out []store.ActivityState
	for _, a := range g.Activity {
		if !a.Active {
			out = append(out, a)
		}
	}
	return out
}
