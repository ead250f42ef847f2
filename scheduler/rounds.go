package scheduler

import (
	"math"
	"math/rand/v2"
	"slices"
)

// proposeSwap draws a degree-preserving swap that keeps every round free of double
// bookings: player x of game g for player y of game h. With rounds of several tables,
// half the draws are two tables of one round (every exchange between them is valid);
// the others are any two games, x free in h's round and y free in g's round, which is
// an exchange between a seated player and one sitting out in each of the two rounds.
// ok is false when the draw offers no valid exchange.
func (d *design) proposeSwap(rng *rand.Rand) (g, x, h, y int, ok bool) {
	p := d.p
	if p.rounds && p.perRound > 1 && rng.IntN(2) == 0 {
		rd := rng.IntN(p.numRounds)
		first, size := rd*p.perRound, min(p.perRound, p.games-rd*p.perRound)
		if size < 2 {
			return 0, 0, 0, 0, false
		}
		g = first + rng.IntN(size)
		h = first + rng.IntN(size-1)
	} else {
		g = rng.IntN(p.games)
		h = rng.IntN(p.games - 1)
	}
	if h >= g {
		h++
	}
	var xs, ys uint32
	if d.round[g] == d.round[h] {
		xs, ys = d.games[g], d.games[h]
	} else {
		xs = d.games[g] &^ d.roundMask[d.round[h]]
		ys = d.games[h] &^ d.roundMask[d.round[g]]
	}
	if xs == 0 || ys == 0 {
		return 0, 0, 0, 0, false
	}
	return g, pickBit(xs, rng), h, pickBit(ys, rng), true
}

// step draws a swap (proposeSwap) and makes it by the Metropolis rule at temperature
// temp: always when it lowers the price (Σ w(c) plus designDupWeight per pair of games
// with the same set of players), else with probability e^(−Δ/temp). It reports
// whether the design changed.
func (d *design) step(rng *rand.Rand, temp float64) bool {
	g, x, h, y, ok := d.proposeSwap(rng)
	if !ok {
		return false
	}
	dp := d.swapDelta(g, x, h, y)
	oldG, oldH := d.games[g], d.games[h]
	newG := oldG&^(1<<x) | 1<<y
	newH := oldH&^(1<<y) | 1<<x
	dd := d.sets.moveDelta(oldG, oldH, newG, newH)
	delta := dp + designDupWeight*dd
	if delta > 0 && rng.Float64() >= math.Exp(-float64(delta)/temp) {
		return false
	}
	d.applySwap(g, x, h, y)
	d.sets.move(oldG, oldH, newG, newH)
	d.pairCost += dp
	d.dupCost += dd
	return true
}

// Annealing temperatures of the rounds search: from roundsHot down to roundsCold,
// geometrically over the budget, against a change of 8 in Σ w(c) for moving one meeting
// from one pair to another.
const (
	roundsHot  = 12.0
	roundsCold = 1.0
)

// anneal is the local search of rounds of several tables: simulated annealing over the
// same swaps as search (so every player keeps exactly r games, and every round stays
// free of double bookings, with the same number sitting out), on the same exact price
// (Σ w(c) over pairs plus designDupWeight per pair of equal games), the temperature
// falling from roundsHot to roundsCold over iters swaps. States are ranked by needless
// repeated sets, then spread beyond want, then pairs who never meet (where r games can
// meet everyone), then the price. It starts from the design as it is (today's
// constructions), stops as soon as the spread is at most want with no needless
// repeated sets and nobody left unmet, and leaves the design at the best state seen.
// The budget is a count of swaps, never time, so a seed gives one result on any
// machine.
func (d *design) anneal(rng *rand.Rand, iters, want int) bool {
	p := d.p
	minDup := p.minDupCost()
	canMeetAll := p.r*(p.k-1) >= p.n-1
	rank := func() [4]int {
		never := 0
		if canMeetAll {
			never = int(d.hist[0])
		}
		return [4]int{d.dupCost - minDup, max(0, d.spread()-want), never, d.pairCost}
	}
	reached := func(r [4]int) bool { return r[0] == 0 && r[1] == 0 && r[2] == 0 }
	best := rank()
	if reached(best) {
		return true
	}
	bestGames := append([]uint32(nil), d.games...)
	cool := math.Pow(roundsCold/roundsHot, 1/float64(max(iters, 1)))
	temp := roundsHot
	for range iters {
		temp *= cool
		if !d.step(rng, temp) {
			continue
		}
		if r := rank(); slices.Compare(r[:], best[:]) < 0 {
			best = r
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

// roundsSearch improves the rounds of several tables found by the constructions: it
// anneals from them, alternately with the two prices of roundsWeights, for at most
// roundsRestarts runs of p.roundsIters() swaps, each run from the best design so far,
// and keeps the design with the least spread, then the fewest pairs who never meet.
func (p plan) roundsSearch(rng *rand.Rand, games []uint32) []uint32 {
	best := p.roundsRank(games)
	for run := range roundsRestarts {
		if best[0] <= p.aimSpread && best[1] == 0 {
			break
		}
		d := &design{p: p, games: slices.Clone(games)}
		d.measure()
		d.weight = roundsWeights(p, run%2 == 1)
		d.recount()
		d.anneal(rng, p.roundsIters(), p.aimSpread)
		if r := p.roundsRank(d.games); slices.Compare(r[:], best[:]) < 0 {
			games, best = d.games, r
		}
	}
	return games
}

// roundsRank is a design's spread and its number of pairs who never meet where r
// games can meet everyone (0 otherwise).
func (p plan) roundsRank(games []uint32) [2]int {
	d := &design{p: p, games: games}
	spread := d.measure()
	if p.r*(p.k-1) < p.n-1 {
		return [2]int{spread, 0}
	}
	return [2]int{spread, int(d.hist[0])}
}

// roundsNeverMet is what a pair who never meet costs on top of pairWeights in the
// rounds search, where the mean meeting count is 1 or more: of two designs of equal
// spread, the one in which everybody meets everybody.
const roundsNeverMet = 16

// roundsWeights is pairWeights with roundsNeverMet added for a pair who never meet,
// where the mean meeting count is at least 1.
func roundsWeights(p plan, quartic bool) []int {
	w := pairWeights(p, quartic)
	if p.games*p.k*(p.k-1) >= p.n*(p.n-1) {
		w[0] += roundsNeverMet
	}
	return w
}

// roundsRestarts bounds the annealing runs of roundsSearch.
const roundsRestarts = 2

// roundsIters is the swap budget of one annealing run.
func (p plan) roundsIters() int { return 60_000 }
