package web_test

import (
	"encoding/json"
	"fmt"
	"net/http"
	"slices"
	"strconv"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// A private league's games are rated on a ladder of the league's own: the public ladder
// (its page and API), the players' pages, public games' ledgers and forecasts never show
// them; the league's members see the league's ladder on its page and in its JSON.
func TestPrivatePlayStaysOffThePublicLadder(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, out := app.api("PUT", path+"/privacy", org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	assert.Equal(t, "cartagena@"+strconv.FormatInt(l.ID, 10), out["ladder"])
	winner := g.Seats[0].Username

	// The public ladder, page and API, has nobody on it.
	_, doc := app.get(app.browser(), "/ratings/cartagena")
	assert.NotContains(t, doc.Find("main").Text(), winner)
	assert.Contains(t, text(doc.Find(".empty-title")), "No rated games yet.")
	status, list := app.apiAny("GET", "/api/v1/ratings/cartagena", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Empty(t, list)
	_, doc = app.get(app.browser(), "/ratings")
	assert.NotContains(t, doc.Find("main").Text(), "@"+strconv.FormatInt(l.ID, 10))

	// The winner's page tells an outsider of no rated game.
	_, doc = app.get(app.logIn(outsider), "/players/"+winner)
	ratings := text(doc.Find("#ratings"))
	assert.Contains(t, ratings, "No rated games yet.")
	assert.NotContains(t, ratings, "1 rated game")

	// The game's page says where it is rated, and links to no public ladder.
	_, doc = app.get(app.logIn(members[7]), fmt.Sprintf("/games/%d", g.ID))
	assert.Contains(t, text(doc.Find("main")), "This private league's games are rated on a ladder of its own")
	assert.Zero(t, doc.Find(`main a[href^="/ratings/"]`).Length())

	// The league's members see its own ladder on its page and in its JSON, from 0.
	_, doc = app.get(app.logIn(members[7]), leaguePath(l))
	own := doc.Find("#own-ladder")
	require.Equal(t, 1, own.Length(), "the league's own ladder is on its page")
	assert.Contains(t, text(own), "This league's own ratings")
	assert.Equal(t, 4, own.Find("tbody tr").Length())
	assert.Contains(t, text(own.Find("tbody tr").First()), "@"+winner)
	status, out = app.api("GET", path, members[7].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	own4, ok := out["ratings"].([]any)
	require.True(t, ok, "%v", out)
	require.Len(t, own4, 4)
	first := own4[0].(map[string]any)
	assert.Equal(t, winner, first["username"])
	assert.EqualValues(t, 1, first["games"])

	// A game still to play in the league is forecast from the league's own ladder.
	var next store.Game
	for _, ng := range games[1:] {
		if slices.ContainsFunc(ng.Seats, func(s store.Seat) bool { return s.Username == winner }) {
			next = ng
			break
		}
	}
	require.NotZero(t, next.ID)
	res := app.Send("GET", fmt.Sprintf("/api/v1/games/%d/forecast", next.ID), members[7].token, nil)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var seats []struct {
		Username string      `json:"username"`
		Rating   json.Number `json:"rating"`
	}
	dec := json.NewDecoder(res.Body)
	dec.UseNumber()
	require.NoError(t, dec.Decode(&seats))
	for _, s := range seats {
		if s.Username == winner {
			assert.NotEqual(t, "0", s.Rating.String(), "the winner's rating on the league's ladder")
		}
	}

	// A public league's game played next starts every seat at 0: its ledger's "before"
	// holds nothing of the private league.
	public := app.join(app.newLeague(org, "cartagena", 4, 0), members)
	pg := mustLeagueGames(t, app, public)[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", pg.ID), org.token, scoresFor(pg, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	assert.Equal(t, "cartagena", out["ladder"])
	for _, line := range out["ledger"].([]any) {
		assert.EqualValues(t, 0, line.(map[string]any)["rating_before"], "%v", line)
	}
	_, doc = app.get(app.browser(), "/ratings/cartagena")
	assert.Equal(t, 4, doc.Find(".ladder-table tbody tr").Length(), "the public game's four players")
}
