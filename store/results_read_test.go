package store_test

import (
	"context"
	"math/big"
	"testing"

	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/migrations"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

func TestStandingsOfUnknownLeague(t *testing.T) {
	t.Parallel()
	w := newWorld(t)
	_, err := w.Store.StandingRows(context.Background(), 424242)
	assert.ErrorIs(t, err, store.ErrNotFound)
	leagueID, _ := w.League("gonzaga", [][]int{{0, 1}})
	rows, err := w.Store.StandingRows(context.Background(), leagueID)
	require.NoError(t, err)
	assert.Len(t, rows.Members, 8)
	assert.Empty(t, rows.Lines)
	st, err := service.NewLeagues(w.Store).Standings(context.Background(), leagueID)
	require.NoError(t, err)
	assert.Len(t, st, 8)
	assert.Equal(t, 1, st[7].Rank, "before any result everyone shares first place")
}

// Migration 00023 stores none for the league points of the absent seats recorded before it,
// keeping what each scored; undone, it gives them back their score as before.
func TestAbsentLeaguePointsMigration(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}})
	r, err := w.Record(ctx, games[0], w.Organiser.ID, []byte(`{"outcome":"draw","players":[
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
		require.NoError(t, w.Pool.QueryRow(ctx, `SELECT points_num, points_den FROM result_points WHERE game_id = $1 AND position = 3`,
			games[0]).Scan(&num, &den))
		return big.NewRat(num, den).RatString()
	}

	db := stdlib.OpenDBFromPool(w.Pool)
	defer db.Close()
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS)
	require.NoError(t, err)
	_, err = provider.DownTo(ctx, 22)
	require.NoError(t, err)
	assert.Equal(t, scored, points(), "before 00023 an absent seat kept its score as its points")

	_, err = store.Migrate(ctx, w.Pool)
	require.NoError(t, err)
	assert.Equal(t, "0", points(), "00023 stores none for the absent player")
	var scoredNum, scoredDen int64
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT scored_num, scored_den FROM result_points WHERE game_id = $1 AND position = 3`,
		games[0]).Scan(&scoredNum, &scoredDen))
	assert.Equal(t, scored, big.NewRat(scoredNum, scoredDen).RatString(), "and keeps what the power scored")
}
