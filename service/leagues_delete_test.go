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

// A league is deleted by its organiser while nothing is recorded, with everything that names
// it; co-organisers, members and others are refused, and so is a league with a result.
func TestDeleteLeague(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "dl", 10)
	organiser, helper := ps[0], ps[9]

	// A running league with a co-organiser, a date, a replacement and history, nothing recorded.
	l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	_, err := leagues.Replace(ctx, l.ID, organiser.ID, ps[1].Username, helper.Username)
	require.NoError(t, err)
	for _, by := range []store.User{helper, ps[2], ps[8]} {
		_, err := leagues.Delete(ctx, l.ID, by.ID)
		require.Error(t, err)
		assert.Contains(t, err.Error(), "only the league's organiser may do this", by.Username)
	}
	_, err = leagues.Delete(ctx, 987654, organiser.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)

	name, err := leagues.Delete(ctx, l.ID, organiser.ID)
	require.NoError(t, err)
	assert.Equal(t, l.Name, name)
	_, err = st.League(ctx, l.ID)
	assert.ErrorIs(t, err, store.ErrNotFound)
	for _, table := range []string{"memberships", "games", "league_organisers", "league_replacements", "league_events"} {
		var n int
		require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM `+table+` WHERE league_id = $1`, l.ID).Scan(&n))
		assert.Zero(t, n, table)
	}
	var seats int
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM seats s WHERE NOT EXISTS (SELECT 1 FROM games g WHERE g.id = s.game_id)`).Scan(&seats))
	assert.Zero(t, seats)

	// Open and cancelled leagues go too.
	open := storetest.League(t, st, organiser, "gonzaga", 4, 0)
	_, err = leagues.Delete(ctx, open.ID, organiser.ID)
	require.NoError(t, err)
	cancelled := storetest.League(t, st, organiser, "gonzaga", 4, 0)
	require.NoError(t, leagues.End(ctx, cancelled.ID, organiser.ID, "cancel"))
	_, err = leagues.Delete(ctx, cancelled.ID, organiser.ID)
	require.NoError(t, err)

	// One recorded result, and the league stays: close it instead.
	played := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	g := storetest.Games(t, st, played.ID)[0]
	_, err = storetest.RecordResult(ctx, st, g.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(g), []int{4, 3, 2, 1}))
	require.NoError(t, err)
	_, err = leagues.Delete(ctx, played.ID, organiser.ID)
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "league: 1 result is recorded, and results stay in the players' ratings, so the league cannot be deleted; close it early (its standings are frozen) instead")
	require.NoError(t, leagues.End(ctx, played.ID, organiser.ID, "close"))
	_, err = leagues.Delete(ctx, played.ID, organiser.ID)
	assert.Contains(t, err.Error(), "archive it instead")
	n, err := st.RecordedResults(ctx, played.ID)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

// A deletion racing a result: the league's row lock orders them. Either the result is in and
// the deletion refused, or the league is gone and the result finds no game; never a result
// left without its league, nor a league deleted with a result.
func TestDeleteLeagueRacingAResult(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ps := storetest.Players(t, st, "dr", 9)
	organiser := ps[0]
	for range 6 {
		l := storetest.Fill(t, st, storetest.League(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
		g := storetest.Games(t, st, l.ID)[0]
		rw, err := storetest.CheckResult(ctx, st, g.ID, organiser.ID, storetest.PlacementInput(storetest.SeatNames(g), []int{4, 3, 2, 1}))
		require.NoError(t, err)
		var wg sync.WaitGroup
		var recErr, delErr error
		start := make(chan struct{})
		wg.Add(2)
		go func() { defer wg.Done(); <-start; _, recErr = service.NewResults(st).Record(ctx, rw) }()
		go func() { defer wg.Done(); <-start; _, delErr = service.NewLeagues(st).Delete(ctx, l.ID, organiser.ID) }()
		close(start)
		wg.Wait()
		var results int
		require.NoError(t, st.Pool().QueryRow(ctx, `SELECT count(*) FROM results WHERE game_id = $1`, g.ID).Scan(&results))
		_, lerr := st.League(ctx, l.ID)
		if recErr == nil {
			assert.ErrorIs(t, delErr, store.ErrConflict)
			assert.NoError(t, lerr)
			assert.Equal(t, 1, results)
		} else {
			require.NoError(t, delErr)
			assert.ErrorIs(t, recErr, store.ErrNotFound)
			assert.ErrorIs(t, lerr, store.ErrNotFound)
			assert.Zero(t, results)
		}
	}
}
