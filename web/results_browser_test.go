package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestBrowserJourneyOrganiserRecordsAResult(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	g := mustLeagueGames(t, app, l)[0]
	ctx := newBrowser(t)
	leagueURL := fmt.Sprintf("%s/leagues/%d", app.srv.URL, l.ID)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/login"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), org.Username),
		chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
		chromedp.Navigate(leagueURL),
		chromedp.WaitVisible(css("#standings .standings-table")),
	), "the organiser opens the league")
	assert.Equal(t, "0", visibleText(t, ctx, "#standings .standings-table tbody tr:first-child .points"), "no results yet")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d", app.srv.URL, g.ID)),
		chromedp.Click(css(`#result a.button`)),
		chromedp.WaitVisible(css(`form.result-form input[name="score-1"]`)),
		chromedp.SendKeys(css(`input[name="score-1"]`), "15"),
		chromedp.SendKeys(css(`input[name="score-2"]`), "42"),
		chromedp.SendKeys(css(`input[name="score-3"]`), "27"),
		chromedp.SendKeys(css(`input[name="score-4"]`), "27"),
		chromedp.Click(css(`button[value="preview"]`)),
		chromedp.WaitVisible(css("#preview .result-table")),
	), "fill in the scores and preview them")
	preview := visibleText(t, ctx, "#preview .result-table tbody")
	assert.Contains(t, preview, "12", "the 42 takes the 4-player first place's 12 points")
	assert.Contains(t, visibleText(t, ctx, "#preview"), "Nothing is saved yet")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`button[value="save"]`)),
		chromedp.WaitVisible(css("#result .result-table")),
	), "save the result")
	// Four seats stake 60 each, a 240 pot (CONTRACT section 3); the winner's 12 of the 20
	// points take 144.
	// Ratings read to one decimal on pages (issue 12; they were whole here).
	assert.Contains(t, visibleText(t, ctx, "#result .ledger-table"), "0.0 60.0 144.0 +84.0 84.0")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(leagueURL),
		chromedp.WaitVisible(css("#standings .standings-table")),
	), "back to the league")
	first := visibleText(t, ctx, "#standings .standings-table tbody tr:first-child")
	assert.Contains(t, first, "@"+g.Seats[1].Username, "the winner of the game leads")
	assert.Equal(t, "12", visibleText(t, ctx, "#standings .standings-table tbody tr:first-child .points"))
	assert.Equal(t, "1", visibleText(t, ctx, "#standings .standings-table tbody tr:first-child .games"))
	assert.Contains(t, visibleText(t, ctx, "#standings"), "1 of 32 games recorded")
}
