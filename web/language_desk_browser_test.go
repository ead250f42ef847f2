package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/web"
)

// buttonsApart lists the buttons of a page's main part (and the summaries that open a list)
// that touch or overlap another: two
// tap targets closer than 8 px are one on a phone.
const buttonsApart = `(() => {
  const els = Array.from(document.querySelectorAll("main button, main .button, main summary")).filter(el => {
    const r = el.getBoundingClientRect();
    return r.width > 0 && r.height > 0;
  });
  const name = el => (el.innerText || "").trim().replace(/\s+/g, " ").slice(0, 40);
  const problems = [];
  for (let i = 0; i < els.length; i++) {
    for (let j = i + 1; j < els.length; j++) {
      const a = els[i].getBoundingClientRect(), b = els[j].getBoundingClientRect();
      const gapX = Math.max(b.left - a.right, a.left - b.right);
      const gapY = Math.max(b.top - a.bottom, a.top - b.bottom);
      if (gapX < 8 && gapY < 8) {
        problems.push("\"" + name(els[i]) + "\" and \"" + name(els[j]) + "\" touch (" + Math.round(Math.max(gapX, gapY)) + " px apart)");
      }
    }
  }
  return problems;
})()`

// TestBrowserGermanDeskAndManageFitAPhone: in German, the demo organiser's desk and the
// manage pages of an open and of a running league are no wider than a 390 px phone, and no
// two of their buttons touch. The screenshots are kept for review (the path is logged).
func TestBrowserGermanDeskAndManageFitAPhone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	_, err := demo.Seed(context.Background(), app.store)
	require.NoError(t, err)
	ada := app.browser()
	res, _ := app.submit(ada, "/login", "/login", url.Values{"username": {"ada"}, "password": {demo.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	var manage []string
	_, page := app.get(ada, "/leagues?lang=en")
	page.Find(`#mine a[href^="/leagues/"]`).Each(func(_ int, s *goquery.Selection) {
		if res, _ := app.get(ada, s.AttrOr("href", "")+"/manage"); res.StatusCode == http.StatusOK {
			manage = append(manage, s.AttrOr("href", "")+"/manage") // the leagues ada runs
		}
	})
	require.NotEmpty(t, manage)

	dir := screenshotDir(t)
	t.Logf("German phone screenshots in %s", dir)
	ctx := newBrowser(t)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateScale(1)),
		chromedp.Navigate(app.srv.URL+"/login?lang=de"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "ada"),
		chromedp.SendKeys(css(`input[name="password"]`), demo.Password),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	))
	for _, p := range append([]string{"/"}, manage...) {
		problems, _ := checkPage(t, ctx, app, "de-ada", withLang(p, "de"), dir, "", true)
		for _, p := range problems {
			t.Error(p)
		}
		require.NoError(t, chromedp.Do(ctx,
			chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateScale(1)),
			chromedp.Navigate(app.srv.URL+withLang(p, "de")),
			chromedp.WaitReady(css("body")),
		))
		touching, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](buttonsApart))
		require.NoError(t, err)
		for _, b := range touching {
			t.Errorf("%s in German at 390 px: %s", p, b)
		}
		// The page a screen at a time, as PNG, for a person to look at.
		height, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.documentElement.scrollHeight`))
		require.NoError(t, err)
		for y, n := 0, 1; y < height; y, n = y+phoneHeight, n+1 {
			_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf("(window.scrollTo(0, %d), true)", y)))
			require.NoError(t, err)
			shot, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
			require.NoError(t, err)
			name := strings.TrimSuffix(shotName("de-ada", p), ".jpg") + fmt.Sprintf("-screen%d.png", n)
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), shot, 0o644))
		}
	}
}
