package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestRhythmAndMovesDateTheGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := storetest.Players(t, st, "dt", 10)
	organiser, helper := ps[0], ps[9]
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	first := time.Date(2026, 12, 1, 19, 0, 0, 0, paris)

	// A rhythm set while the league is open dates the schedule the 8th join draws.
	l, err := leagues.Create(ctx, store.NewLeague{Name: "Weekly", Game: "gonzaga", PlayersPerGame: 4,
		RecentDays: 90, FaceToFace: true, OrganiserID: organiser.ID})
	require.NoError(t, err)
	require.NoError(t, leagues.SetRhythm(ctx, l.ID, organiser.ID, first, 7))
	storetest.Fill(t, st, l, ps[1:9])
	games := storetest.Games(t, st, l.ID)
	require.Len(t, games, 32)
	for _, g := range games {
		require.NotNil(t, g.StartsAt, "game %d", g.Number)
		assert.True(t, store.RoundStart(first, 7, g.Round).Equal(*g.StartsAt), "game %d of round %d", g.Number, g.Round)
		assert.Equal(t, 0, g.Sequence)
	}

	// Only the organiser and co-organisers move games.
	g := games[0]
	later := first.Add(time.Hour)
	move := store.GameSchedule{StartsAt: &later, Place: "Back room"}
	require.ErrorAs(t, leagues.ScheduleGame(ctx, g.ID, ps[1].ID, move), new(*store.Forbidden))
	require.ErrorAs(t, leagues.ScheduleGame(ctx, g.ID, helper.ID, move), new(*store.Forbidden))
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	require.NoError(t, leagues.ScheduleGame(ctx, g.ID, helper.ID, move))
	require.NoError(t, leagues.ScheduleGame(ctx, g.ID, helper.ID, move), "the same move again changes nothing")
	moved, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.True(t, later.Equal(*moved.StartsAt))
	assert.Equal(t, "Back room", moved.Place)
	assert.Equal(t, 1, moved.Sequence, "one change, one new sequence")

	// A round moves all its games; clearing the date is a change too.
	require.NoError(t, leagues.ScheduleRound(ctx, l.ID, 2, organiser.ID, store.GameSchedule{}))
	for _, g := range storetest.Games(t, st, l.ID) {
		if g.Round == 2 {
			assert.Nil(t, g.StartsAt)
			assert.Equal(t, 1, g.Sequence)
		}
	}
	require.ErrorIs(t, leagues.ScheduleRound(ctx, l.ID, 99, organiser.ID, store.GameSchedule{}), store.ErrConflict)

	// A played game keeps its date.
	_, err = st.Pool().Exec(ctx, `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`, g.ID)
	require.NoError(t, err)
	err = leagues.ScheduleGame(ctx, g.ID, organiser.ID, store.GameSchedule{})
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "game: already played")
	require.ErrorIs(t, leagues.ScheduleGame(ctx, 1<<40, organiser.ID, store.GameSchedule{}), store.ErrNotFound)

	es, err := st.LeagueEvents(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, es, 4)
	assert.Equal(t, "round 2 has no date", es[0].Detail)
	assert.Equal(t, "game 1 set to 2026-12-01 19:00 UTC at Back room", es[1].Detail)
	assert.Equal(t, "rhythm: round 1 on Tue 1 Dec 2026 19:00 CET, then every 7 days", es[3].Detail)
}
