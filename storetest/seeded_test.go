package storetest_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// A seeded database is filled once per process, and each test gets a clone of its own:
// it holds what the seed made, and what one test writes no other test sees.
func TestSeededStoresAreFilledOnceAndClonedForEachTest(t *testing.T) {
	ctx := context.Background()
	seeds := 0
	seed := func(ctx context.Context, st *store.Store) error {
		seeds++
		_, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
		return err
	}
	var names []string
	for i := range 2 {
		t.Run("clone", func(t *testing.T) {
			st := storetest.NewSeededStore(t, "seeded test", seed)
			n, err := st.UserCount(ctx)
			require.NoError(t, err)
			assert.Equal(t, 1, n, "clone %d holds the seeded account and nothing another clone wrote", i)
			_, err = st.CreateUser(ctx, store.NewUser{Username: "bruno", DisplayName: "Bruno", Password: "analytical-engine"})
			require.NoError(t, err, "clone %d: the same username in every clone", i)
			var name string
			require.NoError(t, st.Pool().QueryRow(ctx, `SELECT current_database()`).Scan(&name))
			names = append(names, name)
		})
	}
	assert.Equal(t, 1, seeds, "the seed ran once")
	require.Len(t, names, 2)
	assert.NotEqual(t, names[0], names[1], "each test has its own database")
}
