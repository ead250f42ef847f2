package store_test

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

	mine, err := st.NextGames(ctx, ps[1].ID, d3.Add(-48*time.Hour), 3)
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

// A game whose date has passed is no longer one of a player's next games; where players
// report, it is one to report until somebody proposes its result (issue #34), except for a
// player who said they could not come.
func TestUnreportedGamesAndNextGamesToCome(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	leagues := service.NewLeagues(st)
	ps := newPlayers(t, st, "un", 9)
	organiser := ps[0]
	l := fill(t, st, newLeague(t, st, organiser, "gonzaga", 4, 0), ps[1:9])
	_, err := st.Pool().Exec(ctx, `UPDATE leagues SET results_by = 'players' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	games := mustGames(t, st, l.ID)
	now := time.Date(2026, 12, 1, 12, 0, 0, 0, time.UTC)
	past, later := now.Add(-48*time.Hour), now.Add(48*time.Hour)
	var mine []store.Game
	for _, g := range games {
		for _, seat := range g.Seats {
			if seat.UserID == ps[1].ID {
				mine = append(mine, g)
			}
		}
	}
	require.GreaterOrEqual(t, len(mine), 3)
	require.NoError(t, leagues.ScheduleGame(ctx, mine[0].ID, organiser.ID, store.GameSchedule{StartsAt: &past}))
	require.NoError(t, leagues.ScheduleGame(ctx, mine[1].ID, organiser.ID, store.GameSchedule{StartsAt: &later}))

	next, err := st.NextGames(ctx, ps[1].ID, now, 20)
	require.NoError(t, err)
	var ids []int64
	for _, g := range next {
		ids = append(ids, g.GameID)
	}
	assert.NotContains(t, ids, mine[0].ID, "a game whose date has passed is not to come")
	assert.Equal(t, mine[1].ID, ids[0], "the dated game to come first")
	assert.Contains(t, ids, mine[2].ID, "an undated game is still to come")

	todo, err := st.Unreported(ctx, ps[1].ID, now, 20)
	require.NoError(t, err)
	require.Len(t, todo, 1)
	assert.Equal(t, mine[0].ID, todo[0].GameID)
	assert.Equal(t, ps[1].Username, todo[0].Seats[todo[0].Position-1])

	// Said "I can't come": not asked to report it.
	_, err = st.Pool().Exec(ctx, `INSERT INTO attendance (game_id, user_id, coming) VALUES ($1, $2, false)`, mine[0].ID, ps[1].ID)
	require.NoError(t, err)
	todo, err = st.Unreported(ctx, ps[1].ID, now, 20)
	require.NoError(t, err)
	assert.Empty(t, todo)

	// Somebody proposed it: nothing left to report for anyone.
	other := mine[0].Seats[0].UserID
	if other == ps[1].ID {
		other = mine[0].Seats[1].UserID
	}
	todo, err = st.Unreported(ctx, other, now, 20)
	require.NoError(t, err)
	require.Len(t, todo, 1)
	_, err = st.Pool().Exec(ctx, `INSERT INTO result_proposals (game_id, proposer_id, input, closes_at) VALUES ($1, $2, '{}', $3)`,
		mine[0].ID, other, later)
	require.NoError(t, err)
	todo, err = st.Unreported(ctx, other, now, 20)
	require.NoError(t, err)
	assert.Empty(t, todo)

	// Where only the organisers record, nobody is asked to report.
	_, err = st.Pool().Exec(ctx, `UPDATE leagues SET results_by = 'organisers' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	_, err = st.Pool().Exec(ctx, `DELETE FROM result_proposals WHERE game_id = $1`, mine[0].ID)
	require.NoError(t, err)
	todo, err = st.Unreported(ctx, other, now, 20)
	require.NoError(t, err)
	assert.Empty(t, todo)
}
