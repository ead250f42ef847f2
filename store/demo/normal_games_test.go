package demo_test

import (
	"context"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/demo"
)

func TestSeedNormalGamesShowEveryStage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	for status, want := range map[string]int{store.GameFinished: demo.NormalFinished + 2, // and the solo Arcs and Vortex board games (members.go)
		store.GameReady: demo.ReadyTables, store.GameOpen: 1} {
		games, err := st.NormalGames(ctx, status)
		require.NoError(t, err)
		assert.Len(t, games, want, status)
	}
	rs, err := st.Ratings(ctx, "vortex")
	require.NoError(t, err)
	assert.Len(t, rs, 8, "the normal Vortex games rate every demo player")
	for _, u := range demo.Users() {
		got, err := st.UserByUsername(ctx, u.Username)
		require.NoError(t, err)
		n, err := st.RecentFinishedGames(ctx, got.ID, store.DefaultRecentDays)
		require.NoError(t, err)
		assert.Positive(t, n, "%s has finished games", u.Username)
	}
}

// The demo shows the ladder members who never log in and a Vortex result from the board.
func TestSeedShowsLadderMembersAndAVortexBoard(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	arcs, err := st.Ratings(ctx, "arcs")
	require.NoError(t, err)
	var names []string
	for _, r := range arcs {
		names = append(names, r.Username)
	}
	assert.Contains(t, names, "supercat-"+demo.SoloArcsBot+":arcs", "a rated solo Arcs game")
	assert.Contains(t, names, "ada")
	dip, err := st.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	var seventh bool
	for _, r := range dip {
		seventh = seventh || r.Username == "seventh-player:diplomacy"
	}
	assert.True(t, seventh, "the Diplomacy league has a missing-man game")
	finished, err := st.NormalGames(ctx, store.GameFinished)
	require.NoError(t, err)
	var fromBoard bool
	for _, g := range finished {
		if g.Game != "vortex" {
			continue
		}
		r, err := st.Result(ctx, g.ID)
		require.NoError(t, err)
		fromBoard = fromBoard || strings.Contains(string(r.Input), `"tokens"`)
	}
	assert.True(t, fromBoard, "a Vortex game recorded from the end-of-game board")
}
