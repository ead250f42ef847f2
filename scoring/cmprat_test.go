package scoring

import (
	"math"
	"math/big"
	"math/rand/v2"
	"testing"
)

func TestCmpRatAgreesWithRatCmp(t *testing.T) {
	t.Parallel()
	edge := []int64{0, 1, -1, 2, 3, 7, 1<<31 - 1, -(1<<31 - 1), 1 << 31, -(1 << 31), math.MaxInt64, math.MinInt64 + 1}
	var rats []*big.Rat
	for _, n := range edge {
		for _, d := range []int64{1, 2, 3, 1<<31 - 1, 1 << 31, math.MaxInt64} {
			rats = append(rats, big.NewRat(n, d))
		}
	}
	huge, _ := new(big.Rat).SetString("123456789012345678901234567890/7")
	rats = append(rats, huge, new(big.Rat).Neg(huge), new(big.Rat), new(big.Rat).SetInt64(5))
	rng := rand.New(rand.NewPCG(3, 4))
	for range 2000 {
		rats = append(rats, big.NewRat(rng.Int64N(2001)-1000, rng.Int64N(12)+1))
	}
	for _, a := range rats {
		for _, b := range rats[:60] {
			if got, want := cmpRat(a, b), a.Cmp(b); got != want {
				t.Fatalf("cmpRat(%s, %s) = %d, want %d", a.RatString(), b.RatString(), got, want)
			}
			if got, want := cmpRat(b, a), b.Cmp(a); got != want {
				t.Fatalf("cmpRat(%s, %s) = %d, want %d", b.RatString(), a.RatString(), got, want)
			}
		}
	}
}

func TestScorePlacementWithoutExplanations(t *testing.T) {
	t.Parallel()
	// The ladder replay scores without explanations: everything else is the same.
	rng := rand.New(rand.NewPCG(5, 6))
	for range 500 {
		n := 2 + rng.IntN(9)
		in := PlacementInput{LowerIsBetter: rng.IntN(2) == 0}
		for i := range n {
			in.Players = append(in.Players, ScoredPlayer{ID: string(rune('A' + i)), Score: big.NewRat(rng.Int64N(6), 1+rng.Int64N(2))})
		}
		want, err := ScorePlacement(in)
		if err != nil {
			t.Fatal(err)
		}
		got, err := scorePlacement(in, false)
		if err != nil {
			t.Fatal(err)
		}
		for i := range want.Results {
			w, g := want.Results[i], got.Results[i]
			if w.Explanation == "" || g.Explanation != "" {
				t.Fatalf("explanations %q and %q", w.Explanation, g.Explanation)
			}
			if w.ID != g.ID || w.Points.Cmp(g.Points) != 0 || w.Place != g.Place || w.Winner != g.Winner {
				t.Fatalf("player %d: %+v, want %+v", i, g, w)
			}
		}
	}
}
