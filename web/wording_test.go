package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The Vortex calculator's colours stand under a "Colour" heading, beside their token
// distances (issue #24).
func TestVortexCalculatorColoursUnderColour(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/vortex")
	require.Equal(t, http.StatusOK, res.StatusCode)
	headers := doc.Find("table.vortex-seats thead th").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	assert.Equal(t, []string{"Colour", "Token distances"}, headers)
	assert.Equal(t, "Red", text(doc.Find("table.vortex-seats tbody th").First()))
}

// One game reads "1 game" (issue #24: "1 game", "2 bots"), on the ratings' index.
func TestRatingsIndexCountsOneGame(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	_, doc := app.get(app.browser(), "/ratings")
	assert.Contains(t, text(doc.Find(`a[href="/ratings/gonzaga"]`).Parent()), "4 rated players · 1 game")
	assert.NotContains(t, text(doc.Find(`a[href="/ratings/gonzaga"]`).Parent()), "1 games")
}
