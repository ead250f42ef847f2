package web

import (
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// operationsView adds to the league page what league operations show: the manage link for
// the organiser and co-organisers, the co-organisers and the league's history.
func (h *Handler) operationsView(c echo.Context, l store.League, v *templates.LeagueView) error {
	ctx := c.Request().Context()
	if viewer, ok := currentUser(c); ok {
		role, err := h.leagueRole(ctx, l.ID, viewer.ID)
		if err != nil {
			return err
		}
		v.CanManage = role >= store.RoleCoOrganiser
	}
	var err error
	if v.CoOrganisers, err = part(h.cache, partKey("co-organisers", l.ID), func() ([]string, error) {
		return h.store.CoOrganisers(ctx, l.ID)
	}); err != nil {
		return err
	}
	events, err := part(h.cache, partKey("history", l.ID), func() ([]store.LeagueEvent, error) {
		return h.store.LeagueEvents(ctx, l.ID)
	})
	if err != nil {
		return err
	}
	v.History = historyViews(events, l.TimeZone)
	return nil
}

// historyViews are a league's history lines with their times in the league's zone.
func historyViews(es []store.LeagueEvent, zone string) []templates.HistoryLine {
	loc := zoneOf(zone)
	out := make([]templates.HistoryLine, len(es))
	for i, e := range es {
		out[i] = templates.HistoryLine{At: e.At.In(loc).Format("Mon 2 Jan 2006 15:04"), Username: e.Username,
			Action: e.Action, Detail: e.Detail}
	}
	return out
}

// apiLeagueHistory returns the league's history, newest first: GET /api/v1/leagues/{id}/history.
func (h *Handler) apiLeagueHistory(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	es, err := h.store.LeagueEvents(c.Request().Context(), l.ID)
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
