package web_test

import (
	"context"
	"strconv"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// On a phone, an organiser creates an Arcs league of 5 a game: the base game refuses 5
// beside the field ("The base game of Arcs supports two to four players",
// arcs-tied-ambitions.txt), Lost Vaults & Fated Leaders takes it, and the version shows on
// the league page, its games' pages and their ambition helper (three-value markers).
func TestBrowserJourneyArcsLostVaultsLeagueOfFive(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, 844)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/leagues/new"),
		chromedp.WaitVisible(css(`form[action="/leagues"] select[name="game"]`)),
		chromedp.SendKeys(css(`input[name="name"]`), "Vaults of the Reach"),
		chromedp.SetValue(css(`select[name="game"]`), "arcs/base"),
		chromedp.SetValue(css(`input[name="players_per_game"]`), "5"),
		chromedp.SetValue(css(`input[name="min_recent_games"]`), "0"),
		chromedp.Click(css(`form[action="/leagues"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`#e-players_per_game`)),
	), "the base game refuses 5 a game")
	assert.Equal(t, `Arcs (Base game) takes 2 to 4 players per game, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`,
		visibleText(t, ctx, "#e-players_per_game"))
	screenshot(t, ctx, "new-league-version-error-390.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css(`select[name="game"]`), "arcs/lost-vaults"),
		chromedp.SendKeys(css(`input[name="edition"]`), "Kickstarter print"),
		chromedp.Click(css(`form[action="/leagues"] button[type="submit"]`)),
		chromedp.WaitVisible(css(`.league-version`)),
	), "Lost Vaults & Fated Leaders takes 5")
	assert.Equal(t, "Lost Vaults & Fated Leaders", visibleText(t, ctx, ".league-version"))
	assert.Equal(t, "Kickstarter print", visibleText(t, ctx, ".league-edition"))
	assert.Equal(t, "5", visibleText(t, ctx, ".league-per-game"))
	screenshot(t, ctx, "league-lost-vaults-390.png")

	// The league fills; its games play the version.
	open, err := app.store.LeaguesByStatus(context.Background(), store.LeagueOpen)
	require.NoError(t, err)
	require.Len(t, open, 1)
	l := app.join(open[0], app.newPlayers("player", 8))
	g := mustLeagueGames(t, app, l)[0]
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/games/"+strconv.FormatInt(g.ID, 10)),
		chromedp.WaitVisible(css(`.game-version`)),
	), "the game page")
	assert.Equal(t, "Lost Vaults & Fated Leaders", visibleText(t, ctx, ".game-version .version-name"))
	screenshot(t, ctx, "game-lost-vaults-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`a.ambition-link`)),
		chromedp.WaitVisible(css(`.ambition-markers`)),
	), "the ambition helper")
	n, err := chromedp.Run(ctx, chromedp.Evaluate[int](`document.querySelector(".marker-row").querySelectorAll("input").length`))
	require.NoError(t, err)
	assert.Equal(t, 3, n, "three-value markers")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css(`input[name="m1v1"]`), "5"),
		chromedp.SetValue(css(`input[name="m1v2"]`), "3"),
		chromedp.SetValue(css(`input[name="m1v3"]`), "2"),
		chromedp.SetValue(css(`input[name="count1"]`), "4"),
		chromedp.SetValue(css(`input[name="count2"]`), "4"),
		chromedp.SetValue(css(`input[name="count3"]`), "2"),
		chromedp.Click(css(`.ambition-page button[type="submit"]`)),
		chromedp.WaitVisible(css(`#preview`)),
	), "preview an ambition")
	// "A = B > C > D > E | 2 | 2 | 3 | - | -": tied for first, A and B take second place.
	assert.Equal(t, "3", visibleText(t, ctx, "#preview tbody tr:nth-child(1) .power"))
	assert.Equal(t, "2", visibleText(t, ctx, "#preview tbody tr:nth-child(3) .power"))
	screenshot(t, ctx, "ambition-helper-390.png")
}
