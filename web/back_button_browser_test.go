package web_test

import (
	"context"
	"errors"
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/cdproto"
	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// typedValues reads the value of each field (a CSS selector) in the browser tab ctx, by
// script: chromedp's element queries do not follow a page brought back from the
// back-forward cache.
func typedValues(t *testing.T, ctx context.Context, fields []string) map[string]string {
	t.Helper()
	got := map[string]string{}
	for _, sel := range fields {
		v, err := chromedp.Run(ctx, chromedp.Evaluate[string](fmt.Sprintf(`document.querySelector(%q).value`, sel)))
		require.NoError(t, err, "value of %s", sel)
		got[sel] = v
	}
	return got
}

// goBack presses the browser's back button in the tab ctx (history.back(), as the button
// does) and waits until the page at path holding ready, and not leaving, is loaded,
// however the browser brings it back: from its back-forward cache (which fires no load
// event) or asked again. It asks the page by script until then, each question answered
// at once, with no pause between them.
func goBack(t *testing.T, ctx context.Context, leaving, path, ready string) {
	t.Helper()
	// The page may be gone before it answers (a page from the back-forward cache is back at
	// once): that refusal is the back button working; the questions below check where the
	// browser went.
	_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`history.back(), true`))
	var gone *cdproto.Error
	if !errors.As(err, &gone) || !strings.Contains(gone.Message, "navigated") {
		require.NoError(t, err, "history.back()")
	}
	back := fmt.Sprintf(`location.pathname === %q && document.readyState === "complete" && `+
		`document.querySelector(%q) !== null && document.querySelector(%q) === null`, path, ready, leaving)
	for {
		// Between two pages there is no document to ask: the question fails, and is asked again.
		done, err := chromedp.Run(ctx, chromedp.Evaluate[bool](back))
		require.NoError(t, ctx.Err(), "back from %s to %s", leaving, path)
		if err == nil && done {
			return
		}
	}
}

// The browser's back button never loses typed input (issue #24): on the result form and on
// the manage page's form, what was typed is still there after a refused submission or a
// link followed, whichever way the browser brings the page back (its back-forward cache, or
// the page asked again and its fields restored).
func TestBrowserBackButtonKeepsTypedInput(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	g := mustLeagueGames(t, app, l)[0]
	ctx := newBrowser(t)
	resultPath := fmt.Sprintf("/games/%d/result", g.ID)
	managePath := fmt.Sprintf("/leagues/%d/manage", l.ID)

	resultTyped := map[string]string{
		`form.result-form input[name="score-1"]`: "15",
		`form.result-form input[name="score-2"]`: "42",
		`form.result-form input[name="score-3"]`: "27",
	}
	manageTyped := map[string]string{
		`form[action$="/edit"] textarea[name="description"]`: "Tuesdays at the café, doors at seven",
		`form[action$="/edit"] input[name="venue"]`:          "Café du Commerce",
		// A name over its 80 characters is refused (the time zone is chosen from a list).
		`form[action$="/edit"] input[name="name"]`: strings.Repeat("Tuesday night ", 7),
	}
	browserLogIn(t, ctx, app, org.Username, 390, 900)
	for _, width := range []int64{390, 1280} {
		require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(width, 900)))
		for _, form := range []struct {
			name, path, ready string
			typed             map[string]string
			// refuse submits the form so that it is refused (a score missing, a name too
			// long); refused is on the page that says so.
			refuse, refused string
		}{
			{"result form", resultPath, `form.result-form input[name="score-1"]`, resultTyped,
				`form.result-form button[value="preview"]`, `main .alert[role="alert"]`},
			{"manage form", managePath, `form[action$="/edit"] input[name="venue"]`, manageTyped,
				`form[action$="/edit"] button[type="submit"]`, `#edit .field-error`},
		} {
			fields := make([]string, 0, len(form.typed))
			for sel := range form.typed {
				fields = append(fields, sel)
			}
			fill := func() {
				t.Helper()
				require.NoError(t, chromedp.Do(ctx,
					chromedp.Navigate(app.srv.URL+form.path),
					chromedp.WaitVisible(css(form.ready)),
				), "%s at %d px", form.name, width)
				for sel, v := range form.typed {
					// Typed over what the field holds (the league's own time zone, say).
					_, err := chromedp.Run(ctx, chromedp.Evaluate[bool](fmt.Sprintf(`document.querySelector(%q).value = "", true`, sel)))
					require.NoError(t, err, "empty %s at %d px", sel, width)
					require.NoError(t, chromedp.Do(ctx, chromedp.SendKeys(css(sel), v)), "type into %s at %d px", sel, width)
				}
				require.Equal(t, form.typed, typedValues(t, ctx, fields), "typed on the %s at %d px", form.name, width)
			}

			// A submission refused: the refusal keeps what was typed, and so does the page
			// before it, back in history.
			fill()
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Click(css(form.refuse)),
				chromedp.WaitVisible(css(form.refused)),
			), "submit the %s to be refused at %d px", form.name, width)
			assert.Equal(t, form.typed, typedValues(t, ctx, fields), "the refused %s at %d px", form.name, width)
			goBack(t, ctx, form.refused, form.path, form.ready)
			assert.Equal(t, form.typed, typedValues(t, ctx, fields), "back at the %s after its refusal, %d px", form.name, width)

			// A link followed (the header's Leagues) and back.
			fill()
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Click(css(`header a[href="/leagues"]`)),
				chromedp.WaitVisible(css(`main a[href="/leagues/new"]`)),
			), "leave the %s by a link at %d px", form.name, width)
			goBack(t, ctx, `main a[href="/leagues/new"]`, form.path, form.ready)
			assert.Equal(t, form.typed, typedValues(t, ctx, fields), "back at the %s after a link, %d px", form.name, width)
		}
	}
}
