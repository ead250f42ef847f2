package rating

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// pts builds points from strings such as "3", "-1", "27/2" or "2.5".
func pts(t testing.TB, ss ...string) []*big.Rat {
	t.Helper()
	out := make([]*big.Rat, len(ss))
	for i, s := range ss {
		r, ok := new(big.Rat).SetString(s)
		require.True(t, ok, "bad test number %q", s)
		out[i] = r
	}
	return out
}

// mic builds Micros from exact decimal strings in points.
func mic(t testing.TB, ss ...string) []Micros {
	t.Helper()
	out := make([]Micros, len(ss))
	for i, r := range pts(t, ss...) {
		m := new(big.Rat).Mul(r, big.NewRat(int64(PerPoint), 1))
		require.True(t, m.IsInt() && m.Num().IsInt64(), "%q is not a whole number of millionths", ss[i])
		out[i] = Micros(m.Num().Int64())
	}
	return out
}

// repeat returns n copies of s.
func repeat(s string, n int) []string {
	out := make([]string, n)
	for i := range out {
		out[i] = s
	}
	return out
}

// game builds a game of players "A", "B", ... with the given points; the seats in winners
// are marked as winners.
func game(t testing.TB, pot bool, points []string, winners ...int) Game {
	t.Helper()
	g := Game{ID: "g", PointsArePot: pot}
	for i, p := range pts(t, points...) {
		g.Seats = append(g.Seats, Seat{Player: string(rune('A' + i)), Points: p})
	}
	for _, w := range winners {
		g.Seats[w].Winner = true
	}
	return g
}

func TestAntes(t *testing.T) {
	tests := []struct {
		name    string
		ratings []string
		want    []string
	}{
		// Seed 3.2 with everyone at the initial rating of 0 (seed 3.1): 420 × 210 / 1470.
		{"seven new members ante 60 each (CONTRACT example)", repeat("0", 7), repeat("60", 7)},
		{"four new members", repeat("0", 4), repeat("105", 4)},
		{"eight new members", repeat("0", 8), repeat("52.5", 8)},
		{"a game of 2 at zero", []string{"0", "0"}, []string{"210", "210"}},
		{"nine seats: the 6 missing millionths go to the first seats",
			repeat("0", 9),
			append(repeat("46.666667", 6), repeat("46.666666", 3)...)},
		// 420×310/1470 = 88.571428|57, 420×110/1470 = 31.428571|43: one millionth is
		// missing and goes to the larger remainder.
		{"higher rating antes more",
			[]string{"100", "-100", "0", "0", "0", "0", "0"},
			[]string{"88.571429", "31.428571", "60", "60", "60", "60", "60"}},
		// Seed 3.3: below −210 the ante is negative, so playing gains points.
		{"rating below -210 antes a negative amount", []string{"-300", "300"}, []string{"-90", "510"}},
		{"game of 2 with a rating below -210", []string{"-300", "90"}, []string{"-180", "600"}},
		{"exactly -210 antes nothing", []string{"-210", "-10", "10"}, []string{"0", "200", "220"}},
		// CONTRACT section 3: Σ R_j + 210 n ≤ 0 means every player antes P / n.
		{"denominator negative: equal antes", []string{"-250", "-200"}, []string{"210", "210"}},
		{"denominator zero: equal antes", []string{"-210", "-210", "-210"}, []string{"140", "140", "140"}},
		{"denominator negative, seven seats", repeat("-300", 7), repeat("60", 7)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Antes(mic(t, tt.ratings...))
			require.NoError(t, err)
			assert.Equal(t, mic(t, tt.want...), got)
			assert.Equal(t, Pot, sum(got))
		})
	}
}

func TestAntesOverflow(t *testing.T) {
	// Σ R_j + 210 n is one millionth, so the first ante would be about 4e26 millionths.
	r1 := Micros(4e18)
	r2 := -r1 - 2*AnteAdjustment + 1
	_, err := Antes([]Micros{r1, r2})
	require.ErrorIs(t, err, ErrOverflow)

	// Shifted ratings whose sum leaves int64 still work through big integers.
	got, err := Antes([]Micros{math.MaxInt64 - 1, math.MaxInt64 - 1})
	require.NoError(t, err)
	assert.Equal(t, []Micros{Pot / 2, Pot / 2}, got)
}

func TestAwards(t *testing.T) {
	tests := []struct {
		name   string
		pot    bool
		points []string
		want   []string
	}{
		// ARMADA (seed 2.2, 2.3, 3.2): the points are the awards. A solo: losers
		// min(order × years + centres, 60), the victor the rest of the 420.
		{"armada solo", true,
			[]string{"238", "5", "14", "21.5", "21.5", "60", "60"},
			[]string{"238", "5", "14", "21.5", "21.5", "60", "60"}},
		// A three-way draw, centres 10, 12, 12: (420 + 34) / 3 − own centres. Each award is
		// x.333333|33; the one missing millionth goes to the earliest seat.
		{"armada draw in thirds", true,
			[]string{"424/3", "418/3", "418/3"},
			[]string{"141.333334", "139.333333", "139.333333"}},
		{"armada game of 2", true, []string{"0", "420"}, []string{"0", "420"}},
		// Other systems share the pot in proportion to their points (CONTRACT section 3).
		{"placement 3-2-1-0", false, []string{"3", "2", "1", "0"}, []string{"210", "140", "70", "0"}},
		{"placement with a tie", false, []string{"2.5", "2.5", "1", "0"}, []string{"175", "175", "70", "0"}},
		{"vortex: the winner takes the pot", false, []string{"0", "1100", "0", "0"}, []string{"0", "420", "0", "0"}},
		{"negative points are shifted up by the lowest", false, []string{"-1", "4", "2"}, []string{"0", "262.5", "157.5"}},
		{"all zero: equal shares", false, []string{"0", "0", "0", "0"}, repeat("105", 4)},
		{"all equal and negative: equal shares", false, []string{"-1", "-1"}, []string{"210", "210"}},
		{"thirds of the pot", false, []string{"2", "1"}, []string{"280", "140"}},
		{"ninths: leftover millionths to the earlier seats", false, repeat("1", 9),
			append(repeat("46.666667", 6), repeat("46.666666", 3)...)},
		// 420 × 1/7 = 60; 420 × 2/7 = 120; 420 × 4/7 = 240.
		{"sevenths", false, []string{"1", "2", "4"}, []string{"60", "120", "240"}},
		// 420/3 × (1, 1, 1) with points far beyond int64 use big integers.
		{"huge points", false,
			[]string{"100000000000000000000000", "100000000000000000000000", "100000000000000000000000"},
			[]string{"140", "140", "140"}},
		{"huge denominators", false,
			[]string{"1/100000000000000000000000", "1/100000000000000000000000", "2/100000000000000000000000"},
			[]string{"105", "105", "210"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := Awards(game(t, tt.pot, tt.points))
			require.NoError(t, err)
			assert.Equal(t, mic(t, tt.want...), got)
			assert.Equal(t, Pot, sum(got))
		})
	}
}

func TestAwardsArmadaMustMakeThePot(t *testing.T) {
	_, err := Awards(game(t, true, []string{"200", "219.5"}))
	require.ErrorIs(t, err, ErrPotMismatch)
	assert.EqualError(t, err, "points do not add up to the 420-point pot: they add up to 839/2")
}

func TestValidate(t *testing.T) {
	two := func() Game { return game(t, false, []string{"1", "0", "0"}) }
	tests := []struct {
		name  string
		edit  func(g *Game)
		want  string
		isErr error
	}{
		{"one seat", func(g *Game) { g.Seats = g.Seats[:1] }, "a rated game needs at least 2 players", ErrTooFewSeats},
		{"no seats", func(g *Game) { g.Seats = nil }, "a rated game needs at least 2 players", ErrTooFewSeats},
		{"duplicate player", func(g *Game) { g.Seats[2].Player = "A" }, `seats[2].player: "A" already holds seat 0`, nil},
		{"missing player", func(g *Game) { g.Seats[1].Player = "" }, "seats[1].player: missing", nil},
		{"missing points", func(g *Game) { g.Seats[1].Points = nil }, "seats[1].points: missing", nil},
		{"substitute holds another seat", func(g *Game) { g.Seats[0].Substitute = "C" },
			`seats[0].substitute: "C" already holds another seat in this game`, nil},
		{"substitute replaces two seats", func(g *Game) { g.Seats[0].Substitute = "X"; g.Seats[2].Substitute = "X" },
			`seats[2].substitute: "X" already holds another seat in this game`, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := two()
			tt.edit(&g)
			err := g.Validate()
			require.EqualError(t, err, tt.want)
			if tt.isErr != nil {
				assert.ErrorIs(t, err, tt.isErr)
			}
			_, err = Awards(g)
			assert.EqualError(t, err, tt.want)
		})
	}
	assert.NoError(t, two().Validate())
}

// sum adds up amounts.
func sum(ms []Micros) Micros {
	var s Micros
	for _, m := range ms {
		s += m
	}
	return s
}
