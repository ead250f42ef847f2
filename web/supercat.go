package web

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// The SUPERCAT companion: a signed-in player's solo Arcs games against SUPERCAT bots
// (supercat-solo-arcs-bot.txt). The bots' counters and each turn in progress live in the
// store, so a reload or another device continues the game; every page is a plain form.

// supercatIndex lists the player's solo games and offers a new one: GET /supercat.
func (h *Handler) supercatIndex(c echo.Context) error {
	return h.renderSupercatIndex(c, http.StatusOK, templates.SupercatIndexView{Bots: "1", Difficulty: "normal",
		Version: scoring.ArcsBase, LeadersLore: scoring.LeadersLoreNone, Errors: templates.FieldErrors{}})
}

// renderSupercatIndex renders the index with the new-game form v.
func (h *Handler) renderSupercatIndex(c echo.Context, status int, v templates.SupercatIndexView) error {
	user, _ := currentUser(c)
	games, err := h.store.SupercatGames(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		v.Games = append(v.Games, templates.SupercatGameRow{ID: g.ID, Name: g.Name, Bots: g.Bots, Chapter: g.Chapter, Difficulty: g.Difficulty, Version: supercatVersionName(g.Version)})
	}
	v.ModifierChoices = supercatModifierViews(nil)
	return h.render(c, status, templates.SupercatIndex(h.page(c, "SUPERCAT companion"), v))
}

// supercatVersionName names an Arcs version for people.
func supercatVersionName(slug string) string {
	if slug == scoring.ArcsCampaign {
		return "Arcs: The Blighted Reach (campaign game)"
	}
	return "Arcs (base game)"
}

// supercatModifierViews are the modifiers with the given slugs (every modifier for nil), in
// the seed's order.
func supercatModifierViews(slugs []string) []templates.Modifier {
	var out []templates.Modifier
	for _, m := range scoring.SupercatModifiers {
		if slugs == nil || slices.Contains(slugs, m.Slug) {
			out = append(out, templates.Modifier{Slug: m.Slug, Name: m.Name, Text: m.Text, AttackerOnly: m.AttackerOnly})
		}
	}
	return out
}

// oneLineText reports whether s is non-empty, valid UTF-8, at most max characters and on one
// line: the shared check of typed text, so bidi controls, blank-looking characters and
// mixed-script words are refused too (trust review 3).
func oneLineText(s string, max int) bool {
	return textProblem(s, max, true) == ""
}

// createSupercatGame starts a solo game: POST /supercat (name, bots 1..3, difficulty normal
// or hard, version base or blighted-reach, modifiers, leaders_lore). Every field is checked
// at once.
func (h *Handler) createSupercatGame(c echo.Context) error {
	user, _ := currentUser(c)
	form, err := c.FormParams()
	if err != nil {
		return echo.NewHTTPError(http.StatusBadRequest, "the form could not be read")
	}
	v := templates.SupercatIndexView{Name: strings.TrimSpace(c.FormValue("name")), Bots: c.FormValue("bots"), Difficulty: c.FormValue("difficulty"),
		Version: c.FormValue("version"), LeadersLore: c.FormValue("leaders_lore"), Modifiers: form["modifiers"], Errors: templates.FieldErrors{}}
	if v.Version == "" {
		v.Version = scoring.ArcsBase
	}
	if v.LeadersLore == "" {
		v.LeadersLore = scoring.LeadersLoreNone
	}
	if !oneLineText(v.Name, 100) {
		v.Errors["name"] = "Give the game a name of at most 100 characters, on one line."
	}
	bots, err := strconv.Atoi(v.Bots)
	if err != nil || bots < 1 || bots > len(store.SupercatBotNames) {
		v.Errors["bots"] = "Choose 1, 2 or 3 bots."
	}
	if !slices.Contains([]string{"normal", "hard"}, v.Difficulty) {
		v.Errors["difficulty"] = "Choose normal or hard."
	}
	if !slices.Contains([]string{scoring.ArcsBase, scoring.ArcsCampaign}, v.Version) {
		v.Errors["version"] = "Choose base or blighted-reach (the campaign game)."
	}
	if !slices.Contains([]string{scoring.LeadersLoreNone, scoring.LeadersLoreIntervene, scoring.LeadersLorePassive}, v.LeadersLore) {
		v.Errors["leaders_lore"] = "Choose none, intervene or passive."
	}
	for _, m := range v.Modifiers {
		if _, ok := scoring.SupercatModifierBySlug(m); !ok {
			v.Errors["modifiers"] = "Choose among the seven modifiers of the seed."
		}
	}
	if len(v.Modifiers) != len(slices.Compact(slices.Sorted(slices.Values(v.Modifiers)))) {
		v.Errors["modifiers"] = "Choose each modifier at most once."
	}
	if len(v.Errors) > 0 {
		return h.renderSupercatIndex(c, http.StatusUnprocessableEntity, v)
	}
	g, err := h.store.CreateSupercatGameWith(c.Request().Context(), store.NewSupercatGame{OwnerID: user.ID, Name: v.Name, Difficulty: v.Difficulty,
		Bots: bots, Version: v.Version, Modifiers: v.Modifiers, LeadersLore: v.LeadersLore})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, templates.SupercatGameRow{ID: g.ID}.URL())
}

// supercatGame loads the caller's game of the path's {id} with its bots; someone else's
// game is not found.
func (h *Handler) supercatGame(c echo.Context) (templates.SupercatGameView, []store.SupercatBot, error) {
	id, err := pathID(c)
	if err != nil {
		return templates.SupercatGameView{}, nil, err
	}
	user, _ := currentUser(c)
	g, bots, err := h.store.SupercatGame(c.Request().Context(), id, user.ID)
	if err != nil {
		return templates.SupercatGameView{}, nil, err
	}
	return supercatGameView(g, bots), bots, nil
}

// supercatGameView writes a game for people: its choices, the setup checklist, the bots'
// counters and advantages, and who starts the chapter with initiative.
func supercatGameView(g store.SupercatGame, bots []store.SupercatBot) templates.SupercatGameView {
	v := templates.SupercatGameView{ID: g.ID, Name: g.Name, Chapter: g.Chapter, Difficulty: g.Difficulty, Players: g.Players,
		Version: supercatVersionName(g.Version), Campaign: g.Version == scoring.ArcsCampaign, LeadersLore: g.LeadersLore,
		Modifiers: supercatModifierViews(g.Modifiers), PlayerPower: supercatPowerList(g.PlayerPower), ChapterOver: true}
	if g.Modifiers == nil || len(g.Modifiers) == 0 {
		v.Modifiers = nil
	}
	for _, m := range scoring.SupercatModifiers {
		if !slices.Contains(g.Modifiers, m.Slug) {
			continue
		}
		view := templates.Modifier{Slug: m.Slug, Name: m.Name, Text: m.Text, AttackerOnly: m.AttackerOnly}
		switch m.When {
		case scoring.ModifierAtSetup:
			v.AtSetup = append(v.AtSetup, view)
		case scoring.ModifierAtAttack:
			v.AtAttack = append(v.AtAttack, view)
		case scoring.ModifierAtGates:
			v.AtGates = append(v.AtGates, view)
		}
	}
	for _, st := range scoring.SupercatSetup(scoring.Difficulty(g.Difficulty), g.Modifiers, g.LeadersLore) {
		v.Setup = append(v.Setup, templates.SetupStep{Step: st.Step, Text: st.Text, Optional: st.Optional})
	}
	played := false
	var names []string
	for _, b := range bots {
		bv := supercatBotView(b)
		for _, a := range scoring.SupercatAdvantages(scoring.Difficulty(g.Difficulty), b.Power, g.PlayerPower) {
			bv.Advantages = append(bv.Advantages, supercatAdvantageNames[a])
		}
		v.Bots = append(v.Bots, bv)
		played = played || b.Turns > 0 || b.Turn != nil
		v.ChapterOver = v.ChapterOver && b.Hand == 0 && b.Turn == nil
		names = append(names, b.Name)
	}
	v.SetupOpen = g.Chapter == 1 && !played
	if g.Difficulty == string(scoring.Hard) && len(g.InitiativeSeats) > 0 {
		var who []string
		for _, seat := range g.InitiativeSeats {
			if seat >= 1 && seat <= len(names) {
				who = append(who, names[seat-1])
			}
		}
		if len(who) == 1 {
			v.Initiative = fmt.Sprintf("Hard: %s has the most Power, so it starts chapter %d with initiative (\"The bot with the most power starts every chapter with initiative\").", who[0], g.Chapter)
		} else {
			v.Initiative = fmt.Sprintf("Hard: %s are tied for the most Power; pick one at random to start chapter %d with initiative (\"The bot with the most power starts every chapter with initiative\").", strings.Join(who, " and "), g.Chapter)
		}
	}
	if g.RatedGameID != nil {
		v.RatedURL = "/games/" + strconv.FormatInt(*g.RatedGameID, 10)
	}
	return v
}

// supercatAdvantageNames are the difficulty advantages for people.
var supercatAdvantageNames = map[string]string{
	scoring.EfficientLogistics: "Efficient Logistics (1 extra action per card)",
	scoring.ElitePilots:        "Elite Pilots (1 extra die in Battle)",
}

// supercatPowerList writes Powers as "3, 4".
func supercatPowerList(ps []int) string {
	parts := make([]string, len(ps))
	for i, p := range ps {
		parts[i] = strconv.Itoa(p)
	}
	return strings.Join(parts, ", ")
}

// supercatBotView writes a bot's counters for people.
func supercatBotView(b store.SupercatBot) templates.SupercatBotView {
	v := templates.SupercatBotView{GameID: b.GameID, Seat: b.Seat, Name: b.Name, Hand: b.Hand, Seize: "none", Power: b.Power,
		Exhausted: b.Exhausted, InTurn: b.Turn != nil, Turns: b.Turns}
	if b.Seize > 0 {
		v.Seize = strconv.Itoa(b.Seize)
	}
	for _, card := range b.BonusCards {
		v.BonusCards = append(v.BonusCards, card.String())
	}
	return v
}

// supercatGamePage shows a solo game: GET /supercat/{id}.
func (h *Handler) supercatGamePage(c echo.Context) error {
	v, _, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.SupercatGamePage(h.page(c, v.Name), v))
}

// supercatChapter ends the chapter and starts the next: POST /supercat/{id}/chapter
// (no_cards: the player has no cards left; player_power; power_{seat} for each bot).
func (h *Handler) supercatChapter(c echo.Context) error {
	v, bots, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	playerPower, botPower := supercatReadPowers(c, len(bots), errs)
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstSupercatError(errs))
	}
	user, _ := currentUser(c)
	end := store.SupercatChapterEnd{PlayerHasNoCards: c.FormValue("no_cards") != "", PlayerPower: playerPower, BotPower: botPower}
	if err := h.store.NewSupercatChapter(c.Request().Context(), v.ID, user.ID, end); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, v.URL())
}

// supercatFinishGame finishes the companion game as a rated solo Arcs game: POST
// /supercat/{id}/finish (final_player_power, final_power_{seat}), then shows the rated game.
func (h *Handler) supercatFinishGame(c echo.Context) error {
	v, bots, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	read := func(name string) int {
		n, err := strconv.Atoi(strings.TrimSpace(c.FormValue(name)))
		if err != nil || n < 0 || n > 999 {
			errs[name] = "must be a whole number of 0 or more"
		}
		return n
	}
	final := store.SupercatFinal{PlayerPower: read("final_player_power")}
	for seat := 1; seat <= len(bots); seat++ {
		final.BotPower = append(final.BotPower, read("final_power_"+strconv.Itoa(seat)))
	}
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstSupercatError(errs))
	}
	user, _ := currentUser(c)
	rated, err := h.store.FinishSupercatGame(c.Request().Context(), v.ID, user.ID, final)
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fe.Error())
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(rated, 10))
}

// supercatPower records everyone's Power during a chapter: POST /supercat/{id}/power.
func (h *Handler) supercatPower(c echo.Context) error {
	v, bots, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	errs := templates.FieldErrors{}
	playerPower, botPower := supercatReadPowers(c, len(bots), errs)
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstSupercatError(errs))
	}
	user, _ := currentUser(c)
	if err := h.store.SetSupercatPower(c.Request().Context(), v.ID, user.ID, playerPower, botPower); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, v.URL())
}

// supercatReadPowers reads player_power and power_1..power_n (whole numbers of 0 or more),
// recording every bad field in errs.
func supercatReadPowers(c echo.Context, bots int, errs templates.FieldErrors) ([]int, []int) {
	read := func(name string) int {
		n, err := strconv.Atoi(strings.TrimSpace(c.FormValue(name)))
		if err != nil || n < 0 || n > 999 {
			errs[name] = "must be a whole number of 0 or more"
		}
		return n
	}
	player := []int{read("player_power")}
	var botPower []int
	for seat := 1; seat <= bots; seat++ {
		botPower = append(botPower, read("power_"+strconv.Itoa(seat)))
	}
	return player, botPower
}

// firstSupercatError writes every bad field as "field: problem", joined.
func firstSupercatError(errs templates.FieldErrors) string {
	keys := slices.Sorted(maps.Keys(errs))
	parts := make([]string, len(keys))
	for i, k := range keys {
		parts[i] = k + ": " + errs[k]
	}
	return strings.Join(parts, "; ")
}

// supercatBot loads the game and the bot of the path's {seat}.
func (h *Handler) supercatBot(c echo.Context) (templates.SupercatGameView, store.SupercatBot, error) {
	g, bots, err := h.supercatGame(c)
	if err != nil {
		return g, store.SupercatBot{}, err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 1 || seat > len(bots) {
		return g, store.SupercatBot{}, errNoSuchPage
	}
	return g, bots[seat-1], nil
}

// supercatTurnPage shows a bot's turn: the start form, or the procedures' current
// question: GET /supercat/{id}/bots/{seat}.
func (h *Handler) supercatTurnPage(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	v, err := supercatTurnView(g, bot)
	if err != nil {
		return err
	}
	return h.render(c, http.StatusOK, templates.SupercatTurnPage(h.page(c, bot.Name+"'s turn"), v))
}

// supercatTurnView builds the turn page of bot: the start form between turns, the replayed
// walk through the procedures during one.
func supercatTurnView(g templates.SupercatGameView, bot store.SupercatBot) (templates.SupercatTurnView, error) {
	v := templates.SupercatTurnView{Game: g, Bot: supercatBotView(bot), Errors: templates.FieldErrors{},
		Draws: scoring.SupercatDraws(bot.Hand, len(bot.BonusCards)), Form: supercatBlankForm()}
	// Everyone's Power as last recorded: the advantages are "evaluated per bot".
	v.Form.Power, v.Form.PlayerPower = strconv.Itoa(bot.Power), g.PlayerPower
	if bot.Turn == nil {
		return v, nil
	}
	_, start, walk, err := bot.Turn.Replay()
	if err != nil {
		return v, fmt.Errorf("web: replay SUPERCAT turn: %w", err)
	}
	v.Start = start.Steps
	v.Step = len(bot.Turn.Answers)
	for _, o := range start.Options {
		v.Options = append(v.Options, o.String())
	}
	for _, a := range walk.Trail {
		v.Trail = append(v.Trail, templates.SupercatTrailView{Page: scoring.SupercatPages[a.Node.Page], Question: procedureText(a.Node.Question),
			Answer: supercatNodeChoiceLabel(a.Node, a.Answer), Outcome: procedureText(a.Outcome)})
	}
	if n := walk.Current; n != nil {
		q := &templates.SupercatQuestionView{ID: n.ID, Page: scoring.SupercatPages[n.Page], Question: procedureText(n.Question), Cite: n.Cite,
			Seed: procedureText(n.Seed), Guild: n.Yes.Exhaust, Exhausted: bot.Exhausted}
		texts := []string{n.Question, n.Seed}
		for _, p := range n.Prefer {
			q.Prefer = append(q.Prefer, procedureText(p))
			texts = append(texts, p)
		}
		q.Terms = procedureTerms(texts...)
		for _, ch := range walk.Choices {
			q.Choices = append(q.Choices, templates.Choice{Value: ch, Label: supercatNodeChoiceLabel(*n, ch)})
		}
		q.Notes = supercatNotes(g, *n, start.Advantages)
		v.Current = q
	}
	v.Done = walk.Done
	switch {
	case start.Pass:
		v.Played = "nothing: the bot passes"
	case walk.Copy:
		v.Played = "any option facedown, copying the lead suit (" + walk.Page + ")"
	case walk.Card != nil:
		v.Played = walk.Card.String()
		if start.Declare != "" {
			v.Played += " and declares " + string(start.Declare)
		}
	}
	for _, a := range walk.Actions {
		v.Actions = append(v.Actions, procedureText(a))
	}
	v.ActionTerms = procedureTerms(walk.Actions...)
	return v, nil
}

// supercatNotes are the reminders beside question n: the campaign note where claims are
// counted, Warp Blockades where the bot moves or controls, and the bot's advantages where
// they change the answer (difficulty modifiers).
func supercatNotes(g templates.SupercatGameView, n scoring.SupercatNode, advantages []string) []templates.Note {
	var notes []templates.Note
	q := n.Question + " " + n.Seed
	if g.Campaign && strings.Contains(q, "**claim") {
		notes = append(notes, templates.Note{Title: "Campaign game", Text: "Expansion Principles: “" + scoring.SupercatCampaignClaims + "”."})
	}
	if strings.Contains(q, "Move") || strings.Contains(q, "gate") || strings.Contains(q, "change control") {
		for _, m := range g.AtGates {
			notes = append(notes, templates.Note{Title: m.Name, Text: m.Text})
		}
	}
	if n.Page == "general-priorities" && strings.Contains(q, "**favorable combat**") {
		notes = append(notes, templates.Note{Title: "Combat Principles", Text: "A Battle for trophies is considered favorable if bot has at least 1:1 ratio of fresh ships. " +
			"A raid is considered favorable if bot can roll raid dice equal to 2x keys on the target AND bot has better than 1:1 ratio of fresh ships to defender OR has 1:1 ratio AND more than one Battle action available after moving to the target. " +
			"A Battle for control is favorable if bot can roll at least 1 die per fresh defending ship. " +
			"A combat which risks outrages is only favorable if bot could ransack the court AND if outrage would not cause bot to stop contending a declared ambition."})
	}
	if n.Yes.Exhaust && g.LeadersLore == scoring.LeadersLoreIntervene {
		notes = append(notes, templates.Note{Title: "Leaders and Lore", Text: "When an opportunity arises, override the procedures to take advantage of L&L abilities."})
	}
	has := func(a string) bool { return slices.Contains(advantages, a) }
	if has(scoring.ElitePilots) && (strings.Contains(q, "**favorable combat**") || n.Page == "combat-principles") {
		notes = append(notes, templates.Note{Title: "Elite Pilots", Text: "bot collects 1 extra die during Battle (Difficulty modifiers)"})
	}
	if has(scoring.EfficientLogistics) && strings.HasSuffix(n.ID, "-again") {
		notes = append(notes, templates.Note{Title: "Efficient Logistics", Text: "bot performs 1 extra action per card (Difficulty modifiers)"})
	}
	return notes
}

// supercatNodeChoiceLabel writes an answer of node n: its option's name, or as
// supercatChoiceLabel.
func supercatNodeChoiceLabel(n scoring.SupercatNode, answer string) string {
	for _, o := range n.Options {
		if o.Value == answer {
			return o.Label
		}
	}
	return supercatChoiceLabel(answer)
}

// supercatChoiceLabel writes an answer for the buttons and the trail.
func supercatChoiceLabel(answer string) string {
	switch answer {
	case "yes":
		return "Yes"
	case "no":
		return "No"
	case "":
		return ""
	}
	return strings.ToUpper(answer[:1]) + answer[1:]
}

// termMark finds the **term** marks of procedure text.
var termMark = regexp.MustCompile(`\*\*([^*]+)\*\*`)

// procedureText splits procedure text into plain pieces and marked terms.
func procedureText(s string) []templates.Segment {
	var out []templates.Segment
	last := 0
	for _, m := range termMark.FindAllStringSubmatchIndex(s, -1) {
		if m[0] > last {
			out = append(out, templates.Segment{Text: s[last:m[0]]})
		}
		out = append(out, templates.Segment{Text: s[m[2]:m[3]], Term: true})
		last = m[1]
	}
	if last < len(s) {
		out = append(out, templates.Segment{Text: s[last:]})
	}
	return out
}

// procedureTerms lists, once each, the Terminology of the terms marked in texts.
func procedureTerms(texts ...string) []templates.Term {
	var out []templates.Term
	seen := map[string]bool{}
	for _, s := range texts {
		for _, m := range termMark.FindAllStringSubmatch(s, -1) {
			term, ok := scoring.SupercatTerm(m[1])
			if !ok || seen[term] {
				continue
			}
			seen[term] = true
			out = append(out, templates.Term{Name: term, Meaning: scoring.SupercatTerms[term]})
		}
	}
	return out
}

// supercatBlankForm is the start form as a chapter's first turn finds the table: markers
// available, every ambition behind, Power 0 all round.
func supercatBlankForm() templates.SupercatStartForm {
	f := templates.SupercatStartForm{Lead: templates.CardField{Name: "lead"}, Markers: true, Power: "0", PlayerPower: "0"}
	f.Drawn[0], f.Drawn[1] = templates.CardField{Name: "drawn1"}, templates.CardField{Name: "drawn2"}
	for _, a := range scoring.Ambitions {
		f.Ambitions = append(f.Ambitions, templates.AmbitionField{Key: string(a), Name: strings.ToUpper(string(a[:1])) + string(a[1:]), Standing: "behind"})
	}
	return f
}

// supercatStartTurn performs the start of a bot turn from the start form: POST
// /supercat/{id}/bots/{seat}/turn.
func (h *Handler) supercatStartTurn(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	v, err := supercatTurnView(g, bot)
	if err != nil {
		return err
	}
	form, table := supercatReadForm(c, v.Errors)
	v.Form = form
	// Every field at once: the form's own parsing, then every rule of the turn's start.
	for _, fe := range scoring.SupercatStateProblems(table.State(bot, g.Difficulty, g.Players)) {
		if f := supercatFormField(fe.Field); v.Errors[f] == "" {
			v.Errors[f] = fe.Problem
		}
	}
	if len(v.Errors) == 0 {
		user, _ := currentUser(c)
		_, err = h.store.StartSupercatTurn(c.Request().Context(), g.ID, bot.Seat, user.ID, table)
		var fe *scoring.FieldError
		switch {
		case err == nil:
			return c.Redirect(http.StatusSeeOther, v.Bot.URL())
		case errors.As(err, &fe):
			v.Errors[supercatFormField(fe.Field)] = fe.Problem
		default:
			return err
		}
	}
	v.Error = "The turn could not start: see the fields marked below."
	return h.render(c, http.StatusUnprocessableEntity, templates.SupercatTurnPage(h.page(c, bot.Name+"'s turn"), v))
}

// supercatFormField maps a field of CONTRACT section 5's input to the form field that shows
// its error ("drawn[1].suit" → "drawn").
func supercatFormField(field string) string {
	name, _, _ := strings.Cut(field, "[")
	name, _, _ = strings.Cut(name, ".")
	return name
}

// supercatReadForm reads the start form into its values (to show again) and the table the
// store needs; fields that do not parse are recorded in errs.
func supercatReadForm(c echo.Context, errs templates.FieldErrors) (templates.SupercatStartForm, store.SupercatTable) {
	f := supercatBlankForm()
	var t store.SupercatTable
	// A checked box sends its value; an unchecked one sends nothing.
	f.Initiative, f.Seized, f.Markers = c.FormValue("initiative") != "", c.FormValue("seized") != "", c.FormValue("markers") != ""
	t.Initiative, t.SeizedThisRound, t.MarkersAvailable = f.Initiative, f.Seized, f.Markers
	card := func(field *templates.CardField, what string) *scoring.ActionCard {
		field.Suit, field.Number = c.FormValue(field.Name+"_suit"), c.FormValue(field.Name+"_number")
		if field.Suit == "" && field.Number == "" {
			return nil
		}
		n, err := strconv.Atoi(field.Number)
		if err != nil || !slices.Contains(scoring.ArcsSuits, scoring.ArcsSuit(field.Suit)) {
			errs[what] = "Choose both the suit and the number of the card."
			return nil
		}
		return &scoring.ActionCard{Suit: scoring.ArcsSuit(field.Suit), Number: n}
	}
	if !f.Initiative {
		t.Lead = card(&f.Lead, "lead")
	}
	for i := range f.Drawn {
		if d := card(&f.Drawn[i], "drawn"); d != nil {
			t.Drawn = append(t.Drawn, *d)
		}
	}
	if f.Roll = strings.TrimSpace(c.FormValue("roll")); f.Roll != "" {
		t.Roll = formInt(f.Roll, "roll", 0, errs)
	}
	t.Ambitions = map[scoring.Ambition]scoring.AmbitionState{}
	for i, a := range f.Ambitions {
		st := c.FormValue(a.Key)
		if st == "" {
			st = "behind"
		}
		f.Ambitions[i].Standing, f.Ambitions[i].Declared = st, c.FormValue(a.Key+"_declared") != ""
		t.Ambitions[scoring.Ambition(a.Key)] = scoring.AmbitionState{Standing: scoring.AmbitionStanding(st), Declared: f.Ambitions[i].Declared}
	}
	f.Power = strings.TrimSpace(c.FormValue("power"))
	if t.Power = formInt(f.Power, "power", 0, errs); t.Power < 0 {
		errs["power"] = "must not be negative"
	}
	f.PlayerPower = strings.TrimSpace(c.FormValue("player_power"))
	for _, p := range strings.Split(f.PlayerPower, ",") {
		if p = strings.TrimSpace(p); p == "" {
			continue
		}
		n, err := strconv.Atoi(p)
		if err != nil || n < 0 {
			errs["player_power"] = "whole numbers of 0 or more, separated by commas"
			break
		}
		t.PlayerPower = append(t.PlayerPower, n)
	}
	return f, t
}

// supercatAnswer answers the current question of a bot's turn: POST
// /supercat/{id}/bots/{seat}/answer (step: how many answers the page had seen; answer).
func (h *Handler) supercatAnswer(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	step, err := strconv.Atoi(c.FormValue("step"))
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "step: must be a whole number")
	}
	user, _ := currentUser(c)
	guild := strings.TrimSpace(c.FormValue("guild"))
	if guild != "" && !oneLineText(guild, 60) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "guild: name the card, in at most 60 characters on one line")
	}
	_, err = h.store.AnswerSupercatGuild(c.Request().Context(), g.ID, bot.Seat, user.ID, step, c.FormValue("answer"), guild)
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fe.Error())
	}
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, supercatBotView(bot).URL())
}

// supercatUndo takes back the last answer of a bot's turn: POST
// /supercat/{id}/bots/{seat}/undo (step: how many answers the page had seen).
func (h *Handler) supercatUndo(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	step, err := strconv.Atoi(c.FormValue("step"))
	if err != nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "step: must be a whole number")
	}
	user, _ := currentUser(c)
	if _, err := h.store.UndoSupercatAnswer(c.Request().Context(), g.ID, bot.Seat, user.ID, step); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, supercatBotView(bot).URL())
}

// supercatFinish closes a bot's turn once the procedures have ended it: POST
// /supercat/{id}/bots/{seat}/finish.
func (h *Handler) supercatFinish(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c)
	if _, err := h.store.FinishSupercatTurn(c.Request().Context(), g.ID, bot.Seat, user.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, g.URL())
}

// supercatBonus gives a bot a bonus action card: POST /supercat/{id}/bots/{seat}/bonus.
func (h *Handler) supercatBonus(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	n, err := strconv.Atoi(c.FormValue("bonus_number"))
	suit := scoring.ArcsSuit(c.FormValue("bonus_suit"))
	if err != nil || n < 1 || n > 7 || !slices.Contains(scoring.ArcsSuits, suit) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "bonus: choose the card's suit and number (1 to 7)")
	}
	if (n == 1 || n == 7) && g.Players != 4 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "bonus: 1s and 7s exist only with 4 players")
	}
	user, _ := currentUser(c)
	if _, err := h.store.AddSupercatBonus(c.Request().Context(), g.ID, bot.Seat, user.ID, scoring.ActionCard{Suit: suit, Number: n}); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, g.URL())
}

// supercatGuild marks a Guild or lore card exhausted for the chapter: POST
// /supercat/{id}/bots/{seat}/guild.
func (h *Handler) supercatGuild(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.FormValue("guild"))
	if !oneLineText(name, 60) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "guild: name the card, in at most 60 characters on one line")
	}
	user, _ := currentUser(c)
	if _, err := h.store.ExhaustSupercatGuild(c.Request().Context(), g.ID, bot.Seat, user.ID, name); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, g.URL())
}
