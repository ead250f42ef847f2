package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDivisionSizes(t *testing.T) {
	for _, tc := range []struct {
		name          string
		players, size int
		want          []int
	}{
		{"the issue's 12 in divisions of 6", 12, 6, []int{6, 6}},
		{"11 in divisions of 6: the larger on top", 11, 6, []int{6, 5}},
		{"12 in divisions of 8: half rounds up", 12, 8, []int{6, 6}},
		{"11 in divisions of 8: under half rounds down", 11, 8, []int{11}},
		{"13 in divisions of 8", 13, 8, []int{7, 6}},
		{"20 in divisions of 8: 2.5 rounds up to 3", 20, 8, []int{7, 7, 6}},
		{"50 in divisions of 8: sizes differ by one at most", 50, 8, []int{9, 9, 8, 8, 8, 8}},
		{"3 in divisions of 8: at least one division", 3, 8, []int{3}},
		{"nobody: one empty division", 0, 8, []int{0}},
		{"exactly two divisions", 16, 8, []int{8, 8}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, DivisionSizes(tc.players, tc.size))
		})
	}
}

func TestCheckDivisions(t *testing.T) {
	for _, tc := range []struct {
		name    string
		sizes   []int
		perGame int
		err     string
	}{
		{"two of 6 with 4 a game", []int{6, 6}, 4, ""},
		{"one of 3 with 3 a game", []int{3}, 3, ""},
		{"one of 32", []int{32}, 4, ""},
		{"fewer than 3 players", []int{2}, 2, "signed_up: 2 players make 1 division of 2; a division needs at least 3 players"},
		{"fewer than a table", []int{5}, 6, "signed_up: 5 players make 1 division of 5; a division needs at least 6 players"},
		{"nobody signed up", []int{0}, 4, "signed_up: 0 players make 1 division of 0; a division needs at least 4 players"},
		{"the bottom division too small", []int{7, 6}, 7, "signed_up: 13 players make 2 divisions of 7 and 6; a division needs at least 7 players"},
		{"more than 32", []int{40}, 4, "signed_up: 40 players make 1 division of 40; a division holds at most 32 players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckDivisions(tc.sizes, tc.perGame)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
			assert.IsType(t, &Invalid{}, err)
		})
	}
}

func TestCheckSeason(t *testing.T) {
	for _, tc := range []struct {
		name                   string
		perGame, size, promote int
		err                    string
	}{
		{"the defaults", 4, DefaultDivisionSize, DefaultPromote, ""},
		{"a division as small as a table", 5, 5, 2, ""},
		{"a division of 3 with 2 a game", 2, 3, 1, ""},
		{"nobody moves", 4, 8, 0, ""},
		{"a division under a table", 5, 4, 1, "division_size: from 5 (max(3, players_per_game)) to 32"},
		{"a division under 3", 2, 2, 0, "division_size: from 3 (max(3, players_per_game)) to 32"},
		{"a division over 32", 4, 33, 2, "division_size: from 4 (max(3, players_per_game)) to 32"},
		{"promote half a division", 4, 8, 4, "promote: must be under half a division (4 of 8)"},
		{"promote half an odd division rounded up", 4, 7, 4, "promote: must be under half a division (4 of 7)"},
		{"promote just under half", 4, 7, 3, ""},
		{"promote negative", 4, 8, -1, "promote: 0 or more"},
		{"every field at once", 6, 4, 2, "division_size: from 6 (max(3, players_per_game)) to 32; promote: must be under half a division (2 of 4)"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := CheckSeason(tc.perGame, tc.size, tc.promote)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
		})
	}
}

func TestDivisionShapeAndName(t *testing.T) {
	assert.Equal(t, "2 divisions of 6", DivisionShape([]int{6, 6}))
	assert.Equal(t, "2 divisions of 6 and 5", DivisionShape([]int{6, 5}))
	assert.Equal(t, "1 division of 11", DivisionShape([]int{11}))
	assert.Equal(t, "Spring — Division 2", DivisionName("Spring", 2))
}

// rated is a ladder line of r whole rating points.
func rated(r int64) Ladder { return Ladder{Rated: true, Rating: r * 1_000_000} }

func TestMovements(t *testing.T) {
	fin := func(player string, rank int, l Ladder, signedUp int) Finisher {
		return Finisher{Player: player, Rank: rank, Ladder: l, SignedUp: signedUp}
	}
	for _, tc := range []struct {
		name      string
		divisions [][]Finisher
		promote   int
		want      []Movement
	}{
		{
			name: "the top promote of each division but the first go up, the bottom promote of each but the last go down",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("a2", 2, Ladder{}, 2), fin("a3", 3, Ladder{}, 3), fin("a4", 4, Ladder{}, 4)},
				{fin("b1", 1, Ladder{}, 5), fin("b2", 2, Ladder{}, 6), fin("b3", 3, Ladder{}, 7), fin("b4", 4, Ladder{}, 8)},
				{fin("c1", 1, Ladder{}, 9), fin("c2", 2, Ladder{}, 10), fin("c3", 3, Ladder{}, 11), fin("c4", 4, Ladder{}, 12)},
			},
			promote: 1,
			want: []Movement{
				{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 1, 3}, {"a4", 1, 2, 4},
				{"b1", 2, 1, 1}, {"b2", 2, 2, 2}, {"b3", 2, 2, 3}, {"b4", 2, 3, 4},
				{"c1", 3, 2, 1}, {"c2", 3, 3, 2}, {"c3", 3, 3, 3}, {"c4", 3, 3, 4},
			},
		},
		{
			name: "by the league's standings, whatever the order given",
			divisions: [][]Finisher{
				{fin("a4", 4, Ladder{}, 1), fin("a1", 1, Ladder{}, 2), fin("a3", 3, Ladder{}, 3), fin("a2", 2, Ladder{}, 4)},
				{fin("b2", 2, Ladder{}, 5), fin("b4", 4, Ladder{}, 6), fin("b1", 1, Ladder{}, 7), fin("b3", 3, Ladder{}, 8)},
			},
			promote: 2,
			want: []Movement{
				{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 2, 3}, {"a4", 1, 2, 4},
				{"b1", 2, 1, 1}, {"b2", 2, 1, 2}, {"b3", 2, 2, 3}, {"b4", 2, 2, 4},
			},
		},
		{
			name: "a tie at the line goes to the higher rating on the game's ladder",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("low", 2, rated(1400), 2), fin("high", 2, rated(1600), 3)},
				{fin("b1", 1, Ladder{}, 4), fin("b2", 2, Ladder{}, 5), fin("b3", 3, Ladder{}, 6)},
			},
			promote: 1,
			want: []Movement{
				{"a1", 1, 1, 1}, {"high", 1, 1, 2}, {"low", 1, 2, 3},
				{"b1", 2, 1, 1}, {"b2", 2, 2, 2}, {"b3", 2, 2, 3},
			},
		},
		{
			name: "a rated player is above an unrated one at the line",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("unrated", 2, Ladder{}, 2), fin("rated", 2, rated(900), 3)},
				{fin("b1", 1, Ladder{}, 4), fin("b2", 2, Ladder{}, 5), fin("b3", 3, Ladder{}, 6)},
			},
			promote: 1,
			want: []Movement{
				{"a1", 1, 1, 1}, {"rated", 1, 1, 2}, {"unrated", 1, 2, 3},
				{"b1", 2, 1, 1}, {"b2", 2, 2, 2}, {"b3", 2, 2, 3},
			},
		},
		{
			name: "then the earlier sign-up",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("a2", 2, Ladder{}, 2), fin("a3", 3, Ladder{}, 3)},
				{fin("late", 1, rated(1500), 9), fin("early", 1, rated(1500), 4), fin("b3", 3, Ladder{}, 6)},
			},
			promote: 1,
			want: []Movement{
				{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 2, 3},
				{"early", 2, 1, 1}, {"late", 2, 2, 2}, {"b3", 2, 2, 3},
			},
		},
		{
			name:      "one division: everybody stays",
			divisions: [][]Finisher{{fin("a1", 1, Ladder{}, 1), fin("a2", 2, Ladder{}, 2), fin("a3", 3, Ladder{}, 3)}},
			promote:   1,
			want:      []Movement{{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 1, 3}},
		},
		{
			name: "promote 0: everybody stays",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("a2", 2, Ladder{}, 2), fin("a3", 3, Ladder{}, 3)},
				{fin("b1", 1, Ladder{}, 4), fin("b2", 2, Ladder{}, 5), fin("b3", 3, Ladder{}, 6)},
			},
			want: []Movement{
				{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 1, 3},
				{"b1", 2, 2, 1}, {"b2", 2, 2, 2}, {"b3", 2, 2, 3},
			},
		},
		{
			name: "a middle division too small for both sends its middle player up",
			divisions: [][]Finisher{
				{fin("a1", 1, Ladder{}, 1), fin("a2", 2, Ladder{}, 2), fin("a3", 3, Ladder{}, 3), fin("a4", 4, Ladder{}, 4)},
				{fin("b1", 1, Ladder{}, 5), fin("b2", 2, Ladder{}, 6), fin("b3", 3, Ladder{}, 7)},
				{fin("c1", 1, Ladder{}, 8), fin("c2", 2, Ladder{}, 9), fin("c3", 3, Ladder{}, 10)},
			},
			promote: 2,
			want: []Movement{
				{"a1", 1, 1, 1}, {"a2", 1, 1, 2}, {"a3", 1, 2, 3}, {"a4", 1, 2, 4},
				{"b1", 2, 1, 1}, {"b2", 2, 1, 2}, {"b3", 2, 3, 3},
				{"c1", 3, 2, 1}, {"c2", 3, 2, 2}, {"c3", 3, 3, 3},
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Movements(tc.divisions, tc.promote))
		})
	}
}

func TestSplit(t *testing.T) {
	// back is a player of the previous season: from division from, place place, sent to to.
	back := func(player string, from, place, to int) Entrant {
		return Entrant{Player: player, Last: &Movement{Player: player, From: from, To: to, Place: place}}
	}
	newcomer := func(player string, l Ladder) Entrant { return Entrant{Player: player, Ladder: l} }
	for _, tc := range []struct {
		name         string
		entrants     []Entrant
		size, perGam int
		want         [][]string
	}{
		{
			name: "newcomers by rating, highest first, unrated last in sign-up order, the larger division on top",
			entrants: []Entrant{
				newcomer("u1", Ladder{}), newcomer("r1500", rated(1500)), newcomer("u2", Ladder{}),
				newcomer("r1700", rated(1700)), newcomer("r1600", rated(1600)), newcomer("u3", Ladder{}),
				newcomer("r1400", rated(1400)), newcomer("u4", Ladder{}), newcomer("r900", rated(900)),
				newcomer("u5", Ladder{}), newcomer("u6", Ladder{}),
			},
			size: 6, perGam: 3,
			want: [][]string{
				{"r1700", "r1600", "r1500", "r1400", "r900", "u1"},
				{"u2", "u3", "u4", "u5", "u6"},
			},
		},
		{
			name: "players of the previous season go to the division its movements give them",
			entrants: []Entrant{
				back("a1", 1, 1, 1), back("a2", 1, 2, 1), back("a3", 1, 3, 2),
				back("b1", 2, 1, 1), back("b2", 2, 2, 2), back("b3", 2, 3, 2),
			},
			size: 3, perGam: 3,
			want: [][]string{{"a1", "a2", "b1"}, {"a3", "b2", "b3"}},
		},
		{
			name: "a division with too many: its lowest-placed go down one more",
			entrants: []Entrant{
				// a3 stayed up and b1 went up: division 1 holds four for three places.
				back("a1", 1, 1, 1), back("a2", 1, 2, 1), back("a3", 1, 3, 1), back("b1", 2, 1, 1),
				back("b2", 2, 2, 2), back("b3", 2, 3, 2),
			},
			size: 3, perGam: 3,
			want: [][]string{{"a1", "a2", "a3"}, {"b1", "b2", "b3"}},
		},
		{
			name: "a division with too few takes the best-placed of the division below who were not sent down",
			entrants: []Entrant{
				// a1 and a2 did not sign up again; a3 and a4 were sent down.
				back("a3", 1, 3, 2), back("a4", 1, 4, 2),
				back("b1", 2, 1, 1), back("b2", 2, 2, 1), back("b3", 2, 3, 2), back("b4", 2, 4, 2),
				back("c1", 3, 1, 2), back("c2", 3, 2, 2),
			},
			size: 4, perGam: 3,
			want: [][]string{{"b1", "b2", "b3", "b4"}, {"a3", "a4", "c1", "c2"}},
		},
		{
			name: "newcomers fill what is left from the top",
			entrants: []Entrant{
				newcomer("n1", rated(2000)), back("a1", 1, 1, 1), back("a2", 1, 2, 1),
				back("a3", 1, 3, 2), newcomer("n2", Ladder{}), newcomer("n3", rated(1000)),
			},
			size: 3, perGam: 3,
			// Nobody below may go up (a3 was sent down): the best newcomer takes the place.
			want: [][]string{{"a1", "a2", "n1"}, {"a3", "n3", "n2"}},
		},
		{
			name: "fewer divisions than last season: the bottom ones meet in the last",
			entrants: []Entrant{
				back("a1", 1, 1, 1), back("a2", 1, 2, 1), back("a3", 1, 3, 2),
				back("b1", 2, 1, 1), back("b2", 2, 2, 3), back("c1", 3, 1, 2),
				back("c2", 3, 2, 3),
			},
			size: 4, perGam: 3,
			// Division 1 is one short; a3 and b2 were sent down, so c1 goes up.
			want: [][]string{{"a1", "a2", "b1", "c1"}, {"a3", "b2", "c2"}},
		},
		{
			name: "sent-down players go back up when the division below could not hold them",
			entrants: []Entrant{
				back("a1", 1, 1, 1), back("a2", 1, 2, 2), back("a3", 1, 3, 2),
				back("a4", 1, 4, 2), back("a5", 1, 5, 2), back("b1", 2, 1, 1),
			},
			size: 3, perGam: 3,
			want: [][]string{{"a1", "a2", "b1"}, {"a3", "a4", "a5"}},
		},
		{
			name: "returning players first, then newcomers",
			entrants: []Entrant{
				newcomer("n1", rated(2500)), back("b1", 2, 1, 1), back("a1", 1, 1, 1), back("a2", 1, 2, 2),
			},
			size: 4, perGam: 3,
			want: [][]string{{"a1", "a2", "b1", "n1"}},
		},
		{
			name:     "too few players for a division is refused",
			entrants: []Entrant{newcomer("n1", Ladder{}), newcomer("n2", Ladder{}), newcomer("n3", Ladder{})},
			size:     8, perGam: 4,
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Split(tc.entrants, tc.size, tc.perGam)
			if tc.want == nil {
				assert.IsType(t, &Invalid{}, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
}

func TestSeasonSteps(t *testing.T) {
	assert.NoError(t, MayChangeSignUp(SeasonOpen))
	assert.ErrorIs(t, MayChangeSignUp(SeasonRunning), ErrConflict)
	assert.ErrorIs(t, MayChangeSignUp(SeasonFinished), ErrConflict)
	assert.NoError(t, MayStart(SeasonOpen, true))
	assert.Equal(t, ErrNotSeasonOrganiser, MayStart(SeasonOpen, false))
	assert.Equal(t, ErrSeasonStarted, MayStart(SeasonRunning, true))
	assert.NoError(t, MayOpenNext(SeasonFinished, true))
	assert.Equal(t, ErrNotSeasonOrganiser, MayOpenNext(SeasonFinished, false))
	assert.EqualError(t, MayOpenNext(SeasonRunning, true), "season: running; it finishes when every division has finished")
	assert.ErrorIs(t, Over(SeasonOpen), ErrConflict)
}
