package api

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"
)

// apiLeagueHistory returns the league's history, newest first: GET /api/v1/leagues/{id}/history.
func (h *Handler) apiLeagueHistory(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	es, err := h.Store.LeagueEvents(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	out := make([]apiLeagueHistoryLine, len(es))
	for i, e := range es {
		out[i] = apiLeagueHistoryLine{At: e.At, Username: e.Username, Action: e.Action, Detail: e.Detail}
	}
	return c.JSON(http.StatusOK, out)
}

// apiLeagueHistoryLine is one line of a league's history in the API.
type apiLeagueHistoryLine struct {
	At       time.Time `json:"at"`
	Username string    `json:"username"`
	Action   string    `json:"action"`
	Detail   string    `json:"detail"`
}
