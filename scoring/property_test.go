package scoring

import (
	"hash/fnv"
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// newRand returns a generator seeded from the test's name, so a failure replays exactly.
func newRand(t testing.TB) *rand.Rand {
	h := fnv.New64a()
	_, err := h.Write([]byte(t.Name()))
	require.NoError(t, err)
	return rand.New(rand.NewPCG(h.Sum64(), 2026))
}

// requirePermutationInvariant scores the identity order and one random permutation of n
// players through score (which builds its input from perm: position i holds original player
// perm[i]) and requires every player's points, place and winner flag to be the same.
func requirePermutationInvariant(t testing.TB, rng *rand.Rand, score func(perm []int) (Result, error), n int) {
	t.Helper()
	identity := make([]int, n)
	for i := range identity {
		identity[i] = i
	}
	base, err := score(identity)
	require.NoError(t, err)
	perm := rng.Perm(n)
	shuffled, err := score(perm)
	require.NoError(t, err)
	byID := make(map[string]PlayerResult, n)
	for _, r := range base.Results {
		byID[r.ID] = r
	}
	require.Len(t, shuffled.Results, n)
	for _, r := range shuffled.Results {
		want, ok := byID[r.ID]
		require.True(t, ok, "player %s appeared from nowhere", r.ID)
		require.Zero(t, want.Points.Cmp(r.Points), "%s: %s in input order, %s permuted %v", r.ID, want.Points.RatString(), r.Points.RatString(), perm)
		require.Equal(t, want.Place, r.Place, "%s place", r.ID)
		require.Equal(t, want.Winner, r.Winner, "%s winner", r.ID)
	}
	require.Equal(t, base.Victory, shuffled.Victory)
	require.Equal(t, base.WinningSide, shuffled.WinningSide)
}
