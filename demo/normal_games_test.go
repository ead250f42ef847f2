package demo_test

import (
	"context"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/store"
)

func TestSeedNormalGamesShowEveryStage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	// The finished ones: the Vortex tables, the solo Arcs and Vortex board games (members.go)
	// and the King Me games near the rating floor.
	for status, want := range map[string]int{store.GameFinished: demo.NormalFinished + 2 + demo.FloorGames,
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
		n, err := st.RecentFinishedGames(ctx, got.ID, league.Activity{RecentDays: store.DefaultRecentDays}.Since(time.Now()))
		require.NoError(t, err)
		assert.Positive(t, n, "%s has finished games", u.Username)
	}
}

func TestSeedShowsATableNearTheRatingFloor(t *testing.T) {
	t.Parallel()
	// CONTRACT section 3: the last King Me game of the demo plays for what chloe and farid
	// hold above −210, less than its 120.
	ctx := context.Background()
	st := seededStore(t)
	finished, err := st.NormalGames(ctx, store.GameFinished)
	require.NoError(t, err)
	capped := 0
	for _, g := range finished {
		if g.Game != "king-me" {
			continue
		}
		r, err := st.Result(ctx, g.ID)
		require.NoError(t, err)
		var pot rating.Micros
		for _, l := range r.Ledger {
			pot += l.Ante
			assert.GreaterOrEqual(t, l.After, -210*rating.PerPoint)
		}
		if pot < 120*rating.PerPoint {
			capped++
		}
	}
	assert.Equal(t, 1, capped)
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
