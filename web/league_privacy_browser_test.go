package web_test

import (
	"os"
	"path/filepath"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// On a phone: the organiser makes a league private and copies the invite link; a player
// opens it, logs in through it, comes back to it and joins, without any script of ours.
func TestBrowserJourneyPrivateLeagueInvite(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	guest := app.newPlayers("guest", 1)[0]
	l := app.newLeague(org, "gonzaga", 4, 0)
	ctx := newBrowser(t)

	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+leaguePath(l)+"/manage"),
		chromedp.WaitVisible(css(`#privacy button[type="submit"]`)),
		chromedp.Click(css(`#privacy button[type="submit"]`)),
		chromedp.WaitVisible(css(`#privacy .invite-link`)),
	), "make the league private")
	link := visibleText(t, ctx, "#privacy .invite-link")
	require.Contains(t, link, leaguePath(l)+"/invite/")
	screenshot(t, ctx, "manage-private-390.png")
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.Screenshot(css("#privacy")))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "privacy-section-390.png"), shot, 0o644))
	}

	invitee := newBrowser(t)
	require.NoError(t, chromedp.Do(invitee,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(app.srv.URL+link[strings.Index(link, "/leagues/"):]), // the link starts with the configured base URL
		chromedp.WaitVisible(css(`#join a[href^="/login"]`)),
		chromedp.Click(css(`#join a[href^="/login"]`)),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), guest.Username),
		chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`#join form button[type="submit"]`)),
	), "open the link, log in, come back")
	assert.Contains(t, visibleText(t, invitee, ".private-league"), "Private league")
	screenshot(t, invitee, "invite-390.png")
	require.NoError(t, chromedp.Do(invitee,
		chromedp.Click(css(`#join form button[type="submit"]`)),
		chromedp.WaitVisible(css(`#join .notice`)),
	), "join")
	assert.Equal(t, "You play in this league.", visibleText(t, invitee, "#join .notice"))
}
