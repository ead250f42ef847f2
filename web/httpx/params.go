package httpx

import (
	"fmt"
	"net/http"
	"strconv"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// ErrNoSuchPage answers an id that is not a number, like an unknown one.
var ErrNoSuchPage = echo.NewHTTPError(http.StatusNotFound, "not found")

// PathID reads the :id route parameter; anything but a positive number in its one
// canonical spelling is a 404. "/leagues/01" and "/leagues/+1" are not the league 1: each
// page has one address, so the public cache holds one copy of it.
func PathID(c echo.Context) (int64, error) {
	raw := c.Param("id")
	id, err := strconv.ParseInt(raw, 10, 64)
	if err != nil || id <= 0 || strconv.FormatInt(id, 10) != raw {
		return 0, ErrNoSuchPage
	}
	return id, nil
}

// PathLeague loads the league named by the path's {id}; an unknown league is not found.
func (h *Server) PathLeague(c echo.Context) (store.League, error) {
	id, err := PathID(c)
	if err != nil {
		return store.League{}, err
	}
	return h.Store.League(c.Request().Context(), id)
}

// PathTokenID reads an API token's :id route parameter; one that is not a number is a
// token the account does not have (not found).
func PathTokenID(c echo.Context) (int64, error) {
	id, err := strconv.ParseInt(c.Param("id"), 10, 64)
	if err != nil {
		return 0, fmt.Errorf("token id %q: %w", c.Param("id"), store.ErrNotFound)
	}
	return id, nil
}
