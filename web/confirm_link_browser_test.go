package web_test

import (
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/chromedp/chromedp"
	"github.com/tablestakes/tablestakes/web"
)

// On a phone (390 px), not signed in: the proposal e-mail's confirm link shows one big
// button that fits the screen, and tapping it confirms and says so at the top.
func TestBrowserConfirmLinkOnAPhone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.join(app.newLeague(org, "cartagena", 4, 0), members)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 90, 70, 60, 10))
	require.Equal(t, http.StatusCreated, status, body)
	var token string
	require.NoError(t, app.store.Pool().QueryRow(t.Context(),
		`SELECT token FROM confirm_links WHERE user_id = $1 AND game_id = $2`, seated[1].ID, g.ID).Scan(&token))

	ctx := newBrowser(t)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(app.srv.URL+"/confirm/"+token),
		chromedp.WaitVisible(css(".confirm-link-form button")),
	), "open the link")
	screenshot(t, ctx, "confirm-link-390.png")
	height, err := chromedp.Run(ctx, chromedp.Evaluate[float64](
		`document.querySelector(".confirm-link-form button").getBoundingClientRect().height`))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, height, 44.0, "a tap target")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(".confirm-link-form button")),
		chromedp.WaitVisible(css("main .flash")),
	), "confirm")
	assert.Contains(t, visibleText(t, ctx, "main .flash"), "Confirmed: the result of "+l.Name+" game 1 now waits for")
	screenshot(t, ctx, "confirm-link-confirmed-390.png")
}
