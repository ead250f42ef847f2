package httpx

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// RemoveLeague deletes the league and notes it in the server's log, since the league's own
// history goes with it; it returns the deleted league's name.
func (h *Server) RemoveLeague(c echo.Context, id int64, user store.User) (string, error) {
	name, err := h.Leagues.Delete(c.Request().Context(), id, user.ID)
	if err != nil {
		return "", err
	}
	h.Logger.Info("league deleted", "league_id", id, "name", name, "by", user.Username)
	return name, nil
}
