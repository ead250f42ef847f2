package pages

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// coOrganiser is the manage page's co-organiser form (POST /leagues/{id}/co-organisers,
// fields username and op: add or remove).
func (h *Handler) coOrganiser(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	op := c.FormValue("op")
	if op != "add" && op != "remove" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "op: must be add or remove")
	}
	name := strings.TrimSpace(c.FormValue("username"))
	if name == "" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "username: " + locales.T(c.Request().Context(), "field.required")})
	}
	if op == "remove" && !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/remove-co-organiser?username=%s", id, url.QueryEscape(name)))
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, name, op == "add")
	return h.afterManageAction(c, id, err)
}
