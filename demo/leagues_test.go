package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

func TestSeedLeaguesOneOpenForANewcomerAndOneRunning(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)

	open, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	require.Len(t, open, 1)
	assert.Equal(t, demo.OpenLeagueName, open[0].Name)
	assert.Equal(t, 7, open[0].Members)
	assert.Zero(t, open[0].MinRecentGames, "a newcomer with no finished games may join")
	assert.True(t, open[0].FaceToFace, "club night meets face to face")

	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	require.Len(t, running, 6, "Spring Cartagena, the Lost Vaults league, Cartagena at the table, the league of twelve and the two divisions of Winter Cartagena")
	spring := leagueNamed(t, running, demo.RunningLeagueName)
	assert.Equal(t, 8, spring.Members)
	games, err := st.Games(ctx, spring.ID)
	require.NoError(t, err)
	assert.Len(t, games, 32, "4 players per game: the seed's 32 games")

	// A newcomer signs up and is the 8th: the schedule appears.
	newcomer, err := st.CreateUser(ctx, store.NewUser{Username: "newcomer", DisplayName: "New Comer", Password: "a-long-password"})
	require.NoError(t, err)
	l, err := service.NewLeagues(st).Join(ctx, open[0].ID, newcomer.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueRunning, l.Status)
	games, err = st.Games(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, games, 32)
	tables := map[int]int{} // round → games in it
	for _, g := range games {
		tables[g.Round]++
	}
	assert.Len(t, tables, 16, "face to face: 16 rounds")
	for r, n := range tables {
		assert.Equal(t, 2, n, "round %d: two tables of 4, everyone plays", r)
	}
}
