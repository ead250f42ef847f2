package pages

import (
	"errors"
	"fmt"
	"maps"
	"net/http"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
	"github.com/tablestakes/tablestakes/web/httpx"
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
	user, _ := httpx.CurrentUser(c)
	games, err := h.Store.SupercatGames(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		v.Games = append(v.Games, templates.SupercatGameRow{ID: g.ID, Name: g.Name, Bots: g.Bots, Chapter: g.Chapter, Difficulty: g.Difficulty, Version: supercatVersionName(g.Version)})
	}
	v.ModifierChoices = supercatModifierViews(nil)
	return h.Render(c, status, templates.SupercatIndex(h.Page(c, locales.T(c.Request().Context(), "supercat.title")), v))
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
	return text.Problem(locales.Default(), s, max, true) == ""
}

// createSupercatGame starts a solo game: POST /supercat (name, bots 1..3, difficulty normal,
// hard or none: the seed's difficulty modifiers are "Optional but recommended", version base or blighted-reach, modifiers, leaders_lore). Every field is checked
// at once.
func (h *Handler) createSupercatGame(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
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
	if !slices.Contains([]string{string(scoring.Normal), string(scoring.Hard), string(scoring.NoAdvantages)}, v.Difficulty) {
		v.Errors["difficulty"] = "Choose normal, hard or none."
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
	g, err := h.Supercat.Create(c.Request().Context(), store.NewSupercatGame{OwnerID: user.ID, Name: v.Name, Difficulty: v.Difficulty,
		Bots: bots, Version: v.Version, Modifiers: v.Modifiers, LeadersLore: v.LeadersLore})
	if err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, templates.SupercatGameRow{ID: g.ID}.URL())
}

// supercatGame loads the caller's game of the path's {id} with its bots; someone else's
// game is not found.
func (h *Handler) supercatGame(c echo.Context) (templates.SupercatGameView, []store.SupercatBot, error) {
	id, err := httpx.PathID(c)
	if err != nil {
		return templates.SupercatGameView{}, nil, err
	}
	user, _ := httpx.CurrentUser(c)
	g, bots, err := h.Store.SupercatGame(c.Request().Context(), id, user.ID)
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
		bv.Unmodified = g.Difficulty == string(scoring.NoAdvantages)
		bv.Finished = g.RatedGameID != nil
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
	v.ArcsVersion = g.Version
	v.Ambitions = templates.SupercatAmbitionsForm{Seats: append([]string{"You"}, names...), Neutral: g.Players == 2, Errors: templates.FormErrors{}}
	for range templates.SupercatAmbitionRows {
		zeros := slices.Repeat([]string{"0"}, g.Players)
		v.Ambitions.Rows = append(v.Ambitions.Rows, templates.SupercatAmbitionRow{Neutral: "0", Counts: zeros, Bonus: slices.Clone(zeros)})
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
	return h.Render(c, http.StatusOK, templates.SupercatGamePage(h.Page(c, v.Name), v))
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
	user, _ := httpx.CurrentUser(c)
	end := store.SupercatChapterEnd{PlayerHasNoCards: c.FormValue("no_cards") != "", PlayerPower: playerPower, BotPower: botPower}
	if err := h.Supercat.NewChapter(c.Request().Context(), v.ID, user.ID, end); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, v.URL())
}

// supercatFinishGame finishes the companion game as a rated solo Arcs game: POST
// /supercat/{id}/finish (final_player_power, final_power_{seat}; or by=ambitions and the
// ambition results, supercatFinishByAmbitions), then shows the rated game.
func (h *Handler) supercatFinishGame(c echo.Context) error {
	v, bots, err := h.supercatGame(c)
	if err != nil {
		return err
	}
	if c.FormValue("by") == "ambitions" {
		return h.supercatFinishByAmbitions(c, v)
	}
	errs := templates.FieldErrors{}
	final := store.SupercatFinal{PlayerPower: supercatReadPower(c, "final_player_power", errs)}
	for seat := 1; seat <= len(bots); seat++ {
		final.BotPower = append(final.BotPower, supercatReadPower(c, "final_power_"+strconv.Itoa(seat), errs))
	}
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstSupercatError(errs))
	}
	if c.FormValue("confirm") != "yes" {
		// "Finish and rate" shows what it will rate first (issue 34); rating waits for yes.
		v.FinishPreview = supercatPreview(v, final)
		return h.Render(c, http.StatusOK, templates.SupercatGamePage(h.Page(c, v.Name), v))
	}
	user, _ := httpx.CurrentUser(c)
	rated, err := h.Results.FinishSupercat(c.Request().Context(), v.ID, user.ID, final)
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fe.Error())
	}
	if err != nil {
		return err
	}
	h.Flash(c, locales.T(c.Request().Context(), "supercat.rated_flash"))
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(rated, 10))
}

// supercatPreview is the result final will be rated as: placement on final Power, higher
// first, equal Power sharing a place (the Arcs ladder's placement scoring), and the values
// that post it again.
func supercatPreview(v templates.SupercatGameView, final store.SupercatFinal) *templates.SupercatFinishPreview {
	p := &templates.SupercatFinishPreview{Fields: []templates.HiddenField{{Name: "final_player_power", Value: strconv.Itoa(final.PlayerPower)}}}
	lines := []templates.SupercatPreviewLine{{Name: "You", Power: final.PlayerPower}}
	for i, b := range v.Bots {
		lines = append(lines, templates.SupercatPreviewLine{Name: b.Name, Power: final.BotPower[i]})
		p.Fields = append(p.Fields, templates.HiddenField{Name: "final_power_" + strconv.Itoa(b.Seat), Value: strconv.Itoa(final.BotPower[i])})
	}
	slices.SortStableFunc(lines, func(a, b templates.SupercatPreviewLine) int { return b.Power - a.Power })
	for i := range lines {
		place := i + 1
		for place > 1 && lines[place-2].Power == lines[i].Power {
			place--
		}
		lines[i].Place = scoring.Ordinal(place)
	}
	p.Lines = lines
	return p
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
	user, _ := httpx.CurrentUser(c)
	if err := h.Supercat.SetPower(c.Request().Context(), v.ID, user.ID, playerPower, botPower); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, v.URL())
}

// supercatReadPowers reads player_power and power_1..power_n (whole numbers of 0 or more),
// recording every bad field in errs.
func supercatReadPowers(c echo.Context, bots int, errs templates.FieldErrors) ([]int, []int) {
	player := []int{supercatReadPower(c, "player_power", errs)}
	var botPower []int
	for seat := 1; seat <= bots; seat++ {
		botPower = append(botPower, supercatReadPower(c, "power_"+strconv.Itoa(seat), errs))
	}
	return player, botPower
}

// supercatReadPower reads the Power field name: a whole number of 0 or more, blank being 0
// (the boxes start empty, templates.startEmpty), recording a bad one in errs.
func supercatReadPower(c echo.Context, name string, errs templates.FieldErrors) int {
	return int(supercatReadCount(strings.TrimSpace(c.FormValue(name)), name, errs))
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

// supercatFinishByAmbitions finishes the game by the ambition results of its last chapter
// end (the fields ambitions[i].ambition, .markers, .counts[j], .bonus[j], .neutral; a row
// whose ambition is left empty is not scored). Every bad field is shown beside itself at
// once: what does not read as a number here, and what the Arcs scorer refuses.
func (h *Handler) supercatFinishByAmbitions(c echo.Context, v templates.SupercatGameView) error {
	form := &v.Ambitions
	var ambitions []scoring.SupercatFinalAmbition
	var rowOf []int // the form row of each ambition entered
	for i := range form.Rows {
		row := &form.Rows[i]
		row.Ambition = strings.TrimSpace(c.FormValue(templates.SupercatAmbitionField(i, "ambition")))
		row.Markers = strings.TrimSpace(c.FormValue(templates.SupercatAmbitionField(i, "markers")))
		row.Neutral = strings.TrimSpace(c.FormValue(templates.SupercatAmbitionField(i, "neutral")))
		for j := range row.Counts {
			row.Counts[j] = strings.TrimSpace(c.FormValue(templates.SupercatAmbitionSeatField(i, "counts", j)))
			row.Bonus[j] = strings.TrimSpace(c.FormValue(templates.SupercatAmbitionSeatField(i, "bonus", j)))
		}
		if row.Ambition == "" {
			continue
		}
		a := scoring.SupercatFinalAmbition{Ambition: scoring.Ambition(row.Ambition),
			Markers: supercatReadMarkers(row.Markers, templates.SupercatAmbitionField(i, "markers"), form.Errors),
			Neutral: ambitionCount(row.Neutral, templates.SupercatAmbitionField(i, "neutral"), form.Errors)}
		for j := range row.Counts {
			a.Counts = append(a.Counts, ambitionCount(row.Counts[j], templates.SupercatAmbitionSeatField(i, "counts", j), form.Errors))
			a.Bonus = append(a.Bonus, ambitionCount(row.Bonus[j], templates.SupercatAmbitionSeatField(i, "bonus", j), form.Errors))
		}
		ambitions = append(ambitions, a)
		rowOf = append(rowOf, i)
	}
	arcs, err := scoring.GameBySlug("arcs")
	if err != nil {
		return err
	}
	version, err := arcs.Version(v.ArcsVersion)
	if err != nil {
		return err
	}
	// What reads as numbers is checked as the scorer will, so that every field is reported
	// on the first submit.
	supercatAmbitionErrors(scoring.CheckSupercatFinalAmbitions(version, len(form.Seats), ambitions), rowOf, form.Errors)
	if len(form.Errors) == 0 {
		user, _ := httpx.CurrentUser(c)
		rated, err := h.Results.FinishSupercat(c.Request().Context(), v.ID, user.ID, store.SupercatFinal{Ambitions: ambitions})
		if fes := scoring.AllFieldErrors(err); fes != nil {
			supercatAmbitionErrors(fes, rowOf, form.Errors)
		} else if err != nil {
			return err
		} else {
			h.Flash(c, locales.T(c.Request().Context(), "supercat.rated_flash"))
			return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(rated, 10))
		}
	}
	form.Open = true
	v.Error = "Check the ambition results: see the fields marked below."
	return h.Render(c, http.StatusUnprocessableEntity, templates.SupercatGamePage(h.Page(c, v.Name), v))
}

// supercatAmbitionErrors files the scorer's problems under the form's fields: the scorer
// numbers the ambitions entered, the form its rows (rowOf). A field already refused as
// unreadable keeps that problem.
func supercatAmbitionErrors(fes []*scoring.FieldError, rowOf []int, errs templates.FormErrors) {
	for _, fe := range fes {
		field := fe.Field
		for n, i := range rowOf {
			prefix := "ambitions[" + strconv.Itoa(n) + "]"
			if rest, ok := strings.CutPrefix(fe.Field, prefix); ok {
				field = templates.SupercatAmbitionField(i, strings.TrimPrefix(rest, "."))
				break
			}
		}
		if !errs.Has(field) {
			id, data := fe.Words()
			errs[field] = templates.FormWords{ID: id, Data: data, English: fe.Problem}
		}
	}
}

// supercatReadCount reads a whole number of 0 or more (blank is 0), recording a bad one in
// errs under name.
func supercatReadCount(value, name string, errs templates.FieldErrors) int64 {
	n, ok := supercatCount(value)
	if !ok {
		errs[name] = "must be a whole number of 0 or more"
	}
	return n
}

// ambitionCount reads a count, bonus or neutral count of the finish-by-ambitions form as
// supercatReadCount does, recording a bad one in errs under name by its message id.
func ambitionCount(value, name string, errs templates.FormErrors) int64 {
	n, ok := supercatCount(value)
	if !ok {
		errs[name] = templates.FormWords{ID: "supercat.err.whole", English: "must be a whole number of 0 or more"}
	}
	return n
}

// supercatCount reads a whole number of 0 to 999, blank being 0; false for anything else.
func supercatCount(value string) (int64, bool) {
	if value == "" {
		return 0, true
	}
	n, err := strconv.ParseInt(value, 10, 64)
	if err != nil || n < 0 || n > 999 {
		return 0, false
	}
	return n, true
}

// supercatReadMarkers reads ambition markers written "5,3" (one marker: 1st and 2nd place)
// or "5,3 3,2" (several), recording a bad one in errs under name.
func supercatReadMarkers(value, name string, errs templates.FormErrors) [][]int64 {
	var markers [][]int64
	for _, m := range strings.FieldsFunc(value, func(r rune) bool { return r == ' ' || r == ';' }) {
		var marker []int64
		for _, p := range strings.Split(m, ",") {
			n, err := strconv.ParseInt(strings.TrimSpace(p), 10, 64)
			if err != nil || n < 0 || n > 99 {
				errs[name] = templates.FormWords{ID: "supercat.err.markers_format", English: `write each marker's Power as "5,3", several markers as "5,3 3,2"`}
				return nil
			}
			marker = append(marker, n)
		}
		markers = append(markers, marker)
	}
	return markers
}
