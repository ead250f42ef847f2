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
// game g for game h while player y leaves h for g. Its objective is exact: the sum of
// c(a,b)² over pairs, which for a fixed total of meetings is least exactly when all
// counts differ by at most 1 (the seed's "play against all other players an equal
// number of times", as nearly as arithmetic allows), plus a penalty per pair of games
// with the same set of players (the seed's "each game you'll match a different set of
// players").
type design struct {
	p         plan
	games     []uint32 // players of each game
	round     []int    // round of each game
	roundMask []uint32 // players of each round
	meet      []int32  // meet[a*n+b] = c(a,b)
	sets      setCounter

	pairCost, dupCost int // Σ c², Σ over sets of m(m−1)/2
}

// dupWeight is what one pair of games with the same set of players costs, against a
// change of 2 in Σ c² for moving one meeting from one pair to another.
const dupWeight = 6

// newDesign lays out a first design: the players in a seeded random order, written
// cyclically into the games, k at a time. Consecutive runs of at most n places of a
// cycle hold distinct players, so every game and every round is valid, and n·r places
// give every player exactly r games.
func newDesign(p plan, rng *rand.Rand) *design {
	d := &design{
		p:         p,
		games:     make([]uint32, p.games),
		round:     make([]int, p.games),
		roundMask: make([]uint32, p.numRounds),
		meet:      make([]int32, p.n*p.n),
		sets:      newSetCounter(p.n),
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
	for a := range n {
		for b := a + 1; b < n; b++ {
			c := int(d.meet[a*n+b])
			d.pairCost += c * c
		}
	}
}

// minPairCost is the least Σ c² over pairs: every pair as close to the mean as whole
// numbers allow.
func (p plan) minPairCost() int {
	pairs := p.n * (p.n - 1) / 2
	total := p.games * p.k * (p.k - 1) / 2
	q, rem := total/pairs, total%pairs
	return rem*(q+1)*(q+1) + (pairs-rem)*q*q
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
func (d *design) spread() int {
	n := d.p.n
	lo, hi := int32(math.MaxInt32), int32(0)
	for a := range n {
		for b := a + 1; b < n; b++ {
			c := d.meet[a*n+b]
			lo, hi = min(lo, c), max(hi, c)
		}
	}
	return int(hi - lo)
}

// swapDelta is the change in Σ c² when x moves from game g to game h and y from h to g.
// Players in both games keep their meetings with x and y.
func (d *design) swapDelta(g, x, h, y int) int {
	n := d.p.n
	delta := 0
	onlyG := d.games[g] &^ d.games[h] &^ (1 << x)
	for a := onlyG; a != 0; a &= a - 1 {
		z := bits.TrailingZeros32(a)
		delta += 2*int(d.meet[y*n+z]-d.meet[x*n+z]) + 2
	}
	onlyH := d.games[h] &^ d.games[g] &^ (1 << y)
	for a := onlyH; a != 0; a &= a - 1 {
		w := bits.TrailingZeros32(a)
		delta += 2*int(d.meet[x*n+w]-d.meet[y*n+w]) + 2
	}
	return delta
}

// applySwap moves x from game g to game h and y from h to g.
func (d *design) applySwap(g, x, h, y int) {
	n := d.p.n
	onlyG := d.games[g] &^ d.games[h] &^ (1 << x)
	for a := onlyG; a != 0; a &= a - 1 {
		z := bits.TrailingZeros32(a)
		d.meet[x*n+z]--
		d.meet[z*n+x]--
		d.meet[y*n+z]++
		d.meet[z*n+y]++
	}
	onlyH := d.games[h] &^ d.games[g] &^ (1 << y)
	for a := onlyH; a != 0; a &= a - 1 {
		w := bits.TrailingZeros32(a)
		d.meet[y*n+w]--
		d.meet[w*n+y]--
		d.meet[x*n+w]++
		d.meet[w*n+x]++
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
const designTemperature = 1.0

// search runs a Metropolis search at a fixed temperature for at most iters swaps and
// stops as soon as the design reaches the plan's aim. It reports whether the aim was
// reached; the design is left at the best state seen.
func (d *design) search(rng *rand.Rand, iters int) bool {
	p := d.p
	minPair, minDup := p.minPairCost(), p.minDupCost()
	reached := func() bool {
		if d.dupCost != minDup {
			return false
		}
		if d.pairCost == minPair {
			// Σ c² is least exactly when all counts are within 1 of each other.
			return true
		}
		return d.spread() <= p.aimSpread
	}
	if reached() {
		return true
	}
	cost := d.pairCost + dupWeight*d.dupCost
	best := cost
	bestGames := append([]uint32(nil), d.games...)

	sameRound := p.rounds && p.perRound > 1
	for range iters {
		var g, h int
		if sameRound && rng.IntN(2) == 0 {
			// Two games of one round: every exchange between them is valid.
			rd := rng.IntN(p.numRounds)
			first, size := rd*p.perRound, min(p.perRound, p.games-rd*p.perRound)
			if size < 2 {
				continue
			}
			g = first + rng.IntN(size)
			h = first + rng.IntN(size-1)
			if h >= g {
				h++
			}
		} else {
			g = rng.IntN(p.games)
			h = rng.IntN(p.games - 1)
			if h >= g {
				h++
			}
		}
		var xs, ys uint32
		if d.round[g] == d.round[h] {
			xs, ys = d.games[g], d.games[h]
		} else {
			// x must be free in h's round and y free in g's round.
			xs = d.games[g] &^ d.roundMask[d.round[h]]
			ys = d.games[h] &^ d.roundMask[d.round[g]]
		}
		if xs == 0 || ys == 0 {
			continue
		}
		x, y := pickBit(xs, rng), pickBit(ys, rng)
		dp := d.swapDelta(g, x, h, y)
		oldG, oldH := d.games[g], d.games[h]
		newG := oldG&^(1<<x) | 1<<y
		newH := oldH&^(1<<y) | 1<<x
		dd := d.sets.moveDelta(oldG, oldH, newG, newH)
		delta := dp + dupWeight*dd
		if delta > 0 && rng.Float64() >= math.Exp(-float64(delta)/designTemperature) {
			continue
		}
		d.applySwap(g, x, h, y)
		d.sets.move(oldG, oldH, newG, newH)
		d.pairCost += dp
		d.dupCost += dd
		cost += delta
		if cost < best {
			best = cost
			copy(bestGames, d.games)
			if d.dupCost == minDup && (d.pairCost == minPair || d.spread() <= p.aimSpread) {
				return true
			}
		}
	}
	copy(d.games, bestGames)
	d.rebuildRounds()
	d.recount()
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

// setCounter counts how many games have each set of players: a dense table for up to
// 16 players, a map beyond.
type setCounter struct {
	dense  []int32
	sparse map[uint32]int32
}

func newSetCounter(n int) setCounter {
	if n <= 16 {
		return setCounter{dense: make([]int32, 1<<n)}
	}
	return setCounter{sparse: make(map[uint32]int32)}
}

func (s *setCounter) reset() {
	if s.dense != nil {
		clear(s.dense)
	} else {
		clear(s.sparse)
	}
}

func (s *setCounter) get(m uint32) int32 {
	if s.dense != nil {
		return s.dense[m]
	}
	return s.sparse[m]
}

func (s *setCounter) bump(m uint32, by int32) {
	if s.dense != nil {
		s.dense[m] += by
		return
	}
	if v := s.sparse[m] + by; v != 0 {
		s.sparse[m] = v
	} else {
		delete(s.sparse, m)
	}
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
