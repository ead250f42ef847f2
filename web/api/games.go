package api

import (
	"errors"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiGameRead returns one game: GET /api/v1/games/{id} → {"id","game","league_id","status",
// "seats","seat_names",...} (CONTRACT section 7); league_id is null for a normal game. A
// finished game also shows "absent" and "replaced" (CONTRACT section 12) when it has any.
func (h *Handler) apiGameRead(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	g, err := h.Store.Game(ctx, id)
	if err != nil {
		return err
	}
	out := apiGameOf(g)
	if g.Status == store.GameFinished {
		r, err := h.Store.Result(ctx, id)
		switch {
		case err == nil:
			out.Absent, out.Replaced = r.Absent(), r.Replaced()
		case !errors.Is(err, store.ErrNotFound):
			return err
		}
	}
	return c.JSON(http.StatusOK, out)
}

// apiCreateNormalGame opens a table: POST /api/v1/games {"game","version"?,"edition"?,"seats","bots"?} → 201 with
// the game (status "open", no seats taken but the SUPERCAT bots' of an Arcs table, "bots":
// ["normal"|"hard"], which take the first seats). The caller is its organiser and is not seated unless they
// join. A bad field is 422 naming it; a field of the wrong JSON type is 400 naming it.
func (h *Handler) apiCreateNormalGame(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	var body struct {
		Game    string   `json:"game"`
		Version string   `json:"version"`
		Edition string   `json:"edition"`
		Seats   int      `json:"seats"`
		Bots    []string `json:"bots"`
		league.ResultsSetting
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	in := store.NewNormalGame{Game: body.Game, Version: body.Version, Edition: body.Edition, Seats: body.Seats,
		OrganiserID: user.ID, Bots: body.Bots}
	errs := templates.FieldErrors{}
	in.ResultsBy, in.ConfirmHours = body.ResultsSetting.Values(errs)
	setup := in.Setup()
	league.CheckTable(&setup, errs)
	if in.Version, in.Edition = setup.Version, setup.Edition; len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstNormalGameError(errs))
	}
	g, err := h.Games.Create(c.Request().Context(), in)
	if err != nil {
		return err
	}
	h.GameChanged(c, g.ID)
	return c.JSON(http.StatusCreated, apiGameOf(g))
}

// apiJoinNormalGame takes the next seat at a normal game: POST /api/v1/games/{id}/join → 200
// with the game; 409 when full or already seated (or a league game). The last seat taken
// makes the game "ready".
func (h *Handler) apiJoinNormalGame(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	g, err := h.Games.Join(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	h.GameChanged(c, id)
	return c.JSON(http.StatusOK, apiGameOf(g))
}

// normalGameFields are the open-a-table fields in the order they are shown and reported.
var normalGameFields = []string{"game", "version", "edition", "seats", "bots", "results_by", "confirm_hours"}

// firstNormalGameError renders the first failing field as "field: message", for the API.
func firstNormalGameError(errs templates.FieldErrors) string {
	for _, f := range normalGameFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}
