package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestAPITokens(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	accounts := service.NewAccounts(st)
	ada, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)

	first, err := accounts.CreateAPIToken(ctx, ada.ID)
	require.NoError(t, err)
	second, err := accounts.CreateAPIToken(ctx, ada.ID)
	require.NoError(t, err)
	assert.NotEqual(t, first, second)
	assert.GreaterOrEqual(t, len(first), 40, "at least 32 random bytes")

	for _, token := range []string{first, second} {
		got, err := accounts.UserByAPIToken(ctx, token)
		require.NoError(t, err)
		assert.Equal(t, ada, got)
	}
	_, err = accounts.UserByAPIToken(ctx, first+"x")
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = accounts.UserByAPIToken(ctx, "")
	assert.ErrorIs(t, err, store.ErrNotFound)

	var stored int
	require.NoError(t, st.Pool().QueryRow(ctx,
		`SELECT count(*) FROM api_tokens WHERE encode(token_sha256, 'escape') LIKE '%' || $1 || '%'`, first).Scan(&stored))
	assert.Zero(t, stored, "only the hash is stored")

	_, err = st.Pool().Exec(ctx, `UPDATE api_tokens SET expires_at = now() - interval '1 second'`)
	require.NoError(t, err)
	_, err = accounts.UserByAPIToken(ctx, first)
	assert.ErrorIs(t, err, store.ErrNotFound, "expired tokens no longer work")
}

// TestCalendarFeedToken (moved from store: the service now makes the token).
func TestCalendarFeedToken(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	u, err := st.CreateUser(ctx, store.NewUser{Username: "feed", DisplayName: "Feed", Password: "analytical-engine"})
	require.NoError(t, err)
	accounts := service.NewAccounts(st)
	token, err := accounts.CalendarFeedToken(ctx, u.ID, false)
	require.NoError(t, err)
	again, err := accounts.CalendarFeedToken(ctx, u.ID, false)
	require.NoError(t, err)
	assert.Equal(t, token, again, "the feed keeps its URL")
	owner, err := st.CalendarFeedOwner(ctx, token)
	require.NoError(t, err)
	assert.Equal(t, u.ID, owner)

	renewed, err := accounts.CalendarFeedToken(ctx, u.ID, true)
	require.NoError(t, err)
	assert.NotEqual(t, token, renewed)
	_, err = st.CalendarFeedOwner(ctx, token)
	require.ErrorIs(t, err, store.ErrNotFound, "the old URL stops working")
}
