package scoring

import (
	"fmt"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// countsFromPattern turns a seed table's "A > B = C > D" into counts (A 9, B 8, C 8, D 7):
// the players are sorted by count, "=" ties and ">" steps down.
func countsFromPattern(t *testing.T, pattern string) []int64 {
	t.Helper()
	fields := strings.Fields(pattern)
	count := int64(9)
	counts := []int64{count}
	for i := 1; i < len(fields); i += 2 {
		switch fields[i] {
		case ">":
			count--
		case "=":
		default:
			t.Fatalf("bad pattern %q", pattern)
		}
		counts = append(counts, count)
	}
	return counts
}

func TestArcsAmbitionSeedTables(t *testing.T) {
	t.Parallel()
	// arcs-tied-ambitions.txt: every row of the three- and four-player tables (base game,
	// two-value markers) and of the five-player table (three-value markers). "-" is no place:
	// the player gains nothing.
	tables := []struct {
		marker []int64
		rows   [][2]string
	}{
		{[]int64{5, 3}, [][2]string{ // Three players
			{"A > B > C", "1 2 -"},
			{"A > B = C", "1 - -"},
			{"A = B > C", "2 2 -"},
			{"A = B = C", "2 2 2"},
		}},
		{[]int64{5, 3}, [][2]string{ // Four players
			{"A > B > C > D", "1 2 - -"},
			{"A > B > C = D", "1 2 - -"},
			{"A > B = C > D", "1 - - -"},
			{"A > B = C = D", "1 - - -"},
			{"A = B > C > D", "2 2 - -"},
			{"A = B > C = D", "2 2 - -"},
			{"A = B = C > D", "2 2 2 -"},
			{"A = B = C = D", "2 2 2 2"},
		}},
		{[]int64{9, 5, 2}, [][2]string{ // Five players
			{"A > B > C > D > E", "1 2 3 - -"},
			{"A > B > C > D = E", "1 2 3 - -"},
			{"A > B > C = D > E", "1 2 - - -"},
			{"A > B > C = D = E", "1 2 - - -"},
			{"A > B = C > D > E", "1 3 3 - -"},
			{"A > B = C > D = E", "1 3 3 - -"},
			{"A > B = C = D > E", "1 3 3 3 -"},
			{"A > B = C = D = E", "1 3 3 3 3"},
			{"A = B > C > D > E", "2 2 3 - -"},
			{"A = B > C > D = E", "2 2 3 - -"},
			{"A = B > C = D > E", "2 2 - - -"},
			{"A = B > C = D = E", "2 2 - - -"},
			{"A = B = C > D > E", "2 2 2 3 -"},
			{"A = B = C > D = E", "2 2 2 - -"},
			{"A = B = C = D > E", "2 2 2 2 3"},
			{"A = B = C = D = E", "2 2 2 2 2"},
		}},
	}
	for _, table := range tables {
		for _, row := range table.rows {
			t.Run(row[0], func(t *testing.T) {
				counts := countsFromPattern(t, row[0])
				in := ArcsInput{Markers: [][]int64{table.marker}}
				for i, c := range counts {
					in.Players = append(in.Players, ArcsPlayer{ID: string(rune('A' + i)), Count: c})
				}
				res, err := ScoreArcsAmbition(in)
				require.NoError(t, err)
				var got []string
				for _, r := range res.Results {
					place := "-"
					if r.Place <= len(table.marker) {
						place = fmt.Sprint(r.Place)
						assert.Equal(t, fmt.Sprint(table.marker[r.Place-1]), r.Points.RatString(), "%s gains the %s value", r.ID, Ordinal(r.Place))
					} else {
						assert.Equal(t, "0", r.Points.RatString(), "%s gains nothing", r.ID)
					}
					got = append(got, place)
				}
				assert.Equal(t, row[1], strings.Join(got, " "))
			})
		}
	}
}

func TestScoreArcsAmbition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		in      ArcsInput
		points  map[string]string
		places  map[string]int
		explain map[string]string
	}{
		{
			name: "CONTRACT example: two players tied, neutral 0",
			in: ArcsInput{Markers: [][]int64{{5, 3}, {3, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 3, Bonus: 2}, {ID: "B", Count: 3}}},
			points: map[string]string{"A": "5", "B": "5"},
			places: map[string]int{"A": 2, "B": 2},
			explain: map[string]string{
				"A": "count 3, tied with B for 1st: 2nd place, 3 + 2 from the markers = 5 Power",
			},
		},
		{
			name: "two players, untied first takes the bonus once",
			in: ArcsInput{Markers: [][]int64{{5, 3}, {3, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 4, Bonus: 5}, {ID: "B", Count: 3, Bonus: 2}}},
			points: map[string]string{"A": "13", "B": "5"},
			places: map[string]int{"A": 1, "B": 2},
			explain: map[string]string{
				"A": "count 4: 1st place, 5 + 3 from the markers + 5 bonus for an untied first place = 13 Power",
			},
		},
		{
			name: "two players, the neutral count takes second",
			in: ArcsInput{Markers: [][]int64{{5, 3}}, Neutral: 3,
				Players: []ArcsPlayer{{ID: "A", Count: 4}, {ID: "B", Count: 2}}},
			points: map[string]string{"A": "5", "B": "0"},
			places: map[string]int{"A": 1, "B": 3},
		},
		{
			name: "two players, the neutral count takes first",
			in: ArcsInput{Markers: [][]int64{{5, 3}}, Neutral: 5,
				Players: []ArcsPlayer{{ID: "A", Count: 3, Bonus: 2}, {ID: "B", Count: 1}}},
			points: map[string]string{"A": "3", "B": "0"},
			places: map[string]int{"A": 2, "B": 3},
		},
		{
			name: "two players, a player tied with the neutral count for first",
			in: ArcsInput{Markers: [][]int64{{5, 3}}, Neutral: 3,
				Players: []ArcsPlayer{{ID: "A", Count: 3, Bonus: 2}, {ID: "B", Count: 1}}},
			points: map[string]string{"A": "3", "B": "0"},
			places: map[string]int{"A": 2, "B": 3},
			explain: map[string]string{
				"A": "count 3, tied with the neutral count for 1st: 2nd place, 3 from the markers = 3 Power",
			},
		},
		{
			name: "two players tied with the neutral count",
			in: ArcsInput{Markers: [][]int64{{5, 3}}, Neutral: 2,
				Players: []ArcsPlayer{{ID: "A", Count: 2}, {ID: "B", Count: 2}}},
			points: map[string]string{"A": "3", "B": "3"},
			places: map[string]int{"A": 2, "B": 2},
		},
		{
			name: "count 0 gains nothing, even in a place a marker pays",
			in: ArcsInput{Markers: [][]int64{{9, 5, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 2}, {ID: "B", Count: 0}, {ID: "C", Count: 1}}},
			points:  map[string]string{"A": "9", "B": "0", "C": "5"},
			places:  map[string]int{"A": 1, "B": 3, "C": 2},
			explain: map[string]string{"B": "count 0: a count of 0 gains nothing"},
		},
		{
			name: "all at 0: nobody gains",
			in: ArcsInput{Markers: [][]int64{{5, 3}},
				Players: []ArcsPlayer{{ID: "A", Count: 0, Bonus: 5}, {ID: "B", Count: 0}}},
			points:  map[string]string{"A": "0", "B": "0"},
			places:  map[string]int{"A": 2, "B": 2},
			explain: map[string]string{"A": "count 0, tied with B and the neutral count for 1st: a count of 0 gains nothing"},
		},
		{
			name: "count 0 alone at the top of nothing: no bonus",
			in: ArcsInput{Markers: [][]int64{{5, 3}},
				Players: []ArcsPlayer{{ID: "A", Count: 0, Bonus: 2}, {ID: "B", Count: 0}, {ID: "C", Count: 0}}},
			points: map[string]string{"A": "0", "B": "0", "C": "0"},
			places: map[string]int{"A": 2, "B": 2, "C": 2},
		},
		{
			name: "tied first gets no bonus",
			in: ArcsInput{Markers: [][]int64{{4, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 6, Bonus: 5}, {ID: "B", Count: 6, Bonus: 2}, {ID: "C", Count: 1}}},
			points: map[string]string{"A": "2", "B": "2", "C": "0"},
			places: map[string]int{"A": 2, "B": 2, "C": 3},
		},
		{
			name: "bonus only for first place",
			in: ArcsInput{Markers: [][]int64{{4, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 6}, {ID: "B", Count: 5, Bonus: 5}, {ID: "C", Count: 1}}},
			points: map[string]string{"A": "4", "B": "2", "C": "0"},
			places: map[string]int{"A": 1, "B": 2, "C": 3},
		},
		{
			name: "two- and three-value markers together: third place gains only the three-value one",
			in: ArcsInput{Markers: [][]int64{{5, 3}, {6, 4, 2}},
				Players: []ArcsPlayer{{ID: "A", Count: 6}, {ID: "B", Count: 5}, {ID: "C", Count: 4}, {ID: "D", Count: 3}, {ID: "E", Count: 2}}},
			points: map[string]string{"A": "11", "B": "7", "C": "2", "D": "0", "E": "0"},
			places: map[string]int{"A": 1, "B": 2, "C": 3, "D": 4, "E": 5},
			explain: map[string]string{
				"C": "count 4: 3rd place, 2 from the markers = 2 Power",
				"D": "count 3: 4th place, which the markers do not pay",
			},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ScoreArcsAmbition(tt.in)
			require.NoError(t, err)
			assert.Equal(t, ArcsAmbition, res.System)
			assert.Equal(t, tt.points, pointsByID(res))
			for _, r := range res.Results {
				assert.Equal(t, tt.places[r.ID], r.Place, "place of %s", r.ID)
				if want, ok := tt.explain[r.ID]; ok {
					assert.Equal(t, want, r.Explanation, r.ID)
				}
			}
		})
	}
}

func TestScoreArcsAmbitionErrors(t *testing.T) {
	t.Parallel()
	base := func() ArcsInput {
		return ArcsInput{Markers: [][]int64{{5, 3}}, Players: []ArcsPlayer{{ID: "A", Count: 2}, {ID: "B", Count: 1}, {ID: "C", Count: 1}}}
	}
	tests := []struct {
		name string
		edit func(in *ArcsInput)
		want string
	}{
		{"no markers", func(in *ArcsInput) { in.Markers = nil }, "markers: no markers, need at least 1"},
		{"marker of one value", func(in *ArcsInput) { in.Markers = append(in.Markers, []int64{5}) }, "markers[1]: 1 values, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)"},
		{"negative marker value", func(in *ArcsInput) { in.Markers[0][1] = -3 }, "markers[0][1]: must not be negative, got -3"},
		{"one player", func(in *ArcsInput) { in.Players = in.Players[:1] }, "players: 1 player(s), need at least 2"},
		{"six players", func(in *ArcsInput) {
			in.Players = append(in.Players, ArcsPlayer{ID: "D"}, ArcsPlayer{ID: "E"}, ArcsPlayer{ID: "F"})
		}, "players: 6 players, at most 5"},
		{"negative count", func(in *ArcsInput) { in.Players[1].Count = -1 }, "players[1].count: must not be negative, got -1"},
		{"bonus not 0, 2 or 5", func(in *ArcsInput) { in.Players[0].Bonus = 3 }, "players[0].bonus: must be 0, 2 or 5, got 3"},
		{"duplicate ids", func(in *ArcsInput) { in.Players[2].ID = "A" }, `players[2].id: duplicate id "A" (also players[0].id)`},
		{"neutral with three players", func(in *ArcsInput) { in.Neutral = 2 }, "neutral: only two-player games count the neutral resources, this game has 3 players"},
		{"negative neutral", func(in *ArcsInput) { in.Neutral = -2 }, "neutral: must not be negative, got -2"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := base()
			tt.edit(&in)
			_, err := ScoreArcsAmbition(in)
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestScoreArcsAmbitionPermutationProperty(t *testing.T) {
	t.Parallel()
	rng := newRand(t)
	for iter := 0; iter < 1000; iter++ {
		n := 2 + rng.IntN(4)
		in := ArcsInput{Markers: [][]int64{{5, 3}, {9, 5, 2}}}
		if n == 2 {
			in.Neutral = rng.Int64N(4)
		}
		for i := 0; i < n; i++ {
			in.Players = append(in.Players, ArcsPlayer{ID: fmt.Sprint("P", i), Count: rng.Int64N(4), Bonus: []int64{0, 2, 5}[rng.IntN(3)]})
		}
		requirePermutationInvariant(t, rng, func(perm []int) (Result, error) {
			shuffled := in
			shuffled.Players = make([]ArcsPlayer, n)
			for i, j := range perm {
				shuffled.Players[i] = in.Players[j]
			}
			return ScoreArcsAmbition(shuffled)
		}, n)
	}
}
