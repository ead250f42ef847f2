package web_test

import (
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// On a phone, the organiser withdraws a player from the manage page and reads the result on
// the league page: the note under the standings and the balance in the fairness report.
func TestBrowserJourneyWithdrawAPlayer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	ctx := newBrowser(t)

	browserLogIn(t, ctx, app, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+leaguePath(l)+"/manage"),
		chromedp.WaitVisible(css(`#withdraw select[name="username"]`)),
	), "log in and open the manage page")
	screenshot(t, ctx, "manage-withdraw-390.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css(`#withdraw select[name="username"]`), "player3"),
		chromedp.Click(css(`#withdraw button[value="preview"]`)),
		chromedp.WaitVisible(css(`#withdraw .withdraw-preview`)),
	), "see what withdrawing player3 would do")
	assert.Contains(t, visibleText(t, ctx, "#withdraw .withdraw-preview"), "Nothing has changed yet. If you confirm: player3 withdrew")
	screenshot(t, ctx, "manage-withdraw-preview-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`#withdraw input[name="confirm"]`)),
		chromedp.Click(css(`#withdraw button[value="withdraw"]`)),
		chromedp.WaitVisible(css(`#history li[data-action="withdraw"]`)),
		chromedp.Navigate(app.srv.URL+leaguePath(l)),
		chromedp.WaitVisible(css(".fairness-withdrawals")),
	), "withdraw player3")
	assert.Contains(t, visibleText(t, ctx, "#replacements"), "player3 withdrew without a substitute")
	assert.Contains(t, visibleText(t, ctx, ".fairness-withdrawals"), "among 7 after")
	screenshot(t, ctx, "league-withdrawn-390.png")
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		for sel, name := range map[string]string{"#replacements": "standings-notes-390.png", ".fairness-summary": "fairness-summary-390.png",
			".fairness-withdrawals": "fairness-withdrawals-390.png"} {
			shot, err := chromedp.Run(ctx, chromedp.Screenshot(css(sel)))
			require.NoError(t, err)
			require.NoError(t, os.WriteFile(filepath.Join(dir, name), shot, 0o644))
		}
	}
}
