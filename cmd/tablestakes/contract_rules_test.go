package main

import (
	"encoding/json"
	"maps"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store/storetest"
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

func TestContractServedLaddersEqualRateUnderThePotOfSixtyASeat(t *testing.T) {
	t.Parallel()
	// CONTRACT section 3: the server's ladders are what `tablestakes rate` computes from the
	// same results in play order, now with a pot of 60 a seat: 2-player King Me games (a pot
	// of 120) and 3-player Diplomacy games (ARMADA's 420 at any size).
	srv := startServer(t, storetest.MissingDatabase(t))
	a := api{t: t, url: srv.url}
	users := []string{"org", "ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"}
	tokens := map[string]string{}
	for _, u := range users {
		a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{
			"username": u, "display_name": strings.ToUpper(u), "password": "password-of-" + u,
		}).decode(t, http.StatusCreated, new(map[string]any))
		var login struct {
			Token string `json:"token"`
		}
		a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": u, "password": "password-of-" + u}).
			decode(t, http.StatusOK, &login)
		tokens[u] = login.Token
	}
	league := func(game string, perGame int) []contractGame {
		var l contractLeague
		a.do(http.MethodPost, "/api/v1/leagues", tokens["org"], map[string]any{
			"name": game, "game": game, "players_per_game": perGame, "min_recent_games": 0,
		}).decode(t, http.StatusCreated, &l)
		for _, u := range users[1:] {
			a.do(http.MethodPost, "/api/v1/leagues/"+string(l.ID)+"/join", tokens[u], nil).decode(t, http.StatusOK, new(contractLeague))
		}
		var games []contractGame
		a.do(http.MethodGet, "/api/v1/leagues/"+string(l.ID)+"/games", "", nil).decode(t, http.StatusOK, &games)
		return games
	}
	served := func(game string) map[string]string {
		var rs []contractRating
		a.do(http.MethodGet, "/api/v1/ratings/"+game, "", nil).decode(t, http.StatusOK, &rs)
		out := map[string]string{}
		for _, r := range rs {
			out[r.Username] = exact(t, r.Rating).RatString()
		}
		return out
	}
	rated := func(ladder []map[string]any) map[string]string {
		input, err := json.Marshal(map[string]any{"games": ladder})
		require.NoError(t, err)
		var out contractRated
		runCLI(t, string(input), "rate").requireOK(t, &out)
		got := map[string]string{}
		for _, r := range out.Ratings {
			got[r.ID] = exact(t, r.Rating).RatString()
		}
		for _, g := range out.Games {
			var antes []num
			for _, p := range g.Players {
				antes = append(antes, p.Ante)
			}
			pot := map[int]string{2: "120", 3: "420"}[len(g.Players)]
			assert.Equal(t, pot, sumExact(t, antes...).RatString(), "game %s stakes its pot", g.ID)
		}
		return got
	}

	var kingMe []map[string]any
	for i, g := range league("king-me", 2)[:30] {
		input := map[string]any{"players": []map[string]any{
			{"id": g.Seats[0], "score": (i * 7) % 5}, {"id": g.Seats[1], "score": (i * 3) % 5}}}
		a.do(http.MethodPost, "/api/v1/games/"+string(g.ID)+"/result", tokens["org"], input).decode(t, http.StatusCreated, new(contractScored))
		kingMe = append(kingMe, map[string]any{"id": string(g.ID), "system": "placement", "input": input})
	}
	assert.Equal(t, rated(kingMe), served("king-me"), "King Me: server ratings = tablestakes rate")

	var diplomacy []map[string]any
	for i, g := range league("diplomacy", 3)[:10] {
		// Seat i%3 solos in 1908; the next is eliminated in 1904, the last survives to lose.
		w, e, s := i%3, (i+1)%3, (i+2)%3
		players := make([]map[string]any, 3)
		players[w] = map[string]any{"id": g.Seats[w], "centers": 18, "years": 8}
		players[e] = map[string]any{"id": g.Seats[e], "centers": 0, "years": 4, "eliminated": 1904}
		players[s] = map[string]any{"id": g.Seats[s], "centers": 3 + i%4, "years": 8}
		input := map[string]any{"outcome": "solo", "players": players, "winners": []string{g.Seats[w]}}
		rateInput := input
		if i%4 == 3 {
			// ARMADA 4.1, the missing man: the losing survivor's player was absent. The server
			// rates the seat as the ladder's Seventh Player, as `rate` does when that member
			// holds the seat.
			absent := maps.Clone(input)
			absent["absent"] = []string{g.Seats[s]}
			input = absent
			seventh := slices.Clone(players)
			seventh[s] = maps.Clone(players[s])
			seventh[s]["id"] = "seventh-player:diplomacy"
			rateInput = map[string]any{"outcome": "solo", "players": seventh, "winners": []string{g.Seats[w]}}
		}
		a.do(http.MethodPost, "/api/v1/games/"+string(g.ID)+"/result", tokens["org"], input).decode(t, http.StatusCreated, new(contractScored))
		diplomacy = append(diplomacy, map[string]any{"id": string(g.ID), "system": "armada", "input": rateInput})
	}
	require.Contains(t, served("diplomacy"), "seventh-player:diplomacy", "the Seventh Player is a member of the ladder")
	assert.Equal(t, rated(diplomacy), served("diplomacy"), "Diplomacy: server ratings = tablestakes rate")
}
