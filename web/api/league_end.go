package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiEndLeague returns the handler of POST /api/v1/leagues/{id}/{cancel|close|archive}:
// the organiser cancels an open league, closes a running one early or archives a finished
// or closed one → 200 with the league; 409 naming the state the action needs.
func (h *Handler) apiEndLeague(action string) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := httpx.PathID(c)
		if err != nil {
			return err
		}
		user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
		if err := h.Leagues.End(c.Request().Context(), id, user.ID, action); err != nil {
			return err
		}
		return h.apiLeagueAnswer(c, id)
	}
}

// apiDeleteLeague deletes a league: DELETE /api/v1/leagues/{id} → 204. Organiser only (403
// for co-organisers and anyone else); 409 once a result is recorded (close or archive it).
func (h *Handler) apiDeleteLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if _, err := h.RemoveLeague(c, id, user); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
