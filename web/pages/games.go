package pages

import (
	"errors"
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

// normalGameRow is a normal game as the list page shows it.
func normalGameRow(g store.Game, viewer store.User, signedIn bool) templates.NormalGameRow {
	game, _ := scoring.GameBySlug(g.Game) // an unknown slug shows the slug itself
	row := templates.NormalGameRow{ID: g.ID, GameName: gameLabel(g.Game, g.Version), Status: g.Status, Organiser: g.Organiser,
		SeatCount: g.SeatCount, Seats: seatViews(game, g.Seats, viewer, signedIn)}
	if g.FinishedAt != nil {
		// A normal game has no league: its date says UTC, as on its page.
		row.Date = pageClock{}.show(*g.FinishedAt, "", dateLayout)
		row.At = g.FinishedAt.UTC()
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
	viewer, signedIn := httpx.CurrentUser(c)
	var v templates.NormalGamesView
	lists := []struct {
		status string
		into   *[]templates.NormalGameRow
	}{
		{store.GameOpen, &v.Open}, {store.GameReady, &v.Ready}, {store.GameFinished, &v.Finished},
	}
	for _, l := range lists {
		games, err := httpx.Part(h.Cache, "normal games\x00"+l.status, func() ([]store.Game, error) {
			return h.Store.NormalGames(ctx, l.status)
		})
		if err != nil {
			return err
		}
		for _, g := range games {
			*l.into = append(*l.into, normalGameRow(g, viewer, signedIn))
		}
	}
	return h.Render(c, http.StatusOK, templates.NormalGames(h.Page(c, locales.T(ctx, "normalgames.title")), v))
}

// newNormalGamePage shows the open-a-table form.
func (h *Handler) newNormalGamePage(c echo.Context) error {
	form := templates.NormalGameForm{Seats: "4", Games: gameChoices(),
		Results: resultsSettingView(store.ResultsByPlayers, store.DefaultConfirmHours)}
	return h.Render(c, http.StatusOK, templates.NewNormalGame(h.Page(c, locales.T(c.Request().Context(), "normalgames.open_table")), form))
}

// createNormalGame opens a table from the form and goes to its page; its creator is its
// organiser and is not seated until they take a seat. A refused form shows again with a
// message under each wrong field.
func (h *Handler) createNormalGame(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
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
	setup := in.Setup()
	league.CheckTable(&setup, form.Errors)
	if in.Version, in.Edition = setup.Version, setup.Edition; len(form.Errors) > 0 {
		form.Edition = in.Edition
		return h.Render(c, http.StatusUnprocessableEntity, templates.NewNormalGame(h.Page(c, locales.T(c.Request().Context(), "normalgames.open_table")), form))
	}
	g, err := h.Games.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.GameChanged(c, g.ID)
	h.Flash(c, locales.T(c.Request().Context(), "normalgames.opened"))
	return c.Redirect(http.StatusSeeOther, "/games/"+strconv.FormatInt(g.ID, 10))
}

// joinNormalGame takes the next seat at a table and goes back to its page; a refusal (full,
// already seated, a league game) shows the page with the reason.
func (h *Handler) joinNormalGame(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	_, err = h.Games.Join(c.Request().Context(), id, user.ID)
	if err == nil {
		h.GameChanged(c, id)
		h.Flash(c, locales.T(c.Request().Context(), "normalgames.seated"))
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
	v.JoinError = httpx.Sentence(conflict.Reason)
	return h.Render(c, http.StatusConflict, templates.Game(h.Page(c, gameTitle(c, v)), v))
}
