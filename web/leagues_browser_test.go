package web_test

import (
	"fmt"
	"strings"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestBrowserJourneyEightPlayersJoinAndTheScheduleAppears(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 7)
	l := app.newLeague(players[0], "king-me", 4, 0)
	leagueURL := app.srv.URL + leaguePath(l)
	joinButton := fmt.Sprintf(`form[action="%s/join"] button[type="submit"]`, leaguePath(l))

	ctx := newBrowser(t)
	count := func(sel string) int {
		t.Helper()
		n, err := chromedp.Run(ctx, chromedp.Evaluate[int](fmt.Sprintf(`document.querySelectorAll(%q).length`, sel)))
		require.NoError(t, err, "count %s", sel)
		return n
	}

	// Seven players log in, find the league on /leagues, join it and log out.
	for i, p := range players {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(app.srv.URL+"/login"),
			chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
			chromedp.SendKeys(css(`input[name="username"]`), p.Username),
			chromedp.SendKeys(css(`input[name="password"]`), "password-1"),
			chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
			chromedp.WaitVisible(css(".signed-in")),
			chromedp.Navigate(app.srv.URL+"/leagues"),
			chromedp.Click(css(fmt.Sprintf(`#open a[href="%s"]`, leaguePath(l)))),
			chromedp.WaitVisible(css(joinButton)),
			chromedp.Click(css(joinButton)),
			chromedp.WaitVisible(css("#join .notice")),
		), "%s joins", p.Username)
		assert.Equal(t, "You play in this league.", visibleText(t, ctx, "#join .notice"))
		assert.Equal(t, fmt.Sprintf("(%d of 8)", i+1), visibleText(t, ctx, ".members h2 .muted"))
		assert.Equal(t, 0, count("#games tbody tr"), "no games before the 8th player")
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(`form[action="/logout"] button[type="submit"]`)),
			chromedp.WaitVisible(css(`header .account a[href="/login"]`)),
		), "%s logs out", p.Username)
	}

	// The 8th signs up, joins, and sees the whole schedule appear.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/signup"),
		chromedp.WaitVisible(css(`form[action="/signup"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "newcomer"),
		chromedp.SendKeys(css(`input[name="display_name"]`), "New Comer"),
		chromedp.SendKeys(css(`input[name="password"]`), "first-league"),
		chromedp.Click(css(`form[action="/signup"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
		chromedp.Navigate(leagueURL),
		chromedp.WaitVisible(css(joinButton)),
	), "the 8th signs up")
	assert.Equal(t, "1 of 8 places left.", visibleText(t, ctx, "#join .muted"))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(joinButton)),
		chromedp.WaitVisible(css("#games table")),
	), "the 8th joins")

	assert.Equal(t, 32, count("#games tbody tr"), "King Me with 4 per game: the seed's 32 games")
	assert.Equal(t, 16, count("#games tbody tr.is-viewer"), "the newcomer plays 16 of them")
	assert.Equal(t, "running", strings.ToLower(visibleText(t, ctx, "main h1 .badge")), "shown in capitals by the stylesheet")
	assert.Equal(t, "(8 of 8)", visibleText(t, ctx, ".members h2 .muted"))
	assert.Equal(t, "New Comer", visibleText(t, ctx, ".member-list li.is-viewer a"))
	assert.Equal(t, 64, count("#fairness svg.matchup-matrix g.matchup"))
	assert.Equal(t, 32, count("#fairness svg.seat-histogram rect.bar"))
	assert.Equal(t, "Everyone plays 16 games. Every pair of players meets in 6 to 7 games. Every player sits in every seat exactly 4 times.",
		visibleText(t, ctx, "#fairness .fairness-summary"))

	// Every game page opens from the list with its four players in seat order.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`#games tbody tr:first-child a`)),
		chromedp.WaitVisible(css(".seat-table")),
	), "open game 1")
	assert.Equal(t, 4, count(".seat-table tbody tr"))
}
