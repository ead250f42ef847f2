package rating

import (
	"math"
	"math/big"
	"strings"
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
		full    string // the game's full pot P
		ratings []string
		want    []string
		pot     string // what the table plays for; "" for the full pot
	}{
		// Seed 3.2 with everyone at the initial rating of 0 (seed 3.1): 420 × 210 / 1470.
		{"seven new members ante 60 each (CONTRACT example)", "420", repeat("0", 7), repeat("60", 7), ""},
		// CONTRACT section 3: the pot is 60 a seat, so new members ante 60 at every size.
		{"four new members ante 60 of a 240 pot", "240", repeat("0", 4), repeat("60", 4), ""},
		{"eight new members ante 60 of a 480 pot", "480", repeat("0", 8), repeat("60", 8), ""},
		{"a game of 2 at zero stakes 60 a seat", "120", []string{"0", "0"}, []string{"60", "60"}, ""},
		// 420 × 310/1470 = 88.571428|57, 420 × 110/1470 = 31.428571|43: one millionth is
		// missing and goes to the larger remainder.
		{"higher rating antes more",
			"420", []string{"100", "-100", "0", "0", "0", "0", "0"},
			[]string{"88.571429", "31.428571", "60", "60", "60", "60", "60"}, ""},
		// 300 × 310/1050 is the same share as 420 × 310/1470: with ratings summing to 0,
		// every table size stakes the same per seat.
		{"higher rating antes more at five seats",
			"300", []string{"100", "-100", "0", "0", "0"},
			[]string{"88.571429", "31.428571", "60", "60", "60"}, ""},
		// Seed 3.3: "An absolute minimum rating exists at about -210 points". Round 3 of
		// CONTRACT section 3 makes it exact: stake_i = max(0, R_i + 210), so a rating at or
		// below −210 antes nothing. (Changed with the rule: round 2 anted −25.714286 and
		// 145.714286 here, paying the player below the floor for playing.)
		{"rating below -210 antes nothing", "120", []string{"-300", "300"}, []string{"0", "120"}, ""},
		// Changed with the rule: round 2 anted −51.428571 and 171.428571.
		{"game of 2 with a rating below -210", "120", []string{"-300", "90"}, []string{"0", "120"}, ""},
		// 180 × 200/420 = 85.714285|71, 180 × 220/420 = 94.285714|29: the same as round 2,
		// since everyone holds at least 0 above the floor.
		{"exactly -210 antes nothing", "180", []string{"-210", "-10", "10"}, []string{"0", "85.714286", "94.285714"}, ""},
		// "The table plays for pot = min(P, S)": −150 and −186 hold 60 + 24 = 84 above the
		// floor, so the game plays for 84 instead of 120 and each antes all it holds.
		{"a table holding less than its pot plays for what it holds", "120", []string{"-150", "-186"}, []string{"60", "24"}, "84"},
		// Changed with the rule: round 2 anted P / n each when Σ R_j + 210 n ≤ 0, 60 and 60
		// here, taking 60 from a player 40 below the floor.
		{"a player below the floor holds nothing", "120", []string{"-250", "-200"}, []string{"0", "10"}, "10"},
		// "S = 0: the game moves no rating" (round 2: 60 each).
		{"everyone at the floor plays for nothing", "180", []string{"-210", "-210", "-210"}, []string{"0", "0", "0"}, "0"},
		{"everyone below the floor plays for nothing, seven seats", "420", repeat("-300", 7), repeat("0", 7), "0"},
		// S ≥ P by a millionth: the full pot, each ante its whole stake but for rounding.
		{"a table holding just its pot", "120", []string{"-150", "-150"}, []string{"60", "60"}, ""},
		// ARMADA keeps the 420 pot at every table size (its points always make 420).
		{"ARMADA: four new members", "420", repeat("0", 4), repeat("105", 4), ""},
		{"ARMADA: eight new members", "420", repeat("0", 8), repeat("52.5", 8), ""},
		{"ARMADA: a game of 2 at zero", "420", []string{"0", "0"}, []string{"210", "210"}, ""},
		{"ARMADA: nine seats, the 6 missing millionths go to the first seats",
			"420", repeat("0", 9),
			append(repeat("46.666667", 6), repeat("46.666666", 3)...), ""},
		// Changed with the rule: round 2 anted −90 and 510.
		{"ARMADA: rating below -210 antes nothing", "420", []string{"-300", "300"}, []string{"0", "420"}, ""},
		// 0 + 300 above the floor: the game plays for 300 instead of 420 (round 2: −180, 600).
		{"ARMADA: game of 2 with a rating below -210", "420", []string{"-300", "90"}, []string{"0", "300"}, "300"},
		{"ARMADA: exactly -210 antes nothing", "420", []string{"-210", "-10", "10"}, []string{"0", "200", "220"}, ""},
		// Changed with the rule: round 2 anted 210 and 210.
		{"ARMADA: a player below the floor holds nothing", "420", []string{"-250", "-200"}, []string{"0", "10"}, "10"},
		{"ARMADA: everyone at the floor plays for nothing", "420", []string{"-210", "-210", "-210"}, []string{"0", "0", "0"}, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			full := mic(t, tt.full)[0]
			want := full
			if tt.pot != "" {
				want = mic(t, tt.pot)[0]
			}
			got, pot, err := Antes(mic(t, tt.ratings...), full)
			require.NoError(t, err)
			assert.Equal(t, mic(t, tt.want...), got)
			assert.Equal(t, want, pot)
			assert.Equal(t, pot, sum(got))
		})
	}
	_, _, err := Antes([]Micros{0, 0}, 0)
	assert.EqualError(t, err, "rating: a pot must be positive")
}

func TestStake(t *testing.T) {
	// CONTRACT section 3: "stake_i = max(0, R_i + 210): what the player holds above the floor".
	for r, want := range map[string]string{"0": "210", "-150": "60", "-210": "0", "-300": "0", "100.5": "310.5"} {
		got, ok := Stake(mic(t, r)[0])
		require.True(t, ok)
		assert.Equal(t, mic(t, want)[0], got, r)
	}
	_, ok := Stake(math.MaxInt64)
	assert.False(t, ok)
}

func TestPot(t *testing.T) {
	// CONTRACT section 3: P = 60 × n, except ARMADA, whose points always make 420.
	for n, want := range map[int]string{2: "120", 3: "180", 4: "240", 7: "420", 8: "480", 9: "540"} {
		g := game(t, false, repeat("1", n))
		assert.Equal(t, mic(t, want)[0], g.Pot(), "%d seats", n)
		g.PointsArePot = true
		assert.Equal(t, ArmadaPot, g.Pot(), "ARMADA, %d seats", n)
	}
}

func TestAntesOfHugeRatings(t *testing.T) {
	// Stakes whose sum leaves int64 still work through big integers: such a table holds far
	// more than its pot above the floor and plays for all of it. (Round 2 refused a table
	// whose Σ R_j + 210 n was one millionth with ErrOverflow; round 3's stakes are never
	// negative, so that table plays for its one millionth: the last test below.)
	got, pot, err := Antes([]Micros{math.MaxInt64 - 1, math.MaxInt64 - 1}, 2*SeatStake)
	require.NoError(t, err)
	assert.Equal(t, []Micros{SeatStake, SeatStake}, got)
	assert.Equal(t, 2*SeatStake, pot)

	got, pot, err = Antes([]Micros{math.MaxInt64, 0}, 2*SeatStake)
	require.NoError(t, err)
	assert.Equal(t, 2*SeatStake, pot)
	assert.Equal(t, 2*SeatStake, sum(got))

	r1 := Micros(4e18)
	r2 := -r1 - 2*AnteAdjustment + 1
	got, pot, err = Antes([]Micros{r1, r2}, ArmadaPot)
	require.NoError(t, err)
	assert.Equal(t, []Micros{ArmadaPot, 0}, got, "the player far below the floor antes nothing")
	assert.Equal(t, ArmadaPot, pot)
}

func TestRatingOverflowIsRefused(t *testing.T) {
	// A substitute near the top of int64 finishing a winning seat would wrap: the game is
	// refused and the ladder unchanged.
	l, err := LadderFrom([]Standing{{Player: "S", Rating: math.MaxInt64 - 5}, {Player: "Z", Rating: -(math.MaxInt64 - 5)}})
	require.NoError(t, err)
	g := game(t, false, []string{"1", "0"}, 0)
	g.Seats[0].Substitute = "S"
	_, err = l.Apply(g)
	require.ErrorIs(t, err, ErrOverflow)
	assert.Equal(t, Micros(math.MaxInt64-5), l.Rating("S"))
	assert.Equal(t, 2, l.Len())
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
		// Other systems share the pot of 60 a seat in proportion to their points (CONTRACT
		// section 3).
		{"placement 3-2-1-0", false, []string{"3", "2", "1", "0"}, []string{"120", "80", "40", "0"}},
		{"placement with a tie", false, []string{"2.5", "2.5", "1", "0"}, []string{"100", "100", "40", "0"}},
		{"vortex: the winner takes the pot", false, []string{"0", "1100", "0", "0"}, []string{"0", "240", "0", "0"}},
		{"negative points are shifted up by the lowest", false, []string{"-1", "4", "2"}, []string{"0", "112.5", "67.5"}},
		{"all zero: equal shares", false, []string{"0", "0", "0", "0"}, repeat("60", 4)},
		{"all equal and negative: equal shares", false, []string{"-1", "-1"}, []string{"60", "60"}},
		{"thirds of the pot", false, []string{"2", "1"}, []string{"80", "40"}},
		{"ninths", false, repeat("1", 9), repeat("60", 9)},
		// 480 / 7 = 68.571428|57 each: the 4 missing millionths go to the earlier seats.
		{"sevenths of eight seats: leftover millionths to the earlier seats", false,
			append(repeat("1", 7), "0"),
			append(append(repeat("68.571429", 4), repeat("68.571428", 3)...), "0")},
		// 180 × 1/7 = 25.714285|71, 180 × 2/7 = 51.428571|43, 180 × 4/7 = 102.857142|86:
		// one millionth is missing and goes to the largest remainder, the last seat.
		{"sevenths", false, []string{"1", "2", "4"}, []string{"25.714286", "51.428571", "102.857143"}},
		// 420 × 1/7 = 60 at seven seats: exactly the seed's pot.
		{"sevenths at seven seats", false, []string{"1", "2", "4", "0", "0", "0", "0"}, []string{"60", "120", "240", "0", "0", "0", "0"}},
		// 60 × 3 / 3 each, with points far beyond int64 use big integers.
		{"huge points", false,
			[]string{"100000000000000000000000", "100000000000000000000000", "100000000000000000000000"},
			[]string{"60", "60", "60"}},
		{"huge denominators", false,
			[]string{"1/100000000000000000000000", "1/100000000000000000000000", "2/100000000000000000000000"},
			[]string{"45", "45", "90"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			g := game(t, tt.pot, tt.points)
			got, err := Awards(g, g.Pot())
			require.NoError(t, err)
			assert.Equal(t, mic(t, tt.want...), got)
			assert.Equal(t, g.Pot(), sum(got))
		})
	}
}

func TestAwardsShareTheSamePot(t *testing.T) {
	// CONTRACT section 3: "awards share the same pot". A table playing for 84 instead of
	// 120 shares 84 by league points; an ARMADA table playing for 180 pays points × 180/420.
	got, err := Awards(game(t, false, []string{"2", "1"}), mic(t, "84")[0])
	require.NoError(t, err)
	assert.Equal(t, mic(t, "56", "28"), got)
	got, err = Awards(game(t, true, []string{"238", "5", "14", "21.5", "21.5", "60", "60"}), mic(t, "180")[0])
	require.NoError(t, err)
	// 238 × 3/7 = 102, 5 × 3/7 = 2.142857|14, 14 × 3/7 = 6, 21.5 × 3/7 = 9.214285|71 twice,
	// 60 × 3/7 = 25.714285|71 twice: the three missing millionths go to the largest
	// remainders, the two 9.214285s and then the earlier 25.714285.
	assert.Equal(t, mic(t, "102", "2.142857", "6", "9.214286", "9.214286", "25.714286", "25.714285"), got)
	got, err = Awards(game(t, false, []string{"2", "1"}), 0)
	require.NoError(t, err)
	assert.Equal(t, []Micros{0, 0}, got, "a table playing for nothing awards nothing")
	_, err = Awards(game(t, false, []string{"2", "1"}), mic(t, "121")[0])
	assert.EqualError(t, err, "rating: a game's pot is 0 to 120, got 121")
}

func TestAwardsArmadaMustMakeThePot(t *testing.T) {
	_, err := Awards(game(t, true, []string{"200", "219.5"}), ArmadaPot)
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
			_, err = Awards(g, g.Pot())
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

// The one substitute rule, as the app (usernames, any letter case) and the ladder (exact
// ids) both ask it.
func TestCheckSubstitute(t *testing.T) {
	players := []string{"ada", "bruno", "chloe"}
	fold := strings.EqualFold
	assert.Equal(t, SubstituteAllowed, CheckSubstitute(players, []string{"", "elena", ""}, 1, fold))
	assert.Equal(t, SubstituteSeated, CheckSubstitute(players, []string{"", "CHLOE", ""}, 1, fold))
	assert.Equal(t, SubstituteAllowed, CheckSubstitute(players, []string{"", "CHLOE", ""}, 1, sameID), "ladder ids are exact")
	assert.Equal(t, SubstituteTwice, CheckSubstitute(players, []string{"elena", "Elena", ""}, 1, fold))
	assert.Equal(t, SubstituteAllowed, CheckSubstitute(players, []string{"elena", "Elena", ""}, 0, fold), "the earlier seat keeps its substitute")
}
