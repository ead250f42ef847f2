package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestReplaceMemberKeepsPlayedGamesAndHandsOverTheRest(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "rp", 11)
	organiser := ps[0]
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	leaver := ps[1]

	// Record the leaver's first game.
	var played store.Game
	for _, g := range storetest.Games(t, st, l.ID) {
		if g.Seats[0].UserID == leaver.ID || g.Seats[1].UserID == leaver.ID {
			played = g
			break
		}
	}
	require.NotZero(t, played.ID)
	_, err := storetest.RecordResult(ctx, st, played.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(played), []int{40, 30, 20, 10}))
	require.NoError(t, err)
	before, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)

	// Refusals change nothing.
	for _, tc := range []struct {
		by       store.User
		from, to string
		msg      string
	}{
		{ps[2], "rp2", "rp10", "only the league's organiser may do this"},
		{organiser, "rp10", "rp11", "from: rp10 is not a member of this league"},
		{organiser, "rp2", "rp3", "to: rp3 already plays in this league"},
		{organiser, "rp2", "rp2", "to: must be someone other than rp2"},
		{organiser, "rp2", "nobody", `to: no player named "nobody"`},
	} {
		_, err := leagues.Replace(ctx, l.ID, tc.by.ID, tc.from, tc.to)
		require.Error(t, err)
		assert.Contains(t, err.Error(), tc.msg)
	}

	r, err := leagues.Replace(ctx, l.ID, organiser.ID, "RP2", "rp10")
	require.NoError(t, err)
	assert.Equal(t, store.Replacement{From: "rp2", To: "rp10", FromID: leaver.ID, Slot: 1, SeatsTaken: 15}, r,
		"16 games a player at 4 a game, one of them played")

	for _, g := range storetest.Games(t, st, l.ID) {
		names := storetest.SeatNames(g)
		if g.ID == played.ID {
			assert.Contains(t, names, "rp2", "a played game keeps its players")
			assert.Equal(t, 0, g.Sequence)
			continue
		}
		assert.NotContains(t, names, "rp2", "game %d", g.Number)
		if contains(names, "rp10") {
			assert.Equal(t, 1, g.Sequence, "the calendars see the new seat")
		}
	}
	members, err := st.Members(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, "rp10", members[0].Username, "the substitute holds the slot")

	after, err := leagues.Standings(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, after, 9, "both the member who left and the substitute")
	points := map[string]string{}
	for _, s := range before {
		points[s.Player] = s.Points.RatString()
	}
	for _, s := range after {
		if s.Player == "rp10" {
			assert.Equal(t, 0, s.Games)
			continue
		}
		assert.Equal(t, points[s.Player], s.Points.RatString(), "%s keeps the points played", s.Player)
	}

	rs, err := leagues.Replacements(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, 1, rs[0].Played)

	_, err = leagues.Replace(ctx, l.ID, organiser.ID, "rp10", "rp2")
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "to: rp2 was replaced in this league and cannot come back")
	sub2, err := leagues.Replace(ctx, l.ID, organiser.ID, "rp10", "rp11")
	require.NoError(t, err, "a substitute can be replaced in turn")
	assert.Equal(t, 15, sub2.SeatsTaken)
	es, err := st.LeagueEvents(ctx, l.ID)
	require.NoError(t, err)
	assert.Equal(t, "rp10 replaced rp2 for the 15 games still to play", es[1].Detail)
}

// contains reports whether names holds name.
func contains(names []string, name string) bool {
	for _, n := range names {
		if n == name {
			return true
		}
	}
	return false
}

// Two replacements at once: the league row lock puts one after the other, so the same
// member is never replaced twice and one substitute never takes two places.
func TestConcurrentReplacements(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ps := storetest.Players(t, st, "cr", 12)
	organiser := ps[0]
	for _, tc := range []struct {
		name   string
		pairs  [2][2]string
		refuse string
	}{
		{"one member, two substitutes", [2][2]string{{"cr2", "cr10"}, {"cr2", "cr11"}}, "from: cr2 is not a member"},
		{"two members, one substitute", [2][2]string{{"cr2", "cr12"}, {"cr3", "cr12"}}, "to: cr12 already plays"},
	} {
		l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
		var wg sync.WaitGroup
		errs := make([]error, 2)
		start := make(chan struct{})
		for i, p := range tc.pairs {
			wg.Add(1)
			go func() {
				defer wg.Done()
				<-start
				_, errs[i] = service.NewLeagues(st).Replace(ctx, l.ID, organiser.ID, p[0], p[1])
			}()
		}
		close(start)
		wg.Wait()
		ok := 0
		for _, err := range errs {
			if err == nil {
				ok++
				continue
			}
			assert.ErrorIs(t, err, store.ErrConflict, tc.name)
			assert.Contains(t, err.Error(), tc.refuse, tc.name)
		}
		assert.Equal(t, 1, ok, "%s: exactly one replacement", tc.name)
		members, err := st.Members(ctx, l.ID)
		require.NoError(t, err)
		assert.Len(t, members, 8, tc.name)
		for _, g := range storetest.Games(t, st, l.ID) {
			assert.Len(t, g.Seats, 4)
		}
		rs, err := st.Replacements(ctx, l.ID)
		require.NoError(t, err)
		assert.Len(t, rs, 1, tc.name)
	}
}
