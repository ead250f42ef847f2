package web

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// coOrganiser is the manage page's co-organiser form (POST /leagues/{id}/co-organisers,
// fields username and op: add or remove).
func (h *Handler) coOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	op := c.FormValue("op")
	if op != "add" && op != "remove" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "op: must be add or remove")
	}
	name := strings.TrimSpace(c.FormValue("username"))
	if name == "" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "username: required"})
	}
	if op == "remove" && !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/remove-co-organiser?username=%s", id, url.QueryEscape(name)))
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, name, op == "add")
	return h.afterManageAction(c, id, err)
}

// apiAddCoOrganiser names a co-organiser: POST /api/v1/leagues/{id}/co-organisers
// {"username"} → 200 with the league. Organiser only.
func (h *Handler) apiAddCoOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, username, true); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiRemoveCoOrganiser drops a co-organiser: DELETE /api/v1/leagues/{id}/co-organisers/{username}
// → 200 with the league. Organiser only.
func (h *Handler) apiRemoveCoOrganiser(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.SetCoOrganiser(c.Request().Context(), id, user.ID, c.Param("username"), false); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}
