package web

import (
	"errors"
	"fmt"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// normalGameFields are the open-a-table fields in the order they are shown and reported.
var normalGameFields = []string{"game", "version", "edition", "seats", "bots", "results_by", "confirm_hours"}

// validateNormalGame normalises a table to open (the version's slug, trimmed edition) and
// adds one message per wrong field to errs: a game of the registry, a version of it (none is
// the default; CONTRACT section 9) and 2..8 seats within the version's range (issue 11:
// "anyone signed in opens a table for a game of the registry with 2..8 seats (within the
// game's range)").
func validateNormalGame(in *store.NewNormalGame, errs templates.FieldErrors) {
	validateResultsSetting(in.ResultsBy, in.ConfirmHours, errs)
	game, version := validateGameVersion(in.Game, &in.Version, errs)
	in.Edition = strings.TrimSpace(in.Edition)
	if msg := textProblem(in.Edition, leagueEditionMax, false); msg != "" {
		errs["edition"] = msg
	}
	if _, bad := errs["seats"]; bad {
		return
	}
	switch {
	case in.Seats == 0:
		errs["seats"] = "required (2 to 8)"
	case in.Seats < 2 || in.Seats > 8:
		errs["seats"] = "must be between 2 and 8"
	case version != nil:
		if err := version.AcceptsPlayers(game, in.Seats); err != nil {
			errs["seats"] = strings.Replace(fieldProblem(err), "players per game", "players", 1)
		}
	case game.Slug != "":
		if err := game.AcceptsPlayers(in.Seats); err != nil {
			errs["seats"] = strings.Replace(fieldProblem(err), "players per game", "players", 1)
		}
	}
	validateBots(*in, errs)
}

// validateBots checks a table's SUPERCAT bots (supercat-solo-arcs-bot.txt): Arcs only, each
// "normal" or "hard", one of each difficulty at most (each is one member of the Arcs
// ladder), and at least one seat left for a person.
func validateBots(in store.NewNormalGame, errs templates.FieldErrors) {
	if len(in.Bots) == 0 {
		return
	}
	seen := map[string]bool{}
	for i, b := range in.Bots {
		if _, ok := store.BotKinds[b]; !ok {
			errs["bots"] = fmt.Sprintf("bots[%d]: must be \"normal\" or \"hard\", got %q", i, b)
			return
		}
		if seen[b] {
			errs["bots"] = "at most one SUPERCAT bot of each difficulty (normal, hard) at a table"
			return
		}
		seen[b] = true
	}
	switch {
	case in.Game != "arcs":
		errs["bots"] = "only Arcs has a bot to play against: SUPERCAT, the solo Arcs bot"
	case in.Seats > 0 && len(in.Bots) >= in.Seats:
		errs["bots"] = fmt.Sprintf("%d bots leave no seat for a person at a table of %d", len(in.Bots), in.Seats)
	}
}

// firstNormalGameError renders the first failing field as "field: message", for the API.
func firstNormalGameError(errs templates.FieldErrors) string {
	for _, f := range normalGameFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// normalGameRow is a normal game as the list page shows it.
func normalGameRow(g store.Game, viewer store.User, signedIn bool) templates.NormalGameRow {
	game, _ := scoring.GameBySlug(g.Game) // an unknown slug shows the slug itself
	row := templates.NormalGameRow{ID: g.ID, GameName: gameLabel(g.Game, g.Version), Status: g.Status, Organiser: g.Organiser,
		SeatCount: g.SeatCount, Seats: seatViews(game, g.Seats, viewer, signedIn)}
	if g.FinishedAt != nil {
		// A normal game has no league: its date says UTC, as on its page.
		row.Date = pageClock{}.show(*g.FinishedAt, "", dateLayout)
	}
	for _, s := range row.Seats {
		row.HasViewer = row.HasViewer || s.IsViewer
	}
	return row
}

// normalGames lists the normal games: open tables to join, tables waiting for their
// result, and recent results.
func (h *Handler) normalGames(c echo.Context) error {
	ctx := c.Request().Context()
	viewer, signedIn := currentUser(c)
	var v templates.NormalGamesView
	lists := []struct {
		status string
		into   *[]templates.NormalGameRow
	}{
		{store.GameOpen, &v.Open}, {store.GameReady, &v.Ready}, {store.GameFinished, &v.Finished},
	}
	for _, l := range lists {
		games, err := part(h.cache, "normal games\x00"+l.status, func() ([]store.Game, error) {
			return h.store.NormalGames(ctx, l.status)
		})
		if err != nil {
			return err
		}
		for _, g := range games {
			*l.into = append(*l.into, normalGameRow(g, viewer, signedIn))
		}
	}
	return h.render(c, http.StatusOK, templates.NormalGames(h.page(c, "Games"), v))
}

// newNormalGamePage shows the open-a-table form.
func (h *Handler) newNormalGamePage(c echo.Context) error {
	form := templates.NormalGameForm{Seats: "4", Games: gameChoices(),
		Results: resultsSettingView(store.ResultsByPlayers, store.DefaultConfirmHours)}
	return h.render(c, http.StatusOK, templates.NewNormalGame(h.page(c, "Open a table"), form))
}

// createNormalGame opens a table from the form and goes to its page; its creator is its
// organiser and is not seated until they take a seat. A refused form shows again with a
// message under each wrong field.
func (h *Handler) createNormalGame(c echo.Context) error {
	user, _ := currentUser(c) // requireLogin guarantees it
	game, version := splitGameChoice(c.FormValue("game"), c.FormValue("version"))
	form := templates.NormalGameForm{
		Game: selectedChoice(game, version), Seats: strings.TrimSpace(c.FormValue("seats")), Edition: c.FormValue("edition"),
		BotNormal: c.FormValue("bot_normal") != "", BotHard: c.FormValue("bot_hard") != "",
		Games: gameChoices(), Errors: templates.FieldErrors{},
	}
	in := store.NewNormalGame{Game: game, Version: version, Edition: form.Edition, OrganiserID: user.ID}
	if form.BotNormal {
		in.Bots = append(in.Bots, "normal")
	}
	if form.BotHard {
		in.Bots = append(in.Bots, "hard")
	}
	in.Seats = formInt(form.Seats, "seats", 0, form.Errors)
	in.ResultsBy, in.ConfirmHours, form.Results = resultsSettingForm(c, form.Errors)
	if validateNormalGame(&in, form.Errors); len(form.Errors) > 0 {
		form.Edition = in.Edition
		return h.render(c, http.StatusUnprocessableEntity, templates.NewNormalGame(h.page(c, "Open a table"), form))
	}
	g, err := h.games.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.flash(c, "Your table is open: players take its seats from this page.")
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(g.ID, 10))
}

// joinNormalGame takes the next seat at a table and goes back to its page; a refusal (full,
// already seated, a league game) shows the page with the reason.
func (h *Handler) joinNormalGame(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	_, err = h.games.Join(c.Request().Context(), id, user.ID)
	if err == nil {
		h.flash(c, "You took a seat at this table.")
		return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(id, 10))
	}
	var conflict *store.Conflict
	if !errors.As(err, &conflict) {
		return err
	}
	v, verr := h.gameView(c, id)
	if verr != nil {
		return verr
	}
	v.JoinError = sentence(conflict.Reason)
	return h.render(c, http.StatusConflict, templates.Game(h.page(c, gameTitle(v)), v))
}
