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

// On a phone, a club's season of 11 in divisions of 6: the last player signs up from the season page, the organiser
// starts it after the confirmation page, the divisions show their promotion and relegation
// places, and once every division is over the organiser opens the next season.
func TestBrowserJourneySeason(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 11)
	org := ps[0]
	id := app.newSeason(org, map[string]any{"division_size": 6, "promote": 2})
	app.seasonSignUp(id, ps[:10])
	page := fmt.Sprintf("%s/seasons/%d", app.srv.URL, id)

	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, ps[10].Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(page),
		chromedp.Click(css(`#signup form button[type="submit"]`)),
		chromedp.WaitVisible(css(".flash")),
	), "the last player signs up")
	assert.Equal(t, "You are signed up; you will hear when the season starts.", visibleText(t, ctx, ".flash"))
	screenshot(t, ctx, "season-open-390.png")

	ctx = newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(page),
		chromedp.Click(css(`#signup a.button`)),
		chromedp.WaitVisible(css(".confirm-page h1")),
	), "the organiser asks to start")
	assert.Equal(t, "11 players, 2 divisions of 6 and 5: start?", visibleText(t, ctx, ".confirm-page h1"))
	screenshot(t, ctx, "season-start-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`.confirm-page button[type="submit"]`)),
		chromedp.WaitVisible(css("#division-2")),
	), "start")
	assert.Equal(t, "The season has started in 2 divisions of 6 and 5; each division's games are drawn.", visibleText(t, ctx, ".flash"))
	assert.Contains(t, visibleText(t, ctx, "#division-1 tr.zone-down"), "relegation place")
	assert.Contains(t, visibleText(t, ctx, "#division-2 tr.zone-up"), "promotion place")
	screenshot(t, ctx, "season-running-390.png")
	// On a desktop the divisions stand side by side.
	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)))
	top1, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("#division-1").getBoundingClientRect().top`))
	require.NoError(t, err)
	top2, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("#division-2").getBoundingClientRect().top`))
	require.NoError(t, err)
	assert.Equal(t, top1, top2, "side by side at 1280 px")
	screenshot(t, ctx, "season-running-1280.png")

	// Both divisions end (closed early), and the season shows its movements.
	status, body := app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	require.Equal(t, http.StatusOK, status)
	for _, raw := range body["divisions"].([]any) {
		status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%v/close", raw.(map[string]any)["league_id"]), org.token, nil)
		require.Equal(t, http.StatusOK, status, "%v", out)
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(page),
		chromedp.WaitVisible(css("#next")),
	))
	assert.Contains(t, visibleText(t, ctx, "#division-1 tr.zone-down"), "down to Division 2")
	assert.Contains(t, visibleText(t, ctx, "#division-2 tr.zone-up"), "up to Division 1")
	screenshot(t, ctx, "season-finished-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`#next input[name="name"]`), "Summer"),
		chromedp.Click(css(`#next button[type="submit"]`)),
		chromedp.WaitVisible(css("#seasons")),
	), "open the next season")
	assert.Contains(t, visibleText(t, ctx, ".flash"), "Summer is open for sign-up")
	assert.Contains(t, visibleText(t, ctx, "#signup h2"), "Signed up (11)")
	screenshot(t, ctx, "season-next-390.png")
}
