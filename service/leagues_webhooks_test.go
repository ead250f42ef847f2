package service_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestWebhooksAreTheManagersAndLimited(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "wh", 9)
	organiser, member := ps[0], ps[1]
	leagueID := storetest.Fill(t, st, storetest.League(t, st, organiser, "cartagena", 4, 0), ps[1:9]).ID
	secret := "0123456789abcdef0123456789abcdef"
	_, err := leagues.AddWebhook(ctx, leagueID, member.ID, "https://club.example/hook", "json", secret)
	assert.ErrorIs(t, err, store.ErrNotManager, "a member may not add one")
	_, err = leagues.Webhooks(ctx, leagueID, member.ID)
	assert.ErrorIs(t, err, store.ErrNotManager, "nor see their secrets")
	var ids []int64
	for i := range store.MaxWebhooks {
		h, err := leagues.AddWebhook(ctx, leagueID, organiser.ID, fmt.Sprintf("https://club.example/hook/%d", i), "discord", secret)
		require.NoError(t, err)
		ids = append(ids, h.ID)
	}
	_, err = leagues.AddWebhook(ctx, leagueID, organiser.ID, "https://club.example/one-more", "slack", secret)
	assert.ErrorIs(t, err, store.ErrConflict)
	assert.ErrorIs(t, leagues.DeleteWebhook(ctx, leagueID, ids[0], member.ID), store.ErrNotManager)
	require.NoError(t, leagues.DeleteWebhook(ctx, leagueID, ids[0], organiser.ID))
	assert.ErrorIs(t, leagues.DeleteWebhook(ctx, leagueID, ids[0], organiser.ID), store.ErrNotFound)
	hooks, err := leagues.Webhooks(ctx, leagueID, organiser.ID)
	require.NoError(t, err)
	assert.Len(t, hooks, store.MaxWebhooks-1)
	events, err := st.LeagueEvents(ctx, leagueID)
	require.NoError(t, err)
	assert.Len(t, events, store.MaxWebhooks+1, "every change is on the league's history")
}
