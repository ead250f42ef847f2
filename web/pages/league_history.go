package pages

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
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
	v.History = historyViews(locales.From(ctx), events, l.TimeZone)
	return nil
}

// historyViews are a league's history lines with their times in the league's zone, as l
// writes them.
func historyViews(l locales.Lang, es []store.LeagueEvent, zone string) []templates.HistoryLine {
	clock := clockFor(zone)
	out := make([]templates.HistoryLine, len(es))
	for i, e := range es {
		out[i] = templates.HistoryLine{At: clock.showIn(l, e.At, zone, "Mon 2 Jan 2006 15:04"), Username: e.Username,
			Action: e.Action, Detail: e.Detail}
	}
	return out
}
