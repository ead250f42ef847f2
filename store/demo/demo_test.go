package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/demo"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// seededStore is a fresh database with the demo data seeded into it.
func seededStore(t *testing.T) *store.Store {
	t.Helper()
	st := storetest.NewStore(t)
	seeded, err := demo.Seed(context.Background(), st)
	require.NoError(t, err)
	require.True(t, seeded)
	return st
}

func TestSeedFillsAnEmptyDatabaseOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	seeded, err := demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.True(t, seeded)
	users, err := st.Users(ctx)
	require.NoError(t, err)
	require.Len(t, users, len(demo.Users()))
	for _, u := range demo.Users() {
		got, err := st.Authenticate(ctx, u.Username, demo.Password)
		require.NoError(t, err, "%s logs in with the README's password", u.Username)
		assert.Equal(t, u.DisplayName, got.DisplayName)
	}

	seeded, err = demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.False(t, seeded, "a second start seeds nothing")
	n, err := st.UserCount(ctx)
	require.NoError(t, err)
	assert.Equal(t, len(demo.Users()), n)
}

func TestSeedLeavesARealDatabaseAlone(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	_, err := st.CreateUser(ctx, store.NewUser{Username: "someone", DisplayName: "Someone", Password: "a-real-password"})
	require.NoError(t, err)

	seeded, err := demo.Seed(ctx, st)
	require.NoError(t, err)
	assert.False(t, seeded)
	_, err = st.UserByUsername(ctx, demo.Users()[0].Username)
	assert.ErrorIs(t, err, store.ErrNotFound)
}
