package scheduler

import (
	"math"
	"math/bits"
	"math/rand/v2"
)

// design is the first stage of a schedule: which players meet in which game (as bit
// sets, bit p for player p+1) and, with rounds, which games form a round.
//
// The search keeps every player in exactly r games and every round free of double
// bookings at all times, and moves only by degree-preserving swaps: player x leaves
// game g for game h while player y leaves h for g. Its objective is exact: a strictly
// convex price of c(a,b) summed over pairs (pairWeights), which for a fixed total of
// meetings is least exactly when all counts differ by at most 1 (the seed's "play
// against all other 7 players an equal number of times", as nearly as arithmetic
// allows), plus a price per pair of games with the same set of players (the seed's
// "in each game you'll match a different set of players").
type design struct {
	p         plan
	games     []uint32 // players of each game
	round     []int    // round of each game
	roundMask []uint32 // players of each round
	meet      []int32  // meet[a*n+b] = c(a,b)
	hist      []int32  // hist[c]: pairs a < b with c(a,b) = c
	lo, hi    int32    // least and greatest c(a,b)
	sets      setCounter

	pairCost, dupCost int   // Σ w(c), Σ over sets of m(m−1)/2
	weight            []int // w(c), strictly convex
}

// designDupWeight is what one pair of games with the same set of players costs in the
// player-set search, against a change of 8 in Σ w(c) for moving one meeting from one
// pair to another.
const designDupWeight = 24

// newDesign lays out a first design: the players in a seeded random order, written
// cyclically into the games, k at a time. Consecutive runs of at most n places of a
// cycle hold distinct players, so every game and every round is valid, and n·r places
// give every player exactly r games.
func newDesign(p plan, rng *rand.Rand, quartic bool) *design {
	d := &design{
		p:         p,
		games:     make([]uint32, p.games),
		round:     make([]int, p.games),
		roundMask: make([]uint32, p.numRounds),
		meet:      make([]int32, p.n*p.n),
		hist:      make([]int32, p.r+2),
		weight:    pairWeights(p, quartic),
		sets:      newSetCounter(p.games),
	}
	order := rng.Perm(p.n)
	pos := 0
	for g := range d.games {
		for range p.k {
			d.games[g] |= 1 << order[pos%p.n]
			pos++
		}
		d.round[g] = g / p.perRound
		d.roundMask[d.round[g]] |= d.games[g]
	}
	d.recount()
	return d
}

// measure sets up the counts of a design laid out elsewhere and returns its spread.
func (d *design) measure() int {
	p := d.p
	d.round = make([]int, p.games)
	for g := range d.round {
		d.round[g] = g / p.perRound
	}
	d.roundMask = make([]uint32, p.numRounds)
	d.meet = make([]int32, p.n*p.n)
	d.hist = make([]int32, p.r+2)
	d.weight = pairWeights(p, false)
	d.sets = newSetCounter(p.games)
	d.rebuildRounds()
	d.recount()
	return d.spread()
}

// recount recomputes the meeting counts, set multiplicities and costs from scratch.
func (d *design) recount() {
	n := d.p.n
	clear(d.meet)
	d.sets.reset()
	d.dupCost = 0
	for _, g := range d.games {
		for a := g; a != 0; a &= a - 1 {
			x := bits.TrailingZeros32(a)
			for b := a & (a - 1); b != 0; b &= b - 1 {
				y := bits.TrailingZeros32(b)
				d.meet[x*n+y]++
				d.meet[y*n+x]++
			}
		}
		d.dupCost += int(d.sets.add(g))
	}
	d.pairCost = 0
	clear(d.hist)
	d.lo, d.hi = math.MaxInt32, 0
	for a := range n {
		for b := a + 1; b < n; b++ {
			c := d.meet[a*n+b]
			d.pairCost += d.weight[c]
			d.hist[c]++
			d.lo, d.hi = min(d.lo, c), max(d.hi, c)
		}
	}
}

// meetMore counts one more game shared by a and b.
func (d *design) meetMore(a, b int) {
	i, j := a*d.p.n+b, b*d.p.n+a
	c := d.meet[i]
	d.meet[i], d.meet[j] = c+1, c+1
	d.hist[c]--
	d.hist[c+1]++
	d.hi = max(d.hi, c+1)
	if c == d.lo && d.hist[c] == 0 {
		d.lo = c + 1
	}
}

// meetLess counts one game fewer shared by a and b.
func (d *design) meetLess(a, b int) {
	i, j := a*d.p.n+b, b*d.p.n+a
	c := d.meet[i]
	d.meet[i], d.meet[j] = c-1, c-1
	d.hist[c]--
	d.hist[c-1]++
	d.lo = min(d.lo, c-1)
	if c == d.hi && d.hist[c] == 0 {
		d.hi = c - 1
	}
}

// minDupCost is the least number of pairs of games sharing a set of players.
func (p plan) minDupCost() int {
	if p.distinctSets {
		return 0
	}
	// Multiplicities as even as possible over the C(n,k) sets (only reached here
	// when C(n,k) < G ≤ MaxGames, so setsAvailable is exact).
	q, rem := p.games/p.setsAvailable, p.games%p.setsAvailable
	return rem*(q+1)*q/2 + (p.setsAvailable-rem)*q*(q-1)/2
}

// spread is max c − min c over pairs.
func (d *design) spread() int { return int(d.hi - d.lo) }

// pairWeights is the price w(c) of a pair meeting c times: with m the mean meeting
// count and d = 2c − (2⌊m⌋+1) (odd, so the two whole numbers nearest the mean cost the
// same), w = d², or d² + d⁴ when quartic. Being strictly convex, Σ w(c) over pairs is
// least exactly when all counts are as even as the total allows. Where that is out of
// reach, Σ d² alone can favour a few far-off pairs (32 players at two tables of 16
// per round: half the players paired with an "opposite" they never meet); the quartic
// part makes such pairs dear.
func pairWeights(p plan, quartic bool) []int {
	pairs := p.n * (p.n - 1) / 2
	q := p.games * p.k * (p.k - 1) / 2 / pairs
	w := make([]int, p.r+2)
	for c := range w {
		d := 2*c - 2*q - 1
		w[c] = d * d
		if quartic {
			w[c] += d * d * d * d
		}
	}
	return w
}

// swapDelta is the change in Σ w(c) when x moves from game g to game h and y from h to g.
// Players in both games keep their meetings with x and y.
func (d *design) swapDelta(g, x, h, y int) int {
	n := d.p.n
	wt := d.weight
	delta := 0
	onlyG := d.games[g] &^ d.games[h] &^ (1 << x)
	for a := onlyG; a != 0; a &= a - 1 {
		z := bits.TrailingZeros32(a)
		cx, cy := d.meet[x*n+z], d.meet[y*n+z]
		delta += wt[cx-1] - wt[cx] + wt[cy+1] - wt[cy]
	}
	onlyH := d.games[h] &^ d.games[g] &^ (1 << y)
	for a := onlyH; a != 0; a &= a - 1 {
		w := bits.TrailingZeros32(a)
		cx, cy := d.meet[x*n+w], d.meet[y*n+w]
		delta += wt[cy-1] - wt[cy] + wt[cx+1] - wt[cx]
	}
	return delta
}

// applySwap moves x from game g to game h and y from h to g.
func (d *design) applySwap(g, x, h, y int) {
	onlyG := d.games[g] &^ d.games[h] &^ (1 << x)
	for a := onlyG; a != 0; a &= a - 1 {
		z := bits.TrailingZeros32(a)
		d.meetLess(x, z)
		d.meetMore(y, z)
	}
	onlyH := d.games[h] &^ d.games[g] &^ (1 << y)
	for a := onlyH; a != 0; a &= a - 1 {
		w := bits.TrailingZeros32(a)
		d.meetLess(y, w)
		d.meetMore(x, w)
	}
	bx, by := uint32(1)<<x, uint32(1)<<y
	d.games[g] = d.games[g]&^bx | by
	d.games[h] = d.games[h]&^by | bx
	if rg, rh := d.round[g], d.round[h]; rg != rh {
		d.roundMask[rg] = d.roundMask[rg]&^bx | by
		d.roundMask[rh] = d.roundMask[rh]&^by | bx
	}
}

// designTemperature is the fixed temperature of the player-set search: a move that
// costs Δ is taken with probability e^(−Δ/T).
const designTemperature = 1.8

// search runs a Metropolis search at a fixed temperature for at most iters swaps and
// stops as soon as the design has no needless repeated sets and opponent spread at
// most want. It reports whether it got there; the design is left at the best state
// seen.
func (d *design) search(rng *rand.Rand, iters, want int) bool {
	p := d.p
	minDup := p.minDupCost()
	// States are ranked by repeated sets, then spread beyond the aim, then Σ w(c);
	// the walk itself follows Σ w(c) and the repeats, which lead towards small spreads.
	rank := func() [3]int {
		return [3]int{d.dupCost - minDup, max(0, d.spread()-want), d.pairCost}
	}
	reached := func(r [3]int) bool { return r[0] == 0 && r[1] == 0 }
	best := rank()
	if reached(best) {
		return true
	}
	bestGames := append([]uint32(nil), d.games...)

	// A search that has not improved its best for a fifth of its budget (at least
	// 50 000 swaps) has settled; a fresh start does better than more of the same.
	patience := max(50_000, iters/5)
	lastBest := 0
	for it := range iters {
		if it-lastBest > patience {
			break
		}
		if !d.step(rng, designTemperature) {
			continue
		}
		if r := rank(); less(r, best) {
			best, lastBest = r, it
			copy(bestGames, d.games)
			if reached(r) {
				return true
			}
		}
	}
	copy(d.games, bestGames)
	d.rebuildRounds()
	d.recount()
	return false
}

// less orders ranks lexicographically.
func less(a, b [3]int) bool {
	for i := range a {
		if a[i] != b[i] {
			return a[i] < b[i]
		}
	}
	return false
}

// rebuildRounds recomputes the round masks from the games.
func (d *design) rebuildRounds() {
	clear(d.roundMask)
	for g, m := range d.games {
		d.roundMask[d.round[g]] |= m
	}
}

// pickBit returns the index of a uniformly chosen set bit of a non-zero mask.
func pickBit(m uint32, rng *rand.Rand) int {
	i := rng.IntN(bits.OnesCount32(m))
	for ; i > 0; i-- {
		m &= m - 1
	}
	return bits.TrailingZeros32(m)
}

// setCounter counts how many games have each set of players: an open-addressing hash
// table with linear probing and backward-shift deletion, so that it holds only the
// sets of the current games however long the search runs. The empty set marks a free
// slot (a game is never empty).
type setCounter struct {
	keys   []uint32
	counts []int32
	shift  uint
}

func newSetCounter(games int) setCounter {
	size, bitsUsed := 16, uint(4)
	for size < 4*games {
		size, bitsUsed = size*2, bitsUsed+1
	}
	return setCounter{keys: make([]uint32, size), counts: make([]int32, size), shift: 32 - bitsUsed}
}

func (s *setCounter) reset() {
	clear(s.keys)
	clear(s.counts)
}

// home is the slot where m's probe starts (Fibonacci hashing).
func (s *setCounter) home(m uint32) int { return int((m * 2654435769) >> s.shift) }

// find is the slot holding m, or the free slot where m would go.
func (s *setCounter) find(m uint32) int {
	last := len(s.keys) - 1
	i := s.home(m)
	for s.keys[i] != 0 && s.keys[i] != m {
		i = (i + 1) & last
	}
	return i
}

func (s *setCounter) get(m uint32) int32 {
	i := s.find(m)
	if s.keys[i] == m {
		return s.counts[i]
	}
	return 0
}

func (s *setCounter) bump(m uint32, by int32) {
	i := s.find(m)
	if s.keys[i] == 0 {
		s.keys[i] = m
	}
	s.counts[i] += by
	if s.counts[i] != 0 {
		return
	}
	// Delete: pull back every later entry of the probe run that may live at i.
	last := len(s.keys) - 1
	for j := (i + 1) & last; s.keys[j] != 0; j = (j + 1) & last {
		h := s.home(s.keys[j])
		// Entry j may move to i when its home is not cyclically within (i, j].
		if (j > i && (h <= i || h > j)) || (j < i && h <= i && h > j) {
			s.keys[i], s.counts[i] = s.keys[j], s.counts[j]
			i = j
		}
	}
	s.keys[i], s.counts[i] = 0, 0
}

// add counts one more game with set m and returns the new pairs of equal games (the
// multiplicity before adding).
func (s *setCounter) add(m uint32) int32 {
	c := s.get(m)
	s.bump(m, 1)
	return c
}

// moveDelta is the change in the number of pairs of equal games when two games change
// their sets from (oldG, oldH) to (newG, newH).
func (s *setCounter) moveDelta(oldG, oldH, newG, newH uint32) int {
	keys := [4]uint32{oldG, oldH, newG, newH}
	var before [4]int
	for i, m := range keys {
		before[i] = int(s.get(m))
	}
	s.move(oldG, oldH, newG, newH)
	delta := 0
	for i, m := range keys {
		if seen(keys[:i], m) {
			continue
		}
		after := int(s.get(m))
		delta += after*(after-1)/2 - before[i]*(before[i]-1)/2
	}
	s.move(newG, newH, oldG, oldH)
	return delta
}

// seen reports whether m is among ms.
func seen(ms []uint32, m uint32) bool {
	for _, x := range ms {
		if x == m {
			return true
		}
	}
	return false
}

// move takes one game off each old set and puts one on each new set.
func (s *setCounter) move(oldG, oldH, newG, newH uint32) {
	s.bump(oldG, -1)
	s.bump(oldH, -1)
	s.bump(newG, 1)
	s.bump(newH, 1)
}

// roundRobin lays out two-player games by the circle method: with the players in a
// seeded random order (and a bye when n is odd), round j pairs position 0 (or the bye)
// with position j+1 and folds the others around it, giving n−1 (n odd: n) rounds in
// which every pair meets exactly once. The rounds are taken cyclically, in a seeded
// random order, until every player has r games, so pairs meet ⌊r/(n−1)⌋ or ⌈r/(n−1)⌉
// times (the seed: in a two-player league "you'll play two games against each others
// players"). Every round seats everyone (n odd: all but the bye), so the games come
// out grouped in rounds of ⌊n/2⌋. Used for even n, and for odd n when r is a multiple
// of n−1 (then every player has the bye equally often).
func roundRobin(p plan, rng *rand.Rand) []uint32 {
	n := p.n
	size := n + n%2 // with the bye
	order := rng.Perm(n)
	player := func(pos int) int { // -1 for the bye
		if pos >= n {
			return -1
		}
		return order[pos]
	}
	base := make([][]uint32, size-1)
	for j := range base {
		// Position size−1 stays; the others rotate by j.
		at := func(i int) int {
			if i == size-1 {
				return size - 1
			}
			return (i + j) % (size - 1)
		}
		for i := 0; i < size/2; i++ {
			a, b := player(at(i)), player(at(size-1-i))
			if a >= 0 && b >= 0 {
				base[j] = append(base[j], 1<<a|1<<b)
			}
		}
	}
	rng.Shuffle(len(base), func(i, j int) { base[i], base[j] = base[j], base[i] })
	games := make([]uint32, 0, p.games)
	for j := 0; len(games) < p.games; j++ {
		games = append(games, base[j%len(base)]...)
	}
	return games
}
