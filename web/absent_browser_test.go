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

// A club night at 390 px (issue 34, CONTRACT section 12): one player said "I can't come" and
// another's seat was played by a friend. The organiser opens the result form, finds the
// no-show already marked, types the three scores and the substitute, previews and saves; the
// game page shows the absent seat without a place and the substitute in the seat.
func TestBrowserJourneyNoShowWithASubstitute(t *testing.T) {
	t.Parallel()
	ctx := newBrowser(t)
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, out := app.APIAny(http.MethodPut, gamePath(g.ID, "/attendance"), seated[2].token, map[string]any{"coming": false})
	require.Equal(t, http.StatusOK, status, out)

	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d/result", app.srv.URL, g.ID)),
		chromedp.WaitVisible(css("form.result-form")),
	), "the result form")
	marked, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](
		`[...document.querySelectorAll('form.result-form input[type=checkbox]:checked')].map(i => i.name)`))
	require.NoError(t, err)
	assert.Equal(t, []string{"absent-3"}, marked, "who said they cannot come is marked absent")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`input[name="score-1"]`), "120"),
		chromedp.SendKeys(css(`input[name="score-2"]`), "95"),
		chromedp.SendKeys(css(`input[name="score-4"]`), "80"),
		chromedp.SendKeys(css(`input[name="substitute-2"]`), outsider.Username),
		chromedp.Click(css(`button[value="preview"]`)),
		chromedp.WaitVisible(css("#preview tr.is-absent")),
	), "preview the no-show and the substitute")
	assert.Contains(t, visibleText(t, ctx, "#preview tr.is-absent"), "did not come")
	screenshot(t, ctx, "no-show-preview-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`button[value="save"]`)),
		chromedp.WaitVisible(css("#result .result-table")),
	), "save")
	table := visibleText(t, ctx, "#result .result-table")
	assert.Contains(t, table, "did not come")
	assert.Contains(t, table, "finished by "+outsider.Username)
	screenshot(t, ctx, "no-show-game-390.png")

	// The next game's form on a desktop screen: every seat's no-show pair fits beside its score.
	next := mustLeagueGames(t, app, l)[1]
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(1280, 900),
		chromedp.Navigate(fmt.Sprintf("%s/games/%d/result", app.srv.URL, next.ID)),
		chromedp.WaitVisible(css(`input[name="absent-4"]`)),
	), "a form at 1280 px")
	problems, err := chromedp.Run(ctx, chromedp.Evaluate[[]string](formLayoutProblems))
	require.NoError(t, err)
	assert.Empty(t, problems)
	screenshot(t, ctx, "no-show-form-1280.png")

	status, recorded := app.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{seated[2].Username}, recorded["absent"])
	assert.Equal(t, map[string]any{seated[1].Username: outsider.Username}, recorded["replaced"])
}
