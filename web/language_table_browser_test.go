package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestBrowserGermanGameAndCompanionFitAPhone: in German, the longest words, a Diplomacy
// game's page (its powers as the German edition names them) and the SUPERCAT companion's
// game and turn pages are no wider than a 390 px screen. The screenshots (PNG) go to
// /screenshots/trtable for review.
func TestBrowserGermanGameAndCompanionFitAPhone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	dir := os.Getenv("TABLESTAKES_SCREENSHOTS")
	if dir == "" {
		dir = "/screenshots/trtable"
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	l, _, _, _ := runningLeague(t, app, "diplomacy", 7)
	game := fmt.Sprintf("/games/%d", mustLeagueGames(t, app, l)[0].ID)
	_, companion := newSupercatGame(t, app, "solo", 2)

	ctx := newBrowserFor(t, 5*time.Minute)
	check := func(who, path string) {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx,
			chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateScale(1)),
			chromedp.Navigate(app.srv.URL+withLang(path, "de")),
			chromedp.WaitReady(css("body")),
		), path)
		lang, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.documentElement.lang`))
		require.NoError(t, err)
		assert.Equal(t, "de", lang, path)
		problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutCheck))
		require.NoError(t, err)
		assert.Empty(t, problems, "%s, %s, in German at 390 px", path, who)
		shot, err := chromedp.Run(ctx, chromedp.FullScreenshot(100))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, strings.TrimSuffix(shotName("de-"+who, path), ".jpg")+".png"), shot, 0o644))
	}
	check("signed-out", game)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/login?lang=de"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "solo"),
		chromedp.SendKeys(css(`input[name="password"]`), "long-enough-pw"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	))
	for _, path := range []string{"/supercat", companion, companion + "/bots/1"} {
		check("solo", path)
	}
}
