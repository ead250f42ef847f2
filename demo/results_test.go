package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

func TestSeedResultsPopulateStandingsAndRatings(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)

	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	standings, err := service.NewLeagues(st).Standings(ctx, leagueNamed(t, running, demo.RunningLeagueName).ID)
	require.NoError(t, err)
	games := 0
	for _, s := range standings {
		games += s.Games
	}
	assert.Equal(t, 24*4, games, "24 of the 32 Cartagena games are recorded, 4 seats each")

	finished, err := st.LeaguesByStatus(ctx, store.LeagueFinished)
	require.NoError(t, err)
	require.Len(t, finished, 3, "the finished league and the two divisions of Autumn Cartagena")
	diplomacy := leagueNamed(t, finished, demo.FinishedLeagueName)

	for _, ladder := range []string{"cartagena", "diplomacy"} {
		rs, err := st.Ratings(ctx, ladder)
		require.NoError(t, err)
		require.NotEmpty(t, rs, ladder)
		var sum rating.Micros
		for _, r := range rs {
			sum += r.Rating
		}
		assert.Zero(t, sum, "%s ratings sum to 0", ladder)
	}
	// Someone finished a seat for another player in one Diplomacy game, and one result was
	// corrected.
	dip, err := st.Games(ctx, diplomacy.ID)
	require.NoError(t, err)
	substitutes, corrections := 0, 0
	for _, g := range dip {
		r, err := st.Result(ctx, g.ID)
		require.NoError(t, err)
		for _, l := range r.Lines {
			if l.Substitute != "" {
				substitutes++
			}
		}
		if r.CorrectedAt != nil {
			corrections++
		}
	}
	assert.Equal(t, 1, substitutes)
	assert.Equal(t, 1, corrections)
}
