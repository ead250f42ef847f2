package httpx

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Ladder finds the registry game of the :game route parameter (an unknown slug is a 404)
// and its ladder's ratings, highest first.
func (h *Server) Ladder(c echo.Context) (scoring.Game, []store.Rating, error) {
	g, err := scoring.GameBySlug(c.Param("game"))
	if err != nil {
		return scoring.Game{}, nil, echo.NewHTTPError(http.StatusNotFound, err.Error())
	}
	ctx := c.Request().Context()
	rs, err := h.LadderRatings(ctx, g.Slug)
	if err != nil {
		return scoring.Game{}, nil, err
	}
	DependsOn(c, store.LadderKey(g.Slug))
	return g, rs, nil
}
