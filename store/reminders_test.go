package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
)

// startAt dates the game at.
func (w *world) startAt(gameID int64, at time.Time) {
	w.TB.Helper()
	_, err := w.Pool.Exec(context.Background(), `UPDATE games SET starts_at = $2 WHERE id = $1`, gameID, at)
	require.NoError(w.TB, err)
}

func TestRemindersOncePerGameAndStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	now := time.Now().Truncate(time.Second)
	w.startAt(games[0], now.Add(2*time.Hour))
	w.startAt(games[1], now.Add(30*time.Hour)) // beyond the window
	n, err := service.NewNotices(w.Store).EnqueueReminders(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, 4, n, "the four players of the game starting within 24 h")
	n, err = service.NewNotices(w.Store).EnqueueReminders(ctx, now)
	require.NoError(t, err)
	assert.Zero(t, n, "a second server's run writes nothing again")

	w.startAt(games[0], now.Add(3*time.Hour)) // moved: its players hear of the new time
	n, err = service.NewNotices(w.Store).EnqueueReminders(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, 4, n)
}

// TestRemindersAtTheWindowsEdges: a game starting exactly league.ReminderWindow from now is
// reminded of; one starting exactly now is not (it has begun), but was a moment before.
func TestRemindersAtTheWindowsEdges(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	now := time.Now().Truncate(time.Second)
	w.startAt(games[0], now.Add(league.ReminderWindow))
	w.startAt(games[1], now)
	n, err := service.NewNotices(w.Store).EnqueueReminders(ctx, now)
	require.NoError(t, err)
	assert.Equal(t, 4, n, "the game at the window's far edge, not the one starting now")
	n, err = service.NewNotices(w.Store).EnqueueReminders(ctx, now.Add(-time.Microsecond))
	require.NoError(t, err)
	assert.Equal(t, 4, n, "a moment before it starts, the second game is due")
}
