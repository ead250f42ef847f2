package web_test

import (
	"context"
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// phoneScreen is the height of the first screen of the phone the journeys emulate (390 × 844).
const phoneScreen = 844

// flashInView asserts that the page in ctx shows want as its message within the first
// screen of a 390 × 844 phone, as it lands (issue #34: no anchor jumps past it), and
// returns the message's top.
func flashInView(t *testing.T, ctx context.Context, want string) float64 {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(css("main .flash"))), "a message: %s", want)
	assert.Contains(t, visibleText(t, ctx, "main .flash"), want)
	top, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector("main .flash").getBoundingClientRect().top`))
	require.NoError(t, err)
	assert.GreaterOrEqual(t, top, 0.0, "the message is not above the screen")
	assert.Less(t, top, float64(phoneScreen), "the message is within the first screen")
	return top
}

// On a phone (390 px): a player proposes a result, the two others confirm it, the last
// confirmation records it; on another game a proposal is disputed and the organiser settles
// it. Every step lands on a page whose message says what happened within the first screen.
func TestBrowserJourneyTableMessagesInView(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 3)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated, _ := seatedPlayers(g, members)
	require.Len(t, seated, 3)
	ctx := newBrowser(t)
	logOut := func() {
		t.Helper()
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(`form[action="/logout"] button[type="submit"]`)),
			chromedp.WaitVisible(css(`header .account a[href="/login"]`))))
	}
	gameURL := fmt.Sprintf("%s/games/%d", app.srv.URL, g.ID)

	// Propose.
	browserLogIn(t, ctx, app, seated[0].Username, 390, phoneScreen)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(gameURL+"/result"),
		chromedp.WaitVisible(css(`input[name="score-1"]`)),
		chromedp.SendKeys(css(`input[name="score-1"]`), "30"),
		chromedp.SendKeys(css(`input[name="score-2"]`), "20"),
		chromedp.SendKeys(css(`input[name="score-3"]`), "10"),
		chromedp.Click(css(`button[value="preview"]`)),
		chromedp.WaitVisible(css(`button[value="save"]`)),
		chromedp.Click(css(`button[value="save"]`)),
	), "propose")
	flashInView(t, ctx, "Proposed: the result of "+l.Name)
	screenshot(t, ctx, "table-proposed-390.png")
	logOut()

	// Confirm from the game page, then the last confirmation from the desk.
	browserLogIn(t, ctx, app, seated[1].Username, 390, phoneScreen)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(gameURL),
		chromedp.WaitVisible(css("#table .confirm-button")),
	), "the game page")
	for _, sel := range []string{"#table .confirm-button", `#table .attendance-form button[value="yes"]`, `#table .dispute-form summary`} {
		h, err := chromedp.Run(ctx, chromedp.Evaluate[float64](fmt.Sprintf(`document.querySelector(%q).getBoundingClientRect().height`, sel)))
		require.NoError(t, err)
		assert.GreaterOrEqual(t, h, 44.0, "%s is a tap target of at least 44 px", sel)
	}
	unanswered, err := chromedp.Run(ctx, chromedp.Evaluate[bool](
		`[...document.querySelectorAll("#table .attendance-form button")].every(b => b.getAttribute("aria-pressed") === "false")`))
	require.NoError(t, err)
	assert.True(t, unanswered, "an unanswered question shows no answer pressed")
	require.NoError(t, chromedp.Do(ctx, chromedp.Click(css("#table .confirm-button"))), "confirm")
	flashInView(t, ctx, "Confirmed: the result of "+l.Name)
	screenshot(t, ctx, "table-confirmed-390.png")
	logOut()
	browserLogIn(t, ctx, app, seated[2].Username, 390, phoneScreen)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/"),
		chromedp.WaitVisible(css("#table .confirm-button")),
		chromedp.Click(css("#table .confirm-button")),
	), "the last confirmation")
	flashInView(t, ctx, "is recorded")
	screenshot(t, ctx, "table-recorded-390.png")
	logOut()

	// Dispute, then the organiser settles it.
	g2 := games[1]
	seated2, _ := seatedPlayers(g2, members)
	status, body := app.api("POST", gamePath(g2.ID, "/proposal"), seated2[0].token, scoresFor(g2, 30, 20, 10))
	require.Equal(t, 201, status, body)
	game2URL := fmt.Sprintf("%s/games/%d", app.srv.URL, g2.ID)
	browserLogIn(t, ctx, app, seated2[1].Username, 390, phoneScreen)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(game2URL),
		chromedp.WaitVisible(css("#table .dispute-form summary")),
		chromedp.Click(css("#table .dispute-form summary")),
		chromedp.WaitVisible(css(`#table textarea[name="reason"]`)),
		chromedp.SendKeys(css(`#table textarea[name="reason"]`), "I came second, not third"),
		chromedp.Click(css(`#table .dispute-form button[type="submit"]`)),
	), "dispute")
	flashInView(t, ctx, "Disputed: "+org.DisplayName+" decides")
	screenshot(t, ctx, "table-disputed-390.png")
	logOut()

	browserLogIn(t, ctx, app, org.Username, 390, phoneScreen)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(game2URL+"/result"),
		chromedp.WaitVisible(css(`button[value="preview"]`)),
		chromedp.Click(css(`button[value="preview"]`)),
		chromedp.WaitVisible(css(`button[value="save"]`)),
		chromedp.Click(css(`button[value="save"]`)),
	), "settle")
	flashInView(t, ctx, "Saved the result of "+l.Name)
	screenshot(t, ctx, "table-settled-390.png")
}

// The manage page on a phone and a desktop: the time zone is a select with the league's
// zone chosen, "Remove…" asks on a page of its own, and a refused form says so within the
// first screen.
func TestBrowserManageAsksAndRefusesInView(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("pl", 3)
	org := ps[0]
	l := app.join(app.newLeague(org, "gonzaga", 3, 0), ps[1:])
	manage := fmt.Sprintf("%s/leagues/%d/manage", app.srv.URL, l.ID)
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, phoneScreen)
	for _, width := range []int64{390, 1280} {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.EmulateViewport(width, phoneScreen),
			chromedp.Navigate(manage),
			chromedp.WaitVisible(css(`#edit select[name="time_zone"]`)),
		), "manage at %d px", width)
		zone, err := chromedp.Run(ctx, chromedp.Evaluate[string](`document.querySelector('#edit select[name="time_zone"]').value`))
		require.NoError(t, err)
		assert.Equal(t, "UTC", zone)
		screenshot(t, ctx, fmt.Sprintf("manage-%d.png", width))
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(`#members form[action$="/remove"] button`)),
			chromedp.WaitVisible(css(".confirm-page h1")),
		), "remove asks at %d px", width)
		assert.Contains(t, visibleText(t, ctx, ".confirm-page h1"), "Remove Player 2 from")
		screenshot(t, ctx, fmt.Sprintf("remove-question-%d.png", width))
	}
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, phoneScreen),
		chromedp.Navigate(manage),
		chromedp.WaitVisible(css(`#activity input[name="min_recent_games"]`)),
		chromedp.SetValue(css(`#activity input[name="min_recent_games"]`), "-3"),
		chromedp.Click(css(`#activity button[type="submit"]`)),
		chromedp.WaitVisible(css(".manage-failed")),
	), "a refused activity rule")
	top, err := chromedp.Run(ctx, chromedp.Evaluate[float64](`document.querySelector(".manage-failed").getBoundingClientRect().top`))
	require.NoError(t, err)
	assert.Less(t, top, float64(phoneScreen), "the refusal's top line is within the first screen")
	screenshot(t, ctx, "manage-refused-390.png")
}
