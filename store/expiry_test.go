package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// TestAPITokenExpiresAtItsBoundary: a token is written with the times the caller gives
// (no clock of the store's), works until a microsecond before its expiry and not at the
// expiry itself, and its use is recorded only when none is recorded since the time given.
func TestAPITokenExpiresAtItsBoundary(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ada, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)
	issued := time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)
	expires := account.Expires(issued, account.APITokenLifetime)
	token, sum, err := account.NewToken()
	require.NoError(t, err)
	require.NoError(t, pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		return st.InsertAPIToken(ctx, tx, ada.ID, sum, "script", issued, expires)
	}))
	tokens, err := st.APITokens(ctx, ada.ID, issued)
	require.NoError(t, err)
	require.Len(t, tokens, 1)
	assert.True(t, issued.Equal(tokens[0].CreatedAt), "issued at the time given")
	assert.True(t, expires.Equal(tokens[0].ExpiresAt), "expires at the time given")

	justBefore := expires.Add(-time.Microsecond)
	got, err := st.UserByAPIToken(ctx, token, justBefore, account.TokenUseSince(justBefore))
	require.NoError(t, err, "a microsecond before its expiry the token works")
	assert.Equal(t, ada.ID, got.ID)
	_, err = st.UserByAPIToken(ctx, token, expires, account.TokenUseSince(expires))
	assert.ErrorIs(t, err, store.ErrNotFound, "at exactly its expiry it no longer does")
	tokens, err = st.APITokens(ctx, ada.ID, expires)
	require.NoError(t, err)
	assert.Empty(t, tokens, "nor is it listed")

	var used time.Time
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT last_used_at FROM api_tokens`).Scan(&used))
	assert.True(t, justBefore.Equal(used), "the use is recorded at the time given")
	// A use recorded since the time given (here: since a minute before) is kept.
	again := justBefore.Add(-30 * time.Second)
	_, err = st.UserByAPIToken(ctx, token, again, account.TokenUseSince(again))
	require.NoError(t, err)
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT last_used_at FROM api_tokens`).Scan(&used))
	assert.True(t, justBefore.Equal(used), "a use recorded since is kept")

	var live int
	require.NoError(t, pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		live, err = st.LiveAPITokens(ctx, tx, ada.ID, justBefore)
		return err
	}))
	assert.Equal(t, 1, live, "live a microsecond before")
	require.NoError(t, pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		live, err = st.LiveAPITokens(ctx, tx, ada.ID, expires)
		return err
	}))
	assert.Zero(t, live, "expired at its expiry, and deleted")
}

// TestAccountLinkExpiresAtItsBoundary: a link is written with the times the caller gives,
// may be used until a microsecond before its expiry and not at the expiry itself, and the
// sweep at its expiry removes it.
func TestAccountLinkExpiresAtItsBoundary(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	ada, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)
	made := time.Date(2031, 5, 1, 12, 0, 0, 0, time.UTC)
	expires := account.Expires(made, account.ResetLinkLifetime)
	token, sum, err := account.NewToken()
	require.NoError(t, err)
	require.NoError(t, pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		return st.InsertLink(ctx, tx, sum, ada.ID, store.ResetPasswordLink, "", made, expires)
	}))
	var lifetime time.Duration
	require.NoError(t, st.Pool().QueryRow(ctx,
		`SELECT extract(epoch FROM expires_at - created_at)::bigint * 1000000000 FROM account_links`).Scan(&lifetime))
	assert.Equal(t, time.Hour, lifetime)

	justBefore := expires.Add(-time.Microsecond)
	ok, err := st.ResetLinkValid(ctx, token, justBefore)
	require.NoError(t, err)
	assert.True(t, ok, "valid a microsecond before its expiry")
	ok, err = st.ResetLinkValid(ctx, token, expires)
	require.NoError(t, err)
	assert.False(t, ok, "not at exactly its expiry")

	err = pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		_, _, err := st.UseLink(ctx, tx, token, store.ResetPasswordLink, expires)
		return err
	})
	assert.ErrorIs(t, err, store.ErrLinkInvalid, "spent at its expiry: refused")

	gone, err := st.DeleteExpiredAccountLinks(ctx, justBefore)
	require.NoError(t, err)
	assert.Zero(t, gone, "the sweep a microsecond before keeps it")
	var userID int64
	require.NoError(t, pgx.BeginFunc(ctx, st.Pool(), func(tx pgx.Tx) error {
		userID, _, err = st.UseLink(ctx, tx, token, store.ResetPasswordLink, justBefore)
		return err
	}))
	assert.Equal(t, ada.ID, userID, "spent a microsecond before: its account")
	gone, err = st.DeleteExpiredAccountLinks(ctx, expires)
	require.NoError(t, err)
	assert.Equal(t, int64(1), gone, "the sweep at its expiry removes it")
}
