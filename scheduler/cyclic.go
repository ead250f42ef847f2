package scheduler

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// group is an abelian group of order n ≤ 32 on the elements 0..n−1: Z_{d1} × ... × Z_{dj}
// in mixed radix, by its tables of sums and differences.
type group struct {
	n        int
	add, sub []uint8 // add[x*n+y] = x + y, sub[x*n+y] = x − y
}

// newGroup builds Z_{f[0]} × Z_{f[1]} × ... (an element's digit i is taken mod f[i]).
func newGroup(factors []int) group {
	n := 1
	for _, f := range factors {
		n *= f
	}
	digits := func(x int) []int {
		d := make([]int, len(factors))
		for i, f := range factors {
			d[i], x = x%f, x/f
		}
		return d
	}
	join := func(d []int) int {
		x := 0
		for i := len(factors) - 1; i >= 0; i-- {
			x = x*factors[i] + (d[i]%factors[i]+factors[i])%factors[i]
		}
		return x
	}
	g := group{n: n, add: make([]uint8, n*n), sub: make([]uint8, n*n)}
	for x := range n {
		dx := digits(x)
		for y := range n {
			dy := digits(y)
			s, t := make([]int, len(factors)), make([]int, len(factors))
			for i := range factors {
				s[i], t[i] = dx[i]+dy[i], dx[i]-dy[i]
			}
			g.add[x*n+y], g.sub[x*n+y] = uint8(join(s)), uint8(join(t))
		}
	}
	return g
}

// abelianGroups lists the abelian groups of order n by their invariant factors
// d1 | d2 | ... | dj (d1 ≥ 2, product n), the cyclic group Z_n first.
func abelianGroups(n int) [][]int {
	var out [][]int
	// Build invariant factors from the largest down: d_j first, then smaller ones
	// dividing it; reversed at the end so that d1 | d2 | ....
	var down func(rest, bound int, prefix []int)
	down = func(rest, bound int, prefix []int) {
		if rest == 1 {
			f := make([]int, len(prefix))
			for i, d := range prefix {
				f[len(prefix)-1-i] = d
			}
			out = append(out, f)
			return
		}
		for f := min(rest, bound); f >= 2; f-- {
			if rest%f == 0 && bound%f == 0 {
				down(rest/f, f, append(prefix, f))
			}
		}
	}
	down(n, n, nil)
	return out
}

// cyclic is a group-invariant design: m = r/k base blocks B_1..B_m, each a k-subset of
// a group of order N whose elements are the players, and as games every translate
// B_i + t (t in the group). Each player lies in exactly k translates of each block, so
// in m·k = r games, and the design has exactly G = N·r/k games whatever the blocks
// are. Two players a and b share c(a,b) = δ(a − b) games, where δ(d) counts the
// ordered pairs (x, y) of one block with x − y = d: the meeting counts depend only on
// the difference, so a search over the m·k elements of the blocks evens out all
// N(N−1)/2 pair counts at once. Spread 0 is a difference family (the Singer and Paley
// difference sets: 21 players 5 per game, 31 players 15 or 16 per game; over Z4×Z4 the
// biplane of 16 players 6 per game; over GF(27)'s additive group Z3×Z3×Z3 the Paley
// design of 27 players, 13 or 14 per game).
type cyclic struct {
	g      group
	k      int
	blocks []uint32 // bit x set: x is in the block
	delta  []int32  // delta[d], d = 0..n−1 (delta[0] unused)
	hist   []int32  // hist[v]: differences d ≠ 0 with δ(d) = v
	weight []int
	cost   int // Σ_{d≠0} w(δ(d)): each difference weighs as many pairs as it holds
}

// newCyclic draws m random base blocks in group g.
func newCyclic(p plan, g group, rng *rand.Rand, quartic bool) *cyclic {
	m := p.r / p.k
	cy := &cyclic{g: g, k: p.k, blocks: make([]uint32, m), delta: make([]int32, p.n),
		hist: make([]int32, p.r+2), weight: pairWeights(p, quartic)}
	for i := range cy.blocks {
		for _, x := range rng.Perm(p.n)[:p.k] {
			cy.blocks[i] |= 1 << x
		}
	}
	for _, b := range cy.blocks {
		for x := b; x != 0; x &= x - 1 {
			for y := b; y != 0; y &= y - 1 {
				if d := cy.diff(bits.TrailingZeros32(x), bits.TrailingZeros32(y)); d != 0 {
					cy.delta[d]++
				}
			}
		}
	}
	for d := 1; d < p.n; d++ {
		cy.cost += cy.weight[cy.delta[d]]
		cy.hist[cy.delta[d]]++
	}
	return cy
}

// diff is x − y in the group.
func (cy *cyclic) diff(x, y int) int { return int(cy.g.sub[x*cy.g.n+y]) }

// bump changes δ(d) by by and returns the change in cost.
func (cy *cyclic) bump(d int, by int32) int {
	old := cy.delta[d]
	cy.delta[d] = old + by
	cy.hist[old]--
	cy.hist[old+by]++
	return cy.weight[old+by] - cy.weight[old]
}

// replace puts y in block i in place of x and returns the change in cost.
func (cy *cyclic) replace(i, x, y int) int {
	b := cy.blocks[i] &^ (1 << x)
	change := 0
	for z := b; z != 0; z &= z - 1 {
		w := bits.TrailingZeros32(z)
		change += cy.bump(cy.diff(x, w), -1) + cy.bump(cy.diff(w, x), -1)
		change += cy.bump(cy.diff(y, w), +1) + cy.bump(cy.diff(w, y), +1)
	}
	cy.blocks[i] = b | 1<<y
	cy.cost += change
	return change
}

// spread is max δ − min δ over the differences d ≠ 0.
func (cy *cyclic) spread() int {
	lo, hi := 0, len(cy.hist)-1
	for cy.hist[lo] == 0 {
		lo++
	}
	for cy.hist[hi] == 0 {
		hi--
	}
	return hi - lo
}

// cyclicTemperature is the fixed temperature of the base-block search: a move that
// costs Δ is taken with probability e^(−Δ/T). Measured over N = 9..32: 8 reaches the
// lower bound more often than 1, 2 or 4 and as often as 16.
const cyclicTemperature = 8.0

// search is a Metropolis search at a fixed temperature over exchanges of one block
// element for an element outside the block, for at most iters exchanges, stopping at
// spread want. It leaves the blocks at the best state seen (least spread, then least
// cost) and returns that spread.
func (cy *cyclic) search(rng *rand.Rand, iters, want int) int {
	all := uint32(1)<<cy.g.n - 1 // n ≤ 32: 1<<32 − 1 in 32-bit arithmetic is all ones
	bestSpread, bestCost := cy.spread(), cy.cost
	best := append([]uint32(nil), cy.blocks...)
	for it := 0; it < iters && bestSpread > want; it++ {
		i := rng.IntN(len(cy.blocks))
		x := pickBit(cy.blocks[i], rng)
		y := pickBit(all&^cy.blocks[i], rng)
		change := cy.replace(i, x, y)
		if change > 0 && rng.Float64() >= math.Exp(-float64(change)/cyclicTemperature) {
			cy.replace(i, y, x)
			continue
		}
		if s := cy.spread(); s < bestSpread || (s == bestSpread && cy.cost < bestCost) {
			bestSpread, bestCost = s, cy.cost
			copy(best, cy.blocks)
		}
	}
	for i, b := range best {
		cy.setBlock(i, b)
	}
	return bestSpread
}

// games lays out every translate of every block, the players relabelled by label.
func (cy *cyclic) games(label []int) []uint32 {
	n := cy.g.n
	games := make([]uint32, 0, len(cy.blocks)*n)
	for _, b := range cy.blocks {
		for t := range n {
			var g uint32
			for x := b; x != 0; x &= x - 1 {
				g |= 1 << label[cy.g.add[bits.TrailingZeros32(x)*n+t]]
			}
			games = append(games, g)
		}
	}
	return games
}

// paleyBlock is the Paley difference set for a prime n ≡ 3 (mod 4): the quadratic
// residues mod n, a (n, (n−1)/2, (n−3)/4) difference set in Z_n, or with 0 added its
// complement's negative, a (n, (n+1)/2, (n+1)/4) difference set. Its translates give
// every pair of players the same number of games. ok is false for any other shape
// (one block of k in Z_n needed: r = k).
func paleyBlock(p plan) (block uint32, ok bool) {
	n := p.n
	if p.r != p.k || n%4 != 3 || (2*p.k != n-1 && 2*p.k != n+1) {
		return 0, false
	}
	for d := 2; d*d <= n; d++ {
		if n%d == 0 {
			return 0, false
		}
	}
	for x := 1; x < n; x++ {
		block |= 1 << (x * x % n)
	}
	if 2*p.k == n+1 {
		block |= 1
	}
	return block, true
}

// setBlock replaces block i by b.
func (cy *cyclic) setBlock(i int, b uint32) {
	for cy.blocks[i] != b {
		cy.replace(i, bits.TrailingZeros32(cy.blocks[i]&^b), bits.TrailingZeros32(b&^cy.blocks[i]))
	}
}

// cyclicIters is the exchange budget of one base-block search.
const cyclicIters = 20_000

// usesGroupDesigns reports whether Build first searches group-invariant designs: three
// or more players per game but not all of them, every game a different set of players,
// and no rounds of several tables (translates do not split into rounds).
func (p plan) usesGroupDesigns() bool {
	return p.k >= 3 && p.k < p.n && p.distinctSets && (!p.rounds || p.perRound == 1) && !p.leagueTable
}

// groupDesign searches group-invariant designs over every abelian group of order N in
// turn (the cyclic group first; for a prime N ≡ 3 mod 4 with r = k and k = (N±1)/2
// starting from the Paley difference set), twice round the groups with the two prices
// of pairWeights, and returns the most even design whose games are all different sets,
// with its spread; nil if none was. It stops as soon as a design reaches spread want.
func (p plan) groupDesign(rng *rand.Rand, want int) ([]uint32, int) {
	groups := abelianGroups(p.n)
	var best []uint32
	bestSpread := 0
	for a := range max(6, 2*len(groups)) {
		cy := newCyclic(p, newGroup(groups[a%len(groups)]), rng, a/len(groups)%2 == 1)
		if b, ok := paleyBlock(p); ok && a == 0 {
			cy.setBlock(0, b)
		}
		s := cy.search(rng, cyclicIters, want)
		games := cy.games(rng.Perm(p.n))
		if !allDifferent(games) || (best != nil && s >= bestSpread) {
			continue
		}
		best, bestSpread = games, s
		if s <= want {
			break
		}
	}
	return best, bestSpread
}

// allDifferent reports whether no two games have the same set of players (a block
// fixed by a translation, or two blocks translates of each other, repeat sets).
func allDifferent(games []uint32) bool {
	seen := make(map[uint32]bool, len(games))
	for _, g := range games {
		if seen[g] {
			return false
		}
		seen[g] = true
	}
	return true
}
