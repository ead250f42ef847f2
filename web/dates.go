package web

import (
	"encoding/json"
	"fmt"
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// gamePlaceMax is the longest place of a game, matching migration 00008's CHECK.
const gamePlaceMax = 200

// gameDateFormat is how pages show a game's date, in the league's zone.
const gameDateFormat = "Mon 2 Jan 2006 15:04"

// localDateTime is how a date is typed in a form (an <input type="datetime-local">) and
// may be sent to the API: wall-clock time in the league's time zone.
const localDateTime = "2006-01-02T15:04"

// parseWhen reads a date as RFC 3339 (an instant) or as local date-time in the league's
// zone; field names it in the error.
func parseWhen(field, s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(localDateTime, s, loc); err == nil {
		return t, nil
	}
	return time.Time{}, echo.NewHTTPError(http.StatusUnprocessableEntity,
		field+": must be a date and time such as 2026-12-01T19:00:00+01:00 (RFC 3339) or 2026-12-01T19:00 in the league's time zone")
}

// leagueLocation is the league's time zone (UTC if the stored name is unknown to Go).
func leagueLocation(l store.League) *time.Location { return zoneOf(l.TimeZone) }

// zoneOf is the time zone named (a league's): UTC when the name is empty or unknown to Go.
func zoneOf(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

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
			k.locs[z] = zoneOf(z)
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
		loc = zoneOf(zone)
	}
	t = t.In(loc)
	if k.zone == "" {
		return t.Format(layout + " MST")
	}
	return t.Format(layout)
}

// named is the zone the page names once ("Europe/Paris"); "" when each time carries its own.
func (k pageClock) named() string { return k.zone }

// placeProblem checks a game's place like the league's free-text fields.
func placeProblem(place string) error {
	if msg := textProblem(place, gamePlaceMax, false); msg != "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "place: "+msg)
	}
	return nil
}

// apiScheduleGame sets a game's date and place: PUT /api/v1/games/{id}/schedule
// {"starts_at": RFC 3339 or null, "place": "..."} → 200 with the game. An absent field stays
// as it was; null clears the date. Organiser or co-organiser; a played game is a 409. A
// normal game's date and place are its table organiser's to set (times without an offset
// are UTC: a normal game has no league time zone).
func (h *Handler) apiScheduleGame(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	var body struct {
		StartsAt json.RawMessage `json:"starts_at"`
		Place    *string         `json:"place"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	ctx := c.Request().Context()
	g, err := h.store.Game(ctx, id)
	if err != nil {
		return err
	}
	// A normal game has no league, so its local times are UTC; an offset is always welcome.
	loc := time.UTC
	if g.LeagueID != 0 {
		l, err := h.store.League(ctx, g.LeagueID)
		if err != nil {
			return err
		}
		loc = leagueLocation(l)
	}
	gs := store.GameSchedule{StartsAt: g.StartsAt, Place: g.Place}
	switch raw := strings.TrimSpace(string(body.StartsAt)); {
	case raw == "":
	case raw == "null":
		gs.StartsAt = nil
	default:
		var s string
		if err := json.Unmarshal(body.StartsAt, &s); err != nil {
			return echo.NewHTTPError(http.StatusBadRequest, "starts_at: must be a JSON string or null")
		}
		t, err := parseWhen("starts_at", s, loc)
		if err != nil {
			return err
		}
		gs.StartsAt = &t
	}
	if body.Place != nil {
		gs.Place = strings.TrimSpace(*body.Place)
		if err := placeProblem(gs.Place); err != nil {
			return err
		}
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.ScheduleGame(ctx, id, user.ID, gs); err != nil {
		return err
	}
	if g, err = h.store.Game(ctx, id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiGameOf(g))
}

// apiSetRhythm sets a league's rhythm: PUT /api/v1/leagues/{id}/rhythm {"first_round":
// RFC 3339 or local "2026-12-01T19:00", "every_days": 7} → 200 with the league. Every
// unplayed game is dated by its round. Organiser or co-organiser.
func (h *Handler) apiSetRhythm(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	var body struct {
		FirstRound string `json:"first_round"`
		EveryDays  int    `json:"every_days"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	first, every, err := rhythmOf(l, body.FirstRound, strconv.Itoa(body.EveryDays))
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.leagues.SetRhythm(c.Request().Context(), l.ID, user.ID, first, every); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, l.ID)
}

// rhythmOf checks a rhythm as typed: the first round's date and the days between rounds.
func rhythmOf(l store.League, firstRound, everyDays string) (time.Time, int, error) {
	if strings.TrimSpace(firstRound) == "" {
		return time.Time{}, 0, echo.NewHTTPError(http.StatusUnprocessableEntity, "first_round: required")
	}
	first, err := parseWhen("first_round", firstRound, leagueLocation(l))
	if err != nil {
		return time.Time{}, 0, err
	}
	every, err := strconv.Atoi(strings.TrimSpace(everyDays))
	if err != nil || every < 1 || every > 365 {
		return time.Time{}, 0, echo.NewHTTPError(http.StatusUnprocessableEntity, "every_days: must be a whole number of days from 1 to 365")
	}
	return first.In(leagueLocation(l)), every, nil
}

// setRhythm is the manage page's rhythm form (POST /leagues/{id}/rhythm).
func (h *Handler) setRhythm(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	first, every, err := rhythmOf(l, c.FormValue("first_round"), c.FormValue("every_days"))
	if err == nil {
		user, _ := currentUser(c) // requireLogin guarantees it
		err = h.leagues.SetRhythm(c.Request().Context(), l.ID, user.ID, first, every)
	}
	return h.afterManageAction(c, l.ID, formRefusal(err))
}

// moveGames is the manage page's move form (POST /leagues/{id}/move): a game (by number) or
// a whole round to a new date and place; an empty date clears it.
func (h *Handler) moveGames(c echo.Context) error {
	l, err := h.pathLeague(c)
	if err != nil {
		return err
	}
	ctx := c.Request().Context()
	user, _ := currentUser(c) // requireLogin guarantees it
	gs := store.GameSchedule{Place: strings.TrimSpace(c.FormValue("place"))}
	err = placeProblem(gs.Place)
	if when := strings.TrimSpace(c.FormValue("starts_at")); err == nil && when != "" {
		var t time.Time
		if t, err = parseWhen("starts_at", when, leagueLocation(l)); err == nil {
			gs.StartsAt = &t
		}
	}
	n, nerr := strconv.Atoi(strings.TrimSpace(c.FormValue("number")))
	if err == nil && (nerr != nil || n < 1) {
		err = echo.NewHTTPError(http.StatusUnprocessableEntity, "number: must be a game or round number")
	}
	if err == nil {
		if c.FormValue("what") == "round" {
			err = h.leagues.ScheduleRound(ctx, l.ID, n, user.ID, gs)
		} else {
			err = h.moveGame(c, l, n, user, gs)
		}
	}
	return h.afterManageAction(c, l.ID, formRefusal(err))
}

// moveGame moves the league's game number n.
func (h *Handler) moveGame(c echo.Context, l store.League, n int, user store.User, gs store.GameSchedule) error {
	ctx := c.Request().Context()
	games, err := h.store.Games(ctx, l.ID)
	if err != nil {
		return err
	}
	for _, g := range games {
		if g.Number == n {
			return h.leagues.ScheduleGame(ctx, g.ID, user.ID, gs)
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
