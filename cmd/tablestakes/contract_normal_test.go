package main

import (
	"net/http"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store/storetest"
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
