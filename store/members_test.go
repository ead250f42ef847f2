package store_test

import (
	"context"
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// ARMADA 4.1, the missing man: "Should only six players be available to play, a
// randomly-selected power will be chosen to be unplayed ... For the purposes of rating, this
// "Seventh Player" is considered to be a member of the ARMADA and shall ante into the game
// pot accordingly." The absent player gets no league points and no rating change.
func TestMissingManSeatIsRatedAsTheSeventhPlayer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	exp := storetest.NewExpected()
	exp.Members[leagueID] = members
	const seventh = "seventh-player:diplomacy"

	// greta was absent from the first game: her power, eliminated in 1905, was played by the
	// missing man.
	scorer := `{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"]`
	r, err := w.Record(ctx, games[0], w.Organiser.ID, []byte(scorer+`,"absent":["greta"]}`))
	require.NoError(t, err)
	exp.Add(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Armada,
		[]byte(strings.Replace(scorer, `"id":"greta"`, `"id":"`+seventh+`"`, 1)+"}"), nil)
	// The Seventh Player is a member of the ladder, not of the league: no standings line.
	exp.Lines[leagueID] = slices.DeleteFunc(exp.Lines[leagueID], func(l scoring.StandingLine) bool { return l.Player == seventh })
	exp.Check(t, w.Store, "diplomacy", leagueID)

	require.Len(t, r.Ledger, 7)
	assert.Equal(t, seventh, r.Ledger[6].Player, "the Seventh Player antes for the absent seat")
	assert.Equal(t, seventh, r.Ledger[6].Credited)
	assert.True(t, r.Lines[6].Absent)
	assert.Zero(t, r.Lines[6].League.Sign(), "the absent player gets no league points")
	assert.True(t, strings.HasPrefix(r.Lines[6].Explanation, "absent: the power was played by the missing man"))
	for _, p := range r.Changes.Points {
		if p.Username == "greta" {
			assert.Zero(t, p.After.Sign())
		}
	}
	ratings, err := w.Store.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	for _, rt := range ratings {
		assert.NotEqual(t, "greta", rt.Username, "the absent player's rating does not move")
	}
	st, err := service.NewLeagues(w.Store).Standings(ctx, leagueID)
	require.NoError(t, err)
	for _, s := range st {
		if s.Player == "greta" {
			assert.Zero(t, s.Games, "the game does not count as played for the absent player")
			assert.Zero(t, s.Points.Sign())
		}
	}

	// The Seventh Player never logs in, and no reset link or token reaches it.
	_, err = w.Store.Authenticate(ctx, seventh, "")
	require.ErrorIs(t, err, store.ErrBadCredentials)
	member, err := w.Store.UserByUsername(ctx, seventh)
	require.NoError(t, err)
	assert.Equal(t, "Seventh Player (missing man)", member.DisplayName)
	_, err = service.NewAccounts(w.Store).CreateResetLink(ctx, member.ID)
	require.ErrorIs(t, err, store.ErrNotFound)
	_, err = service.NewAccounts(w.Store).CreateAPIToken(ctx, member.ID)
	require.Error(t, err)
	assert.True(t, store.IsLadderMember(seventh))
	assert.Equal(t, store.SeventhPlayer, store.LadderMemberKind(seventh))

	// A correction: greta was there after all. The ladder is replayed without the Seventh
	// Player's seat, whose rating goes back to 0.
	rw, err := w.Check(ctx, games[0], w.Organiser.ID, []byte(scorer+`,"reason":"greta played"}`))
	require.NoError(t, err)
	rw.Reason = "greta played"
	_, err = service.NewResults(w.Store).Correct(ctx, rw)
	require.NoError(t, err)
	exp.Replace(t, leagueID, strconv.FormatInt(games[0], 10), scoring.Armada,
		[]byte(strings.Replace(scorer, `"id":"greta"`, `"id":"`+seventh+`"`, 1)+"}"), []byte(scorer+"}"))
	exp.Check(t, w.Store, "diplomacy", leagueID)
	ratings, err = w.Store.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	var sum int64
	for _, rt := range ratings {
		sum += int64(rt.Rating)
		if rt.Username == seventh {
			assert.Zero(t, rt.Rating)
		}
	}
	assert.Zero(t, sum)
}

// Refusals name the field: the missing man is ARMADA's rule, for one seat, not a replaced one.
func TestMissingManRefusals(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}})
	base := `{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"]`
	for _, tc := range []struct{ extra, field, problem string }{
		{`"absent":["greta","farid"]`, "absent", "at most one power"},
		{`"absent":["xavier"]`, "absent[0]", `"xavier" is not seated`},
		{`"absent":["greta"],"replaced":{"greta":"xavier"}`, "absent[0]", "not both"},
		{`"absent":"greta"`, "absent", "must list"},
	} {
		_, err := w.Check(ctx, games[0], w.Organiser.ID, []byte(base+","+tc.extra+"}"))
		require.Error(t, err, tc.extra)
		var fe *scoring.FieldError
		require.ErrorAs(t, err, &fe, tc.extra)
		assert.Equal(t, tc.field, fe.Field, tc.extra)
		assert.Contains(t, fe.Problem, tc.problem, tc.extra)
	}
	// Outside Diplomacy an absent seat is left out of the players (CONTRACT section 12).
	_, cartagena := w.League("cartagena", [][]int{{0, 1, 2, 3}})
	_, err := w.Check(ctx, cartagena[0], w.Organiser.ID, []byte(`{"players":[{"id":"ada","score":3},{"id":"bruno","score":2},
		{"id":"chloe","score":1},{"id":"dmitri","score":0}],"absent":["ada"]}`))
	var fe *scoring.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "absent[0]", fe.Field)
	assert.Contains(t, fe.Problem, "either played or absent")
}

// Two results recorded at once, each with a missing man, make one Seventh Player.
func TestOneSeventhPlayerPerLadderUnderConcurrency(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	bodies := []string{`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["greta"]}`, `{"outcome":"draw","players":[
		{"id":"bruno","centers":10,"years":8},{"id":"chloe","centers":12,"years":8},{"id":"dmitri","centers":12,"years":8},
		{"id":"elena","centers":0,"years":3,"eliminated":1903},{"id":"farid","centers":0,"years":4,"eliminated":1904},
		{"id":"greta","centers":0,"years":5,"eliminated":1905},{"id":"hugo","centers":0,"years":5,"eliminated":1905}],
		"winners":["bruno","chloe","dmitri"],"absent":["hugo"]}`}
	var wg sync.WaitGroup
	errs := make([]error, len(bodies))
	for i := range bodies {
		wg.Go(func() { _, errs[i] = w.Record(ctx, games[i], w.Organiser.ID, []byte(bodies[i])) })
	}
	wg.Wait()
	for _, err := range errs {
		require.NoError(t, err)
	}
	var n int
	require.NoError(t, w.Store.Pool().QueryRow(ctx, `SELECT count(*) FROM users WHERE member_kind = 'seventh-player'`).Scan(&n))
	assert.Equal(t, 1, n)
	ratings, err := w.Store.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	var sum int64
	for _, rt := range ratings {
		sum += int64(rt.Rating)
		if rt.Username == "seventh-player:diplomacy" {
			assert.Equal(t, 2, rt.Games)
		}
	}
	assert.Zero(t, sum)
}

// Solo Arcs against SUPERCAT is rated: the bots are the Arcs ladder's "SUPERCAT (normal)" and
// "SUPERCAT (hard)" members, who ante and are credited like anyone, so a player's solo
// results move their Arcs rating (supercat-solo-arcs-bot.txt; issue 13).
func TestSoloArcsAgainstSupercatIsRated(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := newPlayers(t, st, "solo", 2)
	me, other := players[0], players[1]

	g, err := service.NewGames(st).Create(ctx, store.NewNormalGame{Game: "arcs", Seats: 2, OrganiserID: me.ID, Bots: []string{"normal"}})
	require.NoError(t, err)
	require.Len(t, g.Seats, 1, "the bot takes the first seat at once")
	assert.Equal(t, "supercat-normal:arcs", g.Seats[0].Username)
	assert.Equal(t, "SUPERCAT (normal) bot", g.Seats[0].DisplayName)
	assert.Equal(t, store.GameOpen, g.Status)
	g, err = service.NewGames(st).Join(ctx, g.ID, me.ID)
	require.NoError(t, err)
	assert.Equal(t, store.GameReady, g.Status, "one person and one bot fill a 2-seat table")
	r, err := storetest.RecordResult(ctx, st, g.ID, me.ID, storetest.PlacementInput([]string{"supercat-normal:arcs", me.Username}, []int{31, 35}))
	require.NoError(t, err)
	require.Len(t, r.Ledger, 2)
	assert.Equal(t, "supercat-normal:arcs", r.Ledger[0].Credited, "the bot antes and is credited")

	// A three-seat table against both difficulties, another player making the third seat.
	g, err = service.NewGames(st).Create(ctx, store.NewNormalGame{Game: "arcs", Seats: 3, OrganiserID: me.ID, Bots: []string{"normal", "hard"}})
	require.NoError(t, err)
	_, err = service.NewGames(st).Join(ctx, g.ID, other.ID)
	require.NoError(t, err)
	_, err = storetest.RecordResult(ctx, st, g.ID, me.ID,
		storetest.PlacementInput([]string{"supercat-normal:arcs", "supercat-hard:arcs", other.Username}, []int{20, 40, 30}))
	require.NoError(t, err)

	ratings, err := st.Ratings(ctx, "arcs")
	require.NoError(t, err)
	got := map[string]int{}
	var sum int64
	for _, rt := range ratings {
		got[rt.Username] = rt.Games
		sum += int64(rt.Rating)
	}
	assert.Equal(t, map[string]int{me.Username: 1, other.Username: 1, "supercat-normal:arcs": 2, "supercat-hard:arcs": 1}, got)
	assert.Zero(t, sum, "a ladder sums to 0")
	for _, rt := range ratings {
		if rt.Username == me.Username {
			assert.Positive(t, int64(rt.Rating), "a solo win moves the player's Arcs rating")
		}
	}
	_, err = st.Authenticate(ctx, "supercat-hard:arcs", "")
	require.ErrorIs(t, err, store.ErrBadCredentials, "a bot never logs in")

	var n int
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM users WHERE member_kind LIKE 'supercat-%'`).Scan(&n))
	assert.Equal(t, 2, n, "one member per difficulty and ladder")
}
