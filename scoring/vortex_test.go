package scoring

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreVortex(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		players []string
		points  map[string]string
		winners []string
		places  []int // by score, ties sharing (CONTRACT section 1); nil: not checked
	}{
		{
			// The losers are ranked by score, no longer all "2nd": 70 is 2nd, 50 3rd, 40 4th.
			name:    "seed example: 90 against 70, 40 and 50",
			players: []string{"RED", "90", "BLUE", "70", "CYAN", "40", "GREEN", "50"},
			points:  map[string]string{"RED": "1100", "BLUE": "0", "CYAN": "0", "GREEN": "0"},
			winners: []string{"RED"},
			places:  []int{1, 2, 4, 3},
		},
		{
			// vortex-mechanics.txt, "Victory": RED 23 against CYAN 23 and BLUE 20 would take 30;
			// CYAN ties RED for the top score, so both are winners.
			name:    "seed algorithm example: tied top scorers both win",
			players: []string{"RED", "23", "BLUE", "20", "CYAN", "23"},
			points:  map[string]string{"RED": "30", "BLUE": "0", "CYAN": "30"},
			winners: []string{"RED", "CYAN"},
			places:  []int{1, 3, 1},
		},
		{
			name:    "two players",
			players: []string{"A", "150", "B", "50"},
			points:  map[string]string{"A": "1000", "B": "0"},
			winners: []string{"A"},
		},
		{
			name:    "all tied: every player wins nothing",
			players: []string{"A", "60", "B", "60"},
			points:  map[string]string{"A": "0", "B": "0"},
			winners: []string{"A", "B"},
			places:  []int{1, 1},
		},
		{
			name:    "tied losers share a place",
			players: []string{"A", "10", "B", "30", "C", "10", "D", "5"},
			points:  map[string]string{"A": "0", "B": "650", "C": "0", "D": "0"},
			winners: []string{"B"},
			places:  []int{2, 1, 2, 4},
		},
		{
			name:    "fractional vulnerability scores stay exact",
			players: []string{"A", "27.5", "B", "20", "C", "23.25"},
			points:  map[string]string{"A": "235/2", "B": "0", "C": "0"}, // 10 × (7.5 + 4.25)
			winners: []string{"A"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := ScoreVortex(VortexInput{Players: scored(t, tt.players...)})
			require.NoError(t, err)
			assert.Equal(t, Vortex, res.System)
			assert.Equal(t, tt.points, pointsByID(res))
			var winners []string
			for _, r := range res.Results {
				if r.Winner {
					winners = append(winners, r.ID)
				}
			}
			assert.Equal(t, tt.winners, winners)
			if tt.places != nil {
				var places []int
				for _, r := range res.Results {
					places = append(places, r.Place)
				}
				assert.Equal(t, tt.places, places)
			}
		})
	}
}

func TestScoreVortexExplanation(t *testing.T) {
	t.Parallel()
	res, err := ScoreVortex(VortexInput{Players: scored(t, "RED", "90", "BLUE", "70", "CYAN", "40", "GREEN", "50")})
	require.NoError(t, err)
	assert.Equal(t, "winner: 10 × {(90 − 70) + (90 − 40) + (90 − 50)} = 10 × 110 = 1100 points", res.Results[0].Explanation)
	assert.Equal(t, "not the winner (score 70, the winner's 90): 0 points", res.Results[1].Explanation)
}

func TestScoreVortexErrors(t *testing.T) {
	t.Parallel()
	_, err := ScoreVortex(VortexInput{Players: scored(t, "A", "1")})
	requireFieldError(t, err, "players: 1 player(s), need at least 2")
	_, err = ScoreVortex(VortexInput{Players: scored(t, "A", "1", "A", "2")})
	requireFieldError(t, err, `players[1].id: duplicate id "A" (also players[0].id)`)
}

func TestScoreVortexPermutationProperty(t *testing.T) {
	t.Parallel()
	rng := newRand(t)
	for iter := 0; iter < 1000; iter++ {
		n := 2 + rng.IntN(3)
		players := make([]ScoredPlayer, n)
		for i := range players {
			players[i] = ScoredPlayer{ID: fmt.Sprintf("P%d", i), Score: ratInt(rng.Int64N(6) * 10)}
		}
		requirePermutationInvariant(t, rng, func(perm []int) (Result, error) {
			in := VortexInput{Players: make([]ScoredPlayer, n)}
			for i, j := range perm {
				in.Players[i] = players[j]
			}
			return ScoreVortex(in)
		}, n)
	}
}
