package rating

import (
	"errors"
	"math"
	"math/big"
	"math/bits"
)

// ErrOverflow reports an ante, award or rating too large to hold in Micros. Only a
// pathological ladder reaches it (an ante denominator within millionths of zero);
// the game that would overflow is refused and the ladder is left unchanged.
var ErrOverflow = errors.New("rating: amount out of range of integer millionths")

// apportion splits total in proportion to integer weights whose sum is positive: the exact
// share total × w_i / Σw is floored to a Micro, and the Micros still missing from total
// go one each to the largest remainders, the earlier seat first on equal remainders
// (the largest-remainder rounding of CONTRACT section 3). The shares sum to exactly total.
// Weights may be negative (a rating below −210 antes a negative amount, seed 3.3).
//
// The arithmetic is done in 128 bits; a share beyond that falls back to apportionBig,
// which gives the same result for any size.
func apportion(total Micros, weights []int64) ([]Micros, error) {
	var sum int64
	for _, w := range weights {
		s, overflow := addInt64(sum, w)
		if overflow {
			return apportionBig(total, bigWeights(weights))
		}
		sum = s
	}
	if sum <= 0 || total < 0 {
		return nil, errors.New("rating: apportion needs a positive total and weight sum")
	}
	shares := make([]Micros, len(weights))
	rems := make([]uint64, len(weights))
	var floors Micros
	for i, w := range weights {
		mag := uint64(w)
		if w < 0 {
			mag = -mag
		}
		hi, lo := bits.Mul64(uint64(total), mag)
		if hi >= uint64(sum) {
			return apportionBig(total, bigWeights(weights))
		}
		q, r := bits.Div64(hi, lo, uint64(sum))
		if w >= 0 {
			if q > math.MaxInt64 {
				return apportionBig(total, bigWeights(weights))
			}
			shares[i] = Micros(q)
		} else {
			// floor(−x) = −ceil(x); the remainder above the floor is sum − r.
			if r != 0 {
				q++
				r = uint64(sum) - r
			}
			if q > 1<<63 {
				return apportionBig(total, bigWeights(weights))
			}
			shares[i] = Micros(-q)
		}
		rems[i] = r
		// Partial sums may wrap when shares are huge and of both signs; the final sum lies
		// within len(weights) of total, so two's-complement wrapping still lands on it.
		floors += shares[i]
	}
	err := giveLeftover(shares, int(total-floors), func(i, j int) bool { return rems[i] > rems[j] })
	if err != nil {
		return nil, err
	}
	return shares, nil
}

// apportionBig is apportion for weights of any size.
func apportionBig(total Micros, weights []*big.Int) ([]Micros, error) {
	sum := new(big.Int)
	for _, w := range weights {
		sum.Add(sum, w)
	}
	if sum.Sign() <= 0 || total < 0 {
		return nil, errors.New("rating: apportion needs a positive total and weight sum")
	}
	shares := make([]Micros, len(weights))
	rems := make([]*big.Int, len(weights))
	bigTotal := big.NewInt(int64(total))
	floors := new(big.Int)
	for i, w := range weights {
		q, r := new(big.Int), new(big.Int)
		// Euclidean division by a positive divisor is floor division with 0 ≤ r < sum.
		q.DivMod(new(big.Int).Mul(bigTotal, w), sum, r)
		if !q.IsInt64() {
			return nil, ErrOverflow
		}
		shares[i] = Micros(q.Int64())
		rems[i] = r
		floors.Add(floors, q)
	}
	left := new(big.Int).Sub(bigTotal, floors)
	err := giveLeftover(shares, int(left.Int64()), func(i, j int) bool { return rems[i].Cmp(rems[j]) > 0 })
	if err != nil {
		return nil, err
	}
	return shares, nil
}

// giveLeftover adds one Micro to each of the left shares with the largest remainders;
// larger(i, j) reports whether share i's remainder exceeds share j's, and on equal
// remainders the earlier seat comes first (CONTRACT section 3).
func giveLeftover(shares []Micros, left int, larger func(i, j int) bool) error {
	if left <= 0 {
		return nil
	}
	for i := range shares {
		// Seat i is among the first `left` in (remainder descending, seat ascending) order
		// when fewer than `left` seats come before it. Games are small, so counting beats
		// sorting and needs no allocation.
		ahead := 0
		for j := range shares {
			if larger(j, i) || (j < i && !larger(i, j)) {
				ahead++
			}
		}
		if ahead < left {
			if shares[i] == math.MaxInt64 {
				return ErrOverflow
			}
			shares[i]++
		}
	}
	return nil
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
