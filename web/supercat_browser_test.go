package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
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
	clickAnswers(t, ctx, 0, "no", "no", "yes", "no", "no", "no", "no", "no", "no", "no", "no", "yes", "mass-uprising", "yes", "no")
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

// questionSpot is where the turn page's current question stands on the screen: the top and
// bottom of its heading and the screen's height, in CSS pixels; top is -1 without a question
// (the turn's outcome shows instead).
const questionSpot = `(() => {
  const q = document.querySelector('.supercat-question .question');
  if (!q) return [-1, -1, window.innerHeight];
  const r = q.getBoundingClientRect();
  return [Math.round(r.top), Math.round(r.bottom), window.innerHeight];
})()`

// clickAnswers answers the turn page's questions in order, waiting for each page. After each
// tap the next question stands where the first one stood, in view without scrolling (issue
// #34: the next question must not move further down each time).
func clickAnswers(t *testing.T, ctx context.Context, from int, answers ...string) {
	t.Helper()
	first, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](questionSpot))
	require.NoError(t, err)
	require.GreaterOrEqual(t, first[0], 0.0, "the page asks a question")
	for i, a := range answers {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Click(css(fmt.Sprintf(`form.answers button[value="%s"]`, a))),
			chromedp.WaitReady(css(fmt.Sprintf(`body:has(.supercat-outcome), body:has(form.answers input[name="step"][value="%d"])`, from+i+1))),
		), "answer %d: %s", from+i, a)
		spot, err := chromedp.Run(ctx, chromedp.Evaluate[[]float64](questionSpot))
		require.NoError(t, err)
		if spot[0] < 0 {
			continue // the turn is over: its outcome shows
		}
		assert.Equal(t, first[0], spot[0], "answer %d: the next question stands where the last one stood", from+i)
		assert.LessOrEqual(t, spot[1], spot[2], "answer %d: the question is in view without scrolling", from+i)
	}
}

// logInSolo logs the journey's player in again in a fresh browser, on a phone-sized screen.
func logInSolo(t *testing.T, ctx context.Context, app *testApp) {
	t.Helper()
	require.NoError(t, chromedp.Do(ctx,
		chromedp.EmulateViewport(390, 844),
		chromedp.Navigate(app.srv.URL+"/login"),
		chromedp.WaitVisible(css(`form[action="/login"] input[name="username"]`)),
		chromedp.SendKeys(css(`input[name="username"]`), "solo"),
		chromedp.SendKeys(css(`input[name="password"]`), "long-enough-pw"),
		chromedp.Click(css(`form[action="/login"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".signed-in")),
	), "log in")
}

// A whole chapter against two bots in hard mode with two modifiers, on a phone: a turn through
// the General Priorities into Aggression with the Combat Principles' favorable-combat
// question, an Influence with the Influence Principles, an undo, the chapter end, then the
// game finished and rated on the Arcs ladder.
func TestBrowserJourneySupercatHardChapterRated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := newBrowser(t)
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
		chromedp.SendKeys(css(`input[name="name"]`), "Hard chapter"),
		chromedp.SetValue(css(`select[name="bots"]`), "2"),
		chromedp.SetValue(css(`select[name="difficulty"]`), "hard"),
		chromedp.Click(css(`input[name="modifiers"][value="fleet-readiness"]`)),
		chromedp.Click(css(`input[name="modifiers"][value="armored-hulls"]`)),
	), "fill in the new game")
	screenshot(t, ctx, "supercat-new-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`form[action="/supercat"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-bot")),
	), "start the game")
	assert.Contains(t, visibleText(t, ctx, ".supercat-initiative"), "SUPERCAT Ruby and SUPERCAT Jade are tied for the most Power")
	assert.Contains(t, visibleText(t, ctx, ".supercat-attack"), "Armored Hulls")
	assert.Contains(t, visibleText(t, ctx, ".supercat-setup-steps"), "2.N (optional) Place an extra ship in each system with bot pieces.")
	screenshot(t, ctx, "supercat-game-390.png")
	gameURL, err := chromedp.Run(ctx, chromedp.Location())
	require.NoError(t, err)

	// Ruby follows Mobilization 4 with Aggression 3 and Construction 5 drawn.
	start := func(seat int, d1, n1, d2, n2 string) {
		require.NoError(t, chromedp.Do(ctx,
			chromedp.Navigate(fmt.Sprintf("%s/bots/%d", gameURL, seat)),
			chromedp.WaitVisible(css(`select[name="drawn1_suit"]`)),
			chromedp.SetValue(css(`select[name="drawn1_suit"]`), d1),
			chromedp.SetValue(css(`select[name="drawn1_number"]`), n1),
			chromedp.SetValue(css(`select[name="drawn2_suit"]`), d2),
			chromedp.SetValue(css(`select[name="drawn2_number"]`), n2),
			chromedp.SetValue(css(`select[name="lead_suit"]`), "mobilization"),
			chromedp.SetValue(css(`select[name="lead_number"]`), "4"),
			chromedp.SendKeys(css(`input[name="roll"]`), "6"),
			chromedp.Click(css(`form.supercat-start-form button[type="submit"]`)),
			chromedp.WaitVisible(css(".supercat-question")),
		), "start bot %d's turn", seat)
	}
	start(1, "aggression", "3", "construction", "5")
	// General Priorities: no Secure, no Tax, no Vox; "Can bot favorable combat to contend
	// declared ambition? → Combat card": yes, Aggression 3. Prelude has nothing to spend.
	clickAnswers(t, ctx, 0, "no", "no", "no")
	assert.Contains(t, visibleText(t, ctx, ".supercat-notes"), "A Battle for trophies is considered favorable if bot has at least 1:1 ratio of fresh ships.")
	clickAnswers(t, ctx, 3, "yes", "no", "no", "no", "no", "no", "no", "no")
	// Aggression: no Secure, no Vox, then the favorable combat of [8] walks the Combat
	// Principles: trophies for Warlord, no outrage risk, a 1:1 ratio of fresh ships.
	clickAnswers(t, ctx, 11, "no", "no", "yes", "yes", "no")
	assert.Equal(t, "Combat Principles", visibleText(t, ctx, ".supercat-question p.muted"))
	assert.Equal(t, "Does bot have at least a 1:1 ratio of fresh ships against the defender?", visibleText(t, ctx, ".supercat-question .question"))
	assert.Contains(t, visibleText(t, ctx, ".supercat-notes"), "Elite Pilots")
	screenshot(t, ctx, "supercat-combat-390.png")
	// A mis-tap: No. Undo takes it back and the same question is asked again.
	clickAnswers(t, ctx, 16, "no")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`form.supercat-undo button`)),
		chromedp.WaitReady(css(`body:has(form.answers input[name="step"][value="16"])`)),
	), "undo")
	assert.Equal(t, "Does bot have at least a 1:1 ratio of fresh ships against the defender?", visibleText(t, ctx, ".supercat-question .question"))
	clickAnswers(t, ctx, 16, "yes", "no")
	assert.Contains(t, visibleText(t, ctx, ".supercat-actions"), "Battle for trophies.")
	assert.Equal(t, "Plays Aggression 3", visibleText(t, ctx, ".supercat-played"))
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`.supercat-outcome button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-hand")),
	), "finish Ruby's turn")

	// A fresh browser for each part of the chapter: each keeps within a browser's time limit.
	ctx = newBrowser(t)
	logInSolo(t, ctx, app)

	// Jade surpasses with Mobilization 6 and Influences an uncontested card with 2 agents.
	start(2, "mobilization", "6", "construction", "2")
	clickAnswers(t, ctx, 0, "no", "no", "no", "no", "no", "no", "no", "no", "no", "no", "no", "yes")
	assert.Equal(t, "Influence Principles", visibleText(t, ctx, ".supercat-question p.muted"))
	assert.Contains(t, visibleText(t, ctx, ".supercat-question .prefer"), "Weapon icon")
	clickAnswers(t, ctx, 12, "yes", "yes", "no")
	assert.Contains(t, visibleText(t, ctx, ".supercat-actions"), "Influence the uncontested card with 2 agents (spend 2 actions).")
	screenshot(t, ctx, "supercat-influence-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Click(css(`.supercat-outcome button[type="submit"]`)),
		chromedp.WaitVisible(css(".supercat-hand")),
	), "finish Jade's turn")

	// The rest of the chapter: each bot surpasses the lead Aggression 2 with a drawn
	// Aggression 5, spends nothing in the Prelude and Secures to contend a declared ambition,
	// until both hand counters are 0. Ten turns alike: the browser plays each bot's first
	// (where the questions stand on the screen is checked on every answer), plain HTTP the
	// rest, as the browser sends them (each form's own values, the chosen ones set), so the
	// chapter's end comes without ten browser turns' worth of page loads.
	solo := app.browser()
	res, _ := app.submit(solo, "/login", "/login", url.Values{"username": {"solo"}, "password": {"long-enough-pw"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "log in over HTTP")
	gamePath := strings.TrimPrefix(gameURL, app.srv.URL)
	surpass := []string{"no", "no", "no", "no", "no", "no", "no", "yes", "no"}
	ctx = newBrowser(t)
	logInSolo(t, ctx, app)
	for _, seat := range []int{1, 2} {
		for hand := 5; hand > 0; hand-- {
			if hand < 5 {
				doc := playTurnOverHTTP(t, app, solo, fmt.Sprintf("%s/bots/%d", gamePath, seat), url.Values{
					"drawn1_suit": {"aggression"}, "drawn1_number": {"5"}, "drawn2_suit": {"construction"}, "drawn2_number": {"3"},
					"lead_suit": {"aggression"}, "lead_number": {"2"},
				}, surpass...)
				assert.Equal(t, "Plays Aggression 5", text(doc.Find(".supercat-played")), "bot %d at hand %d", seat, hand)
				continue
			}
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Navigate(fmt.Sprintf("%s/bots/%d", gameURL, seat)),
				chromedp.WaitVisible(css(`select[name="drawn1_suit"]`)),
				chromedp.SetValue(css(`select[name="drawn1_suit"]`), "aggression"),
				chromedp.SetValue(css(`select[name="drawn1_number"]`), "5"),
				chromedp.SetValue(css(`select[name="drawn2_suit"]`), "construction"),
				chromedp.SetValue(css(`select[name="drawn2_number"]`), "3"),
				chromedp.SetValue(css(`select[name="lead_suit"]`), "aggression"),
				chromedp.SetValue(css(`select[name="lead_number"]`), "2"),
				chromedp.Click(css(`form.supercat-start-form button[type="submit"]`)),
				chromedp.WaitVisible(css(".supercat-question")),
			), "start bot %d's turn at hand %d", seat, hand)
			clickAnswers(t, ctx, 0, surpass...)
			assert.Equal(t, "Plays Aggression 5", visibleText(t, ctx, ".supercat-played"))
			require.NoError(t, chromedp.Do(ctx,
				chromedp.Click(css(`.supercat-outcome button[type="submit"]`)),
				chromedp.WaitVisible(css(".supercat-hand")),
			), "finish bot %d's turn at hand %d", seat, hand)
		}
	}
	ctx = newBrowser(t)
	logInSolo(t, ctx, app)
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(gameURL),
		chromedp.WaitVisible(css(".supercat-chapter-over")),
		chromedp.Click(css(`form.supercat-chapter input[name="no_cards"]`)),
		chromedp.SetValue(css(`form.supercat-chapter input[name="player_power"]`), "6"),
		chromedp.SetValue(css(`form.supercat-chapter input[name="power_1"]`), "4"),
		chromedp.SetValue(css(`form.supercat-chapter input[name="power_2"]`), "9"),
		chromedp.Click(css(`form.supercat-chapter button[type="submit"]`)),
		// Chapter 2's page: its end form offers chapter 3.
		chromedp.WaitVisible(css(`form[action$="/chapter"] button[value="3"]`)),
	), "end the chapter")
	assert.Equal(t, "2", visibleText(t, ctx, ".supercat-chapter-no"))
	assert.Contains(t, visibleText(t, ctx, ".supercat-initiative"), "SUPERCAT Jade has the most Power, so it starts chapter 2 with initiative")

	// Finished and rated on the Arcs ladder.
	require.NoError(t, chromedp.Do(ctx,
		chromedp.SetValue(css(`input[name="final_player_power"]`), "24"),
		chromedp.SetValue(css(`input[name="final_power_1"]`), "17"),
		chromedp.SetValue(css(`input[name="final_power_2"]`), "21"),
		chromedp.Click(css(`form.supercat-finish button[value="preview"]`)),
		chromedp.WaitVisible(css(".supercat-finish-preview")),
		chromedp.Click(css(`form.supercat-finish-confirm button[value="yes"]`)),
		chromedp.WaitVisible(css(".supercat-companion-link")),
	), "finish and rate")
	screenshot(t, ctx, "supercat-rated-390.png")
	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/ratings/arcs"),
		chromedp.WaitVisible(css("main")),
	))
	ladder := visibleText(t, ctx, "main")
	assert.Contains(t, ladder, "Solo Player")
	assert.Contains(t, ladder, "SUPERCAT (hard) bot 2")
}

// playTurnOverHTTP plays a bot's turn through plain HTTP as the browser plays it: the start
// form sent with its own values and set's, each answer in order, then "Finish the turn".
// It returns the turn's outcome page, read before finishing.
func playTurnOverHTTP(t *testing.T, app *testApp, c *http.Client, turn string, set url.Values, answers ...string) *goquery.Document {
	t.Helper()
	_, doc := app.get(c, turn)
	res, _ := app.post(c, turn+"/turn", formAsSent(t, doc, "form.supercat-start-form", set))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "start the turn")
	for _, a := range answers {
		doc = answer(t, app, c, turn, a)
	}
	require.Equal(t, 1, doc.Find(".supercat-outcome").Length(), "the answers end the turn")
	res, _ = app.post(c, turn+"/finish", formAsSent(t, doc, `.supercat-outcome form[action$="/finish"]`, nil))
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "finish the turn")
	return doc
}

// formAsSent is what a browser sends for the form sel of doc when set's fields are chosen
// and the rest left as the page shows them: each named input's value (a checkbox or radio
// only when checked), each select's selected option (else its first), each textarea's text.
func formAsSent(t *testing.T, doc *goquery.Document, sel string, set url.Values) url.Values {
	t.Helper()
	form := doc.Find(sel)
	require.Equal(t, 1, form.Length(), "the page has one %s", sel)
	out := url.Values{}
	form.Find("input[name], select[name], textarea[name]").Each(func(_ int, s *goquery.Selection) {
		name := s.AttrOr("name", "")
		if _, disabled := s.Attr("disabled"); disabled {
			return
		}
		switch goquery.NodeName(s) {
		case "select":
			opt := s.Find("option[selected]").First()
			if opt.Length() == 0 {
				opt = s.Find("option").First()
			}
			out.Add(name, opt.AttrOr("value", text(opt)))
		case "textarea":
			out.Add(name, s.Text())
		default:
			switch s.AttrOr("type", "text") {
			case "checkbox", "radio":
				if _, checked := s.Attr("checked"); checked {
					out.Add(name, s.AttrOr("value", "on"))
				}
			case "submit", "button", "image", "reset", "file":
			default:
				out.Add(name, s.AttrOr("value", ""))
			}
		}
	})
	for name, values := range set {
		out[name] = values
	}
	return out
}
