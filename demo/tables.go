package demo

import (
	"context"

	"github.com/tablestakes/tablestakes/store"
)

// ReadyTables is how many full normal tables wait for ada's result in the demo: the King Me
// table of normal_games.go and the two of seedReadyTables.
const ReadyTables = 3

// seedReadyTables sets two more full tables before ada, waiting for their result, so the
// result forms of the team games and of Vortex are one tap from her desk (issue #24: the
// Blue Max form's Enemy destroyed and Personal points, and the four token distances of the
// Vortex board, must show on a phone): a Blue Max game of two against two and a Vortex
// game of four.
func seedReadyTables(ctx context.Context, st *store.Store, users []store.User) error {
	ada := users[0]
	if _, err := table(ctx, st, ada, "blue-max", 4, []store.User{users[3], users[4], users[5], users[6]}); err != nil {
		return err
	}
	_, err := table(ctx, st, ada, "vortex", normalVortexSeats, []store.User{users[0], users[1], users[2], users[7]})
	return err
}
