package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
)

// TestBrowserGermanPagesFitAPhone: German has the longest words; at 390 px no page of the
// front, accounts, leagues, ratings, seasons, players and API is wider than the screen, signed
// out or in. The screenshots (PNG) go to /screenshots/tr1 for review.
func TestBrowserGermanPagesFitAPhone(t *testing.T) {
	t.Parallel()
	app := newDemoApp(t)
	dir := os.Getenv("TABLESTAKES_SCREENSHOTS")
	if dir == "" {
		dir = "/screenshots/tr1"
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))

	// A season's page and a division's, found as a visitor finds them.
	_, doc := app.get(app.browser(), "/seasons")
	season := doc.Find(`#running a[href^="/seasons/"], #finished a[href^="/seasons/"]`).First().AttrOr("href", "")
	require.NotEmpty(t, season, "the demo has a season")

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
	for _, path := range []string{"/", "/signup", "/login", "/password/forgot", "/leagues", "/ratings",
		"/ratings/cartagena", "/ratings/cartagena/backtest", "/seasons", season, "/players/ada", "/api", "/nowhere"} {
		check("signed-out", path)
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/login?lang=de"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "ada"),
		chromedp.SendKeys(css(`input[name="password"]`), demo.Password),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	))
	for _, path := range []string{"/leagues", "/leagues/new", "/seasons", "/seasons/new", season, "/players/ada"} {
		check("ada", path)
	}
}
