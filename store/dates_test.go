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
	require.NoError(t, leagues.ScheduleGame(ctx, games[1].ID, organiser.ID, store.GameSchedule{StartsAt: &d2}))
	require.NoError(t, leagues.ScheduleGame(ctx, games[2].ID, organiser.ID, store.GameSchedule{StartsAt: &d3}))
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
