package pages

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// home shows the front page: the desk for a signed-in viewer (web/pages/desk.go), what
// TableStakes is for anyone else.
func (h *Handler) home(c echo.Context) error {
	if user, ok := httpx.CurrentUser(c); ok {
		return h.desk(c, user)
	}
	return h.Render(c, http.StatusOK, templates.Home(h.Page(c, "")))
}
