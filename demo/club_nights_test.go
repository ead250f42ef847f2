package demo_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/store"
)

func TestSeedDatesTheRunningLeaguesGamesStillToPlay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	l := leagueNamed(t, running, demo.RunningLeagueName)
	assert.Equal(t, "Europe/Paris", l.TimeZone)
	assert.NotEmpty(t, l.Venue)
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)

	games, err := st.Games(ctx, l.ID)
	require.NoError(t, err)
	var dated []time.Time
	for _, g := range games {
		if g.Status == store.GameScheduled {
			require.NotNil(t, g.StartsAt, "game %d", g.Number)
			dated = append(dated, *g.StartsAt)
		}
	}
	require.NotEmpty(t, dated)
	assert.True(t, dated[0].After(time.Now()), "the next game is to come")
	assert.Less(t, time.Until(dated[0]), 8*24*time.Hour, "within a week")
	for _, d := range dated {
		local := d.In(paris)
		assert.Equal(t, time.Tuesday, local.Weekday())
		assert.Equal(t, "19:30", local.Format("15:04"))
	}

	users, err := st.UserByUsername(ctx, demo.Users()[0].Username)
	require.NoError(t, err)
	q, err := st.Queue(ctx, users.ID)
	require.NoError(t, err)
	assert.Len(t, q, len(dated), "the organiser's desk lists them")
	co, err := st.CoOrganisers(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"bruno"}, co)
}
