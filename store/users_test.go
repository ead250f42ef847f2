package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

func TestCreateUserAndAuthenticate(t *testing.T) {
	ctx := context.Background()
	st := storetest.NewStore(t)

	created, err := st.CreateUser(ctx, store.NewUser{Username: "Ada", DisplayName: "Ada Lovelace", Password: "analytical-engine"})
	require.NoError(t, err)
	assert.Equal(t, "Ada", created.Username)
	assert.Equal(t, "Ada Lovelace", created.DisplayName)
	assert.NotZero(t, created.ID)

	got, err := st.Authenticate(ctx, "ADA", "analytical-engine")
	require.NoError(t, err)
	assert.Equal(t, created.ID, got.ID)

	_, err = st.Authenticate(ctx, "ada", "difference-engine")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
	_, err = st.Authenticate(ctx, "babbage", "analytical-engine")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
}
