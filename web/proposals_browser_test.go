package web_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// On a phone (390 px): a player proposes the result of a 3-player game with the result
// form, the two others confirm it from their desks and the standings change; another
// player answers "I can't come" for a dated game from the desk, and the organiser's desk
// shows it before the game.
func TestBrowserJourneyPlayersReport(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 3)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated, _ := seatedPlayers(g, members)
	require.Len(t, seated, 3)
	ctx := newBrowser(t)
	logOut := func() error {
		return chromedp.Do(ctx,
			chromedp.Click(css(`form[action="/logout"] button[type="submit"]`)),
			chromedp.WaitVisible(css(`header .account a[href="/login"]`)))
	}

	// The proposer: the same form, scorer and preview as the organiser's.
	browserLogIn(t, ctx, app, seated[0].Username, 390, 844)
	gameURL := fmt.Sprintf("%s/games/%d", app.srv.URL, g.ID)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(gameURL),
		chromedp.WaitVisible(css("#table .propose-link")),
		chromedp.Click(css("#table .propose-link")),
		chromedp.WaitVisible(css(`input[name="score-1"]`)),
	), "open the proposal form")
	assert.Contains(t, visibleText(t, ctx, "main h1"), "Propose the result of game")
	screenshot(t, ctx, "players-report-form-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`input[name="score-1"]`), "30"),
		chromedp.SendKeys(css(`input[name="score-2"]`), "20"),
		chromedp.SendKeys(css(`input[name="score-3"]`), "10"),
		chromedp.Click(css(`button[value="preview"]`)),
		chromedp.WaitVisible(css(`button[value="save"]`)),
	), "preview")
	assert.Equal(t, "Propose this result", visibleText(t, ctx, `button[value="save"]`))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`button[value="save"]`)),
		chromedp.WaitVisible(css("#table .proposal")),
	), "propose")
	assert.Contains(t, visibleText(t, ctx, "#table .proposal-status"),
		"Waiting for "+seated[1].DisplayName+" and "+seated[2].DisplayName)
	screenshot(t, ctx, "players-report-proposed-390.png")
	require.NoError(t, logOut())

	standing := func() string {
		_, rows := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
		for _, r := range rows.([]any) {
			if row := r.(map[string]any); row["username"] == seated[0].Username {
				return fmt.Sprint(row["points"], "/", row["games"])
			}
		}
		return ""
	}
	before := standing()

	// The two others confirm from their desks.
	for i, p := range seated[1:] {
		browserLogIn(t, ctx, app, p.Username, 390, 844)
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(app.srv.URL+"/"),
			chromedp.WaitVisible(css("#table .confirm-button")),
		), "desk of %s", p.Username)
		assert.Contains(t, visibleText(t, ctx, "#table"), seated[0].DisplayName+" proposed this result")
		if i == 0 {
			screenshot(t, ctx, "players-report-desk-390.png")
		}
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css("#table .confirm-button")),
			// The answer comes back to the same desk: wait for the confirmed proposal to
			// leave it, not for a heading the page had before the click.
			chromedp.WaitNotPresent(css("#table .confirm-button")),
			chromedp.WaitVisible(css("main h1")),
		), "confirm as %s", p.Username)
		require.NoError(t, logOut())
	}
	status, recorded := app.api(http.MethodGet, fmt.Sprintf("/api/v1/games/%d/result", g.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, seated[0].Username, recorded["recorded_by"])
	assert.NotEqual(t, before, standing(), "the standings changed")
	assert.Equal(t, "6/1", standing(), "the proposer won: place 1 of 3 takes (3-1+1)×(3-1) = 6 points")

	// A dated game: a player answers "I can't come" from the desk.
	next := games[1]
	when := time.Now().Add(72 * time.Hour).UTC().Format(time.RFC3339)
	status, body := app.api(http.MethodPut, fmt.Sprintf("/api/v1/games/%d/schedule", next.ID), org.token, map[string]any{"starts_at": when})
	require.Equal(t, http.StatusOK, status, body)
	away := next.Seats[1].Username
	browserLogIn(t, ctx, app, away, 390, 844)
	sel := "#table-" + strconv.FormatInt(next.ID, 10)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/"),
		chromedp.WaitVisible(css(sel+` button[value="no"]`)),
		chromedp.Click(css(sel+` button[value="no"]`)),
		chromedp.WaitVisible(css(sel+" .attendance-no")),
	), "answer I can't come")
	require.NoError(t, logOut())

	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/"),
		chromedp.WaitVisible(css(sel+" .attendance-no")),
	), "the organiser's desk")
	assert.Contains(t, visibleText(t, ctx, sel+" .attendance-no"), next.Seats[1].DisplayName+": not coming", "named as people know them")
	assert.Contains(t, visibleText(t, ctx, sel+" .attendance-no"), "unless a substitute plays the seat")
	screenshot(t, ctx, "players-report-organiser-desk-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/leagues/%d/manage", app.srv.URL, l.ID)),
		chromedp.WaitVisible(css("#results-setting")),
	), "the manage page's results form")
	screenshot(t, ctx, "players-report-manage-390.png")
}
