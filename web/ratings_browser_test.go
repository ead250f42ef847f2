package web_test

import (
	"fmt"
	"os"
	"path/filepath"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// On a phone: a game whose table held less than its pot above the rating floor, the
// player's "why", a Vortex board the seed forbids on the calculator, and the Diplomacy
// form's note on the ARMADA commentary, none scrolling sideways.
func TestBrowserRatingFloorAndForbiddenBoardsOnAPhone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	capped, _, _, seat := kingMeNearTheFloor(t, app)
	ctx := newBrowser(t)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(fmt.Sprintf("%s/games/%d#result", app.srv.URL, capped)),
		chromedp.WaitVisible(css("#result .pot-note")),
	), "open the capped game")
	assert.Contains(t, visibleText(t, ctx, "#result .pot-note"), "above the floor of −210, so it played for")
	screenshot(t, ctx, "game-capped-pot-390.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/players/"+seat),
		chromedp.Click(css("details summary")),
		chromedp.WaitVisible(css(".ledger-table .pot-note")),
	), "open the player's why")
	screenshot(t, ctx, "player-capped-pot-390.png")
	if dir := os.Getenv("TABLESTAKES_SCREENSHOTS"); dir != "" {
		shot, err := chromedp.Run(ctx, chromedp.Screenshot(css(".pot-note-row")))
		require.NoError(t, err)
		require.NoError(t, os.WriteFile(filepath.Join(dir, "player-pot-note-row-390.png"), shot, 0o644))
	}

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/vortex?die=6&red=on&red1=10&blue=on&blue1=2"),
		chromedp.WaitVisible(css(".alert")),
	), "a forbidden board on the calculator")
	assert.Contains(t, visibleText(t, ctx, ".alert"), "One token per space, except the safe corner spaces")
	screenshot(t, ctx, "vortex-forbidden-390.png")

	dip := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, dip, "diplomacy", 7)
	g := mustLeagueGames(t, dip, l)[0]
	browserLogIn(t, ctx, dip, org.Username, 390, 844)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(fmt.Sprintf("%s/games/%d/result", dip.srv.URL, g.ID)),
		chromedp.Click(css(".armada-notes summary")),
		chromedp.WaitVisible(css(".armada-notes p")),
	), "open the Diplomacy form's note")
	assert.Contains(t, visibleText(t, ctx, ".armada-notes p"), "TableStakes keeps the formulas")
	screenshot(t, ctx, "diplomacy-notes-390.png")
}
