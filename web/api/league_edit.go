package api

import (
	"net/http"
	_ "time/tzdata"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// editFields are the edit's fields in the order they are reported.
var editFields = []string{"name", "description", "venue", "time_zone", "game", "version", "edition", "players_per_game", "players",
	"games_per_player", "face_to_face", "results_by", "confirm_hours", "min_recent_games", "recent_days"}

// firstEditError renders the first failing field as "field: message", for the API.
func firstEditError(errs templates.FieldErrors) string {
	for _, f := range editFields {
		if msg, ok := errs[f]; ok {
			return f + ": " + msg
		}
	}
	return ""
}

// apiEditLeague edits a league: PATCH /api/v1/leagues/{id} with any of "name",
// "description", "venue", "time_zone", "game", "version", "edition", "players_per_game",
// "players", "games_per_player", "face_to_face", "results_by", "confirm_hours",
// "min_recent_games", "recent_days" → 200 with the league. Organiser only; the game, its
// version, its players per game, the league's size, its games each, face_to_face and the
// activity rule only while open (409 after). A new game without a version plays its default one.
func (h *Handler) apiEditLeague(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	var in league.EditInput
	if err := httpx.DecodeJSON(c, &in); err != nil {
		return err
	}
	e, errs := league.CheckEdit(l.Settings(), in)
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, firstEditError(errs))
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.Edit(c.Request().Context(), l.ID, user.ID, store.LeagueEdit(e)); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, l.ID)
}
