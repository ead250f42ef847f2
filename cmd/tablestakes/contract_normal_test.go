package main

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
)

// Acceptance tests of CONTRACT section 7 (rules-round-2 issue, sections 3 and 4): seat
// names and normal games, through the served binary.

// contractSeatedGame is a game as CONTRACT section 7 shows it: GET /api/v1/games/{id} and
// every entry of GET /api/v1/leagues/{id}/games.
type contractSeatedGame struct {
	ID        num      `json:"id"`
	Game      string   `json:"game"`
	LeagueID  *num     `json:"league_id"`
	Status    string   `json:"status"`
	Seats     []string `json:"seats"`
	SeatNames []string `json:"seat_names"`
}

// signUpAll signs up each username (password "password-of-<name>") and returns their tokens.
func signUpAll(t *testing.T, a api, names ...string) map[string]string {
	t.Helper()
	tokens := make(map[string]string, len(names))
	for _, u := range names {
		a.do(http.MethodPost, "/api/v1/signup", "", map[string]string{
			"username": u, "display_name": strings.ToUpper(u), "password": "password-of-" + u,
		}).decode(t, http.StatusCreated, new(map[string]any))
		var login struct {
			Token string `json:"token"`
		}
		a.do(http.MethodPost, "/api/v1/login", "", map[string]string{"username": u, "password": "password-of-" + u}).
			decode(t, http.StatusOK, &login)
		require.NotEmpty(t, login.Token)
		tokens[u] = login.Token
	}
	return tokens
}

// TestContractSeatNames: "every game entry of GET /api/v1/leagues/{id}/games and GET
// /api/v1/games/{id} carries "seat_names" in seat order — the game's own names where it has
// them (Diplomacy: Austria, England, France, Germany, Italy, Russia, Turkey; Vortex: Red,
// Cyan, Blue, Green), otherwise "Seat 1", "Seat 2", …".
func TestContractSeatNames(t *testing.T) {
	t.Parallel()
	srv := startServer(t, storetest.MissingDatabase(t))
	a := api{t: t, url: srv.url}
	players := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"}
	tokens := signUpAll(t, a, append([]string{"org"}, players...)...)

	for _, tc := range []struct {
		game    string
		perGame int
		want    []string
	}{
		{"diplomacy", 7, []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}},
		{"vortex", 4, []string{"Red", "Cyan", "Blue", "Green"}},
		{"king-me", 3, []string{"Seat 1", "Seat 2", "Seat 3"}},
	} {
		var l contractLeague
		a.do(http.MethodPost, "/api/v1/leagues", tokens["org"], map[string]any{
			"name": "Names " + tc.game, "game": tc.game, "players_per_game": tc.perGame, "min_recent_games": 0,
		}).decode(t, http.StatusCreated, &l)
		for _, u := range players {
			a.do(http.MethodPost, "/api/v1/leagues/"+string(l.ID)+"/join", tokens[u], nil).decode(t, http.StatusOK, new(map[string]any))
		}
		var games []contractSeatedGame
		a.do(http.MethodGet, "/api/v1/leagues/"+string(l.ID)+"/games", "", nil).decode(t, http.StatusOK, &games)
		require.NotEmpty(t, games, tc.game)
		for _, g := range games {
			assert.Equal(t, tc.want, g.SeatNames, "%s game %s", tc.game, g.ID)
			assert.Len(t, g.Seats, tc.perGame)
		}
		var one contractSeatedGame
		a.do(http.MethodGet, "/api/v1/games/"+string(games[0].ID), "", nil).decode(t, http.StatusOK, &one)
		assert.Equal(t, games[0].ID, one.ID)
		assert.Equal(t, tc.game, one.Game)
		require.NotNil(t, one.LeagueID, "a league game names its league")
		assert.Equal(t, l.ID, *one.LeagueID)
		assert.Equal(t, games[0].Seats, one.Seats)
		assert.Equal(t, tc.want, one.SeatNames)
		assert.Equal(t, "scheduled", one.Status)
	}
	a.do(http.MethodGet, "/api/v1/games/999999", "", nil).assertError(t, http.StatusNotFound, "")
	a.do(http.MethodGet, "/api/v1/games/abc", "", nil).assertError(t, http.StatusNotFound, "")
}

// TestContractNormalGames: "A normal game is a game of the registry with its own seats,
// scored and rated exactly like a league game, counted by the activity rule" (CONTRACT
// section 7). The seed: "In order to play a league game you have to be an Active player. To
// be an active player you just need to have terminated at least 5 games in the last 90
// days" — so a new club plays five normal games and then meets a league's default rule, and
// the ladder its normal and league games share is what `tablestakes rate` computes.
func TestContractNormalGames(t *testing.T) {
	t.Parallel()
	srv := startServer(t, storetest.MissingDatabase(t))
	a := api{t: t, url: srv.url}
	players := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal"}
	tokens := signUpAll(t, a, append([]string{"org"}, players...)...)
	org := tokens["org"]

	// A league with the seed's default rule refuses a new player.
	var strict contractLeague
	a.do(http.MethodPost, "/api/v1/leagues", org, map[string]any{"name": "Strict", "game": "king-me", "players_per_game": 4}).
		decode(t, http.StatusCreated, &strict)
	a.do(http.MethodPost, "/api/v1/leagues/"+string(strict.ID)+"/join", tokens["ann"], nil).assertError(t, http.StatusForbidden, "")

	// Opening a table: signed in, a game of the registry, 2..8 seats within its range.
	a.do(http.MethodPost, "/api/v1/games", "", map[string]any{"game": "king-me", "seats": 4}).assertError(t, http.StatusUnauthorized, "")
	a.do(http.MethodPost, "/api/v1/games", org, map[string]any{"game": "chess", "seats": 4}).assertError(t, http.StatusUnprocessableEntity, "game")
	a.do(http.MethodPost, "/api/v1/games", org, map[string]any{"game": "gonzaga", "seats": 5}).assertError(t, http.StatusUnprocessableEntity, "seats")
	a.do(http.MethodPost, "/api/v1/games", org, map[string]any{"game": "king-me", "seats": 9}).assertError(t, http.StatusUnprocessableEntity, "seats")
	a.do(http.MethodPost, "/api/v1/games", org, `{"game":"king-me","seats":"four"}`).assertError(t, http.StatusBadRequest, "seats")

	var ladder []map[string]any
	record := func(id num, system string, input map[string]any) {
		t.Helper()
		var scored contractScored
		a.do(http.MethodPost, "/api/v1/games/"+string(id)+"/result", org, input).decode(t, http.StatusCreated, &scored)
		ladder = append(ladder, map[string]any{"id": string(id), "system": system, "input": input})
	}
	for i := range 5 {
		var g contractSeatedGame
		a.do(http.MethodPost, "/api/v1/games", org, map[string]any{"game": "king-me", "seats": 8}).decode(t, http.StatusCreated, &g)
		assert.Equal(t, "king-me", g.Game)
		assert.Equal(t, "open", g.Status)
		assert.Empty(t, g.Seats, "the caller is not seated unless they join")
		assert.Nil(t, g.LeagueID, "a normal game has no league")
		path := "/api/v1/games/" + string(g.ID)
		a.do(http.MethodPost, path+"/result", org, map[string]any{"players": []map[string]any{}}).assertError(t, http.StatusConflict, "")
		// Seat order is the join order: each game starts with a different player.
		order := append(append([]string{}, players[i:]...), players[:i]...)
		for j, u := range order {
			var joined contractSeatedGame
			a.do(http.MethodPost, path+"/join", tokens[u], nil).decode(t, http.StatusOK, &joined)
			assert.Equal(t, order[:j+1], joined.Seats)
			if j < 7 {
				assert.Equal(t, "open", joined.Status)
			}
		}
		a.do(http.MethodPost, path+"/join", tokens[order[0]], nil).assertError(t, http.StatusConflict, "")
		a.do(http.MethodPost, path+"/join", org, nil).assertError(t, http.StatusConflict, "")
		var got contractSeatedGame
		a.do(http.MethodGet, path, "", nil).decode(t, http.StatusOK, &got)
		assert.Equal(t, "ready", got.Status, "the last seat taken makes the game ready")
		assert.Equal(t, order, got.Seats)
		assert.Equal(t, []string{"Seat 1", "Seat 2", "Seat 3", "Seat 4", "Seat 5", "Seat 6", "Seat 7", "Seat 8"}, got.SeatNames)
		assert.Nil(t, got.LeagueID)

		var ps []map[string]any
		for j, u := range order {
			ps = append(ps, map[string]any{"id": u, "score": 10 * ((j*3+i)%8 + 1)})
		}
		input := map[string]any{"players": ps}
		a.do(http.MethodPost, path+"/result", tokens[order[0]], input).assertError(t, http.StatusForbidden, "")
		record(g.ID, "placement", input)
		a.do(http.MethodPost, path+"/result", org, input).assertError(t, http.StatusConflict, "")
		a.do(http.MethodGet, path, "", nil).decode(t, http.StatusOK, &got)
		assert.Equal(t, "finished", got.Status)
	}

	// Five finished games in 90 days: every player is active now.
	for _, u := range players {
		a.do(http.MethodPost, "/api/v1/leagues/"+string(strict.ID)+"/join", tokens[u], nil).decode(t, http.StatusOK, new(contractLeague))
	}
	var games []contractSeatedGame
	a.do(http.MethodGet, "/api/v1/leagues/"+string(strict.ID)+"/games", "", nil).decode(t, http.StatusOK, &games)
	require.NotEmpty(t, games)
	for i, g := range games[:3] {
		var ps []map[string]any
		for j, u := range g.Seats {
			ps = append(ps, map[string]any{"id": u, "score": (i + j*5) % 7})
		}
		record(g.ID, "placement", map[string]any{"players": ps})
	}

	// One ladder: the server's King Me ratings equal `tablestakes rate` over the normal and
	// league games in play order.
	input, err := json.Marshal(map[string]any{"games": ladder})
	require.NoError(t, err)
	var rated contractRated
	runCLI(t, string(input), "rate").requireOK(t, &rated)
	want := map[string]string{}
	for _, r := range rated.Ratings {
		want[r.ID] = fmt.Sprintf("%s in %d games", exact(t, r.Rating).RatString(), r.Games)
		assert.GreaterOrEqual(t, r.Games, 5, "%s: five normal games and their league games", r.ID)
	}
	var rs []contractRating
	a.do(http.MethodGet, "/api/v1/ratings/king-me", "", nil).decode(t, http.StatusOK, &rs)
	served := map[string]string{}
	for _, r := range rs {
		served[r.Username] = fmt.Sprintf("%s in %d games", exact(t, r.Rating).RatString(), r.Games)
	}
	assert.Equal(t, want, served, "the server's ladder is what tablestakes rate computes")
}
