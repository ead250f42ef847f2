package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestPrivateLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "pv", 11)
	organiser, helper := ps[0], ps[10]
	l := storetest.League(t, st, organiser, "gonzaga", 4, 0)
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))

	_, err := leagues.SetPrivate(ctx, l.ID, helper.ID, true)
	assert.ErrorContains(t, err, "only the league's organiser may do this", "a co-organiser does not change privacy")
	_, err = leagues.RenewInvite(ctx, l.ID, organiser.ID)
	assert.ErrorContains(t, err, "league: public; anyone may join it, so it has no invite link to renew")

	token, err := leagues.SetPrivate(ctx, l.ID, organiser.ID, true)
	require.NoError(t, err)
	require.Len(t, token, 43)
	again, err := leagues.SetPrivate(ctx, l.ID, organiser.ID, true)
	require.NoError(t, err)
	assert.Equal(t, token, again, "making it private again keeps the link")
	got, err := st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.True(t, got.Private)
	open, err := st.LeaguesByStatus(ctx, store.LeagueOpen)
	require.NoError(t, err)
	assert.Empty(t, open, "a private league is in no public list")
	shown, err := service.NewLeagues(st).InviteToken(ctx, l.ID, helper.ID)
	require.NoError(t, err)
	assert.Equal(t, token, shown, "co-organisers share the link")
	_, err = service.NewLeagues(st).InviteToken(ctx, l.ID, ps[1].ID)
	assert.Error(t, err)

	// Joining: without the token, or with a wrong one, the league is not found.
	_, err = leagues.Join(ctx, l.ID, ps[1].ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = leagues.JoinInvited(ctx, l.ID, ps[1].ID, token+"x")
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = leagues.JoinInvited(ctx, l.ID, ps[1].ID, token)
	require.NoError(t, err)
	_, err = leagues.JoinInvited(ctx, l.ID, ps[1].ID, token)
	assert.ErrorIs(t, err, store.ErrAlreadyMember)
	_, err = leagues.Join(ctx, l.ID, organiser.ID)
	require.NoError(t, err, "the organiser holds the link and needs none")
	require.NoError(t, leagues.Leave(ctx, l.ID, organiser.ID))

	visible := func(u store.User) bool {
		ok, err := st.LeagueVisible(ctx, l.ID, u.ID)
		require.NoError(t, err)
		return ok
	}
	assert.True(t, visible(organiser))
	assert.True(t, visible(helper))
	assert.True(t, visible(ps[1]))
	assert.False(t, visible(ps[2]))
	assert.False(t, visible(store.User{}))

	// Renewing kills the old link; the new one works.
	renewed, err := leagues.RenewInvite(ctx, l.ID, organiser.ID)
	require.NoError(t, err)
	assert.NotEqual(t, token, renewed)
	_, err = leagues.JoinInvited(ctx, l.ID, ps[2].ID, token)
	assert.ErrorIs(t, err, store.ErrNotFound)
	ok, err := leagues.ValidInvite(ctx, l.ID, token)
	require.NoError(t, err)
	assert.False(t, ok)
	ok, err = leagues.ValidInvite(ctx, l.ID, renewed)
	require.NoError(t, err)
	assert.True(t, ok, "the renewed link opens the league")
	ok, err = leagues.ValidInvite(ctx, l.ID+1000, renewed)
	require.NoError(t, err)
	assert.False(t, ok, "no league, no invite")
	for _, p := range ps[2:9] {
		_, err = leagues.JoinInvited(ctx, l.ID, p.ID, renewed)
		require.NoError(t, err)
	}
	got, err = st.League(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueRunning, got.Status, "the 8th join through the link draws the schedule")
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	assert.Empty(t, running)

	// Public again: listed, and the link is dead.
	token, err = leagues.SetPrivate(ctx, l.ID, organiser.ID, false)
	require.NoError(t, err)
	assert.Empty(t, token)
	ok, err = leagues.ValidInvite(ctx, l.ID, renewed)
	require.NoError(t, err)
	assert.False(t, ok)
	running, err = st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	assert.Len(t, running, 1)
	assert.Equal(t, []string{
		"co-organiser: pv11 became a co-organiser",
		"privacy: made the league private; joining takes the invite link",
		"leave: pv1 left; the place is free again",
		"invite: renewed the invite link; the old one no longer works",
		"privacy: made the league public; the invite link no longer works",
	}, storetest.History(t, st, l.ID))
}
