package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// rowHeights are the heights, in px, of the rows of the table sel.
const rowHeights = `[...document.querySelectorAll('%s tbody tr')].map(r => Math.round(r.getBoundingClientRect().height))`

// Standings and a result at 390 px (issue 34, "Phone layouts"): one compact row a player
// (rank, name, points, games; place, name, score, points), not a card a player; and a Vortex
// seat's start corner is a tap target at least 44 px tall.
func TestBrowserStandingsAndResultsAreOneRowAPlayerOnAPhone(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)

	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/leagues/%d", app.srv.URL, l.ID)),
		chromedp.WaitVisible(css("table.standings-table")),
	), "the league page")
	heights, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(rowHeights, "table.standings-table")))
	require.NoError(t, err)
	require.NotEmpty(t, heights)
	for i, h := range heights {
		assert.LessOrEqual(t, h, 60, "standings row %d is one compact row", i+1)
	}
	screenshot(t, ctx, "standings-390.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", app.srv.URL, g.ID)),
		chromedp.WaitVisible(css("#result .result-table")),
	), "the game page")
	heights, err = chromedp.Run(ctx, chromedp.Evaluate[[]int](fmt.Sprintf(rowHeights, "#result .result-table")))
	require.NoError(t, err)
	require.Len(t, heights, 4)
	for i, h := range heights {
		// A row and its one or two lines of why, where a card was some 220 px.
		assert.LessOrEqual(t, h, 90, "result row %d is one compact row", i+1)
	}
	screenshot(t, ctx, "result-390.png")

	vapp := newTestApp(t, web.Config{})
	vl, vorg, _, _ := runningLeague(t, vapp, "vortex", 2)
	vg := mustLeagueGames(t, vapp, vl)[0]
	browserLogIn(t, ctx, vapp, vorg.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d/result", vapp.srv.URL, vg.ID)),
		chromedp.WaitReady(css("form.result-form")),
	), "a Vortex result form")
	selects, err := chromedp.Run(ctx, chromedp.Evaluate[[]int](
		`[...document.querySelectorAll('form.result-form select')].map(s => Math.round(s.getBoundingClientRect().height))`))
	require.NoError(t, err)
	require.NotEmpty(t, selects)
	for i, h := range selects {
		assert.GreaterOrEqual(t, h, 44, "select %d is a tap target", i+1)
	}
}
