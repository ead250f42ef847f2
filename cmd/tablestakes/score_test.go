package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// scoreOutput is `tablestakes score` output read with exact numbers.
type scoreOutput struct {
	System  string          `json:"system"`
	Victory string          `json:"victory"`
	Winner  json.RawMessage `json:"winner"`
	Results []struct {
		ID          string      `json:"id"`
		Points      json.Number `json:"points"`
		PointsExact string      `json:"points_exact"`
		Place       int         `json:"place"`
		Order       json.Number `json:"order"`
		Winner      bool        `json:"winner"`
		Explanation string      `json:"explanation"`
	} `json:"results"`
}

// runScoreText runs `tablestakes score ARGS...` on input and returns stdout.
func runScoreText(t *testing.T, input string, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"score"}, args...), strings.NewReader(input), &out)
	return out.String(), err
}

func TestScoreCommand(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name    string
		system  string
		input   string
		points  []string // in input order
		victory string
		winner  string // raw JSON of the team-game winner
	}{
		{"placement: seed Cartagena", "placement",
			`{"players":[{"id":"A","score":1000},{"id":"B","score":970},{"id":"C","score":970},{"id":"D","score":800},{"id":"E","score":770}]}`,
			[]string{"20", "9", "9", "2", "0"}, "", ""},
		{"placement: seed Vampiring", "placement",
			`{"players":[{"id":"A","score":32},{"id":"B","score":28},{"id":"C","score":28},{"id":"D","score":10}]}`,
			[]string{"12", "4", "4", "0"}, "", ""},
		{"blue-max: seed example 1", "blue-max",
			`{"sides":[{"name":"W","players":[{"id":"W1","units":1,"lost":0,"destroyed":2,"points":60},{"id":"W2","destroyed":1,"points":30},{"id":"W3","points":10}]},
			  {"name":"D","players":[{"id":"D1","lost":1,"points":10},{"id":"D2","lost":1,"points":10},{"id":"D3","lost":1,"points":10}]}]}`,
			[]string{"7", "5", "4", "-1", "-1", "-1"}, "strategic", `"W"`},
		{"wooden-ships: draw", "wooden-ships",
			`{"sides":[{"name":"W","players":[{"id":"W1","lost":1,"destroyed":1,"points":10}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1,"points":10}]}]}`,
			[]string{"-1", "-1"}, "draw", `null`},
		{"vortex: seed example", "vortex",
			`{"players":[{"id":"RED","score":90},{"id":"B","score":70},{"id":"C","score":40},{"id":"D","score":50}]}`,
			[]string{"1100", "0", "0", "0"}, "", ""},
		{"armada: same-year eliminations", "armada",
			`{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"GER","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":5,"years":10}],"winners":["ENG","FRA"]}`,
			[]string{"7.5", "7.5", "199", "206"}, "", ""},
		{"arcs-ambition: CONTRACT example", "arcs-ambition",
			`{"markers":[[5,3],[3,2]],"players":[{"id":"A","count":3,"bonus":2},{"id":"B","count":3}],"neutral":0}`,
			[]string{"5", "5"}, "", ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, err := runScoreText(t, tt.input, tt.system)
			require.NoError(t, err)
			dec := json.NewDecoder(strings.NewReader(text))
			dec.UseNumber()
			var out scoreOutput
			require.NoError(t, dec.Decode(&out))
			assert.Equal(t, tt.system, out.System)
			var points []string
			for _, r := range out.Results {
				points = append(points, r.Points.String())
				assert.NotEmpty(t, r.Explanation, r.ID)
			}
			assert.Equal(t, tt.points, points)
			assert.Equal(t, tt.victory, out.Victory)
			assert.Equal(t, tt.winner, string(out.Winner))
		})
	}
}

func TestScoreCommandErrors(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name  string
		args  []string
		input string
		want  string
	}{
		{"no system", nil, `{}`, "score: want exactly one SYSTEM (placement, blue-max, wooden-ships, vortex, armada, arcs-ambition), got 0 arguments"},
		{"two systems", []string{"placement", "vortex"}, `{}`, "score: want exactly one SYSTEM (placement, blue-max, wooden-ships, vortex, armada, arcs-ambition), got 2 arguments"},
		{"unknown system", []string{"chess"}, `{}`, `system: unknown system "chess" (want one of placement, blue-max, wooden-ships, vortex, armada, arcs-ambition)`},
		{"malformed JSON", []string{"placement"}, "{\"players\":[\n", "input: malformed JSON at line 1, column 13: unexpected end of JSON input"},
		{"empty stdin", []string{"vortex"}, "", "input: empty, want a JSON object"},
		{"lost exceeds units", []string{"blue-max"},
			`{"sides":[{"name":"W","players":[{"id":"W1"},{"id":"W2"},{"id":"W3","lost":3}]},{"name":"D","players":[{"id":"D1"}]}]}`,
			"sides[0].players[2].lost: 3 exceeds units 1"},
		{"draw without every survivor", []string{"armada"},
			`{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":5,"years":10}],"winners":["ENG"]}`,
			"winners: draw must include every survivor owning a centre (missing FRA)"},
		{"duplicate ids", []string{"vortex"}, `{"players":[{"id":"A","score":1},{"id":"A","score":2}]}`, `players[1].id: duplicate id "A" (also players[0].id)`},
		{"negative count", []string{"arcs-ambition"}, `{"markers":[[5,3]],"players":[{"id":"A","count":-2},{"id":"B","count":1}]}`, "players[0].count: must not be negative, got -2"},
		{"missing score", []string{"placement"}, `{"players":[{"id":"A","score":1},{"id":"B","score":2},{"id":"C","score":3},{"id":"D"}]}`, "players[3].score: missing"},
		{"input too large", []string{"placement"}, `{"players":[` + strings.Repeat(" ", 1<<20) + `]}`, "input: larger than 1 MiB"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			out, err := runScoreText(t, tt.input, tt.args...)
			require.Error(t, err)
			var bad *inputError
			assert.True(t, errors.As(err, &bad), "exit status 2 for %q", err)
			assert.Equal(t, tt.want, err.Error())
			assert.NotContains(t, err.Error(), "\n", "one line on stderr")
			assert.Empty(t, out, "nothing on stdout")
		})
	}
}
