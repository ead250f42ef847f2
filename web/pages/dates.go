package pages

import (
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// gameDateFormat is how pages show a game's date, in the league's zone.
const gameDateFormat = "Mon 2 Jan 2006 15:04"

// pageClock shows the times of one page in one time zone (issue #24): when every time the
// page shows is in the same zone (a league's), they read plainly and the page names the
// zone once (named, the Layout's "Times in Europe/Paris"); when the page mixes zones (a
// desk or a player's page across leagues) or has no league (a normal game: UTC), each
// time is in its own league's zone with the zone's abbreviation beside it ("Tue 1 Dec
// 2026 19:00 CET"). The zero pageClock gives every time its abbreviation.
type pageClock struct {
	// zone is the page's one zone; "" when each time carries its own.
	zone string
	// locs are the zones of the page's times, loaded once.
	locs map[string]*time.Location
}

// clockFor is the clock of a page whose times are in the zones named (UTC for "").
func clockFor(zones ...string) pageClock {
	k := pageClock{locs: map[string]*time.Location{}}
	names := map[string]bool{}
	for _, z := range zones {
		if _, ok := k.locs[z]; !ok {
			k.locs[z] = league.ZoneOf(z)
		}
		names[k.locs[z].String()] = true
		k.zone = k.locs[z].String()
	}
	if len(names) != 1 {
		k.zone = ""
	}
	return k
}

// show is t in the zone named (a league's), laid out as layout, with the zone's
// abbreviation after it when the page mixes zones.
func (k pageClock) show(t time.Time, zone, layout string) string {
	loc, ok := k.locs[zone]
	if !ok {
		loc = league.ZoneOf(zone)
	}
	t = t.In(loc)
	if k.zone == "" {
		return t.Format(layout + " MST")
	}
	return t.Format(layout)
}

// showIn is t in the zone named as l writes a day and time ("Do., 26. Nov. 2026, 19:30"),
// with the zone's abbreviation after it when the page mixes zones; English keeps layout.
func (k pageClock) showIn(l locales.Lang, t time.Time, zone, layout string) string {
	if l.Code == locales.Default().Code {
		return k.show(t, zone, layout)
	}
	loc, ok := k.locs[zone]
	if !ok {
		loc = league.ZoneOf(zone)
	}
	t = t.In(loc)
	s := l.DateTime(t)
	if layout == dateLayout {
		s = l.ShortDate(t)
	}
	if k.zone == "" {
		return s + " " + t.Format("MST")
	}
	return s
}

// named is the zone the page names once ("Europe/Paris"); "" when each time carries its own.
func (k pageClock) named() string { return k.zone }

// setRhythm is the manage page's rhythm form (POST /leagues/{id}/rhythm).
func (h *Handler) setRhythm(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	first, every, err := league.Rhythm(l.Location(), c.FormValue("first_round"), c.FormValue("every_days"))
	if err == nil {
		user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
		err = h.Leagues.SetRhythm(c.Request().Context(), l.ID, user.ID, first, every)
	}
	return h.afterManageAction(c, l.ID, formRefusal(err))
}

// moveGames is the manage page's move form (POST /leagues/{id}/move): a game (by number) or
// a whole round to a new date and place; an empty date clears it.
func (h *Handler) moveGames(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	gs := store.GameSchedule{Place: strings.TrimSpace(c.FormValue("place"))}
	err = league.PlaceProblem(gs.Place)
	if when := strings.TrimSpace(c.FormValue("starts_at")); err == nil && when != "" {
		var t time.Time
		if t, err = league.ParseWhen("starts_at", when, l.Location()); err == nil {
			gs.StartsAt = &t
		}
	}
	n, nerr := strconv.Atoi(strings.TrimSpace(c.FormValue("number")))
	if err == nil && (nerr != nil || n < 1) {
		err = echo.NewHTTPError(http.StatusUnprocessableEntity, "number: must be a game or round number")
	}
	if err == nil {
		if c.FormValue("what") == "round" {
			err = h.Leagues.ScheduleRound(ctx, l.ID, n, user.ID, gs)
		} else {
			err = h.moveGame(c, l, n, user, gs)
		}
	}
	return h.afterManageAction(c, l.ID, formRefusal(err))
}

// moveGame moves the league's game number n.
func (h *Handler) moveGame(c echo.Context, l store.League, n int, user store.User, gs store.GameSchedule) error {
	ctx := c.Request().Context()
	games, err := h.Store.Games(ctx, l.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		if g.Number == n {
			return h.Leagues.ScheduleGame(ctx, g.ID, user.ID, gs)
		}
	}
	return &store.Invalid{Reason: fmt.Sprintf("number: this league has no game %d", n)}
}

// formRefusal turns a 4xx HTTP error of a form's field into a refusal shown on the page.
func formRefusal(err error) error {
	if he, ok := err.(*echo.HTTPError); ok && he.Code < 500 {
		if msg, ok := he.Message.(string); ok {
			return &store.Invalid{Reason: msg}
		}
	}
	return err
}
