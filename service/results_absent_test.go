package service_test

import (
	"context"
	"math/big"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// An absent seat stores no league points for its player (league.LeaguePoints) but keeps
// what its power scored, the Seventh Player's award: a correction that replays the ladder
// through the game rates it as the record did.
func TestAbsentSeatStoresNoLeaguePointsAndKeepsItsAward(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	const seventh = "seventh-player:diplomacy"
	// chloe, one of the three winners of the draw, was absent: her power scored a share.
	draw := func(absent string) []byte {
		return []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["` + absent + `"]}`)
	}
	r, err := w.Record(ctx, games[0], w.Organiser.ID, draw("chloe"))
	require.NoError(t, err)
	require.Positive(t, r.Lines[2].Points.Sign(), "the absent power scored")
	var num, den, scoredNum, scoredDen int64
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT points_num, points_den, scored_num, scored_den FROM result_points
		WHERE game_id = $1 AND position = 3`, games[0]).Scan(&num, &den, &scoredNum, &scoredDen))
	assert.Equal(t, [2]int64{0, 1}, [2]int64{num, den}, "the absent player's league points are stored as none")
	assert.Equal(t, r.Lines[2].Points.RatString(), big.NewRat(scoredNum, scoredDen).RatString(), "what the power scored is kept")

	_, err = w.Record(ctx, games[1], w.Organiser.ID, []byte(`{"outcome":"solo","players":[
		{"id":"bruno","centers":18,"years":8},{"id":"chloe","centers":8,"years":8},{"id":"dmitri","centers":8,"years":8},
		{"id":"elena","centers":0,"years":4,"eliminated":1904},{"id":"farid","centers":0,"years":5,"eliminated":1905},
		{"id":"greta","centers":0,"years":5,"eliminated":1905},{"id":"hugo","centers":0,"years":6,"eliminated":1906}],
		"winners":["bruno"]}`))
	require.NoError(t, err)
	want, err := w.Store.Ratings(ctx, "diplomacy")
	require.NoError(t, err)

	// Correct the first game to another absent seat and back: the replays rate the game from
	// what each power scored, so the ladder ends where it was.
	_, err = w.Correct(ctx, games[0], w.Organiser.ID, draw("greta"))
	require.NoError(t, err)
	_, err = w.Correct(ctx, games[0], w.Organiser.ID, draw("chloe"))
	require.NoError(t, err)
	got, err := w.Store.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.True(t, slices.ContainsFunc(got, func(r store.Rating) bool { return r.Username == seventh }))
}

// CONTRACT section 12 outside Diplomacy: a five-seat Cartagena game whose third seat did not
// come is scored as a four-player game (the seed's 4-player table 12, 6, 2, 0); the absent
// player takes no place and no points, plays no game (standings, activity rule) and is not
// rated, while a substitute's seat earns its seated player the league points. A correction
// that moves the absence to another seat re-rates the game among the new four.
func TestAbsentSeatOutsideDiplomacyIsNotPlayed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3, 4}, {0, 1, 2, 3, 4}})
	result := func(absent string) []byte {
		var players []string
		score := 1000
		for _, p := range []string{"ada", "bruno", "chloe", "dmitri", "elena"} {
			if p != absent {
				players = append(players, `{"id":"`+p+`","score":`+strconv.Itoa(score)+`}`)
				score -= 100
			}
		}
		return []byte(`{"players":[` + strings.Join(players, ",") + `],"absent":["` + absent + `"],"replaced":{"bruno":"xavier"}}`)
	}
	r, err := w.Record(ctx, games[0], w.Organiser.ID, result("chloe"))
	require.NoError(t, err)
	points := func(lines []store.ResultLine) []string {
		var out []string
		for _, l := range lines {
			out = append(out, l.League.RatString())
		}
		return out
	}
	assert.Equal(t, []string{"12", "6", "0", "2", "0"}, points(r.Lines), "the seed's 4-player table among the four present")
	assert.True(t, r.Lines[2].Absent)
	assert.Equal(t, "xavier", r.Lines[1].Substitute)
	var place int
	var absent bool
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT place, absent FROM result_points WHERE game_id = $1 AND position = 3`,
		games[0]).Scan(&place, &absent))
	assert.Equal(t, 0, place, "an absent seat takes no place")
	assert.True(t, absent)

	standings, err := service.NewLeagues(w.Store).Standings(ctx, leagueID)
	require.NoError(t, err)
	for _, s := range standings {
		switch s.Player {
		case "chloe", "farid", "greta", "hugo":
			assert.Zero(t, s.Games, s.Player)
			assert.Zero(t, s.Points.Sign(), s.Player)
		default:
			assert.Equal(t, 1, s.Games, s.Player)
		}
		if s.Player == "bruno" {
			assert.Equal(t, "6", s.Points.RatString(), "the substitute's seat earns its seated player the points")
		}
	}
	for name, want := range map[string]int{"chloe": 0, "ada": 1, "bruno": 1} {
		n, err := service.NewLeagues(w.Store).RecentGames(ctx, w.player(name).ID, league.Activity{RecentDays: 90})
		require.NoError(t, err)
		assert.Equal(t, want, n, "%s's games for the activity rule", name)
	}

	ledger := func() []string {
		res, err := w.Store.Result(ctx, games[0])
		require.NoError(t, err)
		var rated []string
		var antes rating.Micros
		for _, l := range res.Ledger {
			rated = append(rated, l.Player)
			antes += l.Ante
		}
		assert.Equal(t, rating.Micros(4*60*1_000_000), antes, "the pot is 60 a seat played")
		return rated
	}
	assert.Equal(t, []string{"ada", "bruno", "dmitri", "elena"}, ledger(), "chloe is not rated")
	_, err = w.Correct(ctx, games[0], w.Organiser.ID, result("elena"))
	require.NoError(t, err)
	assert.NotContains(t, ledger(), "elena", "the correction rates the new four")
	assert.Contains(t, ledger(), "chloe")
	ratings, err := w.Store.Ratings(ctx, "cartagena")
	require.NoError(t, err)
	for _, rt := range ratings {
		assert.NotEqual(t, "elena", rt.Username, "elena played no rated game")
	}
}

// A Diplomacy game with an absent seat moves with its league to the league's own ladder when
// the league turns private: the replay rates the seat as that ladder's own Seventh Player
// (league.RatedAs), made on first use, and back on the public one when it turns public.
func TestAbsentSeatMovesToAPrivateLadderWithItsSeventhPlayer(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	// A second game left to play keeps the league running, so its privacy may change.
	leagueID, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	_, err := w.Record(ctx, games[0], w.Organiser.ID, []byte(`{"outcome":"solo","players":[
		{"id":"ada","centers":18,"years":8},{"id":"bruno","centers":8,"years":8},{"id":"chloe","centers":8,"years":8},
		{"id":"dmitri","centers":0,"years":4,"eliminated":1904},{"id":"elena","centers":0,"years":5,"eliminated":1905},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":6,"eliminated":1906}],
		"winners":["ada"],"absent":["chloe"]}`))
	require.NoError(t, err)
	rated := func(ladder string) []string {
		rs, err := w.Store.Ratings(ctx, ladder)
		require.NoError(t, err)
		var names []string
		for _, r := range rs {
			names = append(names, r.Username)
		}
		slices.Sort(names)
		return names
	}
	public := rated("diplomacy")
	require.Contains(t, public, "seventh-player:diplomacy")
	require.NotContains(t, public, "chloe")

	leagues := service.NewLeagues(w.Store)
	_, err = leagues.SetPrivate(ctx, leagueID, w.Organiser.ID, true)
	require.NoError(t, err)
	own := "diplomacy@" + strconv.FormatInt(leagueID, 10)
	want := slices.Clone(public)
	want[slices.Index(want, "seventh-player:diplomacy")] = "seventh-player:" + own
	slices.Sort(want)
	assert.Equal(t, want, rated(own), "the league's own ladder rates the absent seat as its own Seventh Player")

	_, err = leagues.SetPrivate(ctx, leagueID, w.Organiser.ID, false)
	require.NoError(t, err)
	assert.Equal(t, public, rated("diplomacy"))
}
