package store_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestMigrateIsIdempotent(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)
	require.GreaterOrEqual(t, latest, int64(1))

	for range 2 {
		version, err := store.Migrate(ctx, pool)
		require.NoError(t, err)
		assert.Equal(t, latest, version)
	}
}

func TestMigrateRefusesNewerSchema(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	pool := storetest.NewPool(t)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)
	_, err = pool.Exec(ctx, `INSERT INTO goose_db_version (version_id, is_applied) VALUES ($1, true)`, latest+1)
	require.NoError(t, err)

	_, err = store.Migrate(ctx, pool)
	assert.ErrorIs(t, err, store.ErrSchemaTooNew)
}

func TestOpenCreatesMissingDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MissingDatabase(t)

	st, err := store.Open(ctx, url)
	require.NoError(t, err)
	defer st.Close()
	n, err := st.UserCount(ctx)
	require.NoError(t, err)
	assert.Zero(t, n, "the new database is migrated and empty")

	// Opening again finds it in place.
	again, err := store.Open(ctx, url)
	require.NoError(t, err)
	again.Close()
}

func TestMigrateFromEmptyDatabase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.MissingDatabase(t)
	require.NoError(t, store.EnsureDatabase(ctx, url))
	pool, err := pgxpool.New(ctx, url)
	require.NoError(t, err)
	defer pool.Close()

	version, err := store.Migrate(ctx, pool)
	require.NoError(t, err)
	latest, err := store.LatestSchemaVersion()
	require.NoError(t, err)
	assert.Equal(t, latest, version)

	var tables []string
	rows, err := pool.Query(ctx, `SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY 1`)
	require.NoError(t, err)
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	assert.Subset(t, tables, []string{"api_tokens", "goose_db_version", "sessions", "users"})
}

// The app's sessions run without JIT compilation (issue #38); a URL that sets it keeps it.
func TestConnectTurnsJITOff(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	url := storetest.NewDatabase(t)
	for _, tc := range []struct{ url, want string }{
		{url, "off"},
		{url + " jit=on", "on"},
	} {
		pool, err := store.Connect(ctx, tc.url)
		require.NoError(t, err)
		var jit string
		require.NoError(t, pool.QueryRow(ctx, "SHOW jit").Scan(&jit))
		pool.Close()
		assert.Equal(t, tc.want, jit, tc.url)
	}
}
