package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store/storetest"
)

func TestRateCountersCountAndExpire(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	for i := 1; i <= 3; i++ {
		n, err := st.RateHit(ctx, "login-fail-ip", "192.0.2.1", time.Hour)
		require.NoError(t, err)
		assert.InDelta(t, float64(i), n, 0.01, "hit %d", i)
	}
	n, err := st.RateCount(ctx, "login-fail-ip", "192.0.2.1", time.Hour)
	require.NoError(t, err)
	assert.InDelta(t, 3, n, 0.01, "counting does not hit")
	n, err = st.RateCount(ctx, "login-fail-ip", "192.0.2.2", time.Hour)
	require.NoError(t, err)
	assert.Zero(t, n, "another key")
	n, err = st.RateCount(ctx, "signup", "192.0.2.1", time.Hour)
	require.NoError(t, err)
	assert.Zero(t, n, "another kind")

	// Keys that Postgres cannot store as text, or huge ones, still count.
	for _, key := range []string{"bad\xffutf8", "nul\x00byte", string(make([]byte, 5000))} {
		_, err := st.RateHit(ctx, "login-fail-user", key, time.Minute)
		assert.NoError(t, err, "%q", key[:min(len(key), 12)])
	}

	// The previous window counts in proportion to how much of it the last period covers.
	_, err = st.Pool().Exec(ctx, `
		INSERT INTO rate_counters (kind, key, window_start, hits, expires_at)
		SELECT 'signup', 'old', to_timestamp(floor(extract(epoch FROM now()) / 60) * 60) - interval '60 seconds', 10, now() + interval '1 minute'`)
	require.NoError(t, err)
	n, err = st.RateCount(ctx, "signup", "old", time.Minute)
	require.NoError(t, err)
	assert.Greater(t, n, 0.0)
	assert.LessOrEqual(t, n, 10.0)

	_, err = st.Pool().Exec(ctx, `UPDATE rate_counters SET expires_at = now() - interval '1 second' WHERE kind = 'login-fail-ip'`)
	require.NoError(t, err)
	gone, err := st.DeleteExpiredRateCounters(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(1), gone)
}
