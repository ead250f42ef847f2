package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
)

// apiGameRead returns one game: GET /api/v1/games/{id} → {"id","game","league_id","status",
// "seats","seat_names",...} (CONTRACT section 7); league_id is null for a normal game.
func (h *Handler) apiGameRead(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	g, err := h.store.Game(c.Request().Context(), id)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiGameOf(g))
}
