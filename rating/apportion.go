package rating

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
)

// ErrOverflow reports an ante, award or rating too large to hold in Micros. Only a
// pathological ladder reaches it (ratings near the limits of int64, given to LadderFrom);
// the game that would overflow is refused and the ladder is left unchanged.
var ErrOverflow = errors.New("rating: amount out of range of integer millionths")

// apportion splits total in proportion to integer weights whose sum is positive, writing
// the shares into shares: the exact share total × w_i / Σw is floored to a Micro, and the
// Micros still missing from total go one each to the largest remainders, the earlier seat
// first on equal remainders (the largest-remainder rounding of CONTRACT section 3). The
// shares sum to exactly total. Weights may be negative (a rating below −210 antes a
// negative amount, seed 3.3). rems is scratch space of the same length.
//
// The arithmetic is done in 128 bits; a share beyond that falls back to apportionBig,
// which gives the same result for any size.
func apportion(shares []Micros, total Micros, weights []int64, rems []uint64) error {
	var sum int64
	for _, w := range weights {
		s, overflow := addInt64(sum, w)
		if overflow {
			return apportionBig(shares, total, bigWeights(weights))
		}
		sum = s
	}
	if sum <= 0 || total < 0 {
		return errors.New("rating: apportion needs a positive total and weight sum")
	}
	var floors Micros
	for i, w := range weights {
		mag := uint64(w)
		if w < 0 {
			mag = -mag
		}
		hi, lo := bits.Mul64(uint64(total), mag)
		if hi >= uint64(sum) {
			return apportionBig(shares, total, bigWeights(weights))
		}
		q, r := bits.Div64(hi, lo, uint64(sum))
		if w >= 0 {
			if q > math.MaxInt64 {
				return apportionBig(shares, total, bigWeights(weights))
			}
			shares[i] = Micros(q)
		} else {
			// floor(−x) = −ceil(x); the remainder above the floor is sum − r.
			if r != 0 {
				q++
				r = uint64(sum) - r
			}
			if q > 1<<63 {
				return apportionBig(shares, total, bigWeights(weights))
			}
			shares[i] = Micros(-q)
		}
		rems[i] = r
		// Partial sums may wrap when shares are huge and of both signs; the final sum lies
		// within len(weights) of total, so two's-complement wrapping still lands on it.
		floors += shares[i]
	}
	// Every remainder is below sum ≤ MaxInt64, so MaxUint64 can mark a seat already served.
	const served = math.MaxUint64
	for range total - floors {
		best := -1
		for i, r := range rems {
			// Strictly greater: on equal remainders the earlier seat stays ahead.
			if r != served && (best < 0 || r > rems[best]) {
				best = i
			}
		}
		if shares[best] == math.MaxInt64 {
			return ErrOverflow
		}
		shares[best]++
		rems[best] = served
	}
	return nil
}

// apportionBig is apportion for weights of any size.
func apportionBig(shares []Micros, total Micros, weights []*big.Int) error {
	sum := new(big.Int)
	for _, w := range weights {
		sum.Add(sum, w)
	}
	if sum.Sign() <= 0 || total < 0 {
		return errors.New("rating: apportion needs a positive total and weight sum")
	}
	rems := make([]*big.Int, len(weights))
	bigTotal := big.NewInt(int64(total))
	floors := new(big.Int)
	for i, w := range weights {
		q, r := new(big.Int), new(big.Int)
		// Euclidean division by a positive divisor is floor division with 0 ≤ r < sum.
		q.DivMod(new(big.Int).Mul(bigTotal, w), sum, r)
		if !q.IsInt64() {
			return ErrOverflow
		}
		shares[i] = Micros(q.Int64())
		rems[i] = r
		floors.Add(floors, q)
	}
	left := new(big.Int).Sub(bigTotal, floors).Int64()
	for range left {
		best := -1
		for i, r := range rems {
			// nil marks a seat already served; on equal remainders the earlier seat wins.
			if r != nil && (best < 0 || r.Cmp(rems[best]) > 0) {
				best = i
			}
		}
		if shares[best] == math.MaxInt64 {
			return ErrOverflow
		}
		shares[best]++
		rems[best] = nil
	}
	return nil
}

// scratch holds the working slices of one game's arithmetic, so that a ladder replaying
// a season reuses them instead of allocating for every game.
type scratch struct {
	weights []int64
	rems    []uint64
	before  []Micros
	antes   []Micros
	awards  []Micros
	members []int
}

// resize makes every slice of s n long.
func (s *scratch) resize(n int) {
	if cap(s.weights) < n {
		*s = scratch{
			weights: make([]int64, n), rems: make([]uint64, n),
			before: make([]Micros, n), antes: make([]Micros, n), awards: make([]Micros, n),
			members: make([]int, n),
		}
	}
	s.weights, s.rems = s.weights[:n], s.rems[:n]
	s.before, s.antes, s.awards, s.members = s.before[:n], s.antes[:n], s.awards[:n], s.members[:n]
}

// bigWeights converts weights to big integers.
func bigWeights(weights []int64) []*big.Int {
	out := make([]*big.Int, len(weights))
	for i, w := range weights {
		out[i] = big.NewInt(w)
	}
	return out
}

// addInt64 returns a + b and whether it overflowed.
func addInt64(a, b int64) (int64, bool) {
	s := a + b
	return s, (a >= 0) == (b >= 0) && (s >= 0) != (a >= 0)
}

// mulInt64 returns a × b and whether it overflowed.
func mulInt64(a, b int64) (int64, bool) {
	if a == 0 || b == 0 {
		return 0, false
	}
	p := a * b
	return p, p/b != a || (a == -1 && b == math.MinInt64) || (b == -1 && a == math.MinInt64)
}
