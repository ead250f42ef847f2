package pages

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// operationsView adds to the league page what league operations show: the manage link for
// the organiser and co-organisers, the co-organisers and the league's history.
func (h *Handler) operationsView(c echo.Context, l store.League, v *templates.LeagueView) error {
	ctx := c.Request().Context()
	if viewer, ok := httpx.CurrentUser(c); ok {
		role, err := h.leagueRole(ctx, l.ID, viewer.ID)
		if err != nil {
			return err
		}
		v.CanManage = role >= store.RoleCoOrganiser
	}
	var err error
	if v.CoOrganisers, err = httpx.Part(h.Cache, httpx.PartKey("co-organisers", l.ID), func() ([]string, error) {
		return h.Store.CoOrganisers(ctx, l.ID)
	}, store.LeagueKey(l.ID)); err != nil {
		return err
	}
	events, err := httpx.Part(h.Cache, httpx.PartKey("history", l.ID), func() ([]store.LeagueEvent, error) {
		return h.Store.LeagueEvents(ctx, l.ID)
	}, store.LeagueKey(l.ID))
	if err != nil {
		return err
	}
	v.History = historyViews(events, l.TimeZone)
	return nil
}

// historyViews are a league's history lines with their times in the league's zone.
func historyViews(es []store.LeagueEvent, zone string) []templates.HistoryLine {
	loc := league.ZoneOf(zone)
	out := make([]templates.HistoryLine, len(es))
	for i, e := range es {
		out[i] = templates.HistoryLine{At: e.At.In(loc).Format("Mon 2 Jan 2006 15:04"), Username: e.Username,
			Action: e.Action, Detail: e.Detail}
	}
	return out
}
