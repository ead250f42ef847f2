package forecast

import (
	"encoding/json"
	"math"
	"os"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tablestakes/tablestakes/rating"
)

// openSkillGolden is testdata/openskill_golden.json: hand cases of Weng & Lin's Algorithm 4
// with openskill's defaults, computed independently (see the file's note).
type openSkillGolden struct {
	Cases []struct {
		Name    string    `json:"name"`
		Before  []Skill   `json:"before"`
		Places  Result    `json:"places"`
		Chances []float64 `json:"chances"`
		After   []Skill   `json:"after"`
	} `json:"cases"`
}

func TestOpenSkillGolden(t *testing.T) {
	t.Parallel()
	raw, err := os.ReadFile("testdata/openskill_golden.json")
	require.NoError(t, err)
	var golden openSkillGolden
	require.NoError(t, json.Unmarshal(raw, &golden))
	require.NotEmpty(t, golden.Cases)
	for _, tc := range golden.Cases {
		t.Run(tc.Name, func(t *testing.T) {
			players := make([]string, len(tc.Before))
			model := NewOpenSkill()
			for i, s := range tc.Before {
				players[i] = string(rune('A' + i))
				model.index[players[i]] = i
				model.skills = append(model.skills, s)
			}
			table := Table{Players: players, Ratings: make([]rating.Micros, len(players))}
			win := make([]float64, len(players))
			model.Chances(table, win)
			assertClose(t, tc.Chances, win)
			model.Learn(table, tc.Places)
			for i, want := range tc.After {
				got := model.Skill(players[i])
				assert.InDelta(t, want.Mu, got.Mu, 1e-12, "%s mu", players[i])
				assert.InDelta(t, want.Sigma, got.Sigma, 1e-12, "%s sigma", players[i])
			}
		})
	}
}

func TestOpenSkillNewPlayersStartAtTheDefaults(t *testing.T) {
	t.Parallel()
	s := NewOpenSkill().Skill("nobody")
	assert.Equal(t, Skill{Mu: 25, Sigma: 25.0 / 3}, s)
}

// assertClose checks two lists of chances agree to 1e-12.
func assertClose(t *testing.T, want, got []float64) {
	t.Helper()
	require.Len(t, got, len(want))
	for i := range want {
		assert.InDelta(t, want[i], got[i], 1e-12, "seat %d", i)
		assert.False(t, math.IsNaN(got[i]))
	}
}
