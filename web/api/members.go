package api

import (
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiLeaveLeague takes the caller out of an open league: POST /api/v1/leagues/{id}/leave
// → 200 with the league; 409 once it runs (the answer points to the organiser).
func (h *Handler) apiLeaveLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.Leave(c.Request().Context(), id, user.ID); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiRemoveMember is the organiser taking a member out of an open league:
// POST /api/v1/leagues/{id}/remove {"username"} → 200 with the league.
func (h *Handler) apiRemoveMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	username, err := usernameBody(c)
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.RemoveMember(c.Request().Context(), id, user.ID, username); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// apiReplaceMember is the organiser replacing a member of a running league:
// POST /api/v1/leagues/{id}/replace {"from","to"} → 200 with the league. The substitute
// takes every unplayed seat of the member; played games keep their results.
func (h *Handler) apiReplaceMember(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		From string `json:"from"`
		To   string `json:"to"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	from, to := strings.TrimSpace(body.From), strings.TrimSpace(body.To)
	switch {
	case from == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "from: required")
	case to == "":
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "to: required")
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if _, err := h.Leagues.Replace(c.Request().Context(), id, user.ID, from, to); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, id)
}

// usernameBody reads the {"username"} body of the member operations (remove, co-organisers)
// and returns the username trimmed; an empty one is refused naming the field.
func usernameBody(c echo.Context) (string, error) {
	var body struct {
		Username string `json:"username"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return "", err
	}
	username := strings.TrimSpace(body.Username)
	if username == "" {
		return "", echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	return username, nil
}
