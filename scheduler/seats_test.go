package scheduler

import (
	"math/rand/v2"
	"slices"
	"testing"

	"github.com/stretchr/testify/require"
)

// TestCycleDeltaPricesExchanges checks the turn-order search's pricing of a seat
// exchange against making the exchange, for every kind of seat pair (neighbours
// either way round, first and last seat, far apart).
func TestCycleDeltaPricesExchanges(t *testing.T) {
	t.Parallel()
	for _, k := range []int{3, 5, 6} {
		p, err := newPlan(Options{Players: 8, PerGame: k})
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(1, uint64(k)))
		d := newDesign(p, rng, false)
		d.search(rng, 100_000, p.aimSpread)
		st := newSeating(p, assignSeats(p, d.games, rng), false)
		for it := range 5000 {
			i, j := rng.IntN(k), rng.IntN(k)
			if i == j {
				continue
			}
			var cycle []int
			for range 1 + rng.IntN(4) {
				if g := rng.IntN(p.games); !slices.Contains(cycle, g) {
					cycle = append(cycle, g)
				}
			}
			want := st.cycleDelta(cycle, i, j)
			before := st.followCost
			for _, g := range cycle {
				st.swapInGame(g, i, j)
			}
			require.Equal(t, want, st.followCost-before, "k=%d step %d seats %d,%d", k, it, i, j)
		}
	}
}

// TestAssignSeatsBalancesEverySeat checks the König colouring on its own: every player
// in every seat exactly r/k times, every game with k different players.
func TestAssignSeatsBalancesEverySeat(t *testing.T) {
	t.Parallel()
	for _, opts := range []Options{
		{Players: 8, PerGame: 3}, {Players: 8, PerGame: 7}, {Players: 13, PerGame: 4, GamesPerPlayer: 8},
	} {
		p, err := newPlan(opts)
		require.NoError(t, err)
		rng := rand.New(rand.NewPCG(4, 4))
		d := newDesign(p, rng, false)
		seat := assignSeats(p, d.games, rng)
		count := make([]int, p.n*p.k)
		for g, m := range d.games {
			var got uint32
			for s := range p.k {
				q := seat[g*p.k+s]
				got |= 1 << q
				count[q*p.k+s]++
			}
			require.Equal(t, m, got, "game %d seats exactly its players", g)
		}
		for _, c := range count {
			require.Equal(t, p.seatTimes, c)
		}
	}
}
