package demo_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// The demo has a league of a size other than 8: twelve players, four a game, running with
// its balanced schedule and a few results.
func TestSeedShowsALeagueOfTwelve(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	st := seededStore(t)
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	var l store.League
	for _, r := range running {
		if r.Name == demo.LargeLeagueName {
			l = r
		}
	}
	require.NotZero(t, l.ID, "the league of twelve is running")
	assert.Equal(t, 12, l.Players)
	assert.Equal(t, 12, l.Members)
	assert.Equal(t, "bruno", l.Organiser)
	s := storetest.Schedule(t, st, l)
	assert.Len(t, s.Games, 12, "12 players × 4 games each / 4 a game")
	assert.NoError(t, scheduler.Verify(s, scheduler.Options{Players: 12, PerGame: 4}))
	n, err := st.RecordedResults(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, demo.LargeLeaguePlayed, n)
}
