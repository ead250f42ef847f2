package demo_test

import (
	"context"
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
	for status, want := range map[string]int{store.GameFinished: demo.NormalFinished, store.GameReady: 1, store.GameOpen: 1} {
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
