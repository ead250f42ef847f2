package web_test

import (
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// On a phone, the create form says live what a league of the chosen size plays as the
// organiser types (static/league-form.js, the same sentence as the server's preview), and
// a league of 12 is created; then the form at desktop width.
func TestBrowserJourneyCreateLeagueOfTwelve(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, 844)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/leagues/new"),
		chromedp.WaitVisible(css(`#league-preview-text`)),
	), "the create form")
	assert.Equal(t, "8 players, 4 a game: 32 games; each plays 16 games; every two players meet 6 or 7 times.",
		visibleText(t, ctx, "#league-preview-text"))

	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`input[name="name"]`), "Twelve at the club"),
		chromedp.SetValue(css(`select[name="game"]`), "king-me"),
		chromedp.SetValue(css(`input[name="players"]`), ""),
		chromedp.SendKeys(css(`input[name="players"]`), "12"),
	), "12 players")
	assert.Equal(t, "12 players, 4 a game: 12 games; each plays 4 games; every two players meet 1 or 2 times.",
		visibleText(t, ctx, "#league-preview-text"), "live, without a round trip")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`input[name="games_per_player"]`), "8"),
		chromedp.Click(css(`#f-face_to_face`)),
	), "8 games each, face to face")
	assert.Equal(t, "12 players, 4 a game: 24 games in 8 rounds; each plays 8 games; every two players meet 2 or 3 times.",
		visibleText(t, ctx, "#league-preview-text"))
	screenshot(t, ctx, "new-league-twelve-390.png")

	require.NoError(t, chromedp.Do(ctx, chromedp.EmulateViewport(1280, 900)), "desktop")
	screenshot(t, ctx, "new-league-twelve-1280.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.SetValue(css(`input[name="min_recent_games"]`), "0"),
		chromedp.Click(css(`form[action="/leagues"] .form-actions button.button-big`)),
		chromedp.WaitVisible(css(`.league-players`)),
	), "create it")
	assert.Equal(t, "12, each plays 8 games; every two players meet 2 or 3 times", visibleText(t, ctx, ".league-players"))
	assert.Equal(t, "(0 of 12)", visibleText(t, ctx, ".members h2 .muted"))
	screenshot(t, ctx, "league-twelve-390.png")
}

// The live preview speaks the page's language: its sentences come from the server in the
// page's words, and the script picks each count's plural form and writes numbers as the
// language does.
func TestBrowserLeaguePreviewInThePagesLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, 844)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/leagues/new?lang=it"),
		chromedp.WaitVisible(css(`#league-preview-text`)),
	), "the create form in Italian")
	assert.Equal(t, "8 giocatori, 4 per partita: 32 partite; ognuno gioca 16 partite; ogni coppia di giocatori si incontra 6 o 7 volte.",
		visibleText(t, ctx, "#league-preview-text"))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css(`input[name="players"]`), ""),
		chromedp.SendKeys(css(`input[name="players"]`), "3"),
		chromedp.SetValue(css(`input[name="players_per_game"]`), ""),
		chromedp.SendKeys(css(`input[name="players_per_game"]`), "2"),
		chromedp.SendKeys(css(`input[name="games_per_player"]`), "2"),
		chromedp.Click(css(`#f-face_to_face`)),
	), "3 players, 2 a game, 2 each, face to face")
	assert.Equal(t, "3 giocatori, 2 per partita: 3 partite in 3 turni; ognuno gioca 2 partite; ogni coppia di giocatori si incontra 1 volta.",
		visibleText(t, ctx, "#league-preview-text"), "live, with the singular where the count is one")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SendKeys(css(`input[name="games_per_player"]`), "3"),
	), "23 games each: not a multiple of 2")
	assert.Equal(t, "Le partite per giocatore devono essere un multiplo di 2, i giocatori per partita.",
		visibleText(t, ctx, "#league-preview-text"))
}
