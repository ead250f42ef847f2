package delivery_test

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/delivery"
)

func TestRetryDelayDoublesUpToAnHour(t *testing.T) {
	t.Parallel()
	tests := []struct {
		attempts int
		want     time.Duration
	}{
		{1, 30 * time.Second},
		{2, time.Minute},
		{3, 2 * time.Minute},
		{4, 4 * time.Minute},
		{5, 8 * time.Minute},
		{6, 16 * time.Minute},
		{7, 32 * time.Minute},
		{8, time.Hour},
		{9, time.Hour},
		{20, time.Hour},
		{0, 30 * time.Second}, // River's rescuer may ask before any attempt failed
	}
	for _, tt := range tests {
		assert.Equal(t, tt.want, delivery.RetryDelay(tt.attempts), "after %d attempts", tt.attempts)
	}
	// Six tries in all: 30 s, 1, 2, 4 and 8 min apart, the last about a quarter of an hour
	// after the first.
	assert.Equal(t, 6, delivery.MaxAttempts)
	var waited time.Duration
	for failed := 1; failed < delivery.MaxAttempts; failed++ {
		waited += delivery.RetryDelay(failed)
	}
	assert.Equal(t, 15*time.Minute+30*time.Second, waited)
}

// The purge's cut-off is 30 days before now, to the nanosecond: a delivery written exactly
// then is not before it, and stays.
func TestPurgeBeforeIsThirtyDaysAgo(t *testing.T) {
	t.Parallel()
	now := time.Date(2026, 3, 29, 12, 0, 0, 0, time.UTC)
	assert.Equal(t, time.Date(2026, 2, 27, 12, 0, 0, 0, time.UTC), delivery.PurgeBefore(now))
	assert.Equal(t, 30*24*time.Hour, delivery.Retention)
}
