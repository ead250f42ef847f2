package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestCreateUserAndAuthenticate(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	created, err := st.CreateUser(ctx, store.NewUser{Username: "Ada", DisplayName: "Ada Lovelace", Password: "analytical-engine"})
	require.NoError(t, err)
	assert.Equal(t, "Ada", created.Username, "the username keeps its letter case")
	assert.Equal(t, "Ada Lovelace", created.DisplayName)
	assert.NotZero(t, created.ID)
	assert.False(t, created.CreatedAt.IsZero())

	for _, name := range []string{"Ada", "ada", "ADA"} {
		got, err := st.Authenticate(ctx, name, "analytical-engine")
		require.NoError(t, err, name)
		assert.Equal(t, created, got, name)
	}

	_, err = st.Authenticate(ctx, "ada", "difference-engine")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
	_, err = st.Authenticate(ctx, "babbage", "analytical-engine")
	assert.ErrorIs(t, err, store.ErrBadCredentials, "an unknown user looks like a wrong password")
	_, err = st.Authenticate(ctx, "ada", "")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
	// Names Postgres refuses as text (NUL, bytes that are not UTF-8) are unknown users too.
	for _, name := range []string{"ada\x00", "ada\xff"} {
		_, err = st.Authenticate(ctx, name, "analytical-engine")
		assert.ErrorIs(t, err, store.ErrBadCredentials, "%q", name)
	}
}

func TestCreateUserRefusesTakenUsernameInAnyCase(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	_, err := st.CreateUser(ctx, store.NewUser{Username: "grace", DisplayName: "Grace", Password: "compiler-1952"})
	require.NoError(t, err)
	for _, name := range []string{"grace", "Grace", "GRACE"} {
		_, err = st.CreateUser(ctx, store.NewUser{Username: name, DisplayName: "Other", Password: "another-password"})
		assert.ErrorIs(t, err, store.ErrUsernameTaken, name)
		assert.ErrorIs(t, err, store.ErrConflict, name)
		var conflict *store.Conflict
		require.ErrorAs(t, err, &conflict)
		assert.Equal(t, "username: already taken", conflict.Reason)
	}
	n, err := st.UserCount(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
}

func TestUserLookups(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)

	_, err := st.User(ctx, 1)
	assert.ErrorIs(t, err, store.ErrNotFound)
	_, err = st.UserByUsername(ctx, "nobody")
	assert.ErrorIs(t, err, store.ErrNotFound)
	for _, name := range []string{"no\x00body", "no\xffbody"} {
		_, err = st.UserByUsername(ctx, name)
		assert.ErrorIs(t, err, store.ErrNotFound, "%q", name)
	}
	users, err := st.Users(ctx)
	require.NoError(t, err)
	assert.Empty(t, users)

	bruno, err := st.CreateUser(ctx, store.NewUser{Username: "bruno", DisplayName: "Bruno", Password: "citadels-2000"})
	require.NoError(t, err)
	ada, err := st.CreateUser(ctx, store.NewUser{Username: "Ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)

	got, err := st.User(ctx, bruno.ID)
	require.NoError(t, err)
	assert.Equal(t, bruno, got)
	got, err = st.UserByUsername(ctx, "ADA")
	require.NoError(t, err)
	assert.Equal(t, ada, got)

	users, err = st.Users(ctx)
	require.NoError(t, err)
	assert.Equal(t, []store.User{ada, bruno}, users, "ordered by username, ignoring case")
}

func TestPasswordsAreStoredHashed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	_, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)

	var hash string
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT password_hash FROM users`).Scan(&hash))
	assert.NotContains(t, hash, "analytical-engine")
	assert.Regexp(t, `^\$2[aby]\$\d\d\$`, hash, "a bcrypt hash")
}

// countingHasher is bcrypt, counting the hashes and comparisons a Store asks of it.
type countingHasher struct {
	store.Bcrypt
	hashes, compares int
}

func (h *countingHasher) Hash(password []byte, cost int) ([]byte, error) {
	h.hashes++
	return h.Bcrypt.Hash(password, cost)
}

func (h *countingHasher) Compare(hash, password []byte) error {
	h.compares++
	return h.Bcrypt.Compare(hash, password)
}

// Every password hash a Store makes or checks goes through its PasswordHasher, the one
// tests replace to keep bcrypt's cost down under the race detector.
func TestStoreHashesAndChecksPasswordsWithItsHasher(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	h := &countingHasher{}
	st := store.New(storetest.NewPool(t), store.WithPasswordCost(bcrypt.MinCost), store.WithPasswordHasher(h))
	assert.Equal(t, 1, h.hashes, "the hash compared for unknown accounts")

	_, err := st.CreateUser(ctx, store.NewUser{Username: "ada", DisplayName: "Ada", Password: "analytical-engine"})
	require.NoError(t, err)
	_, err = st.HashPassword("difference-engine")
	require.NoError(t, err)
	assert.Equal(t, 3, h.hashes)

	_, err = st.Authenticate(ctx, "ada", "analytical-engine")
	require.NoError(t, err)
	_, err = st.Authenticate(ctx, "ada", "wrong")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
	_, err = st.Authenticate(ctx, "nobody", "analytical-engine")
	assert.ErrorIs(t, err, store.ErrBadCredentials)
	assert.Equal(t, 3, h.compares)
}
