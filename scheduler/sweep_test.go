package scheduler

import (
	"fmt"
	"math/bits"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// sweepResult is what the sweep measures of one schedule.
type sweepResult struct {
	n, k, r  int
	rounds   bool
	spread   int
	bound    int // the arithmetic lower bound
	floor    Floor
	neverMet int // pairs who never meet
	took     time.Duration
}

// sweepLeague builds the schedule of n players, k per game, default games per player,
// seed 0 (the command's default), checks it and measures it.
func sweepLeague(t testing.TB, n, k int, rounds bool) sweepResult {
	t.Helper()
	opts := Options{Players: n, PerGame: k, Rounds: rounds}
	start := time.Now()
	s, err := Build(opts)
	took := time.Since(start)
	require.NoError(t, err)
	require.NoError(t, Verify(s, opts))
	checkRoundsSeatNobodyTwice(t, s, rounds)
	floor, err := SpreadFloor(opts)
	require.NoError(t, err)
	rep := Fairness(s)
	res := sweepResult{n: n, k: k, r: DefaultGamesPerPlayer(n, k), rounds: rounds, spread: rep.Spread,
		bound: rep.SpreadLowerBound, floor: floor, took: took}
	for a := range n {
		for b := a + 1; b < n; b++ {
			if rep.Matchups[a][b] == 0 {
				res.neverMet++
			}
		}
	}
	assert.GreaterOrEqual(t, res.spread, floor.Spread, "N=%d k=%d rounds=%v: below the floor", n, k, rounds)
	return res
}

// checkRoundsSeatNobodyTwice checks, from the games alone, that no round seats anybody
// twice and that everybody sits out equally many rounds.
func checkRoundsSeatNobodyTwice(t testing.TB, s Schedule, rounds bool) {
	t.Helper()
	busy := make(map[int]uint64) // round -> players seated (bit p−1)
	for _, g := range s.Games {
		for _, q := range g.Seats {
			bit := uint64(1) << (q - 1)
			require.Zero(t, busy[g.Round]&bit, "player %d twice in round %d", q, g.Round)
			busy[g.Round] |= bit
		}
	}
	if !rounds {
		return
	}
	out := make([]int, s.Players)
	for _, seated := range busy {
		for q := range s.Players {
			if seated&(1<<q) == 0 {
				out[q]++
			}
		}
	}
	for q := range out {
		require.Equal(t, out[0], out[q], "player %d sits out %d rounds, player 1 %d", q+1, out[q], out[0])
	}
}

// BenchmarkSweepEveryLeague builds every league of N = 5..32 players, K = 2..8 per game
// (K ≤ N), default games per player, seed 0, plain and in rounds; checks each (Verify,
// nobody twice in a round, sitting out even, never below the floor) and logs the
// table of spreads that docs/rules.md holds (`make sweep` prints it).
func BenchmarkSweepEveryLeague(b *testing.B) {
	for b.Loop() {
		var results []sweepResult
		for n := 5; n <= MaxPlayers; n++ {
			for k := 2; k <= min(8, n); k++ {
				for _, rounds := range []bool{false, true} {
					results = append(results, sweepLeague(b, n, k, rounds))
				}
			}
		}
		// Printed rather than logged: a benchmark's log is cut to a few lines.
		fmt.Print(sweepTable(results))
	}
}

// sweepTable writes the results as the table of docs/rules.md: one row per N, one column per
// K, each cell "plain / rounds" spreads. A spread above the floor (the gap unknown) is
// marked ?, a floor above the arithmetic bound by its reason (p parity, s symmetric
// design, x exhaustive search, c counting), and pairs who never meet are counted in
// brackets.
func sweepTable(results []sweepResult) string {
	var sb strings.Builder
	cell := func(r sweepResult) string {
		s := fmt.Sprint(r.spread)
		if r.floor.Spread > r.bound {
			s += map[string]string{FloorParity: "p", FloorSymmetric: "s", FloorExhaustive: "x", FloorCounting: "c"}[r.floor.Reason]
		}
		if r.spread > r.floor.Spread {
			s += "?"
		}
		if r.neverMet > 0 {
			s += fmt.Sprintf("[%d]", r.neverMet)
		}
		return s
	}
	sb.WriteString("| N | K=2 | 3 | 4 | 5 | 6 | 7 | 8 |\n|---|---|---|---|---|---|---|---|\n")
	byShape := make(map[[2]int][2]sweepResult)
	for _, r := range results {
		pair := byShape[[2]int{r.n, r.k}]
		if r.rounds {
			pair[1] = r
		} else {
			pair[0] = r
		}
		byShape[[2]int{r.n, r.k}] = pair
	}
	type tally struct{ shapes, atBound, atFloor, unmet int }
	var plain, rounds, plain16, rounds16 tally
	var slowest time.Duration
	var slowestAt string
	count := func(t *tally, r sweepResult) {
		t.shapes++
		if r.spread == r.bound {
			t.atBound++
		}
		if r.spread == r.floor.Spread {
			t.atFloor++
		}
		if r.neverMet > 0 {
			t.unmet++
		}
	}
	for n := 5; n <= MaxPlayers; n++ {
		fmt.Fprintf(&sb, "| %d |", n)
		for k := 2; k <= 8; k++ {
			pair, ok := byShape[[2]int{n, k}]
			if !ok {
				sb.WriteString(" |")
				continue
			}
			fmt.Fprintf(&sb, " %s / %s |", cell(pair[0]), cell(pair[1]))
			count(&plain, pair[0])
			count(&rounds, pair[1])
			if n <= 16 {
				count(&plain16, pair[0])
				count(&rounds16, pair[1])
			}
			for _, r := range pair {
				if r.took > slowest {
					slowest, slowestAt = r.took, fmt.Sprintf("N=%d K=%d rounds=%v", r.n, r.k, r.rounds)
				}
			}
		}
		sb.WriteString("\n")
	}
	for _, line := range []struct {
		name string
		t    tally
	}{{"plain, N 5..16", plain16}, {"rounds, N 5..16", rounds16}, {"plain, N 5..32", plain}, {"rounds, N 5..32", rounds}} {
		fmt.Fprintf(&sb, "%s: %d shapes, %d at the arithmetic bound, %d at the floor, %d with pairs who never meet\n",
			line.name, line.t.shapes, line.t.atBound, line.t.atFloor, line.t.unmet)
	}
	fmt.Fprintf(&sb, "slowest build: %v (%s)\n", slowest.Round(time.Millisecond), slowestAt)
	return sb.String()
}

// BenchmarkThirtyTwoFourAGame draws a league of 32 players, 4 a game (default games
// per player), plain and in rounds, a new seed each time; the target is under a second.
func BenchmarkThirtyTwoFourAGame(b *testing.B) {
	for _, rounds := range []bool{false, true} {
		b.Run(fmt.Sprintf("rounds=%v", rounds), func(b *testing.B) {
			seed := uint64(0)
			for b.Loop() {
				if _, err := Build(Options{Players: 32, PerGame: 4, Seed: seed, Rounds: rounds}); err != nil {
					b.Fatal(err)
				}
				seed++
			}
		})
	}
}

// twoTableWindowFits searches exhaustively for 2k players at two tables of k, nobody
// sitting out, for r rounds, with every meeting count in lo..hi (hi < r). A player is
// the bit list of its tables round by round (bit set: the second table); c(a,b) is r
// minus the rounds in which their bits differ. Player 1 is at the first table every
// round (swapping a round's tables changes nothing), the lists are searched in
// increasing order (the players are interchangeable, and equal lists would meet r
// times), and every round must seat k at each table.
func twoTableWindowFits(k, r, lo, hi int) bool {
	n, all := 2*k, 1<<r-1
	lists := []int{0}
	second := make([]int, r) // players at the second table, round by round
	fits := func(v, w int) bool {
		c := r - bits.OnesCount(uint(v^w))
		return c >= lo && c <= hi
	}
	var extend func(from int) bool
	extend = func(from int) bool {
		if len(lists) == n {
			return true
		}
	next:
		for v := from; v <= all; v++ {
			for _, w := range lists {
				if !fits(v, w) {
					continue next
				}
			}
			for i := range r {
				at := second[i] + v>>i&1
				if at > k || len(lists)+1-at > k {
					continue next
				}
			}
			for i := range r {
				second[i] += v >> i & 1
			}
			lists = append(lists, v)
			if extend(v + 1) {
				return true
			}
			lists = lists[:len(lists)-1]
			for i := range r {
				second[i] -= v >> i & 1
			}
		}
		return false
	}
	return extend(1)
}

// proveExhaustiveFloor checks an entry of exhaustiveFloors: no window of width
// floor − 1 around the mean meeting count fits, and (when the search can say) one of
// width floor does.
func proveExhaustiveFloor(t testing.TB, n, k, r, floor int) {
	t.Helper()
	require.Equal(t, 2*k, n, "exhaustive floors are for two tables a round, nobody sitting out")
	// The mean meeting count r(k−1)/(n−1) lies in every window that could fit.
	for lo := 0; lo+floor-1 < r; lo++ {
		hi := lo + floor - 1
		if lo*(n-1) > r*(k-1) || hi*(n-1) < r*(k-1) {
			continue
		}
		assert.False(t, twoTableWindowFits(k, r, lo, hi), "N=%d k=%d r=%d: counts %d..%d fit", n, k, r, lo, hi)
	}
}

// TestExhaustiveFloors re-proves the quick entries of exhaustiveFloors (10 players,
// 5 a game: spread 2 is out of reach) and checks the search finds what exists (12
// players, 6 a game, counts 2..4); BenchmarkSweepExhaustiveFloors re-proves them all.
func TestExhaustiveFloors(t *testing.T) {
	t.Parallel()
	require.Equal(t, 3, exhaustiveFloors[[3]int{10, 5, 5}])
	proveExhaustiveFloor(t, 10, 5, 5, 3)
	assert.True(t, twoTableWindowFits(5, 5, 1, 4))
	assert.True(t, twoTableWindowFits(6, 6, 2, 4))
	// The parity floor, found again by the search: 6 players at two tables of 3 for
	// 3 rounds cannot keep every count within 1 of another.
	assert.False(t, twoTableWindowFits(3, 3, 1, 2))
	assert.False(t, twoTableWindowFits(3, 3, 0, 1))
	assert.False(t, twoTableSpreadFits(mustPlan(t, Options{Players: 6, PerGame: 3, Rounds: true})))
}

// BenchmarkSweepExhaustiveFloors re-proves every entry of exhaustiveFloors, and 14
// players at two tables of 7 (floor 3 by counting) by the exhaustive search as well.
func BenchmarkSweepExhaustiveFloors(b *testing.B) {
	shapes := map[[3]int]int{{14, 7, 7}: 3}
	for shape, floor := range exhaustiveFloors {
		shapes[shape] = floor
	}
	for shape, floor := range shapes {
		b.Run(fmt.Sprintf("N=%d/k=%d/r=%d", shape[0], shape[1], shape[2]), func(b *testing.B) {
			for b.Loop() {
				proveExhaustiveFloor(b, shape[0], shape[1], shape[2], floor)
			}
		})
	}
}

// mustPlan is newPlan for options known to be valid.
func mustPlan(t testing.TB, opts Options) plan {
	t.Helper()
	p, err := newPlan(opts)
	require.NoError(t, err)
	return p
}
