package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
)

func TestRemindersOncePerGameAndStart(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	setStart := func(gameID int64, in time.Duration) {
		_, err := w.Pool.Exec(ctx, `UPDATE games SET starts_at = now() + $2::interval WHERE id = $1`, gameID, in)
		require.NoError(t, err)
	}
	setStart(games[0], 2*time.Hour)
	setStart(games[1], 30*time.Hour) // beyond the window
	n, err := service.NewNotices(w.Store).EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, n, "the four players of the game starting within 24 h")
	n, err = service.NewNotices(w.Store).EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Zero(t, n, "a second server's run writes nothing again")

	setStart(games[0], 3*time.Hour) // moved: its players hear of the new time
	n, err = service.NewNotices(w.Store).EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, n)
}
