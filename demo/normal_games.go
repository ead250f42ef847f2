package demo

import (
	"context"
	"fmt"
	"math/rand/v2"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Normal games in the demo: finished Vortex games, a full King Me table waiting for ada to
// record its result, and an open Vortex table with free seats a newcomer can take.
const (
	// NormalFinished is how many normal Vortex games the demo records.
	NormalFinished = 5
	// normalVortexSeats is the seats of the demo's Vortex tables: the four corners.
	normalVortexSeats = 4
	// FloorGames is how many 2-player King Me games the demo records to show a table near
	// the rating floor (CONTRACT section 3): chloe loses four to bruno, farid four to elena,
	// then chloe and farid meet holding less than 120 above −210.
	FloorGames = 9
)

// seedNormalGames plays normal games outside any league ("Games created for the league have
// the exact same rules of the normal games", league-scoring-system.txt). Five finished
// four-player Vortex games count toward every demo player's activity rule and start the
// Vortex ladder; a full King Me table waits for its result; an open Vortex table has two
// free seats.
func seedNormalGames(ctx context.Context, st *store.Store, users []store.User) error {
	rng := rand.New(rand.NewPCG(2026, 7))
	ada := users[0]
	for i := range NormalFinished {
		// Each table seats four of the first eight in turn, so each of them has played.
		var seated []store.User
		for j := range normalVortexSeats {
			seated = append(seated, users[(i*3+j)%store.DefaultLeagueSize])
		}
		g, err := table(ctx, st, ada, "vortex", normalVortexSeats, seated)
		if err != nil {
			return err
		}
		input, err := placementResult(rng, g) // Vortex takes final scores like placement
		if err != nil {
			return err
		}
		if err := record(ctx, st, ada.ID, g.ID, input); err != nil {
			return err
		}
	}
	if _, err := table(ctx, st, ada, "king-me", 3, []store.User{users[1], users[4], users[6]}); err != nil {
		return err
	}
	if _, err := table(ctx, st, users[2], "vortex", normalVortexSeats, []store.User{users[2], users[5]}); err != nil {
		return err
	}
	return seedFloorGames(ctx, st, users)
}

// seedFloorGames plays the King Me games of FloorGames: after four losses each, chloe and
// farid hold about 55 above the floor of −210, so their game plays for about 109 instead
// of 120, and its page says so ("This table held only ... above the floor").
func seedFloorGames(ctx context.Context, st *store.Store, users []store.User) error {
	bruno, chloe, elena, farid := users[1], users[2], users[4], users[5]
	var pairs [][2]store.User // winner, loser
	for range 4 {
		pairs = append(pairs, [2]store.User{bruno, chloe}, [2]store.User{elena, farid})
	}
	pairs = append(pairs, [2]store.User{chloe, farid})
	for _, p := range pairs {
		g, err := table(ctx, st, bruno, "king-me", 2, p[:])
		if err != nil {
			return err
		}
		input, err := encode(map[string]any{"players": []map[string]any{
			{"id": p[0].Username, "score": 31}, {"id": p[1].Username, "score": 24}}})
		if err != nil {
			return err
		}
		if err := record(ctx, st, bruno.ID, g.ID, input); err != nil {
			return err
		}
	}
	return nil
}

// table opens a normal game of game with seats seats, organised by organiser, and seats the
// players in order.
func table(ctx context.Context, st *store.Store, organiser store.User, game string, seats int, players []store.User) (store.Game, error) {
	return tableVersion(ctx, st, organiser, game, "", seats, players)
}

// tableVersion is table for a version of the game ("" is its default).
func tableVersion(ctx context.Context, st *store.Store, organiser store.User, game, version string, seats int, players []store.User) (store.Game, error) {
	g, err := service.NewGames(st).Create(ctx, store.NewNormalGame{Game: game, Version: version, Seats: seats, OrganiserID: organiser.ID})
	if err != nil {
		return store.Game{}, fmt.Errorf("seed normal games: %w", err)
	}
	for _, p := range players {
		if g, err = service.NewGames(st).Join(ctx, g.ID, p.ID); err != nil {
			return store.Game{}, fmt.Errorf("seed normal games: %s takes a seat: %w", p.Username, err)
		}
	}
	return g, nil
}
