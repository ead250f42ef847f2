package web_test

import (
	"fmt"
	"testing"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestBrowserJourneySupercatBotTurnFromDrawToNamedAction(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := newBrowser(t)

	// On a phone-sized screen: sign up, start a solo game against one bot.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(app.srv.URL+"/signup"),
		chromedp.WaitVisible(css(`form[action="/signup"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "solo"),
		chromedp.SendKeys(css(`input[name="display_name"]`), "Solo Player"),
		chromedp.SendKeys(css(`input[name="password"]`), "long-enough-pw"),
		chromedp.Click(css(`form[action="/signup"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
		chromedp.Navigate(app.srv.URL+"/supercat"),
		chromedp.WaitVisible(css(`form[action="/supercat"] input[name="name"]`)),
		chromedp.SendKeys(css(`input[name="name"]`), "Solo chapter"),
		chromedp.Click(css(`form[action="/supercat"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-bot")),
	), "start a solo game")
	assert.Equal(t, "SUPERCAT Ruby BOT", visibleText(t, ctx, ".supercat-bot h2"), "the badge marks the bot")

	// The bot's turn: draw Aggression 3 and Construction 5 for it, following Mobilization 4.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(".supercat-bot a.button")),
		chromedp.WaitVisible(css(`select[name="drawn1_suit"]`)),
		chromedp.SetValue(css(`select[name="drawn1_suit"]`), "aggression"),
		chromedp.SetValue(css(`select[name="drawn1_number"]`), "3"),
		chromedp.SetValue(css(`select[name="drawn2_suit"]`), "construction"),
		chromedp.SetValue(css(`select[name="drawn2_number"]`), "5"),
		chromedp.SetValue(css(`select[name="lead_suit"]`), "mobilization"),
		chromedp.SetValue(css(`select[name="lead_number"]`), "4"),
		chromedp.SendKeys(css(`input[name="roll"]`), "5"),
		chromedp.Click(css(`form.supercat-start-form button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-question")),
	), "start the turn")
	assert.Contains(t, visibleText(t, ctx, ".supercat-start"), "place the seize counter at 1")
	assert.Equal(t, "Can bot Secure to contend declared ambition?", visibleText(t, ctx, ".supercat-question .question"))

	// Walk the procedures: the General Priorities choose Aggression 3 for an effective Vox
	// card, Prelude has nothing to spend, and the Aggression page names the action.
	answers := []string{"no", "no", "yes", "no", "no", "no", "no", "no", "no", "no", "no", "yes", "mass-uprising", "yes", "no"}
	for i, a := range answers {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(fmt.Sprintf(`form.answers button[value="%s"]`, a))),
			chromedp.WaitReady(css(fmt.Sprintf(`body:has(.supercat-outcome), body:has(form.answers input[name="step"][value="%d"])`, i+1))),
		), "answer %d: %s", i, a)
	}
	require.NoError(t, chromedp.Do(ctx, chromedp.WaitVisible(css(".supercat-outcome"))))
	assert.Equal(t, "Plays Aggression 3", visibleText(t, ctx, ".supercat-played"))
	assert.Equal(t, "Secure an effective Vox card Secure Mass Uprising. Prefer cluster with task force. The turn ends.", visibleText(t, ctx, ".supercat-actions"))
	overflow, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.documentElement.scrollWidth > window.innerWidth`))
	require.NoError(t, err)
	assert.False(t, overflow, "the page fits a 390 px screen")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`.supercat-outcome button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-hand")),
	), "finish the turn")
	assert.Equal(t, "5", visibleText(t, ctx, ".supercat-hand"))
	assert.Equal(t, "1", visibleText(t, ctx, ".supercat-seize"))
}
