package store_test

import (
	"context"
	"math/big"
	"slices"
	"testing"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/migrations"
	"github.com/tablestakes/tablestakes/store"
)

// An absent seat stores no league points for its player (league.LeaguePoints) but keeps
// what its power scored, the Seventh Player's award: a correction that replays the ladder
// through the game rates it as the record did.
func TestAbsentSeatStoresNoLeaguePointsAndKeepsItsAward(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.league("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}})
	const seventh = "seventh-player:diplomacy"
	// chloe, one of the three winners of the draw, was absent: her power scored a share.
	draw := func(absent string) []byte {
		return []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["` + absent + `"]}`)
	}
	r, err := w.record(ctx, games[0], w.organiser.ID, draw("chloe"))
	require.NoError(t, err)
	require.Positive(t, r.Lines[2].Points.Sign(), "the absent power scored")
	var num, den, scoredNum, scoredDen int64
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT points_num, points_den, scored_num, scored_den FROM result_points
		WHERE game_id = $1 AND position = 3`, games[0]).Scan(&num, &den, &scoredNum, &scoredDen))
	assert.Equal(t, [2]int64{0, 1}, [2]int64{num, den}, "the absent player's league points are stored as none")
	assert.Equal(t, r.Lines[2].Points.RatString(), big.NewRat(scoredNum, scoredDen).RatString(), "what the power scored is kept")

	_, err = w.record(ctx, games[1], w.organiser.ID, []byte(`{"outcome":"solo","players":[
		{"id":"bruno","centers":18,"years":8},{"id":"chloe","centers":8,"years":8},{"id":"dmitri","centers":8,"years":8},
		{"id":"elena","centers":0,"years":4,"eliminated":1904},{"id":"farid","centers":0,"years":5,"eliminated":1905},
		{"id":"greta","centers":0,"years":5,"eliminated":1905},{"id":"hugo","centers":0,"years":6,"eliminated":1906}],
		"winners":["bruno"]}`))
	require.NoError(t, err)
	want, err := w.st.Ratings(ctx, "diplomacy")
	require.NoError(t, err)

	// Correct the first game to another absent seat and back: the replays rate the game from
	// what each power scored, so the ladder ends where it was.
	_, err = w.correct(ctx, games[0], w.organiser.ID, draw("greta"))
	require.NoError(t, err)
	_, err = w.correct(ctx, games[0], w.organiser.ID, draw("chloe"))
	require.NoError(t, err)
	got, err := w.st.Ratings(ctx, "diplomacy")
	require.NoError(t, err)
	assert.Equal(t, want, got)
	assert.True(t, slices.ContainsFunc(got, func(r store.Rating) bool { return r.Username == seventh }))
}

// Migration 00023 stores none for the league points of the absent seats recorded before it,
// keeping what each scored; undone, it gives them back their score as before.
func TestAbsentLeaguePointsMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.league("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}})
	r, err := w.record(ctx, games[0], w.organiser.ID, []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["chloe"]}`))
	require.NoError(t, err)
	scored := r.Lines[2].Points.RatString()
	require.NotEqual(t, "0", scored)
	points := func() string {
		t.Helper()
		var num, den int64
		require.NoError(t, w.pool.QueryRow(ctx, `SELECT points_num, points_den FROM result_points WHERE game_id = $1 AND position = 3`,
			games[0]).Scan(&num, &den))
		return big.NewRat(num, den).RatString()
	}

	db := stdlib.OpenDBFromPool(w.pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS)
	require.NoError(t, err)
	_, err = provider.DownTo(ctx, 22)
	require.NoError(t, err)
	assert.Equal(t, scored, points(), "before 00023 an absent seat kept its score as its points")

	_, err = store.Migrate(ctx, w.pool)
	require.NoError(t, err)
	assert.Equal(t, "0", points(), "00023 stores none for the absent player")
	var scoredNum, scoredDen int64
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT scored_num, scored_den FROM result_points WHERE game_id = $1 AND position = 3`,
		games[0]).Scan(&scoredNum, &scoredDen))
	assert.Equal(t, scored, big.NewRat(scoredNum, scoredDen).RatString(), "and keeps what the power scored")
}
