package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The organiser's evening: log in to the desk, record the games waiting one after the
// other with "Save and record the next game", then replace a player who has to stop.
func TestBrowserJourneyDeskRecordNextAndReplace(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	app.newPlayers("sub", 1)
	games := mustLeagueGames(t, app, l)
	ctx := newBrowser(t)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/login"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), org.Username),
		chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css("#queue")),
	), "log in: the desk lists the games waiting")
	assert.Equal(t, "Your desk", visibleText(t, ctx, "main h1"))
	assert.Contains(t, visibleText(t, ctx, "#queue h2"), fmt.Sprintf("(%d)", len(games)))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`#queue tbody tr:first-child a.record-link`)),
		chromedp.WaitVisible(css(`form.result-form input[name="score-1"]`)),
	), "open the oldest game waiting")
	for _, g := range games[:2] {
		url, err := chromedp.Run(ctx, chromedp.Location())
		require.NoError(t, err)
		assert.Equal(t, fmt.Sprintf("%s/games/%d/result", app.srv.URL, g.ID), url, "game %d's form comes now", g.Number)
		require.NoError(t, chromedp.Do(ctx,
			chromedp.SendKeys(css(`input[name="score-1"]`), "40"),
			chromedp.SendKeys(css(`input[name="score-2"]`), "30"),
			chromedp.SendKeys(css(`input[name="score-3"]`), "20"),
			chromedp.SendKeys(css(`input[name="score-4"]`), "10"),
			chromedp.Click(css(`button[value="preview"]`)),
			chromedp.WaitVisible(css(`button[value="save-next"]`)),
			chromedp.Click(css(`button[value="save-next"]`)),
			chromedp.WaitNotPresent(css("#preview")),
			chromedp.WaitVisible(css(`form.result-form input[name="score-1"]`)),
		), "record game %d and go on", g.Number)
	}
	url, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("%s/games/%d/result", app.srv.URL, games[2].ID), url, "the third game is next")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/"),
		chromedp.WaitVisible(css("#queue")),
	), "back to the desk")
	assert.Contains(t, visibleText(t, ctx, "#queue h2"), fmt.Sprintf("(%d)", len(games)-2), "two fewer waiting")

	leaver := members[0].Username
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/leagues/%d/manage", app.srv.URL, l.ID)),
		chromedp.WaitVisible(css(`form[action$="/replace"]`)),
		chromedp.SetValue(css(`select[name="from"]`), leaver),
		chromedp.SendKeys(css(`form[action$="/replace"] input[name="to"]`), "sub1"),
		chromedp.Click(css(`form[action$="/replace"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`#history li[data-action="replace"]`)),
	), "replace a player from the manage page")
	assert.Contains(t, visibleText(t, ctx, `#history li[data-action="replace"]`), "sub1 replaced "+leaver)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/leagues/%d", app.srv.URL, l.ID)),
		chromedp.WaitVisible(css("#replacements")),
	), "the league page notes it under the standings")
	assert.Contains(t, visibleText(t, ctx, "#replacements"), "sub1 replaced "+leaver)
	assert.Contains(t, visibleText(t, ctx, "#members"), "@sub1")
}
