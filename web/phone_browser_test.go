package web_test

import (
	"context"
	"fmt"
	"net/url"
	"os"
	"path/filepath"
	"regexp"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/store"
)

// Phone and desktop widths every page is checked at (issue #24: "every page usable at 390
// px"); the phone is emulated as a phone (touch, overlay scroll bars, the viewport meta tag).
const (
	phoneWidth   = 390
	phoneHeight  = 844
	desktopWidth = 1280
)

// layoutCheck runs in the page and lists what a reader of that width cannot reach: the page
// scrolling sideways, a control (input, select, textarea, button, link) beyond the screen's
// edges or inside a box that scrolls sideways, and a button whose label wraps ("Log out"
// on two lines). Hidden controls (closed <details>, display none) and the skip link, which
// shows only when focused, are not looked at.
const layoutCheck = `(() => {
  const vw = document.documentElement.clientWidth;
  const problems = [];
  if (document.documentElement.scrollWidth > vw + 1) {
    problems.push("the page is " + document.documentElement.scrollWidth + " px wide");
  }
  const describe = (el) => {
    const label = (el.innerText || el.value || el.getAttribute("name") || el.getAttribute("aria-label") || "").trim().replace(/\s+/g, " ").slice(0, 40);
    return el.tagName.toLowerCase() + (el.name ? "[name=" + el.name + "]" : "") + (label ? " \"" + label + "\"" : "");
  };
  const scroller = (el) => {
    for (let a = el.parentElement; a && a !== document.body; a = a.parentElement) {
      const ox = getComputedStyle(a).overflowX;
      if (ox !== "visible" && ox !== "clip" && a.scrollWidth > a.clientWidth + 1) return a;
    }
    return null;
  };
  for (const el of document.querySelectorAll("input, select, textarea, button, a[href]")) {
    if (el.type === "hidden" || el.closest(".skip-link, .visually-hidden")) continue;
    const r = el.getBoundingClientRect();
    if (r.width === 0 && r.height === 0) continue;
    const x = r.left + window.scrollX;
    if (x < -1 || x + r.width > vw + 1) {
      problems.push(describe(el) + " lies outside the screen (" + Math.round(x) + " to " + Math.round(x + r.width) + " px)");
      continue;
    }
    const box = scroller(el);
    if (box) {
      problems.push(describe(el) + " is inside a box that scrolls sideways (" + box.tagName.toLowerCase() + "." + box.className + ", " + box.scrollWidth + " px in " + box.clientWidth + ")");
    }
  }
  for (const el of document.querySelectorAll("button, .button")) {
    const r = el.getBoundingClientRect();
    if (r.height === 0) continue;
    const cs = getComputedStyle(el);
    const inner = r.height - parseFloat(cs.paddingTop) - parseFloat(cs.paddingBottom) - parseFloat(cs.borderTopWidth) - parseFloat(cs.borderBottomWidth);
    const line = parseFloat(cs.lineHeight) || parseFloat(cs.fontSize) * 1.2;
    if (inner > line * 1.6 && el.closest("header")) {
      problems.push(describe(el) + " wraps onto several lines");
    }
  }
  return problems;
})()`

// phoneRole is one way the demo is seen: signed out, or logged in as one of its accounts.
type phoneRole struct {
	name     string
	username string // "" when signed out
	start    []string
	// readme names the pages whose first screen is also saved as readme-NAME.png, for the
	// README's phone screenshots.
	readme map[string]string
}

// crawlSkip is what the walk does not open: downloads, calendars, the log-out form's target
// and the static files.
var crawlSkip = regexp.MustCompile(`\.(csv|ics)$|^/static/|^/calendar/|^/api/|^/logout|^/account/verify-email`)

// idPattern turns a path into its route: numbers and usernames become placeholders.
var idPattern = regexp.MustCompile(`/\d+`)

// routeOf is the route a path belongs to, for choosing which of many alike pages to open.
func routeOf(path string) string {
	r := idPattern.ReplaceAllString(path, "/N")
	if strings.HasPrefix(r, "/players/") {
		return "/players/X"
	}
	if strings.HasPrefix(r, "/ratings/") {
		return "/ratings/X"
	}
	if strings.HasPrefix(r, "/leagues/N/invite/") {
		return "/leagues/N/invite/T"
	}
	return r
}

// screenshotDir is where the phone screenshots of the run go: TABLESTAKES_SCREENSHOTS, else
// screenshots/ at the top of the repository (ignored by git).
func screenshotDir(t *testing.T) string {
	t.Helper()
	dir := os.Getenv("TABLESTAKES_SCREENSHOTS")
	if dir == "" {
		abs, err := filepath.Abs(filepath.Join("..", "screenshots"))
		require.NoError(t, err)
		dir = abs
	}
	require.NoError(t, os.MkdirAll(dir, 0o755))
	return dir
}

// shotName is a screenshot's file name: the role and the page's address.
func shotName(role, path string) string {
	clean := strings.Trim(regexp.MustCompile(`[^A-Za-z0-9]+`).ReplaceAllString(path, "-"), "-")
	if clean == "" {
		clean = "home"
	}
	return role + "--" + clean + ".jpg"
}

// The whole demo, as it is seen signed out, by a player, by the organiser and by a
// co-organiser, at 390 px (a phone) and 1280 px (a laptop): every page a link leads to
// (of pages alike — every game of a league — the first and the last linked from each
// page) is checked for anything wider than the screen, any control out of reach, and a
// wrapped header button. The phone screenshots are kept for review (the path is logged).
func TestBrowserEveryDemoPageFitsPhoneAndDesktop(t *testing.T) {
	t.Parallel()
	app := newDemoApp(t)
	dir := screenshotDir(t)
	t.Logf("phone screenshots in %s", dir)

	// Every result form waiting on ada's desk (Blue Max, Vortex, King Me) is opened.
	ready, err := app.store.NormalGames(context.Background(), store.GameReady)
	require.NoError(t, err)
	adaStart := []string{"/", "/account", "/account/tokens"}
	readme := map[string]string{"/": "desk"}
	for _, g := range ready {
		adaStart = append(adaStart, fmt.Sprintf("/games/%d/result", g.ID))
		if g.Game == "blue-max" {
			readme[fmt.Sprintf("/games/%d/result", g.ID)] = "result-form"
		}
	}
	require.Len(t, readme, 2, "the demo has a Blue Max table waiting for its result")
	// The delete page of each of ada's leagues: the open one that may go, the running one
	// that has results and says what to do instead.
	for _, dl := range []struct{ status, name string }{
		{store.LeagueOpen, demo.OpenLeagueName}, {store.LeagueRunning, demo.RunningLeagueName},
	} {
		ls, err := app.store.LeaguesByStatus(context.Background(), dl.status)
		require.NoError(t, err)
		i := slices.IndexFunc(ls, func(l store.League) bool { return l.Name == dl.name })
		require.NotEqual(t, -1, i, "the demo has %s", dl.name)
		adaStart = append(adaStart, fmt.Sprintf("/leagues/%d/delete", ls[i].ID))
	}
	roles := []phoneRole{
		{name: "signed-out", start: []string{"/", "/login", "/signup", "/password/forgot", "/vortex"}},
		{name: "player", username: "dmitri", start: []string{"/", "/account", "/account/tokens"}},
		{name: "organiser", username: "ada", start: adaStart,
			readme: readme},
		{name: "co-organiser", username: "bruno", start: []string{"/"}},
	}
	for _, role := range roles {
		t.Run(role.name, func(t *testing.T) {
			t.Parallel()
			for _, p := range walkDemo(t, app, role, dir) {
				t.Error(p)
			}
		})
	}
}

// maxPerRoute is how many pages of one route a walk opens at most: every league of the
// demo, a few games and their result forms (played and to play, of different games), and
// fewer of the pages that differ only by whose they are.
func maxPerRoute(route string) int {
	switch {
	case route == "/leagues/N":
		return 5
	case route == "/games/N/result":
		return 4
	case route == "/games/N" || strings.HasPrefix(route, "/leagues/N/"):
		return 2
	}
	return 1
}

// browserMaxPerRoute is maxPerRoute for the walk in Chromium, where a page costs a second:
// of a league's own pages (print sheets, forecasts, history) one each, but the manage pages
// of two leagues (an open and a running one).
func browserMaxPerRoute(route string) int {
	if strings.HasPrefix(route, "/leagues/N/") && route != "/leagues/N/manage" {
		return 1
	}
	return maxPerRoute(route)
}

// walkDemo opens every page role can reach from its start pages, checks each at both
// widths and saves its phone screenshot; it returns the problems found.
func walkDemo(t *testing.T, app *testApp, role phoneRole, dir string) []string {
	t.Helper()
	ctx := newBrowserFor(t, 10*time.Minute)
	if role.username != "" {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(app.srv.URL+"/login"),
			chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
			chromedp.SendKeys(css(`input[name="username"]`), role.username),
			chromedp.SendKeys(css(`input[name="password"]`), demo.Password),
			chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
			chromedp.WaitVisible(css(".signed-in")),
		), "log in as %s", role.username)
	}
	var problems []string
	seen := map[string]bool{}
	perRoute := map[string]int{}
	queue := slices.Clone(role.start)
	for _, p := range queue {
		seen[p] = true
	}
	shot := map[string]bool{}
	for len(queue) > 0 {
		path := queue[0]
		queue = queue[1:]
		// One phone screenshot a route is enough to look at; a full-page capture is the
		// walk's dearest step.
		route := routeOf(strings.SplitN(path, "?", 2)[0])
		found, links := checkPage(t, ctx, app, role.name, path, dir, role.readme[path], !shot[route])
		shot[route] = true
		problems = append(problems, found...)
		for _, l := range pickLinks(links) {
			r := routeOf(strings.SplitN(l, "?", 2)[0])
			if !seen[l] && perRoute[r] < browserMaxPerRoute(r) {
				seen[l] = true
				perRoute[r]++
				queue = append(queue, l)
			}
		}
	}
	t.Logf("%s: %d pages", role.name, len(seen))
	return problems
}

// checkPage opens path at both widths, runs layoutCheck at each, saves the phone screenshot
// when shoot is set, and returns the problems and the page's links on this site. Links that
// only choose another language (?lang=) are not followed: the walk reads the demo in English,
// and the German journeys (TestBrowserGerman*) read it in the language with the longest words.
func checkPage(t *testing.T, ctx context.Context, app *testApp, role, path, dir, readme string, shoot bool) ([]string, []string) {
	t.Helper()
	var problems []string
	fail := func(err error) ([]string, []string) {
		return []string{fmt.Sprintf("%s %s: %v", role, path, err)}, nil
	}
	if err := chromedp.Do(ctx,
		chromedp.EmulateViewport(phoneWidth, phoneHeight, chromedp.EmulateMobile, chromedp.EmulateScale(1)),
		chromedp.Navigate(app.srv.URL+path),
		chromedp.WaitReady(css("body")),
	); err != nil {
		return fail(err)
	}
	phone, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutCheck))
	if err != nil {
		return fail(err)
	}
	// JPEG: a full-page PNG of a long page costs seconds on a busy machine.
	var shot []byte
	if shoot {
		if shot, err = chromedp.Run(ctx, chromedp.FullScreenshot(70)); err != nil {
			return fail(err)
		}
	}
	if readme != "" {
		first, err := chromedp.Run(ctx, chromedp.CaptureScreenshot())
		if err != nil {
			return fail(err)
		}
		require.NoError(t, os.WriteFile(filepath.Join(dir, "readme-"+readme+".png"), first, 0o644))
	}
	if err := chromedp.Do(ctx, chromedp.EmulateViewport(desktopWidth, 900)); err != nil {
		return fail(err)
	}
	desktop, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](layoutCheck))
	if err != nil {
		return fail(err)
	}
	links, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](`Array.from(document.querySelectorAll("a[href]")).map(a => a.href)`))
	if err != nil {
		return fail(err)
	}
	if shoot {
		require.NoError(t, os.WriteFile(filepath.Join(dir, shotName(role, path)), shot, 0o644))
	}
	problems = append(problems, summarise(role, path, phoneWidth, phone)...)
	problems = append(problems, summarise(role, path, desktopWidth, desktop)...)
	var local []string
	for _, l := range links {
		u, err := url.Parse(l)
		if err != nil || u.Host != strings.TrimPrefix(app.srv.URL, "http://") || crawlSkip.MatchString(u.Path) || u.Query().Has("lang") {
			continue
		}
		p := u.Path
		if u.RawQuery != "" {
			p += "?" + u.RawQuery
		}
		local = append(local, p)
	}
	return problems, local
}

// summarise reports a page's problems at one width: the first three, and how many more.
func summarise(role, path string, width int, found []string) []string {
	var out []string
	for i, p := range found {
		if i == 3 {
			out = append(out, fmt.Sprintf("%s %s at %d px: and %d more", role, path, width, len(found)-3))
			break
		}
		out = append(out, fmt.Sprintf("%s %s at %d px: %s", role, path, width, p))
	}
	return out
}

// pickLinks chooses the links of one page to follow: of links to pages alike (the same
// route), the first and the last, so a league page's first game (played) and last game
// (to play) are both seen without opening all 32.
func pickLinks(links []string) []string {
	byRoute := map[string][]string{}
	var routes []string
	for _, l := range links {
		r := routeOf(strings.SplitN(l, "?", 2)[0])
		if !slices.Contains(byRoute[r], l) {
			if byRoute[r] == nil {
				routes = append(routes, r)
			}
			byRoute[r] = append(byRoute[r], l)
		}
	}
	var out []string
	for _, r := range routes {
		ls := byRoute[r]
		out = append(out, ls[0])
		if len(ls) > 1 {
			out = append(out, ls[len(ls)-1])
		}
	}
	return out
}
