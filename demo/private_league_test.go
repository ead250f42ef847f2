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

func TestSeedShowsAPrivateLeagueWithAWithdrawal(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	chloe, err := st.UserByUsername(ctx, "chloe")
	require.NoError(t, err)
	leagues, err := st.LeaguesOf(ctx, chloe.ID)
	require.NoError(t, err)
	var private store.League
	for _, l := range leagues {
		if l.Name == demo.PrivateLeagueName {
			private = l
		}
	}
	require.NotZero(t, private.ID)
	assert.True(t, private.Private)
	assert.Equal(t, store.LeagueRunning, private.Status)
	assert.Equal(t, 7, private.Members)
	token, err := service.NewLeagues(st).InviteToken(ctx, private.ID, chloe.ID)
	require.NoError(t, err)
	assert.NotEmpty(t, token)
	ws, err := st.Withdrawals(ctx, private.ID)
	require.NoError(t, err)
	require.Len(t, ws, 1)
	assert.Equal(t, "hugo", ws[0].Username)
	assert.Positive(t, ws[0].Shortened)
	n, err := st.RecordedResults(ctx, private.ID)
	require.NoError(t, err)
	assert.Equal(t, 3, n)
}
