package pages

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// seasonRefusalForm is the season page's one place for a refused action's message.
const seasonRefusalForm = "season"

// summariseSeason is a season as lists and headers show it.
func summariseSeason(s store.Season) templates.SeasonSummary {
	return templates.SeasonSummary{ID: s.ID, Name: s.Name, GameName: gameName(s.Game), VersionName: versionName(s.Game, s.Version),
		Status: s.Status, Organiser: s.Organiser, PlayersPerGame: s.PlayersPerGame, DivisionSize: s.DivisionSize,
		Promote: s.Promote, SignedUp: s.SignedUp}
}

// seasonList lists the seasons open for sign-up, the running ones and the finished ones
// (GET /seasons).
func (h *Handler) seasonList(c echo.Context) error {
	ctx := c.Request().Context()
	var v templates.SeasonsView
	for _, part := range []struct {
		status string
		into   *[]templates.SeasonSummary
	}{{league.SeasonOpen, &v.Open}, {league.SeasonRunning, &v.Running}, {league.SeasonFinished, &v.Finished}} {
		ss, err := h.Store.Seasons(ctx, part.status)
		if err != nil {
			return err
		}
		for _, s := range ss {
			*part.into = append(*part.into, summariseSeason(s))
		}
	}
	return h.Render(c, http.StatusOK, templates.Seasons(h.Page(c, locales.T(c.Request().Context(), "nav.seasons")), v))
}

// newSeasonPage shows the open-a-season form with the defaults of CONTRACT section 10.
func (h *Handler) newSeasonPage(c echo.Context) error {
	form := templates.SeasonForm{
		PlayersPerGame: "4", DivisionSize: strconv.Itoa(league.DefaultDivisionSize), Promote: strconv.Itoa(league.DefaultPromote),
		Games: gameChoices(), Results: resultsSettingView(store.ResultsByPlayers, store.DefaultConfirmHours),
	}
	return h.Render(c, http.StatusOK, templates.NewSeason(h.Page(c, locales.T(c.Request().Context(), "seasons.new")), form))
}

// createSeason opens a season from the form and goes to its page; the creator organises
// it. A refused creation shows the form again with a message under each wrong field
// (league.CheckSeasonSetup, the API's rule too).
func (h *Handler) createSeason(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	game, version := splitGameChoice(c.FormValue("game"), c.FormValue("version"))
	form := templates.SeasonForm{
		Name: c.FormValue("name"), Game: selectedChoice(game, version),
		PlayersPerGame: strings.TrimSpace(c.FormValue("players_per_game")),
		DivisionSize:   strings.TrimSpace(c.FormValue("division_size")),
		Promote:        strings.TrimSpace(c.FormValue("promote")),
		FaceToFace:     c.FormValue("face_to_face") != "",
		Games:          gameChoices(), Errors: templates.FieldErrors{},
	}
	in := store.NewSeason{Name: form.Name, Game: game, Version: version, FaceToFace: form.FaceToFace, OrganiserID: user.ID}
	in.ResultsBy, in.ConfirmHours, form.Results = resultsSettingForm(c, form.Errors)
	in.PlayersPerGame = formInt(form.PlayersPerGame, "players_per_game", 0, form.Errors)
	in.DivisionSize = formInt(form.DivisionSize, "division_size", league.DefaultDivisionSize, form.Errors)
	in.Promote = formInt(form.Promote, "promote", league.DefaultPromote, form.Errors)
	setup := in.Setup()
	league.CheckSeasonSetup(locales.From(c.Request().Context()), &setup, form.Errors)
	if in.Name, in.Version = setup.Name, setup.Version; len(form.Errors) > 0 {
		form.Name = in.Name
		return h.Render(c, http.StatusUnprocessableEntity, templates.NewSeason(h.Page(c, locales.T(c.Request().Context(), "seasons.new")), form))
	}
	se, err := h.Seasons.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.Flash(c, locales.T(c.Request().Context(), "season.opened", map[string]any{"Season": se.Name}))
	return c.Redirect(http.StatusSeeOther, summariseSeason(se).URL())
}

// seasonPage is a season's page (GET /seasons/{id}): its sign-ups while open, every
// division's standings with the promotion and relegation places marked once running, the
// organiser's start and next season, and links to the seasons before and after it.
func (h *Handler) seasonPage(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.seasonView(c, id)
	if err != nil {
		return err
	}
	return h.Render(c, http.StatusOK, templates.Season(h.Page(c, v.Season.Name), v))
}

// seasonView reads what the season's page shows.
func (h *Handler) seasonView(c echo.Context, id int64) (templates.SeasonView, error) {
	ctx := c.Request().Context()
	se, err := h.Store.Season(ctx, id)
	if err != nil {
		return templates.SeasonView{}, err
	}
	viewer, signedIn := httpx.CurrentUser(c)
	v := templates.SeasonView{Season: summariseSeason(se), FaceToFace: se.FaceToFace,
		IsOrganiser: signedIn && viewer.ID == se.OrganiserID}
	if r, ok := h.PopRefusal(c); ok && r.Form == seasonRefusalForm {
		v.Refusal = r.Message
	}
	ups, err := h.Store.SignUps(ctx, id)
	if err != nil {
		return v, err
	}
	for _, u := range ups {
		me := signedIn && u.UserID == viewer.ID
		v.SignedUp = v.SignedUp || me
		v.SignUps = append(v.SignUps, templates.Person{Username: u.Username, DisplayName: u.DisplayName, IsViewer: me})
	}
	if v.IsOrganiser && se.Status == league.SeasonOpen {
		v.Plan = h.seasonPlan(ctx, id, len(ups))
	}
	if v.Divisions, err = h.divisionViews(ctx, se, viewer.Username); err != nil {
		return v, err
	}
	if se.NextID != nil {
		next, err := h.Store.Season(ctx, *se.NextID)
		if err != nil {
			return v, err
		}
		v.Next = &templates.SeasonLink{ID: next.ID, Name: next.Name}
	}
	// The seasons before, newest first; a club's chain is short, and ten is plenty to show.
	for prev := se.PreviousID; prev != nil && len(v.Past) < 10; {
		p, err := h.Store.Season(ctx, *prev)
		if err != nil {
			return v, err
		}
		v.Past = append(v.Past, templates.SeasonLink{ID: p.ID, Name: p.Name})
		prev = p.PreviousID
	}
	return v, nil
}

// seasonPlan says what starting the season now would make ("12 players, 2 divisions of
// 6"), or, when it cannot start yet, why.
func (h *Handler) seasonPlan(ctx context.Context, id int64, players int) string {
	divs, err := h.Seasons.Plan(ctx, id)
	if err != nil {
		_, msg := splitField(refusalMessage(err))
		return locales.T(ctx, "season.not_yet", map[string]any{"Why": msg})
	}
	return locales.T(ctx, "season.plan", map[string]any{"Plan": planTextIn(locales.From(ctx), players, divs)})
}

// planText is a split in words: "12 players, 2 divisions of 6".
func planText(players int, divs [][]string) string {
	sizes := make([]int, len(divs))
	for i, d := range divs {
		sizes[i] = len(d)
	}
	return fmt.Sprintf("%d %s, %s", players, scoring.Plural(players, "player", "players"), league.DivisionShape(sizes))
}

// planTextIn is planText said in l.
func planTextIn(l locales.Lang, players int, divs [][]string) string {
	if l.Code == locales.Default().Code {
		return planText(players, divs)
	}
	sizes := make([]int, len(divs))
	for i, d := range divs {
		sizes[i] = len(d)
	}
	shape := l.N("season.shape", len(sizes), map[string]any{"Size": l.Int(sizes[0])})
	if sizes[0] != sizes[len(sizes)-1] {
		shape = l.T("season.shape_two", map[string]any{"Count": l.Int(len(sizes)), "Size": l.Int(sizes[0]), "Other": l.Int(sizes[len(sizes)-1])})
	}
	return l.N("count.players", players) + ", " + shape
}

// divisionViews are the season's divisions as its page shows them: each division's
// standings in the order of the movements they make, the places marked.
func (h *Handler) divisionViews(ctx context.Context, se store.Season, viewer string) ([]templates.DivisionView, error) {
	divs, err := h.Store.Divisions(ctx, se.ID)
	if err != nil || len(divs) == 0 {
		return nil, err
	}
	table, err := h.Seasons.Table(ctx, se)
	if err != nil {
		return nil, err
	}
	final := se.Status == league.SeasonFinished
	out := make([]templates.DivisionView, len(divs))
	for d, div := range divs {
		members, err := h.Store.Members(ctx, div.LeagueID)
		if err != nil {
			return nil, err
		}
		names := map[string]string{}
		for _, m := range members {
			names[m.Username] = m.DisplayName
		}
		out[d] = templates.DivisionView{Number: div.Number, LeagueID: div.LeagueID, Status: div.LeagueStatus}
		for _, line := range table[d] {
			row := templates.DivisionRow{Rank: line.Standing.Rank, Username: line.Player, DisplayName: cmp.Or(names[line.Player], line.Player),
				Points: scoring.Mixed(line.Standing.Points), Games: line.Standing.Games, IsViewer: line.Player == viewer}
			switch {
			case line.Up() && final:
				row.Zone, row.Mark = "up", locales.T(ctx, "season.up_to", map[string]any{"N": line.To})
			case line.Up():
				row.Zone, row.Mark = "up", locales.T(ctx, "season.promotion")
			case line.Down() && final:
				row.Zone, row.Mark = "down", locales.T(ctx, "season.down_to", map[string]any{"N": line.To})
			case line.Down():
				row.Zone, row.Mark = "down", locales.T(ctx, "season.relegation")
			}
			out[d].Rows = append(out[d].Rows, row)
		}
	}
	return out, nil
}

// seasonAction answers a season's form: a flash message and the season's page when it
// went through, the refusal kept for that page when it was refused (Post/Redirect/Get).
func (h *Handler) seasonAction(c echo.Context, id int64, err error, done string) error {
	page := "/seasons/" + strconv.FormatInt(id, 10)
	if err != nil {
		if !isSeasonRefusal(err) {
			return err
		}
		_, msg := splitField(refusalMessage(err))
		h.KeepRefusal(c, httpx.KeptRefusal{Form: seasonRefusalForm, Message: httpx.Sentence(msg)})
		return c.Redirect(http.StatusSeeOther, page)
	}
	h.Flash(c, done)
	return c.Redirect(http.StatusSeeOther, page)
}

// isSeasonRefusal reports whether err is a refusal the season's page shows beside its
// forms: a conflict, a bad value or an action the viewer may not take.
func isSeasonRefusal(err error) bool {
	var forbidden *store.Forbidden
	return isRefusal(err) || errors.As(err, &forbidden)
}

// seasonSignUp is the season page's sign-up button (POST /seasons/{id}/signup).
func (h *Handler) seasonSignUp(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Seasons.SignUp(c.Request().Context(), id, user.ID)
	return h.seasonAction(c, id, err, locales.T(c.Request().Context(), "season.signed_up_flash"))
}

// seasonWithdraw is the season page's withdraw button (POST /seasons/{id}/withdraw), before
// the season starts.
func (h *Handler) seasonWithdraw(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Seasons.Withdraw(c.Request().Context(), id, user.ID)
	return h.seasonAction(c, id, err, locales.T(c.Request().Context(), "season.withdrew_flash"))
}

// confirmSeasonStart is the page asking before a season starts (GET /seasons/{id}/start):
// "12 players, 2 divisions of 6: start?" with the divisions it will make; only the
// season's organiser sees it. A season that cannot start says why, without a button.
func (h *Handler) confirmSeasonStart(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	se, err := h.Store.Season(ctx, id)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	if err := league.MayStart(se.Status, se.OrganiserID == user.ID); err != nil {
		return err
	}
	page := summariseSeason(se).URL()
	v := templates.ConfirmView{Action: page + "/start", Back: page}
	if r, ok := h.PopRefusal(c); ok && r.Form == seasonRefusalForm {
		v.Error = r.Message
	}
	divs, err := h.Seasons.Plan(ctx, id)
	if err != nil {
		if !isSeasonRefusal(err) {
			return err
		}
		_, msg := splitField(refusalMessage(err))
		v.Title = "Start " + se.Name + "?"
		v.What = []string{"Not yet: " + msg + "."}
		return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, v.Title), v))
	}
	ups, err := h.Store.SignUps(ctx, id)
	if err != nil {
		return err
	}
	names := map[string]string{}
	for _, u := range ups {
		names[u.Username] = u.DisplayName
	}
	v.Title = planText(len(ups), divs) + ": start?"
	for d, players := range divs {
		shown := make([]string, len(players))
		for i, p := range players {
			shown[i] = cmp.Or(names[p], p)
		}
		v.What = append(v.What, fmt.Sprintf("%s: %s.", league.DivisionName(se.Name, d+1), strings.Join(shown, ", ")))
	}
	v.What = append(v.What, "Each division becomes a league of its own, its games drawn at once; sign-up closes.")
	v.Button = "Start the season"
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, v.Title), v))
}

// startSeason is the confirmation page's button (POST /seasons/{id}/start, confirm=yes): the
// organiser starts the season. A post without confirm=yes is sent to the page that asks.
func (h *Handler) startSeason(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	if !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/seasons/%d/start", id))
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	ctx := c.Request().Context()
	err = h.Seasons.Start(ctx, id, user.ID)
	done := "The season has started: each division's games are drawn."
	if err == nil {
		if divs, derr := h.Store.Divisions(ctx, id); derr == nil {
			sizes := make([]int, len(divs))
			for i, d := range divs {
				sizes[i] = len(d.Members)
			}
			done = "The season has started in " + league.DivisionShape(sizes) + "; each division's games are drawn."
		}
	}
	return h.seasonAction(c, id, err, done)
}

// nextSeason is the finished season's form (POST /seasons/{id}/next, field name): its
// organiser opens the next season and lands on it.
func (h *Handler) nextSeason(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	name := strings.TrimSpace(c.FormValue("name"))
	if msg := league.SeasonNameProblem(name); msg != "" {
		return h.seasonAction(c, id, &store.Invalid{Reason: "name: the next season's name: " + msg}, "")
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	next, err := h.Seasons.Next(c.Request().Context(), id, user.ID, name)
	if err != nil {
		return h.seasonAction(c, id, err, "")
	}
	h.Flash(c, next.Name+" is open for sign-up: every player of the last season is signed up, and newcomers are welcome.")
	return c.Redirect(http.StatusSeeOther, summariseSeason(next).URL())
}
