package storetest_test

import (
	"context"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestEachDatabaseIsFreshMigratedAndDropped(t *testing.T) {
	ctx := context.Background()
	var names []string
	for i := range 2 {
		t.Run("clone", func(t *testing.T) {
			st := storetest.NewStore(t)
			n, err := st.UserCount(ctx)
			require.NoError(t, err)
			assert.Zero(t, n, "clone %d starts empty", i)
			_, err = st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
			require.NoError(t, err, "the same username in every clone: they do not share rows")
			var name string
			require.NoError(t, st.Pool().QueryRow(ctx, `SELECT current_database()`).Scan(&name))
			names = append(names, name)
		})
	}
	require.Len(t, names, 2)
	assert.NotEqual(t, names[0], names[1])

	conn, err := pgx.Connect(ctx, storetest.NewDatabase(t))
	require.NoError(t, err)
	defer conn.Close(ctx)
	storetest.WaitForDrops() // TestMain is storetest.Main: passed tests' databases go in the background
	var left int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM pg_database WHERE datname = ANY($1)`, names).Scan(&left))
	assert.Zero(t, left, "databases of passed tests are dropped")
}
