package web

import (
	"errors"
	"fmt"
	"net/http"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// The SUPERCAT companion: a signed-in player's solo Arcs games against SUPERCAT bots
// (supercat-solo-arcs-bot.txt). The bots' counters and each turn in progress live in the
// store, so a reload or another device continues the game; every page is a plain form.

// supercatIndex lists the player's solo games and offers a new one: GET /supercat.
func (h *Handler) supercatIndex(c echo.Context) error {
	return h.renderSupercatIndex(c, http.StatusOK, templates.SupercatIndexView{Bots: "1", Difficulty: "normal", Errors: templates.FieldErrors{}})
}

// renderSupercatIndex renders the index with the new-game form v.
func (h *Handler) renderSupercatIndex(c echo.Context, status int, v templates.SupercatIndexView) error {
	user, _ := currentUser(c)
	games, err := h.store.SupercatGames(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		v.Games = append(v.Games, templates.SupercatGameRow{ID: g.ID, Name: g.Name, Bots: g.Bots, Chapter: g.Chapter, Difficulty: g.Difficulty})
	}
	return h.render(c, status, templates.SupercatIndex(h.page(c, "SUPERCAT companion"), v))
}

// oneLineText reports whether s is non-empty, at most max characters and on one line.
func oneLineText(s string, max int) bool {
	// The shared check of typed text: invalid UTF-8 ("%FF"), control, bidi and blank-looking
	// characters and mixed-script words are refused (422), never stored (trust review 3).
	return textProblem(s, max, true) == ""
}

// createSupercatGame starts a solo game: POST /supercat (name, bots 1..3, difficulty).
func (h *Handler) createSupercatGame(c echo.Context) error {
	user, _ := currentUser(c)
	v := templates.SupercatIndexView{Name: strings.TrimSpace(c.FormValue("name")), Bots: c.FormValue("bots"), Difficulty: c.FormValue("difficulty"), Errors: templates.FieldErrors{}}
	if !oneLineText(v.Name, 100) {
		v.Errors["name"] = "Give the game a name of at most 100 characters, on one line."
	}
	bots, err := strconv.Atoi(v.Bots)
	if err != nil || bots < 1 || bots > len(store.SupercatBotNames) {
		v.Errors["bots"] = "Choose 1, 2 or 3 bots."
	}
	if !slices.Contains([]string{"none", "normal", "hard"}, v.Difficulty) {
		v.Errors["difficulty"] = "Choose none, normal or hard."
	}
	if len(v.Errors) > 0 {
		return h.renderSupercatIndex(c, http.StatusUnprocessableEntity, v)
	}
	g, err := h.store.CreateSupercatGame(c.Request().Context(), user.ID, v.Name, v.Difficulty, bots)
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
	v := templates.SupercatGameView{ID: g.ID, Name: g.Name, Chapter: g.Chapter, Difficulty: g.Difficulty, Players: g.Players}
	for _, b := range bots {
		v.Bots = append(v.Bots, supercatBotView(b))
	}
	return v, bots, nil
}

// supercatBotView writes a bot's counters for people.
func supercatBotView(b store.SupercatBot) templates.SupercatBotView {
	v := templates.SupercatBotView{GameID: b.GameID, Seat: b.Seat, Name: b.Name, Hand: b.Hand, Seize: "none",
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

// supercatChapter starts the next chapter: POST /supercat/{id}/chapter.
func (h *Handler) supercatChapter(c echo.Context) error {
	v, _, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c)
	if err := h.store.NewSupercatChapter(c.Request().Context(), v.ID, user.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, v.URL())
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
		Draws: league.SupercatDraws(bot.Hand, len(bot.BonusCards)), Form: supercatBlankForm()}
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
		v.Trail = append(v.Trail, templates.SupercatTrailView{Page: league.SupercatPages[a.Node.Page], Question: procedureText(a.Node.Question),
			Answer: supercatChoiceLabel(a.Answer), Outcome: procedureText(a.Outcome)})
	}
	if n := walk.Current; n != nil {
		q := &templates.SupercatQuestionView{ID: n.ID, Page: league.SupercatPages[n.Page], Question: procedureText(n.Question), Cite: n.Cite}
		texts := []string{n.Question}
		for _, p := range n.Prefer {
			q.Prefer = append(q.Prefer, procedureText(p))
			texts = append(texts, p)
		}
		q.Terms = procedureTerms(texts...)
		for _, ch := range walk.Choices {
			q.Choices = append(q.Choices, templates.Choice{Value: ch, Label: supercatChoiceLabel(ch)})
		}
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
	return v, nil
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
			term, ok := league.SupercatTerm(m[1])
			if !ok || seen[term] {
				continue
			}
			seen[term] = true
			out = append(out, templates.Term{Name: term, Meaning: league.SupercatTerms[term]})
		}
	}
	return out
}

// supercatBlankForm is the start form as a chapter's first turn finds the table: markers
// available, every ambition behind, Power 0 all round.
func supercatBlankForm() templates.SupercatStartForm {
	f := templates.SupercatStartForm{Lead: templates.CardField{Name: "lead"}, Markers: true, Power: "0", PlayerPower: "0"}
	f.Drawn[0], f.Drawn[1] = templates.CardField{Name: "drawn1"}, templates.CardField{Name: "drawn2"}
	for _, a := range league.Ambitions {
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
	if len(v.Errors) == 0 {
		user, _ := currentUser(c)
		_, err = h.store.StartSupercatTurn(c.Request().Context(), g.ID, bot.Seat, user.ID, table)
		var fe *league.FieldError
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
	card := func(field *templates.CardField, what string) *league.ActionCard {
		field.Suit, field.Number = c.FormValue(field.Name+"_suit"), c.FormValue(field.Name+"_number")
		if field.Suit == "" && field.Number == "" {
			return nil
		}
		n, err := strconv.Atoi(field.Number)
		if err != nil || !slices.Contains(league.ArcsSuits, league.ArcsSuit(field.Suit)) {
			errs[what] = "Choose both the suit and the number of the card."
			return nil
		}
		return &league.ActionCard{Suit: league.ArcsSuit(field.Suit), Number: n}
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
	t.Ambitions = map[league.Ambition]league.AmbitionState{}
	for i, a := range f.Ambitions {
		st := c.FormValue(a.Key)
		if st == "" {
			st = "behind"
		}
		f.Ambitions[i].Standing, f.Ambitions[i].Declared = st, c.FormValue(a.Key+"_declared") != ""
		t.Ambitions[league.Ambition(a.Key)] = league.AmbitionState{Standing: league.AmbitionStanding(st), Declared: f.Ambitions[i].Declared}
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
	_, err = h.store.AnswerSupercat(c.Request().Context(), g.ID, bot.Seat, user.ID, step, c.FormValue("answer"))
	var fe *league.FieldError
	if errors.As(err, &fe) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fe.Error())
	}
	if err != nil {
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
	suit := league.ArcsSuit(c.FormValue("bonus_suit"))
	if err != nil || n < 1 || n > 7 || !slices.Contains(league.ArcsSuits, suit) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "bonus: choose the card's suit and number (1 to 7)")
	}
	if (n == 1 || n == 7) && g.Players != 4 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "bonus: 1s and 7s exist only with 4 players")
	}
	user, _ := currentUser(c)
	if _, err := h.store.AddSupercatBonus(c.Request().Context(), g.ID, bot.Seat, user.ID, league.ActionCard{Suit: suit, Number: n}); err != nil {
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
