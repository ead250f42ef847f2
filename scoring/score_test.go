package scoring

import (
	"encoding/json"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestScoreJSON(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		system System
		input  string
		points map[string]string
	}{
		{"placement seed Cartagena", Placement,
			`{"players":[{"id":"A","score":1000},{"id":"B","score":970},{"id":"C","score":970},{"id":"D","score":800},{"id":"E","score":770}]}`,
			map[string]string{"A": "20", "B": "9", "C": "9", "D": "2", "E": "0"}},
		{"placement lower is better, null treated as absent", Placement,
			`{"players":[{"id":"A","score":3},{"id":"B","score":1.5}],"lower_is_better":true}`,
			map[string]string{"A": "0", "B": "2"}},
		{"placement lower_is_better null", Placement,
			`{"players":[{"id":"A","score":3},{"id":"B","score":1.5}],"lower_is_better":null}`,
			map[string]string{"A": "2", "B": "0"}},
		{"blue-max seed example 3, units and points defaulted", BlueMax,
			`{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1}]},{"name":"D","players":[{"id":"D1","units":1,"lost":1,"destroyed":0,"points":0}]}]}`,
			map[string]string{"W1": "5", "D1": "-1"}},
		{"wooden-ships ignores destroyed", WoodenShips,
			`{"sides":[{"name":"W","players":[{"id":"W1","destroyed":1,"units":null}]},{"name":"D","players":[{"id":"D1","lost":1}]}]}`,
			map[string]string{"W1": "4", "D1": "-1"}},
		{"vortex seed example", Vortex,
			`{"players":[{"id":"RED","score":90},{"id":"B","score":70},{"id":"C","score":40},{"id":"D","score":50}]}`,
			map[string]string{"RED": "1100", "B": "0", "C": "0", "D": "0"}},
		{"armada CONTRACT shape", Armada,
			`{"outcome":"solo","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":18,"years":10},{"id":"FRA","centers":16,"years":10}],"winners":["ENG"]}`,
			map[string]string{"AUS": "5", "ENG": "379", "FRA": "36"}}, // FRA: order 2 × 10 + 16
		{"arcs-ambition CONTRACT example", ArcsAmbition,
			`{"markers":[[5,3],[3,2]],"players":[{"id":"A","count":3,"bonus":2},{"id":"B","count":3}],"neutral":0}`,
			map[string]string{"A": "5", "B": "5"}},
		{"whole numbers written as 1.0 and 1e0", ArcsAmbition,
			`{"markers":[[5.0,3e0]],"players":[{"id":"A","count":3},{"id":"B","count":2}]}`,
			map[string]string{"A": "5", "B": "3"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			res, err := Score(tt.system, []byte(tt.input))
			require.NoError(t, err)
			assert.Equal(t, tt.system, res.System)
			assert.Equal(t, tt.points, pointsByID(res))
		})
	}
}

func TestScoreJSONErrors(t *testing.T) {
	t.Parallel()
	placement := func(players string) string { return `{"players":[` + players + `]}` }
	ab := `{"id":"A","score":1},{"id":"B","score":2}`
	team := func(w, d string) string {
		return `{"sides":[{"name":"W","players":[` + w + `]},{"name":"D","players":[` + d + `]}]}`
	}
	tests := []struct {
		name   string
		system System
		input  string
		want   string
	}{
		{"unknown system", "chess", `{}`, `system: unknown system "chess" (want one of placement, blue-max, wooden-ships, vortex, armada, arcs-ambition)`},
		{"empty input", Placement, "  \n", "input: empty, want a JSON object"},
		{"truncated JSON", Placement, `{"players":[`, "input: malformed JSON at line 1, column 13: unexpected end of JSON input"},
		{"trailing comma", Placement, "{\"players\":[\n  {\"id\":\"A\",\"score\":1},\n]}", "input: malformed JSON at line 3, column 1: invalid character ']' looking for beginning of value"},
		{"two documents", Placement, placement(ab) + ` {}`, "input: malformed JSON at line 1, column 57: invalid character '{' after top-level value"},
		{"top-level array", Placement, `[1,2]`, "input: must be an object, got an array"},
		{"unknown top-level field", Placement, `{"players":[` + ab + `],"rounds":3}`, "rounds: unknown field (want players, lower_is_better)"},
		{"unknown player field", Vortex, placement(`{"id":"A","score":1,"colour":"red"},{"id":"B","score":2}`), "players[0].colour: unknown field (want id, score)"},
		{"field given twice", Placement, `{"players":[` + ab + `],"players":[]}`, "players: given twice"},
		{"missing players", Placement, `{}`, "players: missing"},
		{"players not an array", Placement, `{"players":{"A":1}}`, "players: must be an array, got an object"},
		{"player not an object", Placement, placement(`"A"`), "players[0]: must be an object, got a string"},
		{"missing score (CONTRACT example)", Placement, placement(ab + `,{"id":"C","score":3},{"id":"D"}`), "players[3].score: missing"},
		{"score as a string", Placement, placement(`{"id":"A","score":"10"},{"id":"B","score":2}`), "players[0].score: must be a number, got a string"},
		{"score with a huge exponent", Placement, placement(`{"id":"A","score":1e999999999},{"id":"B","score":2}`), "players[0].score: number 1e999999999 out of range"},
		{"score too long", Placement, placement(`{"id":"A","score":1` + strings.Repeat("0", 80) + `},{"id":"B","score":2}`), "players[0].score: number longer than 64 characters"},
		{"id as a number", Placement, placement(`{"id":7,"score":1},{"id":"B","score":2}`), "players[0].id: must be a string, got a number"},
		{"id not UTF-8", Placement, placement(`{"id":"A` + "\xff" + `","score":1},{"id":"B","score":2}`), "players[0].id: must be valid UTF-8"},
		{"side name not UTF-8", BlueMax, `{"sides":[{"name":"` + "\xfe" + `","players":[{"id":"W1"}]},{"name":"D","players":[{"id":"D1"}]}]}`, "sides[0].name: must be valid UTF-8"},
		{"empty id", Placement, placement(`{"id":"","score":1},{"id":"B","score":2}`), "players[0].id: must not be empty"},
		{"duplicate ids", Placement, placement(ab + `,{"id":"A","score":3}`), `players[2].id: duplicate id "A" (also players[0].id)`},
		{"one player", Placement, placement(`{"id":"A","score":1}`), "players: 1 player(s), need at least 2"},
		{"lower_is_better not a boolean", Placement, `{"players":[` + ab + `],"lower_is_better":"yes"}`, "lower_is_better: must be true or false, got a string"},
		{"lost exceeds units", BlueMax, team(`{"id":"W1"},{"id":"W2"},{"id":"W3","lost":3}`, `{"id":"D1"}`), "sides[0].players[2].lost: 3 exceeds units 1"},
		{"negative lost", BlueMax, team(`{"id":"W1","lost":-1}`, `{"id":"D1"}`), "sides[0].players[0].lost: must not be negative, got -1"},
		{"fractional units", WoodenShips, team(`{"id":"W1","units":1.5}`, `{"id":"D1"}`), "sides[0].players[0].units: must be a whole number, got 1.5"},
		{"zero units", WoodenShips, team(`{"id":"W1","units":0}`, `{"id":"D1"}`), "sides[0].players[0].units: must be at least 1, got 0"},
		{"huge count", BlueMax, team(`{"id":"W1","units":10000000000}`, `{"id":"D1"}`), "sides[0].players[0].units: must be at most 1000000000, got 10000000000"},
		{"one side", BlueMax, `{"sides":[{"name":"W","players":[{"id":"W1"}]}]}`, "sides: 1 side(s), need exactly 2"},
		{"side without a name", BlueMax, `{"sides":[{"players":[{"id":"W1"}]},{"name":"D","players":[{"id":"D1"}]}]}`, "sides[0].name: missing"},
		{"side without players", BlueMax, team(`{"id":"W1"}`, ``), "sides[1].players: no players, need at least 1"},
		{"unknown team player field", BlueMax, team(`{"id":"W1","score":3}`, `{"id":"D1"}`), "sides[0].players[0].score: unknown field (want id, units, lost, destroyed, points)"},
		{"draw missing a survivor", Armada,
			`{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":10,"years":10}],"winners":["ENG"]}`,
			"winners: draw must include every survivor owning a centre (missing FRA)"},
		{"armada missing years", Armada, `{"outcome":"draw","players":[{"id":"ENG","centers":12},{"id":"FRA","centers":10,"years":10}],"winners":["ENG","FRA"]}`, "players[0].years: missing"},
		{"armada negative centres", Armada, `{"outcome":"draw","players":[{"id":"ENG","centers":-2,"years":1},{"id":"FRA","centers":10,"years":10}],"winners":["ENG","FRA"]}`, "players[0].centers: must not be negative, got -2"},
		{"armada eliminated year 0", Armada, `{"outcome":"draw","players":[{"id":"ENG","centers":0,"years":1,"eliminated":0},{"id":"FRA","centers":10,"years":10}],"winners":["FRA"]}`, "players[0].eliminated: must be at least 1, got 0"},
		{"armada winner not a string", Armada, `{"outcome":"solo","players":[{"id":"ENG","centers":18,"years":1},{"id":"FRA","centers":10,"years":10}],"winners":[1]}`, "winners[0]: must be a string, got a number"},
		{"armada missing outcome", Armada, `{"players":[],"winners":[]}`, "outcome: missing"},
		{"arcs marker not an array", ArcsAmbition, `{"markers":[5],"players":[{"id":"A","count":1},{"id":"B","count":0}]}`, "markers[0]: must be an array, got a number"},
		{"arcs marker of four values", ArcsAmbition, `{"markers":[[5,3,2,1]],"players":[{"id":"A","count":1},{"id":"B","count":0}]}`, "markers[0]: 4 values, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)"},
		{"arcs negative count", ArcsAmbition, `{"markers":[[5,3]],"players":[{"id":"A","count":-1},{"id":"B","count":0}]}`, "players[0].count: must not be negative, got -1"},
		{"arcs bonus 3", ArcsAmbition, `{"markers":[[5,3]],"players":[{"id":"A","count":1,"bonus":3},{"id":"B","count":0}]}`, "players[0].bonus: must be 0, 2 or 5, got 3"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			_, err := Score(tt.system, []byte(tt.input))
			requireFieldError(t, err, tt.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
		})
	}
}

func TestResultJSON(t *testing.T) {
	t.Parallel()
	t.Run("placement: exact fractions, no team fields", func(t *testing.T) {
		res, err := Score(Placement, []byte(`{"players":[{"id":"A","score":7},{"id":"B","score":7},{"id":"C","score":7},{"id":"D","score":1}]}`))
		require.NoError(t, err)
		out, err := json.Marshal(res)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(out, &got))
		assert.Equal(t, "placement", got["system"])
		assert.NotContains(t, got, "victory")
		assert.NotContains(t, got, "winner")
		assert.Contains(t, string(out), `"points":6.666666666667,"points_exact":"20/3"`)
		first := got["results"].([]any)[0].(map[string]any)
		assert.Equal(t, "A", first["id"])
		assert.Equal(t, float64(1), first["place"])
		assert.Equal(t, true, first["winner"])
		assert.NotEmpty(t, first["explanation"])
	})
	t.Run("team draw: winner null", func(t *testing.T) {
		res, err := Score(BlueMax, []byte(`{"sides":[{"name":"W","players":[{"id":"W1","lost":1,"destroyed":1}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1}]}]}`))
		require.NoError(t, err)
		out, err := json.Marshal(res)
		require.NoError(t, err)
		var got map[string]any
		require.NoError(t, json.Unmarshal(out, &got))
		assert.Equal(t, "draw", got["victory"])
		assert.Contains(t, got, "winner")
		assert.Nil(t, got["winner"])
		assert.Len(t, got["results"], 2)
		assert.Len(t, got["sides"], 2)
	})
	t.Run("team victory: winner is the side name", func(t *testing.T) {
		res, err := Score(WoodenShips, []byte(`{"sides":[{"name":"W","players":[{"id":"W1"}]},{"name":"D","players":[{"id":"D1","lost":1}]}]}`))
		require.NoError(t, err)
		out, err := json.Marshal(res)
		require.NoError(t, err)
		assert.Contains(t, string(out), `"victory":"strategic","winner":"W"`)
	})
	t.Run("armada: order for losing players, winner flags", func(t *testing.T) {
		res, err := Score(Armada, []byte(`{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"GER","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":5,"years":10}],"winners":["ENG","FRA"]}`))
		require.NoError(t, err)
		out, err := json.Marshal(res)
		require.NoError(t, err)
		var got struct {
			Results []map[string]any `json:"results"`
		}
		require.NoError(t, json.Unmarshal(out, &got))
		assert.Equal(t, 1.5, got.Results[0]["order"])
		assert.Equal(t, 7.5, got.Results[0]["points"])
		assert.Equal(t, false, got.Results[0]["winner"])
		assert.NotContains(t, got.Results[2], "order")
		assert.Equal(t, true, got.Results[2]["winner"])
		assert.Equal(t, float64(199), got.Results[2]["points"]) // (420 − 15 + 17)/2 − 12
	})
	t.Run("results round trip through JSON", func(t *testing.T) {
		inputs := map[System]string{
			Placement: `{"players":[{"id":"A","score":7},{"id":"B","score":7},{"id":"C","score":7},{"id":"D","score":1}]}`,
			BlueMax:   `{"sides":[{"name":"W","players":[{"id":"W1","units":3,"lost":1,"points":12.5},{"id":"W2"}]},{"name":"D","players":[{"id":"D1","lost":1,"destroyed":1}]}]}`,
			Armada:    `{"outcome":"draw","players":[{"id":"AUS","centers":0,"years":5,"eliminated":1905},{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":5,"years":10},{"id":"GER","centers":3,"years":10}],"winners":["ENG","FRA","GER"]}`,
		}
		for system, input := range inputs {
			res, err := Score(system, []byte(input))
			require.NoError(t, err)
			out, err := json.Marshal(res)
			require.NoError(t, err)
			var back Result
			require.NoError(t, json.Unmarshal(out, &back), string(out))
			assert.Equal(t, res, back, string(system))
		}
	})
	t.Run("player result round trip is exact", func(t *testing.T) {
		in := PlayerResult{ID: "A", Points: rat(t, "358/3"), Winner: true, Order: rat(t, "7/2"), Explanation: "x"}
		out, err := json.Marshal(in)
		require.NoError(t, err)
		var back PlayerResult
		require.NoError(t, json.Unmarshal(out, &back))
		assert.Equal(t, "358/3", back.Points.RatString())
		assert.Equal(t, "7/2", back.Order.RatString())
		assert.Equal(t, in.ID, back.ID)
		assert.True(t, back.Winner)
	})
}

func TestPlayerResultUnmarshalRefusesHugeNumbers(t *testing.T) {
	t.Parallel()
	var p PlayerResult
	assert.Error(t, json.Unmarshal([]byte(`{"id":"A","points":1e999999999}`), &p))
	assert.Error(t, json.Unmarshal([]byte(`{"id":"A","points":1,"points_exact":"1/0"}`), &p))
	assert.Error(t, json.Unmarshal([]byte(`{"id":"A","points":1,"order":1e-999999}`), &p))
	require.NoError(t, json.Unmarshal([]byte(`{"id":"A","points":17.5}`), &p))
	assert.Equal(t, "35/2", p.Points.RatString())
}

func TestDecimal(t *testing.T) {
	t.Parallel()
	tests := map[string]string{"0": "0", "20": "20", "-1": "-1", "35/2": "17.5", "20/3": "6.666666666667", "-1/8": "-0.125", "1/3": "0.333333333333"}
	for in, want := range tests {
		assert.Equal(t, want, decimal(rat(t, in)), in)
	}
}
