package main

import (
	"bytes"
	"net/http"
	"testing"

	"github.com/emersion/go-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
)

// TestContractLeagueOperations: CONTRACT section 7's league operations through the served
// binary: leave before the league is full, the organiser's queue, a game's schedule, the
// league's iCalendar feed and a replacement.
func TestContractLeagueOperations(t *testing.T) {
	t.Parallel()
	srv := startServer(t, storetest.MissingDatabase(t))
	a := api{t: t, url: srv.url}
	players := []string{"ann", "bob", "cat", "dan", "eve", "fay", "gus", "hal", "ivy"}
	tokens := signUpAll(t, a, append([]string{"org", "sub"}, players...)...)

	var l contractLeague
	a.do(http.MethodPost, "/api/v1/leagues", tokens["org"], map[string]any{
		"name": "Operations", "game": "gonzaga", "players_per_game": 4, "min_recent_games": 0,
	}).decode(t, http.StatusCreated, &l)
	path := "/api/v1/leagues/" + string(l.ID)
	for _, u := range players[:7] {
		a.do(http.MethodPost, path+"/join", tokens[u], nil).decode(t, http.StatusOK, new(map[string]any))
	}
	// Leaving frees the place; the league still starts with its 8th member.
	a.do(http.MethodPost, path+"/leave", tokens["gus"], nil).decode(t, http.StatusOK, &l)
	assert.Len(t, l.Members, 6)
	for _, u := range []string{"hal", "ivy"} {
		a.do(http.MethodPost, path+"/join", tokens[u], nil).decode(t, http.StatusOK, &l)
	}
	require.Equal(t, "running", l.Status)
	a.do(http.MethodPost, path+"/leave", tokens["ann"], nil).assertError(t, http.StatusConflict, "league")

	// The queue: every unrecorded game, the one given a date first.
	var games []contractSeatedGame
	a.do(http.MethodGet, path+"/games", "", nil).decode(t, http.StatusOK, &games)
	require.Len(t, games, 32)
	var moved map[string]any
	a.do(http.MethodPut, "/api/v1/games/"+string(games[3].ID)+"/schedule", tokens["org"],
		map[string]any{"starts_at": "2026-12-01T19:00:00Z", "place": "Club"}).decode(t, http.StatusOK, &moved)
	assert.Equal(t, "2026-12-01T19:00:00Z", moved["starts_at"])
	a.do(http.MethodPut, "/api/v1/games/"+string(games[3].ID)+"/schedule", tokens["ann"],
		map[string]any{"starts_at": nil}).assertError(t, http.StatusForbidden, "")
	var queue []struct {
		GameID   num      `json:"game_id"`
		LeagueID num      `json:"league_id"`
		Number   int      `json:"number"`
		Round    int      `json:"round"`
		StartsAt *string  `json:"starts_at"`
		Seats    []string `json:"seats"`
	}
	a.do(http.MethodGet, "/api/v1/me/queue", tokens["org"], nil).decode(t, http.StatusOK, &queue)
	require.Len(t, queue, 32)
	assert.Equal(t, games[3].ID, queue[0].GameID)
	assert.Equal(t, l.ID, queue[0].LeagueID)
	require.NotNil(t, queue[0].StartsAt)
	assert.Len(t, queue[0].Seats, 4)

	// The league's calendar: valid iCalendar with the dated game.
	res, err := http.Get(srv.url + "/leagues/" + string(l.ID) + "/calendar.ics")
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var buf bytes.Buffer
	_, err = buf.ReadFrom(res.Body)
	require.NoError(t, err)
	cal, err := ical.NewDecoder(&buf).Decode()
	require.NoError(t, err)
	require.Len(t, cal.Events(), 1)

	// A replacement: the substitute takes the member's place.
	leaver := games[10].Seats[0]
	a.do(http.MethodPost, path+"/replace", tokens["org"], map[string]string{"from": leaver, "to": "sub"}).
		decode(t, http.StatusOK, &l)
	assert.Contains(t, l.Members, "sub")
	assert.NotContains(t, l.Members, leaver)
	a.do(http.MethodPost, path+"/replace", tokens["org"], map[string]string{"from": leaver, "to": "gus"}).
		assertError(t, http.StatusConflict, "from")
}
