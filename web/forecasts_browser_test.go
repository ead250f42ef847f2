package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The back-test page and a game's chances, on a phone (390 px) and a desk (1280 px): the
// calibration chart is drawn, the figures read, and nothing scrolls sideways.
func TestBrowserBacktestAndChances(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = 10 * (i + 1)
	}
	left := playStrongestWins(t, app, org, games, len(games)-1, strength)
	ctx := newBrowser(t)
	for _, width := range []int64{390, 1280} {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.EmulateViewport(width, 844),
			chromedp.Navigate(app.srv.URL+"/ratings/cartagena/backtest"),
			chromedp.WaitVisible(css("svg.calibration-chart")),
		), "open the back-test at %d px", width)
		assert.Contains(t, visibleText(t, ctx, ".backtest-explained"), "better than chance")
		chartWidth, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("svg.calibration-chart").getBoundingClientRect().width`))
		require.NoError(t, err)
		assert.Greater(t, chartWidth, 300.0, "the chart is big enough to read")
		screenshot(t, ctx, fmt.Sprintf("backtest-%d.png", width))

		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(fmt.Sprintf("%s/games/%d#forecast", app.srv.URL, left[0].ID)),
			chromedp.WaitVisible(css("#forecast .forecast-table")),
		), "open an unplayed game at %d px", width)
		assert.Contains(t, visibleText(t, ctx, "#forecast"), "%")
		screenshot(t, ctx, fmt.Sprintf("game-forecast-%d.png", width))
	}
}
