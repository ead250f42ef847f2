package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// formLayoutProblems lists, for the result form on screen, every input another element
// covers at its centre (once scrolled into view) and every pair of inputs that overlap.
const formLayoutProblems = `(() => {
	const inputs = [...document.querySelectorAll('form.result-form input:not([type=hidden])')];
	const problems = [];
	for (const a of inputs) {
		a.scrollIntoView({block: 'center', inline: 'center'});
		const r = a.getBoundingClientRect();
		if (r.width === 0 || r.height === 0) { problems.push(a.name + ' has no size'); continue; }
		const hit = document.elementFromPoint(r.left + r.width / 2, r.top + r.height / 2);
		if (hit !== a && !(a.labels && [...a.labels].some(l => l.contains(hit)))) {
			problems.push(a.name + ' is covered by ' + (hit ? hit.tagName + '.' + hit.className : 'nothing'));
		}
	}
	window.scrollTo(0, 0);
	const rects = inputs.map(a => [a.name, a.getBoundingClientRect()]);
	for (let i = 0; i < rects.length; i++) {
		for (let j = i + 1; j < rects.length; j++) {
			const [na, a] = rects[i], [nb, b] = rects[j];
			if (a.left < b.right - 1 && b.left < a.right - 1 && a.top < b.bottom - 1 && b.top < a.bottom - 1) {
				problems.push(na + ' overlaps ' + nb);
			}
		}
	}
	return problems;
})()`

func TestBrowserResultFormsFitPhoneAndDesktop(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	logged := false
	for _, tc := range []struct {
		game    string
		perGame int
	}{
		{"blue-max", 8}, {"wooden-ships-and-iron-men", 8}, {"diplomacy", 7}, {"arcs", 5}, {"vortex", 4},
	} {
		app := newTestApp(t, web.Config{})
		l, org, _, _ := runningLeague(t, app, tc.game, tc.perGame)
		g := mustLeagueGames(t, app, l)[0]
		if logged {
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Click(css(`form[action="/logout"] button`)),
				chromedp.WaitVisible(css(`a[href="/login"]`)),
			), "log out")
		}
		require.NoError(t, chromedp.Do(ctx,
			chromedp.EmulateViewport(1280, 900),
			chromedp.Navigate(app.srv.URL+"/login"),
			chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
			chromedp.SendKeys(css(`input[name="username"]`), org.Username),
			chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
			chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
			chromedp.WaitVisible(css(".signed-in")),
		), "log in as the organiser of the %s league", tc.game)
		logged = true
		formURL := fmt.Sprintf("%s/games/%d/result", app.srv.URL, g.ID)
		for _, width := range []int64{1280, 390} {
			require.NoError(t, chromedp.Do(ctx,
				chromedp.EmulateViewport(width, 900),
				chromedp.Navigate(formURL),
				chromedp.WaitVisible(css("form.result-form")),
			), "%s form at %d px", tc.game, width)
			overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
			require.NoError(t, err)
			problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](formLayoutProblems))
			require.NoError(t, err)
			assert.False(t, overflow, "the %s form scrolls sideways at %d px", tc.game, width)
			assert.Empty(t, problems, "the %s form at %d px", tc.game, width)
		}
	}
}
