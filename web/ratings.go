package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
)

// ratings shows the ratings overview.
func (h *Handler) ratings(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.Ratings(h.page(c, "Ratings")))
}
