package web

import (
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// errNoSuchPage answers an id that is not a number, like an unknown one.
var errNoSuchPage = echo.NewHTTPError(http.StatusNotFound, "not found")

// pathID reads the :id route parameter; anything but a positive number in its one
// canonical spelling is a 404. "/leagues/01" and "/leagues/+1" are not the league 1: each
// page has one address, so the public cache holds one copy of it.
func pathID(c echo.Context) (int64, error) {
	raw := c.Param("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != raw {
		return 0, errNoSuchPage
	}
	return id, nil
}

// pathLeague loads the league named by the path's {id}; an unknown league is not found.
func (h *Handler) pathLeague(c echo.Context) (store.League, error) {
	id, err := pathID(c)
	if err != nil {
		return store.League{}, err
	}
	return h.store.League(c.Request().Context(), id)
}
