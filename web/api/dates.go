package api

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/go-json-experiment/json/jsontext"
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/strictjson"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiScheduleGame sets a game's date and place: PUT /api/v1/games/{id}/schedule
// {"starts_at": RFC 3339 or null, "place": "..."} → 200 with the game. An absent field stays
// as it was; null clears the date. Organiser or co-organiser; a played game is a 409. A
// normal game's date and place are its table organiser's to set (times without an offset
// are UTC: a normal game has no league time zone).
func (h *Handler) apiScheduleGame(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		// StartsAt is kept as its JSON text: absent leaves the date, null clears it.
		StartsAt jsontext.Value `json:"starts_at"`
		Place    *string        `json:"place"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	ctx := c.Request().Context()
	g, err := h.Store.Game(ctx, id)
	if err != nil {
		return err
	}
	// A normal game has no league, so its local times are UTC; an offset is always welcome.
	loc := time.UTC
	if g.LeagueID != 0 {
		l, err := h.Store.League(ctx, g.LeagueID)
		if err != nil {
			return err
		}
		loc = l.Location()
	}
	gs := store.GameSchedule{StartsAt: g.StartsAt, Place: g.Place}
	switch kind := strictjson.Kind(body.StartsAt); kind {
	case "nothing":
	case "null":
		gs.StartsAt = nil
	case "a string":
		// The body was read whole by strictjson: the string is valid JSON and UTF-8.
		t, err := league.ParseWhen("starts_at", strictjson.Unquote(body.StartsAt), loc)
		if err != nil {
			return err
		}
		gs.StartsAt = &t
	default:
		return echo.NewHTTPError(http.StatusBadRequest, "starts_at: must be a string or null, got "+kind)
	}
	if body.Place != nil {
		gs.Place = strings.TrimSpace(*body.Place)
		if err := league.PlaceProblem(gs.Place); err != nil {
			return err
		}
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.ScheduleGame(ctx, id, user.ID, gs); err != nil {
		return err
	}
	if g, err = h.Store.Game(ctx, id); err != nil {
		return err
	}
	return c.JSON(http.StatusOK, apiGameOf(g))
}

// apiSetRhythm sets a league's rhythm: PUT /api/v1/leagues/{id}/rhythm {"first_round":
// RFC 3339 or local "2026-12-01T19:00", "every_days": 7} → 200 with the league. Every
// unplayed game is dated by its round. Organiser or co-organiser.
func (h *Handler) apiSetRhythm(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	var body struct {
		FirstRound string `json:"first_round"`
		EveryDays  int    `json:"every_days"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	first, every, err := league.Rhythm(l.Location(), body.FirstRound, strconv.Itoa(body.EveryDays))
	if err != nil {
		return err
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Leagues.SetRhythm(c.Request().Context(), l.ID, user.ID, first, every); err != nil {
		return err
	}
	return h.apiLeagueAnswer(c, l.ID)
}
