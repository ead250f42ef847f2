package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// VaultsLeagueName is the demo's Arcs league in the Lost Vaults & Fated Leaders version, 5
// players a game (arcs-tied-ambitions.txt: "The upcoming expansion promises the possibility
// to include a fifth player").
const VaultsLeagueName = "Arcs: Lost Vaults"

// vaultsResults is how many of the Lost Vaults league's games the demo records.
const vaultsResults = 3

// seedVersions shows the versions of a game (CONTRACT section 9): a running Arcs league of
// 5 a game in the Lost Vaults & Fated Leaders version, organised by elena, with a few
// results recorded, whose games link the ambition helper with its three-value markers.
// (The demo's Vortex board game is a d12 game: seedMembers.)
func seedVersions(ctx context.Context, st *store.Store, users []store.User) error {
	elena := users[4]
	l, err := service.NewLeagues(st).Create(ctx, store.NewLeague{Name: VaultsLeagueName, Game: "arcs", Version: "lost-vaults",
		Edition: "Kickstarter print-and-play markers", PlayersPerGame: 5, MinRecentGames: 0,
		RecentDays: store.DefaultRecentDays, OrganiserID: elena.ID})
	if err != nil {
		return fmt.Errorf("seed versions: %w", err)
	}
	for _, u := range users[:store.DefaultLeagueSize] {
		if _, err := service.NewLeagues(st).Join(ctx, l.ID, u.ID); err != nil {
			return fmt.Errorf("seed versions: %s joins %q: %w", u.Username, VaultsLeagueName, err)
		}
	}
	games, err := st.Games(ctx, l.ID)
	if err != nil {
		return fmt.Errorf("seed versions: %w", err)
	}
	rng := rand.New(rand.NewPCG(2026, 28))
	for _, g := range games[:vaultsResults] {
		input, err := placementResult(rng, g) // Arcs places by final Power
		if err != nil {
			return err
		}
		if err := record(ctx, st, elena.ID, g.ID, input); err != nil {
			return err
		}
	}
	return nil
}
