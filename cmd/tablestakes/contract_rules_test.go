package main

import (
	"context"
	"encoding/json"
	"maps"
	"math/big"
	"net/http"
	"slices"
	"strings"
	"testing"

	"github.com/jackc/pgx/v5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
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

func TestContractServedLaddersEqualRateUnderTheFloor(t *testing.T) {
	t.Parallel()
	// CONTRACT section 3: the server's ladders are what `tablestakes rate` computes from the
	// same results in play order, with a pot of 60 a seat that a table near the floor plays
	// only in part (round 3: pot = min(P, S), S what the players hold above −210): 2-player
	// King Me games (a pot of 120) in which the weaker player always loses, so the two
	// weakest meet near the floor, and 3-player Diplomacy games (ARMADA's 420 at any size).
	// Then the database is put back as an older rule left it and a new server, migrating,
	// replays every ladder: "Stored ratings are replayed under this rule."
	ctx := context.Background()
	dbURL := storetest.MissingDatabase(t)
	srv := startServer(t, dbURL)
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
	served := func(a api, game string) map[string]string {
		var rs []contractRating
		a.do(http.MethodGet, "/api/v1/ratings/"+game, "", nil).decode(t, http.StatusOK, &rs)
		out := map[string]string{}
		for _, r := range rs {
			out[r.Username] = exact(t, r.Rating).RatString()
		}
		return out
	}
	// servedAntes is every game's antes as the server's ledger holds them.
	servedAntes := func(a api, ids []string) map[string][]string {
		out := map[string][]string{}
		for _, id := range ids {
			var r struct {
				Ledger []struct {
					Ante num `json:"ante"`
				} `json:"ledger"`
			}
			a.do(http.MethodGet, "/api/v1/games/"+id+"/result", "", nil).decode(t, http.StatusOK, &r)
			for _, l := range r.Ledger {
				out[id] = append(out[id], exact(t, l.Ante).RatString())
			}
		}
		return out
	}
	type rated struct {
		ratings map[string]string
		antes   map[string][]string
		ids     []string
		capped  int
	}
	rate := func(ladder []map[string]any, full string) rated {
		input, err := json.Marshal(map[string]any{"games": ladder})
		require.NoError(t, err)
		var out contractRated
		runCLI(t, string(input), "rate").requireOK(t, &out)
		got := rated{ratings: map[string]string{}, antes: map[string][]string{}}
		var all []num
		for _, r := range out.Ratings {
			got.ratings[r.ID] = exact(t, r.Rating).RatString()
			all = append(all, r.Rating)
			assert.GreaterOrEqual(t, exact(t, r.Rating).Cmp(big.NewRat(-210, 1)), 0, "%s stays at or above the floor", r.ID)
		}
		assert.Equal(t, "0", sumExact(t, all...).RatString(), "a ladder's ratings sum to exactly 0")
		for _, g := range out.Games {
			var antes, awards []num
			for _, p := range g.Players {
				antes, awards = append(antes, p.Ante), append(awards, p.Award)
				got.antes[g.ID] = append(got.antes[g.ID], exact(t, p.Ante).RatString())
			}
			got.ids = append(got.ids, g.ID)
			pot := sumExact(t, antes...)
			assert.Equal(t, pot.RatString(), sumExact(t, awards...).RatString(), "game %s: antes and awards share one pot", g.ID)
			full, _ := new(big.Rat).SetString(full)
			require.LessOrEqual(t, pot.Cmp(full), 0, "game %s stakes at most its pot", g.ID)
			if pot.Cmp(full) < 0 {
				got.capped++
			}
		}
		return got
	}

	// King Me: ann beats everyone, bob everyone but ann, ..., hal nobody.
	var kingMe []map[string]any
	strength := map[string]int{}
	for i, u := range users[1:] {
		strength[u] = 8 - i
	}
	for _, g := range league("king-me", 2) {
		input := map[string]any{"players": []map[string]any{
			{"id": g.Seats[0], "score": strength[g.Seats[0]]}, {"id": g.Seats[1], "score": strength[g.Seats[1]]}}}
		a.do(http.MethodPost, "/api/v1/games/"+string(g.ID)+"/result", tokens["org"], input).decode(t, http.StatusCreated, new(contractScored))
		kingMe = append(kingMe, map[string]any{"id": string(g.ID), "system": "placement", "input": input})
	}
	kings := rate(kingMe, "120")
	require.Positive(t, kings.capped, "some King Me tables hold less than their 120 above the floor")
	assert.Equal(t, kings.ratings, served(a, "king-me"), "King Me: server ratings = tablestakes rate")
	assert.Equal(t, kings.antes, servedAntes(a, kings.ids), "King Me: server ledger = tablestakes rate")

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
	dip := rate(diplomacy, "420")
	require.Contains(t, served(a, "diplomacy"), "seventh-player:diplomacy", "the Seventh Player is a member of the ladder")
	assert.Equal(t, dip.ratings, served(a, "diplomacy"), "Diplomacy: server ratings = tablestakes rate")
	assert.Equal(t, dip.antes, servedAntes(a, dip.ids), "Diplomacy: server ledger = tablestakes rate")

	// The database as an older rule left it: every ladder marked rule 2 (the round-2 ante)
	// or rule 1 (a fixed 420 pot), every rating and ledger line other than what round 3
	// gives. A new server migrates and replays each ladder once.
	conn, err := pgx.Connect(ctx, dbURL)
	require.NoError(t, err)
	defer conn.Close(ctx)
	for _, q := range []string{
		`UPDATE ladders SET pot_rule = CASE game WHEN 'diplomacy' THEN 1 ELSE 2 END`,
		`UPDATE ratings SET rating_micros = 0`,
		`UPDATE rating_entries SET before_micros = 0, ante_micros = 7, award_micros = 7, delta_micros = 0, after_micros = 0`,
	} {
		_, err := conn.Exec(ctx, q)
		require.NoError(t, err, q)
	}
	// Written outside the app, which no server's cache hears (its 30-second bound): the
	// database itself shows the older rule's ladder.
	var zeroed int
	require.NoError(t, conn.QueryRow(ctx, `SELECT count(*) FROM ratings WHERE ladder = 'king-me' AND rating_micros <> 0`).Scan(&zeroed))
	require.Zero(t, zeroed, "the ladder is as an older rule left it")
	again := api{t: t, url: startServer(t, dbURL).url}
	assert.Equal(t, kings.ratings, served(again, "king-me"), "King Me after the replay: server ratings = tablestakes rate")
	assert.Equal(t, kings.antes, servedAntes(again, kings.ids), "King Me after the replay: server ledger = tablestakes rate")
	assert.Equal(t, dip.ratings, served(again, "diplomacy"), "Diplomacy after the replay: server ratings = tablestakes rate")
	assert.Equal(t, dip.antes, servedAntes(again, dip.ids), "Diplomacy after the replay: server ledger = tablestakes rate")
	var rules []int
	rows, err := conn.Query(ctx, `SELECT pot_rule FROM ladders ORDER BY game`)
	require.NoError(t, err)
	rules, err = pgx.CollectRows(rows, pgx.RowTo[int])
	require.NoError(t, err)
	assert.Equal(t, []int{3, 3}, rules, "every ladder follows round 3")
}
