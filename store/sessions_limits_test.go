package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// Trust review 4, finding 4: one locked table held the pool's connections and every page
// waited on it. The app's sessions now carry a lock_timeout and a statement_timeout, so a
// query stuck behind a lock or running too long fails (TimedOut) and gives its connection
// back; the pool has the configured size.
func TestSessionsTimeOutInsteadOfHoldingThePool(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.NewDatabase(t)
	pool, err := store.ConnectWith(ctx, url, store.Sessions{MaxConns: 3, StatementTimeout: 300 * time.Millisecond, LockTimeout: 100 * time.Millisecond})
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	assert.Equal(t, int32(3), pool.Config().MaxConns)
	for name, want := range map[string]string{"lock_timeout": "100ms", "statement_timeout": "300ms"} {
		var got string
		require.NoError(t, pool.QueryRow(ctx, "SHOW "+name).Scan(&got))
		assert.Equal(t, want, got, name)
	}

	// A lock held elsewhere: every query waiting on it fails, none holds a connection.
	other, err := store.Connect(ctx, url)
	require.NoError(t, err)
	t.Cleanup(other.Close)
	tx, err := other.Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `LOCK TABLE leagues IN ACCESS EXCLUSIVE MODE`)
	require.NoError(t, err)
	for range 5 { // more than the pool holds
		_, err := pool.Exec(ctx, `SELECT count(*) FROM leagues`)
		assert.True(t, store.TimedOut(err), "lock timeout: %v", err)
	}
	require.NoError(t, tx.Rollback(ctx))

	_, err = pool.Exec(ctx, `SELECT pg_sleep(5)`)
	assert.True(t, store.TimedOut(err), "statement timeout: %v", err)
	var n int
	require.NoError(t, pool.QueryRow(ctx, `SELECT count(*) FROM leagues`).Scan(&n), "the pool still serves")
}

// The health check asks on a connection of its own: with every pooled connection taken, the
// database still answers it.
func TestPingAloneAnswersWhileThePoolIsHeld(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	for range st.Pool().Config().MaxConns {
		conn, err := st.Pool().Acquire(ctx)
		require.NoError(t, err)
		t.Cleanup(conn.Release)
	}
	short, cancel := context.WithTimeout(ctx, 2*time.Second)
	defer cancel()
	require.NoError(t, st.PingAlone(short))
	require.NoError(t, st.PingAlone(short), "the connection is kept for the next check")
}
