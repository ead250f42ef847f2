package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestRateCountersCountAndExpire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	at := time.Now()

	for i := 1; i <= 3; i++ {
		n, err := st.RateHit(ctx, "login-fail-ip", "192.0.2.1", time.Hour, at)
		require.NoError(t, err)
		assert.InDelta(t, float64(i), n, 0.01, "hit %d", i)
	}
	n, err := st.RateCount(ctx, "login-fail-ip", "192.0.2.1", time.Hour, at)
	require.NoError(t, err)
	assert.InDelta(t, 3, n, 0.01, "counting does not hit")
	n, err = st.RateCount(ctx, "login-fail-ip", "192.0.2.2", time.Hour, at)
	require.NoError(t, err)
	assert.Zero(t, n, "another key")
	n, err = st.RateCount(ctx, "signup", "192.0.2.1", time.Hour, at)
	require.NoError(t, err)
	assert.Zero(t, n, "another kind")

	// Keys that Postgres cannot store as text, or huge ones, still count.
	for _, key := range []string{"bad\xffutf8", "nul\x00byte", string(make([]byte, 5000))} {
		_, err := st.RateHit(ctx, "login-fail-user", key, time.Minute, at)
		assert.NoError(t, err, "%q", key[:min(len(key), 12)])
	}

	// The previous window counts in proportion to how much of it the last period covers.
	_, err = st.Pool().Exec(ctx, `
		INSERT INTO rate_counters (kind, key, window_start, hits, expires_at)
		SELECT 'signup', 'old', to_timestamp(floor(extract(epoch FROM $1::timestamptz) / 60) * 60) - interval '60 seconds', 10, now() + interval '1 minute'`, at)
	require.NoError(t, err)
	n, err = st.RateCount(ctx, "signup", "old", time.Minute, at)
	require.NoError(t, err)
	assert.Greater(t, n, 0.0)
	assert.LessOrEqual(t, n, 10.0)

	_, err = st.Pool().Exec(ctx, `UPDATE rate_counters SET expires_at = now() - interval '1 second' WHERE kind = 'login-fail-ip'`)
	require.NoError(t, err)
	gone, err := st.DeleteExpiredRateCounters(ctx, time.Now(), account.DeviceKnownSince(time.Now()))
	require.NoError(t, err)
	assert.Equal(t, int64(1), gone)
}

// The counters go by the time each caller passes, not by the database's clock, so a server
// (or a test) decides which window a hit falls in; the counts stay in the shared database.
func TestRateCountersCountAtTheTimeGiven(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	window := time.Date(2031, 5, 6, 19, 30, 0, 0, time.UTC) // a minute's window starts here

	for i := 1; i <= 8; i++ {
		n, err := st.RateHit(ctx, "login-fail-ip", "192.0.2.1", time.Minute, window.Add(59*time.Second))
		require.NoError(t, err)
		assert.Equal(t, float64(i), n, "hit %d, all in one window", i)
	}
	for _, c := range []struct {
		at   time.Duration
		want float64
	}{
		{0, 8},                        // the window's first instant
		{59 * time.Second, 8},         // its last second
		{60 * time.Second, 8},         // the next window begins: the whole last minute is the earlier one
		{75 * time.Second, 6},         // a quarter of the last minute is in this window: 8 × 3/4
		{90 * time.Second, 4},         // half
		{119 * time.Second, 8.0 / 60}, // one second of the earlier window left
		{120 * time.Second, 0},        // two windows on: forgotten
		{-time.Second, 0},             // before the hits
	} {
		n, err := st.RateCount(ctx, "login-fail-ip", "192.0.2.1", time.Minute, window.Add(c.at))
		require.NoError(t, err)
		assert.InDelta(t, c.want, n, 1e-9, "count at %s", c.at)
	}

	// A take halfway through the next window sees 4 of a limit of 5: it counts one, and
	// the next is refused.
	for i, want := range []bool{true, false} {
		took, err := service.NewLimits(st).Take(ctx, "login-fail-ip", "192.0.2.1", time.Minute, 5, window.Add(90*time.Second))
		require.NoError(t, err)
		assert.Equal(t, want, took, "take %d", i)
	}
}

// A hit given back is uncounted, the last one of a window too, and giving back a window
// with nothing in it changes nothing.
func TestRateGiveBackUncountsOneHit(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	ctx := context.Background()
	at := time.Date(2026, 3, 1, 12, 0, 30, 0, time.UTC)
	for range 2 {
		_, err := st.RateHit(ctx, "login-fail-ip", "192.0.2.1", time.Minute, at)
		require.NoError(t, err)
	}
	for _, want := range []float64{1, 0, 0} {
		require.NoError(t, st.RateGiveBack(ctx, "login-fail-ip", "192.0.2.1", time.Minute, at))
		n, err := st.RateCount(ctx, "login-fail-ip", "192.0.2.1", time.Minute, at)
		require.NoError(t, err)
		assert.InDelta(t, want, n, 1e-9)
	}
}
