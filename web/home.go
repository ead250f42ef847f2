package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
)

// home shows the front page.
func (h *Handler) home(c echo.Context) error {
	return h.render(c, http.StatusOK, templates.Home(h.page(c, "")))
}
