package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// PrivateLeagueName is the demo's private league: chloe runs it, everyone joined through its
// invite link, three games are played and hugo withdrew without a substitute.
const PrivateLeagueName = "Winter Gonzaga (private)"

// seedPrivateLeague shows a private league (in no public list; chloe's manage page shows
// its invite link) of three-player Gonzaga games, in which hugo withdrew after three games
// were played, so the league page's standings note and fairness report show the balance
// before and after.
func seedPrivateLeague(ctx context.Context, st *store.Store, users []store.User) error {
	chloe := users[2]
	l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: PrivateLeagueName, Game: "gonzaga", PlayersPerGame: 3,
		MinRecentGames: 0, RecentDays: store.DefaultRecentDays, OrganiserID: chloe.ID})
	if err != nil {
		return fmt.Errorf("seed private league: %w", err)
	}
	token, err := service.NewLeagues(st).SetPrivate(ctx, l.ID, chloe.ID, true)
	if err != nil {
		return fmt.Errorf("seed private league: %w", err)
	}
	for _, u := range users[:store.DefaultLeagueSize] {
		if _, err := service.NewLeagues(st).JoinInvited(ctx, l.ID, u.ID, token); err != nil {
			return fmt.Errorf("seed private league: %s joins: %w", u.Username, err)
		}
	}
	games, err := st.Games(ctx, l.ID)
	if err != nil {
		return fmt.Errorf("seed private league: %w", err)
	}
	rng := rand.New(rand.NewPCG(12, 2026))
	for _, g := range games[:3] {
		input, err := placementResult(rng, g)
		if err != nil {
			return fmt.Errorf("seed private league: %w", err)
		}
		if err := record(ctx, st, chloe.ID, g.ID, input); err != nil {
			return err
		}
	}
	if _, err := service.NewLeagues(st).Withdraw(ctx, l.ID, chloe.ID, users[7].Username); err != nil {
		return fmt.Errorf("seed private league: %w", err)
	}
	return nil
}
