package pages

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// A SUPERCAT bot's turn (supercat-solo-arcs-bot.txt): the player starts it from the table
// as it stands, answers the procedures' questions one by one (taking an answer back when
// needed) and closes the turn once they end it; between turns a bot may be given a bonus
// action card or have a Guild or lore card exhausted for the chapter.

// supercatBot loads the game and the bot of the path's {seat}.
func (h *Handler) supercatBot(c echo.Context) (templates.SupercatGameView, store.SupercatBot, error) {
	g, bots, err := h.supercatGame(c)
	if err != nil {
		return g, store.SupercatBot{}, err
	}
	seat, err := strconv.Atoi(c.Param("seat"))
	if err != nil || seat < 1 || seat > len(bots) {
		return g, store.SupercatBot{}, httpx.ErrNoSuchPage
	}
	return g, bots[seat-1], nil
}

// supercatTurnPage shows a bot's turn: the start form, or the procedures' current
// question: GET /supercat/{id}/bots/{seat}. A finished game offers no more turns: its bots'
// pages lead back to the game, which links the rated game.
func (h *Handler) supercatTurnPage(c echo.Context) error {
	g, bot, err := h.supercatBot(c)
	if err != nil {
		return err
	}
	if g.RatedURL != "" {
		return c.Redirect(http.StatusSeeOther, g.URL())
	}
	v, err := supercatTurnView(g, bot)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.SupercatTurnPage(h.Page(c, locales.T(c.Request().Context(), "supercat.turn_title", map[string]any{"Bot": bot.Name})), v))
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
	_, start, walk, err := service.ReplayTurn(*bot.Turn)
	if err != nil {
		return v, fmt.Errorf("web: replay SUPERCAT turn: %w", err)
	}
	v.Start = start.Steps
	v.Step = len(bot.Turn.Answers)
	for _, o := range start.Options {
		v.Options = append(v.Options, o.String())
	}
	for _, a := range walk.Trail {
		answer := supercatNodeChoiceLabel(a.Node, a.Answer)
		if a.Known {
			// Answered from what the game knows (a declared ambition), not asked.
			answer += ", known"
		}
		v.Trail = append(v.Trail, templates.SupercatTrailView{Page: scoring.SupercatPages[a.Node.Page], Question: procedureText(a.Node.Question),
			Answer: answer, Outcome: procedureText(a.Outcome)})
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
// available, every ambition behind, Power 0 all round (the bot's Power box starts empty, read
// as 0).
func supercatBlankForm() templates.SupercatStartForm {
	f := templates.SupercatStartForm{Lead: templates.CardField{Name: "lead"}, Markers: true, PlayerPower: "0"}
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
	for _, fe := range scoring.SupercatStateProblems(service.TurnState(table, bot, g.Difficulty, g.Players)) {
		if f := supercatFormField(fe.Field); v.Errors[f] == "" {
			v.Errors[f] = fe.Problem
		}
	}
	if len(v.Errors) == 0 {
		user, _ := httpx.CurrentUser(c)
		_, err = h.Supercat.StartTurn(c.Request().Context(), g.ID, bot.Seat, user.ID, table)
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
	return h.Render(c, http.StatusUnprocessableEntity, templates.SupercatTurnPage(h.Page(c, locales.T(c.Request().Context(), "supercat.turn_title", map[string]any{"Bot": bot.Name})), v))
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
	user, _ := httpx.CurrentUser(c)
	guild := strings.TrimSpace(c.FormValue("guild"))
	if guild != "" && !oneLineText(guild, 60) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "guild: name the card, in at most 60 characters on one line")
	}
	_, err = h.Supercat.AnswerGuild(c.Request().Context(), g.ID, bot.Seat, user.ID, step, c.FormValue("answer"), guild)
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
	user, _ := httpx.CurrentUser(c)
	if _, err := h.Supercat.Undo(c.Request().Context(), g.ID, bot.Seat, user.ID, step); err != nil {
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
	user, _ := httpx.CurrentUser(c)
	if _, err := h.Supercat.FinishTurn(c.Request().Context(), g.ID, bot.Seat, user.ID); err != nil {
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
	user, _ := httpx.CurrentUser(c)
	if _, err := h.Supercat.AddBonus(c.Request().Context(), g.ID, bot.Seat, user.ID, scoring.ActionCard{Suit: suit, Number: n}); err != nil {
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
	user, _ := httpx.CurrentUser(c)
	if _, err := h.Supercat.ExhaustGuild(c.Request().Context(), g.ID, bot.Seat, user.ID, name); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, g.URL())
}
