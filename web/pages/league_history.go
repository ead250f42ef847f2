package pages

import (
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
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
			Action: e.Action, Detail: historyDetail(l, e, clock, zone)}
	}
	return out
}

// historyDetail is what a history line says in l: its message with its data, times in
// their zone as l writes them; English, and a line written before lines kept a message,
// say the English detail as it was written.
func historyDetail(l locales.Lang, e store.LeagueEvent, clock pageClock, zone string) string {
	if e.MessageID == "" || l.Code == locales.Default().Code {
		return e.Detail
	}
	data := map[string]any{}
	for k, v := range e.MessageData {
		data[k] = v
	}
	if at, ok := data["At"].(string); ok {
		t, err := time.Parse(time.RFC3339, at)
		if err != nil {
			return e.Detail // not a time the service wrote: say the line as written
		}
		z, _ := data["Zone"].(string)
		if z == "" {
			z = zone
		}
		at = clock.showIn(l, t, z, "Mon 2 Jan 2006 15:04")
		if z != zone { // written in a zone the league no longer has: name it
			at += " " + t.In(league.ZoneOf(z)).Format("MST")
		}
		data["At"] = at
	}
	if n, ok := data["Number"].(float64); ok {
		data["Number"] = int64(n) // a game's, a round's or a webhook's number, as it is
	}
	if fs, ok := data["Fields"].([]any); ok {
		words := make([]string, 0, len(fs))
		for _, f := range fs {
			if key, ok := f.(string); ok {
				words = append(words, l.T("history.field."+key))
			}
		}
		data["Fields"] = strings.Join(words, ", ")
	}
	if n, ok := data["Count"].(float64); ok {
		delete(data, "Count")
		return l.N(e.MessageID, int(n), data)
	}
	return l.T(e.MessageID, data)
}
