package scheduler

import (
	"math/rand/v2"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestSetCounterMatchesMap drives the hash table of player sets with random additions
// and removals (including the backward-shift deletions) against a plain map.
func TestSetCounterMatchesMap(t *testing.T) {
	t.Parallel()
	rng := rand.New(rand.NewPCG(1, 2))
	const keys = 40
	sets := newSetCounter(10) // 64 slots
	want := map[uint32]int32{}
	live := 0
	for it := range 20_000 {
		m := uint32(rng.IntN(keys) + 1)
		by := int32(1)
		if want[m] > 0 && (live >= 40 || rng.IntN(2) == 0) {
			by = -1
		} else if want[m] == 0 && live >= 40 {
			continue
		}
		if want[m] == 0 {
			live++
		}
		sets.bump(m, by)
		want[m] += by
		if want[m] == 0 {
			live--
		}
		// Compared by hand, and only a difference reported: 800,000 testify calls
		// would cost seconds under the race detector for the same check.
		for q := uint32(1); q <= keys; q++ {
			if got := sets.get(q); got != want[q] {
				require.Equal(t, want[q], got, "step %d, set %d", it, q)
			}
		}
	}
}
