package service_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// A league of N created with its members at once (a season's division) runs at once, its
// schedule drawn for N in the same transaction; with fewer it stays open for the rest to
// join, and with more it is refused with nothing written.
func TestCreateLeagueWithItsMembers(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "player", 13)
	ids := func(us []store.User) []int64 {
		out := make([]int64, len(us))
		for i, u := range us {
			out[i] = u.ID
		}
		return out
	}
	leagues := service.NewLeagues(st)
	nl := store.NewLeague{Name: "Division 1", Game: "king-me", PlayersPerGame: 4, Players: 12, OrganiserID: players[0].ID,
		RecentDays: store.DefaultRecentDays, MinRecentGames: store.DefaultMinRecentGames}

	nl.Members = ids(players[1:13])
	l, err := leagues.Create(ctx, nl)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueRunning, l.Status, "full at once, though nobody passes the activity rule")
	assert.Equal(t, 12, l.Members)
	s := storetest.Schedule(t, st, l)
	require.NoError(t, scheduler.Verify(s, scheduler.Options{Players: 12, PerGame: 4}))
	assert.Len(t, s.Games, l.Format().Games(), "12 players × 4 games each / 4 a game")
	assert.Len(t, s.Games, 12)

	nl.Members = ids(players[1:6])
	l, err = leagues.Create(ctx, nl)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueOpen, l.Status)
	assert.Equal(t, 5, l.Members)

	before, err := st.LeaguesOf(ctx, players[0].ID)
	require.NoError(t, err)
	nl.Players = 4
	nl.Members = ids(players[1:6])
	_, err = leagues.Create(ctx, nl)
	require.EqualError(t, err, "members: 5 players for a league of 4")
	after, err := st.LeaguesOf(ctx, players[0].ID)
	require.NoError(t, err)
	assert.Len(t, after, len(before), "nothing written")
}

// Replacing and withdrawing work on a league of any size: a league of 12 takes a
// substitute into slot 12, and a withdrawal reshapes its schedule as a schedule of 12.
func TestReplaceAndWithdrawInALeagueOfTwelve(t *testing.T) {
	t.Parallel()
	ctx := t.Context()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "player", 14)
	org := players[0]
	members := make([]int64, 12)
	for i, u := range players[1:13] {
		members[i] = u.ID
	}
	leagues := service.NewLeagues(st)
	l, err := leagues.Create(ctx, store.NewLeague{Name: "Twelve", Game: "king-me", PlayersPerGame: 4, Players: 12,
		RecentDays: store.DefaultRecentDays, OrganiserID: org.ID, Members: members})
	require.NoError(t, err)
	require.Equal(t, store.LeagueRunning, l.Status)

	_, err = leagues.Replace(ctx, l.ID, org.ID, players[12].Username, players[13].Username)
	require.NoError(t, err, "the member in slot 12 is replaced")
	ms, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, ms, 12)
	assert.Equal(t, players[13].ID, ms[11].UserID)
	assert.Equal(t, 12, ms[11].Slot)

	w, err := leagues.Withdraw(ctx, l.ID, org.ID, players[5].Username)
	require.NoError(t, err, "a member of a league of 12 withdraws")
	assert.Equal(t, players[5].Username, w.Username)
	ms, err = st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Len(t, ms, 11)
	for _, g := range storetest.Games(t, st, l.ID) {
		for _, s := range g.Seats {
			assert.NotEqual(t, players[5].ID, s.UserID, "game %d keeps no seat for the withdrawn member", g.Number)
		}
	}
}
