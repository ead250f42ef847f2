package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

func TestRoundStartKeepsTheLocalTimeAcrossClockChanges(t *testing.T) {
	t.Parallel()
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	first := time.Date(2026, 10, 13, 19, 0, 0, 0, paris) // a Tuesday, summer time
	for _, tc := range []struct {
		round, every int
		want         string
	}{
		{1, 7, "2026-10-13T19:00:00+02:00"},
		{2, 7, "2026-10-20T19:00:00+02:00"},
		{3, 7, "2026-10-27T19:00:00+01:00"}, // winter time since 25 October: still 19:00
		{4, 14, "2026-11-24T19:00:00+01:00"},
	} {
		assert.Equal(t, tc.want, store.RoundStart(first, tc.every, tc.round).Format(time.RFC3339), "round %d", tc.round)
	}
}

func TestRhythmAndMovesDateTheGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := newPlayers(t, st, "dt", 10)
	organiser, helper := ps[0], ps[9]
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	first := time.Date(2026, 12, 1, 19, 0, 0, 0, paris)

	// A rhythm set while the league is open dates the schedule the 8th join draws.
	l, err := leagues.Create(ctx, store.NewLeague{Name: "Weekly", Game: "gonzaga", PlayersPerGame: 4,
		RecentDays: 90, FaceToFace: true, OrganiserID: organiser.ID})
	require.NoError(t, err)
	require.NoError(t, st.SetRhythm(ctx, l.ID, organiser.ID, first, 7))
	fill(t, st, l, ps[1:9])
	games := mustGames(t, st, l.ID)
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
	require.ErrorAs(t, st.ScheduleGame(ctx, g.ID, ps[1].ID, move), new(*store.Forbidden))
	require.ErrorAs(t, st.ScheduleGame(ctx, g.ID, helper.ID, move), new(*store.Forbidden))
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	require.NoError(t, st.ScheduleGame(ctx, g.ID, helper.ID, move))
	require.NoError(t, st.ScheduleGame(ctx, g.ID, helper.ID, move), "the same move again changes nothing")
	moved, err := st.Game(ctx, g.ID)
	require.NoError(t, err)
	assert.True(t, later.Equal(*moved.StartsAt))
	assert.Equal(t, "Back room", moved.Place)
	assert.Equal(t, 1, moved.Sequence, "one change, one new sequence")

	// A round moves all its games; clearing the date is a change too.
	require.NoError(t, st.ScheduleRound(ctx, l.ID, 2, organiser.ID, store.GameSchedule{}))
	for _, g := range mustGames(t, st, l.ID) {
		if g.Round == 2 {
			assert.Nil(t, g.StartsAt)
			assert.Equal(t, 1, g.Sequence)
		}
	}
	require.ErrorIs(t, st.ScheduleRound(ctx, l.ID, 99, organiser.ID, store.GameSchedule{}), store.ErrConflict)

	// A played game keeps its date.
	_, err = st.Pool().Exec(ctx, `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`, g.ID)
	require.NoError(t, err)
	err = st.ScheduleGame(ctx, g.ID, organiser.ID, store.GameSchedule{})
	require.ErrorIs(t, err, store.ErrConflict)
	assert.Contains(t, err.Error(), "game: already played")
	require.ErrorIs(t, st.ScheduleGame(ctx, 1<<40, organiser.ID, store.GameSchedule{}), store.ErrNotFound)

	es, err := st.LeagueEvents(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, es, 4)
	assert.Equal(t, "round 2 has no date", es[0].Detail)
	assert.Equal(t, "game 1 set to 2026-12-01 19:00 UTC at Back room", es[1].Detail)
	assert.Equal(t, "rhythm: round 1 on Tue 1 Dec 2026 19:00 CET, then every 7 days", es[3].Detail)
}

func TestCalendarFeedToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	u := newPlayers(t, st, "feed", 1)[0]
	token, err := st.CalendarFeedToken(ctx, u.ID, false)
	require.NoError(t, err)
	again, err := st.CalendarFeedToken(ctx, u.ID, false)
	require.NoError(t, err)
	assert.Equal(t, token, again, "the feed keeps its URL")
	owner, err := st.CalendarFeedOwner(ctx, token)
	require.NoError(t, err)
	assert.Equal(t, u.ID, owner)

	renewed, err := st.CalendarFeedToken(ctx, u.ID, true)
	require.NoError(t, err)
	assert.NotEqual(t, token, renewed)
	_, err = st.CalendarFeedOwner(ctx, token)
	require.ErrorIs(t, err, store.ErrNotFound, "the old URL stops working")
}

func TestQueueAndNextGames(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := newPlayers(t, st, "qu", 10)
	organiser, helper := ps[0], ps[9]
	l := fill(t, st, newLeague(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	games := mustGames(t, st, l.ID)

	// Game 3 is dated later than game 2; the others have no date.
	d2 := time.Date(2026, 12, 1, 19, 0, 0, 0, time.UTC)
	d3 := d2.Add(-24 * time.Hour)
	require.NoError(t, st.ScheduleGame(ctx, games[1].ID, organiser.ID, store.GameSchedule{StartsAt: &d2}))
	require.NoError(t, st.ScheduleGame(ctx, games[2].ID, organiser.ID, store.GameSchedule{StartsAt: &d3}))
	_, err := st.Pool().Exec(ctx, `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`, games[0].ID)
	require.NoError(t, err)

	q, err := st.Queue(ctx, organiser.ID)
	require.NoError(t, err)
	require.Len(t, q, len(games)-1, "every unrecorded game")
	assert.Equal(t, []int{3, 2, 4, 5}, []int{q[0].Number, q[1].Number, q[2].Number, q[3].Number},
		"dated games first, oldest first, then undated ones by number")
	assert.Len(t, q[0].Seats, 4)

	none, err := st.Queue(ctx, helper.ID)
	require.NoError(t, err)
	assert.Empty(t, none, "not a co-organiser yet")
	require.NoError(t, leagues.SetCoOrganiser(ctx, l.ID, organiser.ID, helper.Username, true))
	q2, err := st.Queue(ctx, helper.ID)
	require.NoError(t, err)
	assert.Equal(t, q, q2)
	member, err := st.Queue(ctx, ps[1].ID)
	require.NoError(t, err)
	assert.Empty(t, member, "a member records nothing")

	next, err := st.NextInQueue(ctx, organiser.ID, q[0].GameID)
	require.NoError(t, err)
	assert.Equal(t, q[1].GameID, next.GameID)

	mine, err := st.NextGames(ctx, ps[1].ID, 3)
	require.NoError(t, err)
	require.NotEmpty(t, mine)
	for _, g := range mine {
		assert.Equal(t, ps[1].Username, g.Seats[g.Position-1], "my seat in game %d", g.Number)
	}

	require.NoError(t, leagues.End(ctx, l.ID, organiser.ID, "close"))
	q, err = st.Queue(ctx, organiser.ID)
	require.NoError(t, err)
	assert.Empty(t, q, "a closed league takes no more results")
}
