package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
)

// leagues lists the leagues.
func (h *Handler) leagues(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.Leagues(h.page(c, "Leagues")))
}
