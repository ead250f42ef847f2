package web_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// results.csv has one column per name and the score each seat entered (issue #34): the
// game's number is game_number, the registry's game is game, and every number column
// holds a plain number (points stays exact; points_decimal is its decimal).
func TestResultsCSVNamesEachColumnOnceAndHasScores(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 30, 20, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)

	resp, err := app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/results.csv")
	require.NoError(t, err)
	records, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, []string{"game_number", "round", "finished_at", "seat", "username", "points", "place", "winner", "substitute",
		"explanation", "score", "game", "version", "points_decimal"}, records[0])
	seen := map[string]bool{}
	for _, name := range records[0] {
		assert.False(t, seen[name], "column %s named once", name)
		seen[name] = true
	}
	require.Len(t, records, 5)
	var scores, points []string
	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	assert.Contains(t, text(doc.Find("#result")), "antes from their Cartagena rating", "the game as the registry writes it")
	for _, r := range records[1:] {
		assert.Equal(t, fmt.Sprint(g.Number), r[0])
		scores = append(scores, r[10])
		points = append(points, r[13])
	}
	assert.Equal(t, []string{"30", "20", "20", "10"}, scores, "the raw scores, seat by seat")
	assert.Equal(t, []string{"12.000000", "4.000000", "4.000000", "0.000000"}, points)
}

// A two-player Vortex table seats the second player at the opposite corner, as the seed's
// two-player set-up does ("the players start at opposite corners", vortex-mechanics.txt):
// Red and Blue, in seat_names as on the pages.
func TestTwoPlayerVortexSeatsOppositeCorners(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 3)
	status, body := app.api(http.MethodPost, "/api/v1/games", ps[0].token, map[string]any{"game": "vortex", "seats": 2})
	require.Equal(t, http.StatusCreated, status, body)
	id := int64(body["id"].(float64))
	for _, p := range ps[1:] {
		status, body = app.api(http.MethodPost, gamePath(id, "/join"), p.token, nil)
		require.Equal(t, http.StatusOK, status, body)
	}
	status, body = app.api(http.MethodGet, gamePath(id, ""), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{"Red", "Blue"}, body["seat_names"])
	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", id))
	assert.Contains(t, text(doc.Find("main")), "Blue")
	assert.NotContains(t, text(doc.Find("main .seat-table")), "Cyan")
}

// A history line names only the fields that changed (issue #34), though the form sends
// every field; a save that changes nothing writes no line.
func TestLeagueHistoryNamesOnlyTheFieldsChanged(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	l := app.newLeague(org, "gonzaga", 3, 0)
	c := app.logIn(org)
	page := leaguePath(l)
	form := url.Values{"name": {l.Name}, "description": {""}, "venue": {"The library"}, "time_zone": {"UTC"}, "edition": {""}}
	res, _ := app.submit(c, page+"/manage", page+"/edit", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(c, page+"/manage")
	assert.Contains(t, text(doc.Find("ol.history li").First()), "edited venue")
	assert.NotContains(t, text(doc.Find("ol.history li").First()), "name")
	lines := doc.Find("ol.history li").Length()
	res, _ = app.submit(c, page+"/manage", page+"/edit", form)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, page+"/manage")
	assert.Equal(t, lines, doc.Find("ol.history li").Length(), "nothing changed: no new line")
}
