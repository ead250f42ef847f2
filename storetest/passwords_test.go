package storetest_test

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/storetest"
)

// The test stores' hasher gives real bcrypt hashes at the cost asked and bcrypt's own
// answers, but hashes a password only once per cost.
func TestPasswordsAreBcryptHashedOnceAPassword(t *testing.T) {
	t.Parallel()
	first, err := storetest.Passwords.Hash([]byte("the-same-password"), bcrypt.MinCost)
	require.NoError(t, err)
	again, err := storetest.Passwords.Hash([]byte("the-same-password"), bcrypt.MinCost)
	require.NoError(t, err)
	assert.Equal(t, first, again, "one hash a password")
	cost, err := bcrypt.Cost(first)
	require.NoError(t, err)
	assert.Equal(t, bcrypt.MinCost, cost)
	require.NoError(t, bcrypt.CompareHashAndPassword(first, []byte("the-same-password")), "a real bcrypt hash")

	other, err := storetest.Passwords.Hash([]byte("another-password"), bcrypt.MinCost)
	require.NoError(t, err)
	assert.NotEqual(t, first, other)
	higher, err := storetest.Passwords.Hash([]byte("the-same-password"), bcrypt.MinCost+1)
	require.NoError(t, err)
	cost, err = bcrypt.Cost(higher)
	require.NoError(t, err)
	assert.Equal(t, bcrypt.MinCost+1, cost, "each cost its own hash")

	for range 2 { // asked, then remembered
		assert.NoError(t, storetest.Passwords.Compare(first, []byte("the-same-password")))
		assert.ErrorIs(t, storetest.Passwords.Compare(first, []byte("the-wrong-password")), bcrypt.ErrMismatchedHashAndPassword)
		assert.Error(t, storetest.Passwords.Compare([]byte("not a hash"), []byte("the-same-password")))
	}
}
