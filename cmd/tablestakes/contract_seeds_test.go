package main

// Black-box acceptance tests of CONTRACT sections 5 (`tablestakes supercat turn`) and 6
// (`tablestakes vortex position`): the built binary run as a process, as in contract_test.go.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// contractVortexOut is CONTRACT section 6's output.
type contractVortexOut struct {
	Results []struct {
		ID     string `json:"id"`
		Score  num    `json:"score"`
		Tokens []num  `json:"tokens"`
	} `json:"results"`
}

func TestContractVortexPosition(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		ids    []string
		scores []string
		tokens [][]string
	}{
		{
			name:   "seed: RED 150, BLUE 50",
			input:  `{"die":6,"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"150", "50"},
			tokens: [][]string{{"150", "0", "0", "0"}, {"50", "0", "0", "0"}},
		},
		{
			name:   "seed: die 12, three players one token at 3",
			input:  `{"die":12,"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]},{"id":"CYAN","start":4,"tokens":[3,0,0,0]},{"id":"BLUE","start":8,"tokens":[3,0,0,0]}]}`,
			ids:    []string{"RED", "CYAN", "BLUE"},
			scores: []string{"22.5", "22.5", "20"},
			tokens: [][]string{{"22.5", "0", "0", "0"}, {"22.5", "0", "0", "0"}, {"20", "0", "0", "0"}},
		},
		{
			name:   "die defaults to 6; input order kept",
			input:  `{"players":[{"id":"BLUE","start":8,"tokens":[5,0,0,0]},{"id":"RED","start":0,"tokens":[18,0,0,0]}]}`,
			ids:    []string{"BLUE", "RED"},
			scores: []string{"50", "150"},
		},
		{
			name:   "centre and safe squares keep their worth",
			input:  `{"players":[{"id":"RED","start":0,"tokens":[25,1,5,25]},{"id":"BLUE","start":8,"tokens":[24,23,13,0]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"560", "600"},
			tokens: [][]string{{"250", "10", "50", "250"}, {"240", "230", "130", "0"}},
		},
		{
			name:   "v is at most 1",
			input:  `{"die":1,"players":[{"id":"RED","start":0,"tokens":[2,0,0,0]},{"id":"CYAN","start":4,"tokens":[13,0,0,0]},{"id":"BLUE","start":8,"tokens":[9,0,0,0]}]}`,
			ids:    []string{"RED", "CYAN", "BLUE"},
			scores: []string{"0", "130", "90"},
		},
		{
			name:   "thirds stay exact to 1e-9",
			input:  `{"players":[{"id":"RED","start":0,"tokens":[1,5,9,13]},{"id":"BLUE","start":4,"tokens":[2,3,4,6]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"280", "320/3"},
			tokens: [][]string{{"10", "50", "90", "130"}, {"40/3", "20", "100/3", "40"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out contractVortexOut
			runCLI(t, tt.input, "vortex", "position").requireOK(t, &out)
			require.Len(t, out.Results, len(tt.ids))
			for i, r := range out.Results {
				assert.Equal(t, tt.ids[i], r.ID)
				assertNumber(t, tt.scores[i], r.Score, "score of %s", r.ID)
				require.Len(t, r.Tokens, 4)
				if tt.tokens != nil {
					for k, w := range r.Tokens {
						assertNumber(t, tt.tokens[i][k], w, "%s token %d", r.ID, k)
					}
				}
			}
		})
	}
}

func TestContractVortexPositionBadInput(t *testing.T) {
	tests := []struct{ input, field string }{
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":8,"tokens":[0,0,26,0]}]}`, "players[1].tokens[2]"},
		{`{"die":0,"players":[{"id":"A","start":0,"tokens":[0,0,0,0]}]}`, "die"},
		{`{"players":[{"id":"A","start":2,"tokens":[0,0,0,0]}]}`, "players[0].start"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":0,"tokens":[0,0,0,0]}]}`, "players[1].start"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0]}]}`, "players[0].tokens"},
		{`{"players":[{"id":"A","tokens":[0,0,0,0]}]}`, "players[0].start"},
		{`{"die":6}`, "players"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]}]`, "input"},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			runCLI(t, tt.input, "vortex", "position").assertBadInput(t, tt.field)
		})
	}
	runCLI(t, `{}`, "vortex", "score").assertBadInput(t, "vortex")
}
