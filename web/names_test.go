package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// nameOf is the display name the names tests give username: "Ms PLAYER3" for player3, so
// that a username shown where a name belongs is found (the comparison is case-sensitive).
func nameOf(username string) string { return "Ms " + strings.ToUpper(username) }

// People are named as people know them (display names, not usernames) wherever a person
// reads a name: who is coming, the proposal and its dispute, who recorded the result, the
// rating ledger and a settled dispute; games are named as the registry writes them; and no
// page says anything with a doubled full stop.
func TestPagesNamePeopleByDisplayNameWithoutDoubledFullStops(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE users SET display_name = 'Ms ' || upper(username)`)
	require.NoError(t, err)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, answers := app.apiAny(http.MethodPut, gamePath(g.ID, "/attendance"), seated[3].token, map[string]any{"coming": false})
	require.Equal(t, http.StatusOK, status, answers)
	status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal/dispute"), seated[1].token,
		map[string]any{"reason": "I scored more than that.", "revision": body["revision"]})
	require.Equal(t, http.StatusOK, status, body)

	noDoubledStops := func(path string, doc *goquery.Document) {
		t.Helper()
		main := text(doc.Find("main"))
		assert.NotContains(t, main, "..", "%s: %s", path, main)
		// The game is named as the registry writes it, "Cartagena" (the league's own name,
		// chosen by its organiser, aside).
		assert.NotContains(t, strings.ReplaceAll(main, l.Name, ""), "cartagena", "%s: %s", path, main)
	}
	player := app.logIn(seated[2])
	gamePage := fmt.Sprintf("/games/%d", g.ID)
	_, doc := app.get(player, gamePage)
	main := text(doc.Find("main"))
	assert.Contains(t, text(doc.Find(".attendance-list")), nameOf(seated[3].Username)+": not coming")
	assert.NotContains(t, text(doc.Find(".attendance-list")), seated[3].Username)
	assert.Contains(t, main, nameOf(seated[0].Username)+" proposed this result")
	assert.Contains(t, main, nameOf(seated[1].Username)+" disputed it")
	noDoubledStops(gamePage, doc)

	status, body = app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	_, doc = app.get(player, gamePage)
	result := doc.Find("main")
	assert.Contains(t, text(result), "Recorded by "+nameOf(org.Username))
	assert.Contains(t, text(result), nameOf(seated[1].Username)+" disputed the result "+nameOf(seated[0].Username)+" proposed")
	for _, s := range seated {
		assert.NotContains(t, text(result.Find(".ledger-table")), s.Username, "the ledger names people")
		assert.Contains(t, text(result.Find(".ledger-table")), nameOf(s.Username))
	}
	assert.NotContains(t, text(result.Find(".audit")), org.Username)
	noDoubledStops(gamePage, doc)

	_, doc = app.get(player, leaguePath(l))
	assert.Contains(t, text(doc.Find("#games .seat").First()), "Ms PLAYER", "the league's games name their players")
	organiser := app.logIn(org)
	_, doc = app.get(organiser, "/")
	seats := text(doc.Find("#queue td.seats").First())
	assert.Contains(t, seats, "Ms PLAYER", "the desk's queue names the players")
	assert.NotContains(t, seats, "player")
	assert.Contains(t, text(doc.Find("#recent")), "won by "+nameOf(seated[0].Username))
	for _, page := range []struct {
		c    *http.Client
		path string
	}{
		{player, "/"}, {organiser, "/"}, {player, "/leagues"}, {player, leaguePath(l)}, {organiser, leaguePath(l) + "/manage"},
		{player, "/account"}, {player, "/account/tokens"}, {player, "/ratings"}, {player, "/players/" + seated[0].Username},
		{player, leaguePath(l) + "/print/rounds"}, {player, leaguePath(l) + "/print/standings"},
	} {
		res, doc := app.get(page.c, page.path)
		require.Equal(t, http.StatusOK, res.StatusCode, page.path)
		noDoubledStops(page.path, doc)
	}
}
