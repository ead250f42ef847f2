package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiSeatForecast is one seat's line of a game's forecast (CONTRACT section 11): its chance
// to win, and besides the contract's fields the rating and the ante it stands on.
type apiSeatForecast struct {
	Username string        `json:"username"`
	Win      float64       `json:"win"`
	Rating   rating.Micros `json:"rating"`
	Ante     rating.Micros `json:"ante"`
}

// apiGameForecast gives each seat of a game not yet played its chance to win:
// GET /api/v1/games/{id}/forecast → [{"username","win"}] in seat order, from the ladder's
// ratings now (the armada model). 404 for no such game, 409 for a played game (its
// forecast is history: /ratings/{game}/backtest) or one with no seat taken.
func (h *Handler) apiGameForecast(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	g, err := h.Store.Game(ctx, id)
	if err != nil {
		return err
	}
	seats, err := h.GameForecast(ctx, g)
	if err != nil {
		return err
	}
	out := make([]apiSeatForecast, len(seats))
	for i, s := range seats {
		out[i] = apiSeatForecast{Username: s.Username, Win: s.Win, Rating: s.Rating, Ante: s.Ante}
	}
	return c.JSON(http.StatusOK, out)
}
