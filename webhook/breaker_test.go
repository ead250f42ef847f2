package webhook_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/webhook"
)

// TestPauseOpensAtTheBreakersFailureAndDoublesUpToAnHour: no pause before the
// BreakerFailures-th failure in a row, a minute at it, doubling after it, never more than
// an hour.
func TestPauseOpensAtTheBreakersFailureAndDoublesUpToAnHour(t *testing.T) {
	t.Parallel()
	b := webhook.BreakerFailures
	for _, tc := range []struct {
		failures int
		want     time.Duration
	}{
		{0, 0},
		{b - 1, 0},
		{b, time.Minute},
		{b + 1, 2 * time.Minute},
		{b + 5, 32 * time.Minute},
		{b + 6, time.Hour}, // 64 minutes, capped
		{b + 7, time.Hour},
		{b + 60, time.Hour},
		{1 << 30, time.Hour},
	} {
		assert.Equal(t, tc.want, webhook.Pause(tc.failures), "after %d failures", tc.failures)
	}
}

func TestPausedUntil(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	_, paused := webhook.PausedUntil(webhook.BreakerFailures-1, now)
	assert.False(t, paused, "below the breaker's count the webhook is not paused")
	until, paused := webhook.PausedUntil(webhook.BreakerFailures, now)
	assert.True(t, paused)
	assert.Equal(t, now.Add(time.Minute), until)
}

// TestPauseEndingExactlyNowIsOver: a webhook paused until now is tried now; a moment
// earlier it waits.
func TestPauseEndingExactlyNowIsOver(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	assert.False(t, webhook.Paused(&now, now), "a pause that ends exactly now is over")
	assert.True(t, webhook.Paused(&now, now.Add(-time.Nanosecond)))
	assert.False(t, webhook.Paused(nil, now), "never paused")
	past := now.Add(-time.Minute)
	assert.False(t, webhook.Paused(&past, now))
}
