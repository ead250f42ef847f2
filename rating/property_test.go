package rating

import (
	"fmt"
	"math"
	"math/big"
	"math/rand/v2"
	"sort"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// The properties CONTRACT section 3 promises, checked over random seasons against a
// reference written directly from the rules with exact rationals: every game's antes and
// awards are the largest-remainder roundings of the exact formulas, antes sum to the pot
// (60 a seat, 420 for ARMADA), awards to the pot, deltas to 0, and a ladder's ratings to 0
// after every game.

func newRand(seed uint64) *rand.Rand { return rand.New(rand.NewPCG(seed, 0x7ab1e57a4e5)) }

// randomSeason returns games of 2..8 seats drawn from a pool of members.
func randomSeason(rnd *rand.Rand, pool, games int) []Game {
	out := make([]Game, games)
	for i := range out {
		out[i] = randomGame(rnd, fmt.Sprintf("g%d", i+1), pool)
	}
	return out
}

// randomGame returns one game: ARMADA-like points that make the pot, or points of another
// system (integers, fractions, negatives, all zero, or beyond int64), with a replaced seat
// now and then.
func randomGame(rnd *rand.Rand, id string, pool int) Game {
	members := make([]string, pool+1)
	for i := range pool {
		members[i] = fmt.Sprintf("p%d", i)
	}
	members[pool] = "missing-man"
	rnd.Shuffle(len(members), func(i, j int) { members[i], members[j] = members[j], members[i] })
	n := 2 + rnd.IntN(min(7, pool-1)) // leaves members[n] free to substitute
	g := Game{ID: id, Seats: make([]Seat, n)}
	points := make([]*big.Rat, n)
	switch kind := rnd.IntN(10); {
	case kind < 3: // ARMADA: shares of 420 with awkward denominators.
		g.PointsArePot = true
		weights := make([]int64, n)
		var total int64
		for i := range weights {
			weights[i] = rnd.Int64N(100)
			total += weights[i]
		}
		if total == 0 {
			weights[0], total = 1, 1
		}
		for i := range points {
			points[i] = big.NewRat(420*weights[i], total)
		}
	case kind < 4: // everyone scored nothing
		for i := range points {
			points[i] = new(big.Rat)
		}
	case kind < 5: // beyond int64
		for i := range points {
			points[i] = new(big.Rat).SetFrac(
				new(big.Int).Mul(big.NewInt(rnd.Int64N(1000)-100), new(big.Int).Lsh(big.NewInt(1), 70)),
				big.NewInt(1+rnd.Int64N(6)))
		}
	default: // placement-like, team-game-like (negative) or Vortex-like points
		for i := range points {
			points[i] = big.NewRat(rnd.Int64N(30)-5, 1+rnd.Int64N(4))
		}
	}
	top := points[0]
	for _, p := range points {
		if p.Cmp(top) > 0 {
			top = p
		}
	}
	for i := range g.Seats {
		g.Seats[i] = Seat{Player: members[i], Points: points[i], Winner: points[i].Cmp(top) == 0}
	}
	if rnd.IntN(5) == 0 {
		// A substitute from outside the game (another member or a newcomer).
		g.Seats[rnd.IntN(n)].Substitute = []string{members[n], fmt.Sprintf("sub%d", rnd.IntN(3))}[rnd.IntN(2)]
	}
	return g
}

// refShares rounds exact shares of total to millionths by largest remainder, written
// straight from CONTRACT section 3 with a sort.
func refShares(total Micros, exact []*big.Rat) []Micros {
	out := make([]Micros, len(exact))
	rems := make([]*big.Rat, len(exact))
	var floors Micros
	for i, x := range exact {
		q, m := new(big.Int).DivMod(x.Num(), x.Denom(), new(big.Int))
		out[i] = Micros(q.Int64())
		rems[i] = new(big.Rat).SetFrac(m, x.Denom())
		floors += out[i]
	}
	order := make([]int, len(exact))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return rems[order[a]].Cmp(rems[order[b]]) > 0 })
	for _, i := range order[:total-floors] {
		out[i]++
	}
	return out
}

// refPot is CONTRACT section 3's pot, written apart from Game.Pot: 420 for ARMADA, else 60
// for each of the n seats.
func refPot(armada bool, n int) Micros {
	if armada {
		return 420 * PerPoint
	}
	return Micros(60*n) * PerPoint
}

// refAntes is seed 3.2 / CONTRACT section 3 (round 3) in exact rationals, for a game whose
// full pot is full: stake_i = max(0, R_i + 210), S = Σ stake, pot = min(P, S),
// ante_i = pot × stake_i / S. It returns the antes and the pot.
func refAntes(ratings []Micros, full Micros) ([]Micros, Micros) {
	n := int64(len(ratings))
	stakes := make([]*big.Rat, n)
	total := new(big.Rat)
	for i, r := range ratings {
		stakes[i] = big.NewRat(int64(r+210*PerPoint), 1)
		if stakes[i].Sign() < 0 {
			stakes[i].SetInt64(0)
		}
		total.Add(total, stakes[i])
	}
	pot := full
	if total.Cmp(big.NewRat(int64(full), 1)) < 0 {
		pot = Micros(total.Num().Int64())
	}
	exact := make([]*big.Rat, n)
	for i := range ratings {
		if total.Sign() == 0 {
			exact[i] = new(big.Rat)
			continue
		}
		x := new(big.Rat).Mul(big.NewRat(int64(pot), 1), stakes[i])
		exact[i] = x.Quo(x, total)
	}
	return refShares(pot, exact), pot
}

// refAwards is CONTRACT section 3's award rule in exact rationals, for a table playing for
// pot: ARMADA points × pot / 420, otherwise shares of the shifted points.
func refAwards(g Game, pot Micros) []Micros {
	n := int64(len(g.Seats))
	exact := make([]*big.Rat, n)
	if g.PointsArePot {
		for i, s := range g.Seats {
			exact[i] = new(big.Rat).Mul(s.Points, big.NewRat(int64(pot), 420))
		}
		return refShares(pot, exact)
	}
	shift := new(big.Rat)
	for _, s := range g.Seats {
		if s.Points.Cmp(shift) < 0 {
			shift.Set(s.Points)
		}
	}
	total := new(big.Rat)
	shifted := make([]*big.Rat, n)
	for i, s := range g.Seats {
		shifted[i] = new(big.Rat).Sub(s.Points, shift)
		total.Add(total, shifted[i])
	}
	for i := range exact {
		if total.Sign() == 0 {
			exact[i] = big.NewRat(int64(pot), n)
			continue
		}
		x := new(big.Rat).Mul(shifted[i], big.NewRat(int64(pot), 1))
		exact[i] = x.Quo(x, total)
	}
	return refShares(pot, exact)
}

func TestRandomSeasonsKeepTheInvariants(t *testing.T) {
	for seed := range uint64(25) {
		t.Run(fmt.Sprint("season ", seed), func(t *testing.T) {
			rnd := newRand(seed)
			games := randomSeason(rnd, 3+rnd.IntN(10), 300)
			l := NewLadder()
			model := map[string]Micros{} // the ratings, kept independently of the ladder
			for gi, g := range games {
				entries, err := l.Apply(g)
				require.NoError(t, err, "game %d", gi)
				require.Len(t, entries, len(g.Seats))

				before := make([]Micros, len(g.Seats))
				for i, s := range g.Seats {
					before[i] = model[s.Player]
				}
				wantAntes, pot := refAntes(before, refPot(g.PointsArePot, len(g.Seats)))
				wantAwards := refAwards(g, pot)
				var antes, awards, deltas Micros
				for i, e := range entries {
					s := g.Seats[i]
					assert.Equal(t, wantAntes[i], e.Ante, "game %d seat %d ante", gi, i)
					assert.Equal(t, wantAwards[i], e.Award, "game %d seat %d award", gi, i)
					assert.Equal(t, e.Award-e.Ante, e.Delta)
					credited := s.Player
					if s.Substitute != "" && s.Winner && e.Award > e.Ante {
						credited = s.Substitute
					}
					assert.Equal(t, credited, e.Credited, "game %d seat %d: seed 4.2", gi, i)
					assert.Equal(t, model[credited], e.Before)
					assert.Equal(t, e.Before+e.Delta, e.After)
					antes += e.Ante
					awards += e.Award
					deltas += e.Delta
				}
				for _, e := range entries {
					model[e.Credited] = e.After
				}
				require.Equal(t, pot, antes, "game %d antes", gi)
				require.Equal(t, pot, awards, "game %d awards", gi)
				require.Equal(t, Micros(0), deltas, "game %d deltas", gi)
				require.Equal(t, Micros(0), ladderSum(l), "ratings after game %d", gi)
				for _, e := range entries {
					// Seed 3.3: "An absolute minimum rating exists at about -210 points".
					require.GreaterOrEqual(t, e.After, -AnteAdjustment, "game %d: %s", gi, e.Credited)
				}
			}
			for p, r := range model {
				assert.Equal(t, r, l.Rating(p), p)
			}
		})
	}
}

func TestRandomAntesMatchTheFormula(t *testing.T) {
	// Ratings around and below −210, so that players below the floor and tables playing for
	// less than their pot (or for nothing) all come up often.
	rnd := newRand(42)
	var nothing, capped, zeroStake int
	for range 20000 {
		ratings := make([]Micros, 2+rnd.IntN(7))
		for i := range ratings {
			ratings[i] = Micros(rnd.Int64N(800*int64(PerPoint))) - 500*PerPoint
		}
		full := refPot(rnd.IntN(4) == 0, len(ratings))
		got, pot, err := Antes(ratings, full)
		require.NoError(t, err)
		want, wantPot := refAntes(ratings, full)
		require.Equal(t, want, got, "ratings %v", ratings)
		require.Equal(t, wantPot, pot, "ratings %v", ratings)
		require.Equal(t, pot, sum(got))
		for i, a := range got {
			stake, _ := Stake(ratings[i])
			require.LessOrEqual(t, a, stake, "nobody antes more than they hold above the floor")
			require.GreaterOrEqual(t, a, Micros(0))
			if stake == 0 && pot > 0 {
				zeroStake++
			}
		}
		switch {
		case pot == 0:
			nothing++
		case pot < full:
			capped++
		}
	}
	assert.Greater(t, nothing, 500)
	assert.Greater(t, capped, 1000)
	assert.Greater(t, zeroStake, 1000)
}

func TestApportionPathsAgree(t *testing.T) {
	// The 128-bit path and the big-integer path must round identically; weights near the
	// edges of int64 force the fall-back.
	rnd := newRand(5)
	scales := []int64{10, 1 << 20, 1 << 40, math.MaxInt64 / 16}
	for range 20000 {
		weights := make([]int64, 2+rnd.IntN(7))
		scale := scales[rnd.IntN(len(scales))]
		for i := range weights {
			weights[i] = rnd.Int64N(scale) - scale/4
		}
		bigW := bigWeights(weights)
		total := new(big.Int)
		for _, w := range bigW {
			total.Add(total, w)
		}
		if total.Sign() <= 0 {
			continue
		}
		fast, slow := make([]Micros, len(weights)), make([]Micros, len(weights))
		errFast := apportion(fast, ArmadaPot, weights, make([]uint64, len(weights)))
		errSlow := apportionBig(slow, ArmadaPot, bigW)
		if errSlow != nil {
			require.ErrorIs(t, errSlow, ErrOverflow)
			require.ErrorIs(t, errFast, ErrOverflow, "weights %v", weights)
			continue
		}
		require.NoError(t, errFast, "weights %v", weights)
		require.Equal(t, slow, fast, "weights %v", weights)
		exact := make([]*big.Rat, len(weights))
		for i, w := range bigW {
			exact[i] = new(big.Rat).SetFrac(new(big.Int).Mul(w, big.NewInt(int64(ArmadaPot))), total)
		}
		require.Equal(t, refShares(ArmadaPot, exact), fast, "weights %v", weights)
	}
}
