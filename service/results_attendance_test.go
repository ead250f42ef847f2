package service_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// TestAttendanceAnswers: the service decides who may answer for a game's attendance
// (league.Attends, asked in the service, not the store): a seated player's answer is stored,
// dated by the service's clock, and changed by a second answer; anyone not seated is
// refused (store.ErrAttendanceNotSeated), and so is everyone once the game is recorded
// (store.ErrGamePlayed), nothing stored either time.
func TestAttendanceAnswers(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("arcs", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	results := service.NewResults(w.Store)
	ada, elena := w.player("ada").ID, w.player("elena").ID

	before := time.Now()
	require.NoError(t, results.SetAttendance(ctx, games[0], ada, false))
	after := time.Now()
	var coming bool
	var answered time.Time
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT coming, answered_at FROM attendance WHERE game_id = $1 AND user_id = $2`,
		games[0], ada).Scan(&coming, &answered))
	assert.False(t, coming)
	assert.WithinRange(t, answered, before.Add(-time.Microsecond), after.Add(time.Microsecond), "dated by the service's clock")
	require.NoError(t, results.SetAttendance(ctx, games[0], ada, true))
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT coming FROM attendance WHERE game_id = $1 AND user_id = $2`,
		games[0], ada).Scan(&coming))
	assert.True(t, coming, "a second answer replaces the first")

	err := results.SetAttendance(ctx, games[0], elena, true)
	assert.ErrorIs(t, err, store.ErrAttendanceNotSeated, "elena sits at the other table")

	_, err = w.Record(ctx, games[0], w.Organiser.ID, fourPlayerInput)
	require.NoError(t, err)
	err = results.SetAttendance(ctx, games[0], ada, false)
	assert.ErrorIs(t, err, store.ErrGamePlayed)
	var n int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*) FROM attendance WHERE game_id = $1 AND (user_id = $2 OR NOT coming)`,
		games[0], elena).Scan(&n))
	assert.Zero(t, n, "neither refusal stored an answer")
}
