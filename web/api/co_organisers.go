package api

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiAddCoOrganiser names a co-organiser: POST /api/v1/leagues/{id}/co-organisers
// {"username"} → 200 with the league. Organiser only.
func (h *Handler) apiAddCoOrganiser(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, username, true); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiRemoveCoOrganiser drops a co-organiser: DELETE /api/v1/leagues/{id}/co-organisers/{username}
// → 200 with the league. Organiser only.
func (h *Handler) apiRemoveCoOrganiser(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, c.Param("username"), false); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}
