package main

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Acceptance tests of the scorer corrections of CONTRACT section 1, through the binary.

func TestContractVortexPlaces(t *testing.T) {
	t.Parallel()
	// "Each result also has "place": 1 + the number of players with a higher score (tied
	// players share a place), so 90, 70, 40, 50 → places 1, 2, 4, 3."
	var out struct {
		Results []struct {
			ID     string `json:"id"`
			Points num    `json:"points"`
			Place  int    `json:"place"`
		} `json:"results"`
	}
	runCLI(t, `{"players":[{"id":"RED","score":90},{"id":"BLUE","score":70},{"id":"CYAN","score":40},{"id":"GREEN","score":50},{"id":"X","score":40}]}`,
		"score", "vortex").requireOK(t, &out)
	var places []int
	for _, r := range out.Results {
		places = append(places, r.Place)
	}
	assert.Equal(t, []int{1, 2, 4, 3, 4}, places)
	assertNumber(t, "1600", out.Results[0].Points, "10 × (20 + 50 + 40 + 50)")
}

func TestContractBestTeamPlayerAtExactly15Percent(t *testing.T) {
	t.Parallel()
	// "scored 15% more points" than every teammate: at least 115%, and more than each;
	// "exactly 15% more counts, unlike the marginal victory's "more than 15%"".
	var out struct {
		Victory string `json:"victory"`
		Results []struct {
			ID     string `json:"id"`
			Points num    `json:"points"`
		} `json:"results"`
	}
	runCLI(t, `{"sides":[
	  {"name":"W","players":[{"id":"W1","points":23},{"id":"W2","points":20}]},
	  {"name":"D","players":[{"id":"D1","points":20},{"id":"D2","points":20}]}]}`, "score", "blue-max").requireOK(t, &out)
	assert.Equal(t, "draw", out.Victory, "43 against 40 is within 15%")
	require.Len(t, out.Results, 4)
	for i, want := range []string{"1", "0", "0", "0"} {
		assertNumber(t, want, out.Results[i].Points, out.Results[i].ID)
	}
	// A side exactly 15% ahead (46 against 40) is still no marginal victory.
	runCLI(t, `{"sides":[
	  {"name":"W","players":[{"id":"W1","points":46}]},
	  {"name":"D","players":[{"id":"D1","points":40}]}]}`, "score", "wooden-ships").requireOK(t, &out)
	assert.Equal(t, "draw", out.Victory)
}

func TestContractArmadaChecks(t *testing.T) {
	t.Parallel()
	// DIAS: a draw is shared by the survivors owning a centre; a survivor without one loses.
	var out struct {
		Results []struct {
			ID     string `json:"id"`
			Points num    `json:"points"`
			Winner bool   `json:"winner"`
			Order  num    `json:"order"`
		} `json:"results"`
	}
	runCLI(t, `{"outcome":"draw","players":[
	  {"id":"AUS","centers":0,"years":5,"eliminated":1905},
	  {"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":10,"years":10},{"id":"ITA","centers":0,"years":10}],
	  "winners":["ENG","FRA"]}`, "score", "armada").requireOK(t, &out)
	require.Len(t, out.Results, 4)
	assert.False(t, out.Results[3].Winner)
	assertNumber(t, "2", out.Results[3].Order, "one more than the one eliminated")
	assertNumber(t, "20", out.Results[3].Points, "2 × 10 years + 0 centres")
	assertNumber(t, "196.5", out.Results[1].Points, "(420 − 25 + 22) / 2 − 12")

	game := func(players, outcome, winners string) string {
		return `{"outcome":"` + outcome + `","players":[` + players + `],"winners":[` + winners + `]}`
	}
	const two = `{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":10,"years":10}`
	for _, tc := range []struct{ name, input, field string }{
		{"a draw leaving out a survivor owning a centre", game(two, "draw", `"ENG"`), "winners"},
		{"a draw including a survivor without a centre",
			game(two+`,{"id":"ITA","centers":0,"years":10}`, "draw", `"ENG","FRA","ITA"`), "winners[2]"},
		{"conceded to a survivor without a centre",
			game(two+`,{"id":"ITA","centers":0,"years":10}`, "concession", `"ITA"`), "winners[0]"},
		{"years beyond 200", game(`{"id":"ENG","centers":12,"years":201},{"id":"FRA","centers":10,"years":201}`, "draw", `"ENG","FRA"`), "players[0].years"},
		{"no years", game(`{"id":"ENG","centers":12,"years":0},{"id":"FRA","centers":10,"years":0}`, "draw", `"ENG","FRA"`), "players[0].years"},
		{"eliminated before 1901", game(two+`,{"id":"AUS","centers":0,"years":1,"eliminated":1900}`, "draw", `"ENG","FRA"`), "players[2].eliminated"},
		{"years disagreeing with the elimination year",
			game(two+`,{"id":"AUS","centers":0,"years":4,"eliminated":1905}`, "draw", `"ENG","FRA"`), "players[2].years"},
		{"eliminated after the survivors' last year",
			game(two+`,{"id":"AUS","centers":0,"years":11,"eliminated":1911}`, "draw", `"ENG","FRA"`), "players[2].eliminated"},
		{"survivors of different lengths", game(`{"id":"ENG","centers":12,"years":10},{"id":"FRA","centers":10,"years":9}`, "draw", `"ENG","FRA"`), "players[1].years"},
		{"centres beyond 34", game(`{"id":"ENG","centers":20,"years":10},{"id":"FRA","centers":15,"years":10}`, "draw", `"ENG","FRA"`), "players"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			r := runCLI(t, tc.input, "score", "armada")
			r.assertBadInput(t, tc.field)
			assert.Contains(t, r.stderr, tc.field+": ", "the line starts its message at the field")
		})
	}
}
