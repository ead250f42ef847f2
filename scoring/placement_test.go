package scoring

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestPlacePointsSeedTable(t *testing.T) {
	t.Parallel()
	// league-scoring-system.txt, "Number of players and scores": one column per n.
	table := map[int][]int64{
		2: {2, 0},
		3: {6, 2, 0},
		4: {12, 6, 2, 0},
		5: {20, 12, 6, 2, 0},
		6: {30, 20, 12, 6, 2, 0},
		7: {42, 30, 20, 12, 6, 2, 0},
		8: {56, 42, 30, 20, 12, 6, 2, 0},
	}
	for n, column := range table {
		for p, want := range column {
			assert.Equal(t, want, PlacePoints(p+1, n), "place %d of %d", p+1, n)
		}
	}
	assert.Zero(t, PlacePoints(0, 4))
	assert.Zero(t, PlacePoints(5, 4))
}

func TestScorePlacement(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name          string
		players       []string // id, score pairs
		lowerIsBetter bool
		points        map[string]string
		places        map[string]int
	}{
		{
			name:    "seed Cartagena example",
			players: []string{"A", "1000", "B", "970", "C", "970", "D", "800", "E", "770"},
			points:  map[string]string{"A": "20", "B": "9", "C": "9", "D": "2", "E": "0"},
			places:  map[string]int{"A": 1, "B": 2, "C": 2, "D": 4, "E": 5},
		},
		{
			name:    "seed Vampiring example",
			players: []string{"A", "32", "B", "28", "C", "28", "D", "10"},
			points:  map[string]string{"A": "12", "B": "4", "C": "4", "D": "0"},
			places:  map[string]int{"A": 1, "B": 2, "C": 2, "D": 4},
		},
		{
			name:    "two players",
			players: []string{"A", "3", "B", "5"},
			points:  map[string]string{"A": "0", "B": "2"},
			places:  map[string]int{"A": 2, "B": 1},
		},
		{
			name:    "all tied share the average of every place",
			players: []string{"A", "7", "B", "7", "C", "7", "D", "7"},
			points:  map[string]string{"A": "5", "B": "5", "C": "5", "D": "5"}, // (12+6+2+0)/4
			places:  map[string]int{"A": 1, "B": 1, "C": 1, "D": 1},
		},
		{
			name:    "three tied for first of four: an exact third",
			players: []string{"A", "7", "B", "7", "C", "7", "D", "1"},
			points:  map[string]string{"A": "20/3", "B": "20/3", "C": "20/3", "D": "0"},
			places:  map[string]int{"A": 1, "B": 1, "C": 1, "D": 4},
		},
		{
			name:    "tied last",
			players: []string{"A", "9", "B", "1", "C", "1"},
			points:  map[string]string{"A": "6", "B": "1", "C": "1"},
			places:  map[string]int{"A": 1, "B": 2, "C": 2},
		},
		{
			name:          "lower is better",
			players:       []string{"A", "72", "B", "68", "C", "80"},
			lowerIsBetter: true,
			points:        map[string]string{"A": "2", "B": "6", "C": "0"},
			places:        map[string]int{"A": 2, "B": 1, "C": 3},
		},
		{
			name:          "lower is better with a tie for best",
			players:       []string{"A", "68", "B", "68", "C", "80", "D", "90", "E", "91"},
			lowerIsBetter: true,
			points:        map[string]string{"A": "16", "B": "16", "C": "6", "D": "2", "E": "0"},
			places:        map[string]int{"A": 1, "B": 1, "C": 3, "D": 4, "E": 5},
		},
		{
			name:    "fractional and negative scores",
			players: []string{"A", "-2.5", "B", "-2.25", "C", "0.1"},
			points:  map[string]string{"A": "0", "B": "2", "C": "6"},
			places:  map[string]int{"A": 3, "B": 2, "C": 1},
		},
		{
			name:    "eight players",
			players: []string{"A", "8", "B", "7", "C", "6", "D", "5", "E", "4", "F", "3", "G", "2", "H", "1"},
			points:  map[string]string{"A": "56", "B": "42", "C": "30", "D": "20", "E": "12", "F": "6", "G": "2", "H": "0"},
			places:  map[string]int{"A": 1, "B": 2, "C": 3, "D": 4, "E": 5, "F": 6, "G": 7, "H": 8},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			in := PlacementInput{Players: scored(t, tt.players...), LowerIsBetter: tt.lowerIsBetter}
			res, err := ScorePlacement(in)
			require.NoError(t, err)
			assert.Equal(t, Placement, res.System)
			assert.Equal(t, tt.points, pointsByID(res))
			require.Len(t, res.Results, len(in.Players))
			for i, r := range res.Results {
				assert.Equal(t, in.Players[i].ID, r.ID, "input order")
				assert.Equal(t, tt.places[r.ID], r.Place, "place of %s", r.ID)
				assert.Equal(t, r.Place == 1, r.Winner, "winner flag of %s", r.ID)
				assert.NotEmpty(t, r.Explanation)
			}
		})
	}
}

func TestScorePlacementExplanation(t *testing.T) {
	t.Parallel()
	res, err := ScorePlacement(PlacementInput{Players: scored(t, "A", "1000", "B", "970", "C", "970", "D", "800", "E", "770")})
	require.NoError(t, err)
	assert.Equal(t, "1st of 5 (score 1000): 20 points", res.Results[0].Explanation)
	assert.Equal(t, "tied 2nd–3rd of 5 with C (score 970): (12 + 6) / 2 = 9 points", res.Results[1].Explanation)
	assert.Equal(t, "5th of 5 (score 770): 0 points", res.Results[4].Explanation)

	// League points in an explanation read as on the page's Points column: a mixed number,
	// never "13.5" beside "13 1/2" (issue 12, one presentation rule).
	res, err = ScorePlacement(PlacementInput{Players: scored(t, "A", "9", "B", "7", "C", "7", "D", "7", "E", "1")})
	require.NoError(t, err)
	assert.Equal(t, "tied 2nd–4th of 5 with C and D (score 7): (12 + 6 + 2) / 3 = 6 2/3 points", res.Results[1].Explanation)
	assert.Equal(t, "6 2/3", Mixed(res.Results[1].Points))
}

func TestScorePlacementErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players []ScoredPlayer
		want    string
	}{
		{"no players", nil, "players: 0 player(s), need at least 2"},
		{"one player", scored(t, "A", "1"), "players: 1 player(s), need at least 2"},
		{"duplicate id", scored(t, "A", "1", "B", "2", "A", "3"), `players[2].id: duplicate id "A" (also players[0].id)`},
		{"empty id", scored(t, "A", "1", " ", "2"), "players[1].id: must not be empty"},
		{"missing score", []ScoredPlayer{{ID: "A", Score: rat(t, "1")}, {ID: "B"}}, "players[1].score: missing"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ScorePlacement(PlacementInput{Players: tt.players})
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestScorePlacementSumProperty(t *testing.T) {
	t.Parallel()
	// Placement points always sum to Σ (n−p+1)(n−p) = (n−1)n(n+1)/3, however players tie.
	rng := newRand(t)
	for iter := 0; iter < 2000; iter++ {
		n := 2 + rng.IntN(9)
		players := make([]ScoredPlayer, n)
		for i := range players {
			players[i] = ScoredPlayer{ID: fmt.Sprintf("P%d", i), Score: ratInt(int64(rng.IntN(4)))}
		}
		res, err := ScorePlacement(PlacementInput{Players: players, LowerIsBetter: rng.IntN(2) == 0})
		require.NoError(t, err)
		sum := ratInt(0)
		for _, r := range res.Results {
			sum.Add(sum, r.Points)
		}
		want := ratInt(int64((n - 1) * n * (n + 1) / 3))
		require.Zero(t, sum.Cmp(want), "n=%d: sum %s, want %s", n, sum.RatString(), want.RatString())
		requirePermutationInvariant(t, rng, func(perm []int) (Result, error) {
			shuffled := make([]ScoredPlayer, n)
			for i, j := range perm {
				shuffled[i] = players[j]
			}
			return ScorePlacement(PlacementInput{Players: shuffled})
		}, n)
	}
}

func TestPlacementExplanationSaysOnePoint(t *testing.T) {
	t.Parallel()
	// Two players tied for first of two share (2 + 0) / 2 = 1 point: singular.
	res, err := ScorePlacement(PlacementInput{Players: scored(t, "A", "5", "B", "5")})
	require.NoError(t, err)
	assert.Equal(t, "tied 1st–2nd of 2 with B (score 5): (2 + 0) / 2 = 1 point", res.Results[0].Explanation)
}
