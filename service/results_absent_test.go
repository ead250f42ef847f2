package service_test

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

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
