package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// LargeLeagueName is the demo's league of twelve players, four a game (CONTRACT section 10:
// a league of any size): its twelve games were drawn at once and LargeLeaguePlayed of
// them are played.
const LargeLeagueName = "Twelve at the club: Vampiring"

// LargeLeaguePlayed is how many of the league of twelve's games have a result.
const LargeLeaguePlayed = 4

// seedLargeLeague creates the league of twelve, organised by bruno, with every demo player
// placed in it at once (as a season places its divisions' players), so it runs with its
// schedule drawn for 12, and records its first games.
func seedLargeLeague(ctx context.Context, st *store.Store, users []store.User) error {
	const size = 12
	if len(users) < size {
		return fmt.Errorf("seed league of twelve: need %d demo players, have %d", size, len(users))
	}
	bruno := users[1]
	members := make([]int64, size)
	for i, u := range users[:size] {
		members[i] = u.ID
	}
	l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: LargeLeagueName, Game: "vampiring", PlayersPerGame: 4,
		Players: size, MinRecentGames: 0, RecentDays: store.DefaultRecentDays, OrganiserID: bruno.ID, Members: members})
	if err != nil {
		return fmt.Errorf("seed league of twelve: %w", err)
	}
	games, err := st.Games(ctx, l.ID)
	if err != nil {
		return fmt.Errorf("seed league of twelve: %w", err)
	}
	rng := rand.New(rand.NewPCG(12, 4))
	for _, g := range games[:LargeLeaguePlayed] {
		input, err := placementResult(rng, g)
		if err != nil {
			return fmt.Errorf("seed league of twelve: %w", err)
		}
		if err := record(ctx, st, bruno.ID, g.ID, input); err != nil {
			return err
		}
	}
	return nil
}
