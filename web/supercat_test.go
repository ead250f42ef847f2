package web_test

import (
	"context"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// newSupercatGame signs up a player and starts a solo game; it returns the client and the
// game's path.
func newSupercatGame(t *testing.T, app *testApp, username string, bots int) (*http.Client, string) {
	t.Helper()
	c := app.signUp(username, username, "long-enough-pw")
	res, _ := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Tuesday solo"}, "bots": {strconv.Itoa(bots)}, "difficulty": {"normal"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	return c, res.Header.Get("Location")
}

// answer answers the current question of the turn page.
func answer(t *testing.T, app *testApp, c *http.Client, turnPage, value string) *goquery.Document {
	t.Helper()
	_, doc := app.get(c, turnPage)
	step := doc.Find(`form.answers input[name="step"]`).AttrOr("value", "")
	require.NotEmpty(t, step, "the page asks a question")
	res, _ := app.submit(c, turnPage, turnPage+"/answer", url.Values{"step": {step}, "answer": {value}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "answer %s", value)
	_, doc = app.get(c, turnPage)
	return doc
}

func TestSupercatCompanionNeedsAnAccountAndKeepsGamesPrivate(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, _ := app.get(app.browser(), "/supercat")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "anonymous: to the log-in page")

	_, game := newSupercatGame(t, app, "solo", 2)
	other := app.signUp("snoop", "Snoop", "long-enough-pw")
	res, _ = app.get(other, game)
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "someone else's solo game is not found")
	res, _ = app.get(other, game+"/bots/1")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

func TestSupercatNewGameForm(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("solo", "Solo", "long-enough-pw")
	res, doc := app.submit(c, "/supercat", "/supercat", url.Values{"name": {""}, "bots": {"4"}, "difficulty": {"easy"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, []string{"Give the game a name of at most 100 characters, on one line.", "Choose 1, 2 or 3 bots.", "Choose normal, hard or none."},
		doc.Find(".field-error").Map(func(_ int, s *goquery.Selection) string { return text(s) }))

	res, _ = app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Solo night"}, "bots": {"2"}, "difficulty": {"hard"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, res.Header.Get("Location"))
	assert.Equal(t, "Solo night", text(doc.Find("main h1")))
	assert.Equal(t, []string{"SUPERCAT Ruby bot", "SUPERCAT Jade bot"}, doc.Find(".supercat-bot h2").Map(func(_ int, s *goquery.Selection) string { return text(s) }),
		"the bots are marked as bots")
	assert.Equal(t, []string{"6", "6"}, doc.Find(".supercat-hand").Map(func(_ int, s *goquery.Selection) string { return text(s) }))
	// The player-held Farseers' swap, counted from each bot's hand counter.
	assert.Contains(t, text(doc.Find(".supercat-farseers")), "look at cards from the bottom of the facedown stack, as many as the bot's hand counter, and swap one")
	assert.Equal(t, []string{"SUPERCAT Ruby: look at the bottom 6 cards", "SUPERCAT Jade: look at the bottom 6 cards"},
		doc.Find(".supercat-farseers-counts li").Map(func(_ int, s *goquery.Selection) string { return text(s) }))
	_, doc = app.get(c, "/supercat")
	assert.Equal(t, "Solo night — 2 bots, chapter 1, difficulty hard, Arcs (base game)", text(doc.Find(".supercat-games li")))

	// The seed's difficulty modifiers are "Optional but recommended": a game without them.
	assert.Equal(t, 1, doc.Find(`select[name="difficulty"] option[value="none"]`).Length())
	res, _ = app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Plain"}, "bots": {"1"}, "difficulty": {"none"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, res.Header.Get("Location"))
	assert.Equal(t, "Advantages: none (a game without the difficulty modifiers)", text(doc.Find(".supercat-advantages")))
}

func TestSupercatTurnFromDrawToNamedAction(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 1)
	turn := game + "/bots/1"

	_, doc := app.get(c, turn)
	assert.Contains(t, text(doc.Find(".notice")), "Draw 2 action cards from the facedown stack for the bot")
	assert.Contains(t, text(doc.Find(".supercat-stack-out")), "If the stack runs out, shuffle the discard pile", "the seed's rule where the draw is asked")

	// Missing draws: the start is refused, naming the field, and nothing changes.
	res, doc := app.submit(c, turn, turn+"/turn", url.Values{"lead_suit": {"mobilization"}, "lead_number": {"4"}, "markers": {"on"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".field-error")), "missing (the bot draws 2 cards")
	_, doc = app.get(c, game)
	assert.Equal(t, "6", text(doc.Find(".supercat-hand")))

	// Following Mobilization 4 with Aggression 3 and Construction 5: no surpass, the seize
	// counter goes to 1, 5 − 0 is not below 1, so the General Priorities choose.
	res, _ = app.submit(c, turn, turn+"/turn", url.Values{
		"drawn1_suit": {"aggression"}, "drawn1_number": {"3"}, "drawn2_suit": {"construction"}, "drawn2_number": {"5"},
		"lead_suit": {"mobilization"}, "lead_number": {"4"}, "roll": {"5"}, "markers": {"on"}, "power": {"0"}, "player_power": {"2"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, turn)
	assert.Contains(t, text(doc.Find(".supercat-start")), "no option surpasses the lead Mobilization 4; place the seize counter at 1")
	assert.Equal(t, "General Priorities", text(doc.Find(".supercat-question p.muted").First()))
	assert.Equal(t, "Can bot Secure to contend declared ambition?", text(doc.Find(".supercat-question .question")))
	assert.Equal(t, "contend", text(doc.Find(".supercat-question .question .term")), "the seed's term is marked")
	assert.Contains(t, text(doc.Find(".terms dd")), "improve its position with respect to an ambition", "and explained inline")
	assert.Equal(t, []string{"Yes", "No"}, doc.Find(".answers button").Map(func(_ int, s *goquery.Selection) string { return text(s) }))

	// A stale page (another device answered first) is refused.
	doc = answer(t, app, c, turn, "no")
	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"0"}, "answer": {"yes"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"1"}, "answer": {"maybe"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)

	// The seed's "Secure or Tax" bullet is asked one action at a time, its words beside.
	assert.Equal(t, "Can bot Tax to contend declared ambition?", text(doc.Find(".supercat-question .question")))
	assert.Equal(t, "The seed's bullet: Can bot Secure or Tax to contend declared ambition? → Administration/Aggression", text(doc.Find(".supercat-question .seed-bullet")))
	doc = answer(t, app, c, turn, "no")

	// "Can bot Secure an effective Vox card? → Aggression": Aggression 3 is selected.
	assert.Equal(t, "Can bot Secure an effective Vox card?", text(doc.Find(".supercat-question .question")))
	doc = answer(t, app, c, turn, "yes")
	assert.Contains(t, text(doc.Find(".supercat-trail li").Last()), "Select Aggression 3. Check for Prelude actions, then go to the aggression page.")
	assert.Equal(t, "Prelude", text(doc.Find(".supercat-question p.muted").First()))
	for range 7 {
		doc = answer(t, app, c, turn, "no")
	}
	assert.Equal(t, "Aggression - Move | Battle | Secure", text(doc.Find(".supercat-question p.muted").First()))
	assert.Equal(t, "Can bot Secure to contend a declared ambition? [2]", text(doc.Find(".supercat-question .question")))
	doc = answer(t, app, c, turn, "no")
	doc = answer(t, app, c, turn, "yes") // Secure an effective Vox card [3]
	// The Vox Cards page: which card, and whether it is effective.
	assert.Equal(t, "Vox Cards", text(doc.Find(".supercat-question p.muted").First()))
	assert.Equal(t, "Mass Uprising", text(doc.Find(".answers button").First()))
	doc = answer(t, app, c, turn, "mass-uprising")
	assert.Equal(t, "Mass Uprising: does bot have 4 or more ships in its supply?", text(doc.Find(".supercat-question .question")))
	doc = answer(t, app, c, turn, "yes")
	assert.Equal(t, "Does bot have actions remaining on this card?", text(doc.Find(".supercat-question .question")))
	doc = answer(t, app, c, turn, "no")

	assert.Zero(t, doc.Find(".supercat-question").Length(), "the turn is over")
	assert.Equal(t, "Plays Aggression 3", text(doc.Find(".supercat-played")))
	assert.Equal(t, []string{"Secure an effective Vox card", "Secure Mass Uprising. Prefer cluster with task force.", "The turn ends."},
		doc.Find(".supercat-actions li").Map(func(_ int, s *goquery.Selection) string { return text(s) }))

	res, _ = app.submit(c, turn, turn+"/finish", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, game)
	assert.Equal(t, "5", text(doc.Find(".supercat-hand")), "the hand counter is kept between turns")
	assert.Equal(t, "1", text(doc.Find(".supercat-seize")))
	assert.Zero(t, doc.Find("script").Length(), "works without JavaScript")
}

func TestSupercatBonusCardsGuildCardsAndChapters(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 1)
	res, _ := app.submit(c, game, game+"/bots/1/bonus", url.Values{"bonus_suit": {"aggression"}, "bonus_number": {"4"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.submit(c, game, game+"/bots/1/bonus", url.Values{"bonus_suit": {"aggression"}, "bonus_number": {"7"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "no 7s at a table of 2")
	res, _ = app.submit(c, game, game+"/bots/1/guild", url.Values{"guild": {"Farseers"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.submit(c, game, game+"/bots/1/guild", url.Values{"guild": {"Farseers"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	res, _ = app.submit(c, game, game+"/bots/1/guild", url.Values{"guild": {" far SEERS "}})
	assert.Equal(t, http.StatusConflict, res.StatusCode, "a Guild card is matched without regard to case and spacing")
	_, doc := app.get(c, game)
	assert.Equal(t, "7", text(doc.Find(".supercat-hand")))
	assert.Equal(t, "Bonus cards: Aggression 4", text(doc.Find(".supercat-bonus")))
	assert.Equal(t, "Exhausted Guild cards: Farseers", text(doc.Find(".supercat-exhausted")))

	chapterEnd := url.Values{"no_cards": {"on"}, "player_power": {"3"}, "power_1": {"2"}}
	res, _ = app.submit(c, game, game+"/chapter", chapterEnd)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "the bot still holds cards")
	id, err := strconv.ParseInt(strings.TrimPrefix(game, "/supercat/"), 10, 64)
	require.NoError(t, err)
	user, err := app.store.UserByUsername(context.Background(), "solo")
	require.NoError(t, err)
	storetest.PlayOutSupercatHand(t, app.store, id, 1, user.ID)
	_, doc = app.get(c, game)
	assert.Contains(t, text(doc.Find(".supercat-chapter-over")), "Every bot's hand counter is 0")
	res, _ = app.submit(c, game, game+"/chapter", url.Values{"player_power": {"3"}, "power_1": {"2"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode, "the player still holds cards")
	res, _ = app.submit(c, game, game+"/chapter", chapterEnd)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, game)
	assert.Equal(t, "6", text(doc.Find(".supercat-hand")))
	assert.Equal(t, "2", text(doc.Find(".supercat-power")))
	assert.Equal(t, "3", text(doc.Find(".supercat-player-power")))
	assert.Equal(t, "Bonus cards: none", text(doc.Find(".supercat-bonus")))
	assert.Equal(t, "Exhausted Guild cards: none", text(doc.Find(".supercat-exhausted")))
	assert.Equal(t, "2", text(doc.Find(".facts dd").First()))
	assert.Equal(t, "Advantages: Efficient Logistics (1 extra action per card), Elite Pilots (1 extra die in Battle)", text(doc.Find(".supercat-advantages")),
		"normal: the bot (2) is not ahead of the player (3)")
}

func TestTheDeskLinksTheSeedTools(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("solo", "Solo", "long-enough-pw")
	_, doc := app.get(c, "/")
	assert.Equal(t, []string{"/supercat", "/vortex"}, doc.Find(".tools a").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("href", "") }))
	_, doc = app.get(app.browser(), "/")
	assert.Equal(t, []string{"/vortex", "/supercat"}, doc.Find(".tools a").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("href", "") }))
}

// startFollowing starts a turn of the game's bot 1 following Mobilization 4 with Aggression 2
// and Mobilization 5 drawn (no surpass: roll 6, no seize), so the General Priorities choose.
func startFollowing(t *testing.T, app *testApp, c *http.Client, turn string) {
	t.Helper()
	res, _ := app.submit(c, turn, turn+"/turn", url.Values{
		"drawn1_suit": {"aggression"}, "drawn1_number": {"2"}, "drawn2_suit": {"mobilization"}, "drawn2_number": {"5"},
		"lead_suit": {"construction"}, "lead_number": {"4"}, "roll": {"6"}, "markers": {"on"}, "power": {"0"}, "player_power": {"0"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
}

// "Guild and Lore Cards": a Guild card chosen in the General Priorities is named, ready, and
// exhausted once the turn is finished; its ability respects "if actions remaining".
func TestSupercatGuildCardChosenInGeneralPrioritiesIsExhausted(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 1)
	turn := game + "/bots/1"
	res, _ := app.submit(c, game, turn+"/guild", url.Values{"guild": {"Farseers"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	startFollowing(t, app, c, turn)
	for range 7 {
		answer(t, app, c, turn, "no")
	}
	_, doc := app.get(c, turn)
	assert.Equal(t, "Can bot use an ability on a ready Guild or lore card?", text(doc.Find(".supercat-question .question")))
	assert.Contains(t, text(doc.Find(".supercat-question .field-hint")), "Farseers")
	assert.Contains(t, text(doc.Find(".terms")), "a Guild card which has not been used this chapter is ready")

	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"7"}, "answer": {"mobilization"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "the card must be named")
	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"7"}, "answer": {"mobilization"}, "guild": {"Farseers"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "an exhausted card is not ready")
	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"7"}, "answer": {"mobilization"}, "guild": {"Mass Uprising Lore"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	for range 7 { // Prelude
		answer(t, app, c, turn, "no")
	}
	doc = answer(t, app, c, turn, "no") // no actions remaining after the ability
	assert.Equal(t, "Plays Mobilization 5", text(doc.Find(".supercat-played")))
	res, _ = app.submit(c, turn, turn+"/finish", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, game)
	assert.Equal(t, "Exhausted Guild cards: Farseers, Mass Uprising Lore", text(doc.Find(".supercat-exhausted")))
}

// Bad input: every field of the turn form is reported at once, and nothing changes.
func TestSupercatTurnFormReportsEveryFieldAtOnce(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 1)
	turn := game + "/bots/1"
	res, doc := app.submit(c, turn, turn+"/turn", url.Values{"roll": {"9"}, "power": {"-1"}, "player_power": {"x"}, "tycoon": {"great"}, "markers": {"on"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	errs := doc.Find(".field-error").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	assert.Equal(t, []string{
		"missing (the bot draws 2 cards: hand 6 is greater than its 0 bonus card(s))",
		"missing (the bot follows, so the lead card is needed)",
		"must be 1..6, got 9",
		`must be winning, tied or behind, got "great"`,
		"must not be negative",
		"whole numbers of 0 or more, separated by commas",
	}, errs, "drawn, lead, roll, ambitions, power and players' Power in one answer")
	_, doc = app.get(c, game)
	assert.Equal(t, "6", text(doc.Find(".supercat-hand")), "nothing changed")
}

// A name that is not valid UTF-8 is refused, naming the field, never a 500: at the edge,
// before any query (trust review 4, finding 2).
func TestSupercatNamesMustBeUTF8(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("solo", "Solo", "long-enough-pw")
	res, doc := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"\xff"}, "bots": {"1"}, "difficulty": {"normal"}})
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
	assert.Equal(t, "Name: must be valid UTF-8 text without NUL bytes", text(doc.Find("main h1")))
	res, _ = app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Solo"}, "bots": {"1"}, "difficulty": {"normal"}})
	game := res.Header.Get("Location")
	res, _ = app.submit(c, game, game+"/bots/1/guild", url.Values{"guild": {"\xff"}})
	assert.Equal(t, http.StatusBadRequest, res.StatusCode)
}

// Undo: the last answer of a turn can be taken back, and the one before it; a stale page is
// still refused.
func TestSupercatUndoTheLastAnswer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 1)
	turn := game + "/bots/1"
	startFollowing(t, app, c, turn)
	_, doc := app.get(c, turn)
	assert.Zero(t, doc.Find("form.supercat-undo").Length(), "nothing to take back yet")
	answer(t, app, c, turn, "no")
	doc = answer(t, app, c, turn, "yes") // gp-1b: Tax, but no Administration card
	assert.Equal(t, "Can bot Secure an effective Vox card?", text(doc.Find(".supercat-question .question")))

	res, _ := app.submit(c, turn, turn+"/undo", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, turn)
	assert.Equal(t, "Can bot Tax to contend declared ambition?", text(doc.Find(".supercat-question .question")))
	res, _ = app.submit(c, turn, turn+"/undo", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "and the one before")
	_, doc = app.get(c, turn)
	assert.Equal(t, "Can bot Secure to contend declared ambition?", text(doc.Find(".supercat-question .question")))
	assert.Zero(t, doc.Find(".supercat-trail li").Length())

	answer(t, app, c, turn, "no")
	res, _ = app.submit(c, turn, turn+"/undo", url.Values{"step": {"0"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode, "a stale page is refused")
	res, _ = app.submit(c, turn, turn+"/answer", url.Values{"step": {"0"}, "answer": {"yes"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
}

// Difficulty and setup as choices when a game is created (the seed's "Setup" and "Difficulty
// modifiers"), shown on the game page and reminded when they apply; per-bot advantages.
func TestSupercatSetupChoices(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("solo", "Solo", "long-enough-pw")
	res, doc := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"x"}, "bots": {"2"}, "difficulty": {"easy"},
		"version": {"lost-vaults"}, "modifiers": {"fleet-readiness", "cloaking"}, "leaders_lore": {"all"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, []string{"Choose normal, hard or none.", "Choose base or blighted-reach (the campaign game).", "Choose among the seven modifiers of the seed.", "Choose none, intervene or passive."},
		doc.Find(".field-error").Map(func(_ int, s *goquery.Selection) string { return text(s) }))

	res, _ = app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Hard night"}, "bots": {"2"}, "difficulty": {"hard"},
		"version": {"blighted-reach"}, "modifiers": {"fleet-readiness", "energy-shields", "warp-blockades"}, "leaders_lore": {"passive"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	game := res.Header.Get("Location")
	_, doc = app.get(c, game)
	assert.Equal(t, "Arcs: The Blighted Reach (campaign game)", text(doc.Find(".supercat-version")))
	assert.Contains(t, text(doc.Find(".supercat-campaign")), "the bot is satisfied with fewer claims")
	assert.Equal(t, "Hard: SUPERCAT Ruby and SUPERCAT Jade are tied for the most Power; pick one at random to start chapter 1 with initiative (\"The bot with the most power starts every chapter with initiative\").",
		text(doc.Find(".supercat-initiative")))
	assert.Equal(t, []string{"Fleet Readiness: during setup, place 1 extra ship in each system with bot pieces", "Energy Shields*: all bot's ships are Tough",
		"Warp Blockades: bot controls gates with a single fresh ship (regardless of number of fresh player ships). if more than one bot in play, bot with more fresh ships controls the gate"},
		doc.Find(".supercat-modifiers li").Map(func(_ int, s *goquery.Selection) string { return text(s) }))
	assert.Equal(t, "When you attack a bot (*apply only if player is the attacker): Energy Shields: all bot's ships are Tough", text(doc.Find(".supercat-attack")))
	assert.Contains(t, text(doc.Find(".supercat-gates")), "Warp Blockades")
	steps := doc.Find(".supercat-setup-steps li").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	require.Len(t, steps, 5)
	assert.Equal(t, "1.B (optional) Give the initiative marker to a bot, and seat the player last in turn order.", steps[0])
	assert.Equal(t, "2.N (optional) Place an extra ship in each system with bot pieces. (Fleet Readiness)", steps[1])
	assert.True(t, strings.HasPrefix(steps[2], "2.P Deal 6 cards"))
	assert.True(t, strings.HasPrefix(steps[3], "2.Q Place all action cards"))
	assert.Contains(t, steps[4], "Rebel, Quartermaster and Corsair")
	assert.True(t, doc.Find("details.supercat-setup").Is("[open]"), "unfolded before the first turn")
	assert.Equal(t, []string{"Advantages: Efficient Logistics (1 extra action per card), Elite Pilots (1 extra die in Battle)",
		"Advantages: Efficient Logistics (1 extra action per card), Elite Pilots (1 extra die in Battle)"},
		doc.Find(".supercat-advantages").Map(func(_ int, s *goquery.Selection) string { return text(s) }), "hard: always")

	// The campaign note and Warp Blockades beside the questions they change.
	turn := game + "/bots/1"
	startFollowing(t, app, c, turn)
	for range 5 {
		answer(t, app, c, turn, "no")
	}
	doc = answer(t, app, c, turn, "yes") // gp-5: loyal buildings in a rival's system
	assert.Equal(t, "Can bot Move to change control?", text(doc.Find(".supercat-question .question")))
	assert.Contains(t, text(doc.Find(".supercat-notes")), "Warp Blockades: bot controls gates with a single fresh ship")
	for range 4 {
		doc = answer(t, app, c, turn, "no")
	}
	doc = answer(t, app, c, turn, "yes") // gp-6: unbuilt cities
	assert.Equal(t, "Does bot have fewer claims than unbuilt cities?", text(doc.Find(".supercat-question .question")))
	assert.Contains(t, text(doc.Find(".supercat-notes")), "Campaign game: Expansion Principles: “in the campaign game the bot is satisfied with fewer claims than in the base game”.")
}

// "Relative power should be evaluated per bot, so in a game with 2 bots, if one bot is ahead
// of the player, and the other is behind, apply these only to the losing bot."
func TestSupercatAdvantagesPerBot(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 2)
	res, _ := app.submit(c, game, game+"/power", url.Values{"player_power": {"4"}, "power_1": {"5"}, "power_2": {"4"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(c, game)
	assert.Equal(t, []string{"Advantages: none (ahead of you in Power)", "Advantages: Efficient Logistics (1 extra action per card), Elite Pilots (1 extra die in Battle)"},
		doc.Find(".supercat-advantages").Map(func(_ int, s *goquery.Selection) string { return text(s) }), "Jade is tied, so not ahead")
	_, doc = app.get(c, game+"/bots/1")
	assert.Equal(t, "5", doc.Find(`input[name="power"]`).AttrOr("value", ""), "the turn form starts from the recorded Power")
	assert.Equal(t, "4", doc.Find(`input[name="player_power"]`).AttrOr("value", ""))
	res, _ = app.submit(c, game, game+"/power", url.Values{"player_power": {"x"}, "power_1": {"-1"}, "power_2": {"4"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
}

// A companion game finished as a rated solo Arcs game, exactly as a solo Arcs normal game
// with bots is recorded: the two games link to each other and the ladder rates everyone.
func TestSupercatFinishedGameIsRatedOnTheArcsLadder(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("solo", "Solo", "long-enough-pw")
	res, _ := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Rated night"}, "bots": {"2"}, "difficulty": {"hard"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	game := res.Header.Get("Location")
	res, _ = app.submit(c, game, game+"/finish", url.Values{"final_player_power": {"x"}, "final_power_1": {"18"}, "final_power_2": {"23"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	// "Finish and rate" previews first (issue 34): nothing is rated until confirmed.
	res, doc := app.submit(c, game, game+"/finish", url.Values{"final_player_power": {"21"}, "final_power_1": {"18"}, "final_power_2": {"21"}, "step": {"preview"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, []string{"1stYou21", "1stSUPERCAT Jade21", "3rdSUPERCAT Ruby18"},
		doc.Find(".supercat-finish-preview tbody tr").Map(func(_ int, s *goquery.Selection) string { return text(s) }))
	assert.Empty(t, doc.Find(".supercat-rated").Nodes, "not rated yet")
	assert.Equal(t, "21", doc.Find(`form.supercat-finish-confirm input[name="final_power_2"]`).AttrOr("value", ""))
	res, _ = app.submit(c, game, game+"/finish", url.Values{"final_player_power": {"21"}, "final_power_1": {"18"}, "final_power_2": {"23"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	rated := res.Header.Get("Location")
	assert.Regexp(t, `^/games/\d+$`, rated)

	_, doc = app.get(c, rated)
	assert.Equal(t, "Finished and rated: your SUPERCAT game is scored and on the Arcs ladder.", text(doc.Find("main .flash")),
		"Finish and rate says what it did (issue #34)")
	assert.Equal(t, game, doc.Find(".supercat-companion-link a").AttrOr("href", ""), "the rated game links to the companion game")
	assert.Contains(t, text(doc.Find("main")), "SUPERCAT (hard) bot 2")
	_, doc = app.get(app.browser(), rated)
	assert.Zero(t, doc.Find(".supercat-companion-link").Length(), "the companion game is private")

	_, doc = app.get(c, game)
	assert.Equal(t, rated, doc.Find(".supercat-rated a").AttrOr("href", ""), "and back")
	assert.Zero(t, doc.Find("form.supercat-finish").Length(), "finished once")

	// A finished game offers no more turns (issue 34): no turn links, no bonus or Guild
	// forms; a bot's page leads back to the game, and a turn posted anyway is refused.
	assert.Zero(t, doc.Find(`.supercat-bot a[href$="/bots/1"], .supercat-bot form`).Length(), "no more turns")
	res, _ = app.get(c, game+"/bots/1")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, game, res.Header.Get("Location"))
	for _, post := range []struct {
		path string
		form url.Values
	}{
		{"/bots/1/turn", url.Values{"initiative": {"on"}, "drawn1_suit": {"aggression"}, "drawn1_number": {"3"}, "drawn2_suit": {"construction"}, "drawn2_number": {"2"}}},
		{"/bots/1/bonus", url.Values{"bonus_suit": {"aggression"}, "bonus_number": {"4"}}},
		{"/bots/1/guild", url.Values{"guild": {"Farseers"}}},
		{"/power", url.Values{"player_power": {"3"}, "power_1": {"2"}, "power_2": {"1"}}},
	} {
		post.form.Set("_csrf", csrfOf(t, doc))
		res, _ = app.post(c, game+post.path, post.form)
		assert.Equal(t, http.StatusConflict, res.StatusCode, post.path)
	}

	_, doc = app.get(c, "/ratings/arcs")
	page := text(doc.Find("main"))
	for _, who := range []string{"Solo", "SUPERCAT (hard) bot", "SUPERCAT (hard) bot 2"} {
		assert.Contains(t, page, who)
	}
	res, _ = app.get(c, "/players/supercat-hard-2:arcs")
	assert.Equal(t, http.StatusOK, res.StatusCode)
}

// A companion game finished by its ambition results instead of the final Power: every bad
// field is shown beside itself at once, and the Arcs scorer's Power, added to everyone's
// Power as the companion keeps it, is what the rated game places on.
func TestSupercatFinishedByAmbitionResults(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ambitious", "Ambitious", "long-enough-pw")
	res, _ := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"By ambitions"}, "bots": {"2"}, "difficulty": {"normal"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	game := res.Header.Get("Location")
	res, _ = app.submit(c, game, game+"/power", url.Values{"player_power": {"10"}, "power_1": {"12"}, "power_2": {"9"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	res, doc := app.submit(c, game, game+"/finish", url.Values{"by": {"ambitions"},
		"ambitions[0].ambition": {"tycoon"}, "ambitions[0].markers": {"5,x"}, "ambitions[0].counts[1]": {"-1"},
		"ambitions[1].ambition": {"glory"}, "ambitions[1].markers": {"5,3"}, "ambitions[1].bonus[2]": {"3"},
		"ambitions[2].ambition": {"tycoon"}, "ambitions[2].markers": {"5,3,1"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	invalid := doc.Find(`.supercat-finish-ambitions [aria-invalid="true"]`).Map(func(_ int, s *goquery.Selection) string {
		return s.AttrOr("name", "")
	})
	assert.ElementsMatch(t, []string{"ambitions[0].markers", "ambitions[0].counts[1]", "ambitions[1].ambition", "ambitions[1].bonus[2]",
		"ambitions[2].ambition", "ambitions[2].markers"}, invalid, "every bad field at once")
	assert.Equal(t, "5,x", doc.Find(`input[name="ambitions[0].markers"]`).AttrOr("value", ""), "the form keeps what was entered")
	assert.Equal(t, 1, doc.Find(".supercat-finish-ambitions[open]").Length())
	assert.Contains(t, text(doc.Find(".supercat-ambition").First()), "SUPERCAT Ruby's count: must be a whole number of 0 or more")

	// Tycoon 5/3: you first (10 + 5), Ruby second (12 + 3); Warlord 3/2, Ruby and Jade tied
	// for first: both take second place (+2).
	res, _ = app.submit(c, game, game+"/finish", url.Values{"by": {"ambitions"},
		"ambitions[0].ambition": {"tycoon"}, "ambitions[0].markers": {"5,3"},
		"ambitions[0].counts[0]": {"4"}, "ambitions[0].counts[1]": {"2"}, "ambitions[0].counts[2]": {"1"},
		"ambitions[2].ambition": {"warlord"}, "ambitions[2].markers": {"3,2"},
		"ambitions[2].counts[1]": {"3"}, "ambitions[2].counts[2]": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	rated := res.Header.Get("Location")
	assert.Regexp(t, `^/games/\d+$`, rated)
	_, doc = app.get(c, game)
	assert.Equal(t, rated, doc.Find(".supercat-rated a").AttrOr("href", ""))
	assert.Equal(t, "15", text(doc.Find(".supercat-player-power")))
	_, doc = app.get(c, "/ratings/arcs")
	page := text(doc.Find("main"))
	for _, who := range []string{"Ambitious", "SUPERCAT (normal) bot", "SUPERCAT (normal) bot 2"} {
		assert.Contains(t, page, who)
	}
}

// The SUPERCAT pages count in words (issue #24: "1 game", "2 bots"): one bot is "1 bot",
// and the draw notice counts its bonus cards without "card(s)".
func TestSupercatPagesCountInWords(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "counted", 1)
	_, doc := app.get(c, "/supercat")
	listed := text(doc.Find(".supercat li").First())
	assert.Contains(t, listed, "— 1 bot, chapter 1", listed)
	assert.NotContains(t, text(doc.Find("main")), "(s)")
	_, doc = app.get(c, game+"/bots/1")
	assert.Contains(t, text(doc.Find(".notice")), "is greater than its 0 bonus cards) and enter them:")
	assert.NotContains(t, text(doc.Find(".notice")), "(s)")
}

// Number boxes start empty, not with a "0" that typing on a phone appends to ("05"), and a
// box left empty reads as 0 (issue 34, "Phone layouts").
func TestSupercatNumberBoxesStartEmpty(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 2)
	for _, page := range []string{game, game + "/bots/1"} {
		_, doc := app.get(c, page)
		boxes := doc.Find(`main input[type="number"]`)
		require.NotZero(t, boxes.Length(), page)
		boxes.Each(func(_ int, s *goquery.Selection) {
			assert.Empty(t, s.AttrOr("value", ""), "%s: %s starts empty", page, s.AttrOr("name", ""))
		})
	}
	res, _ := app.submit(c, game, game+"/power", url.Values{"player_power": {""}, "power_1": {"3"}, "power_2": {""}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, "an empty Power box is 0")
	_, doc := app.get(c, game)
	assert.Equal(t, "0", text(doc.Find(".supercat-player-power")))
	assert.Equal(t, "3", doc.Find(`input[name="power_1"]`).AttrOr("value", ""))
	assert.Empty(t, doc.Find(`input[name="power_2"]`).AttrOr("value", "x"))
}
