package pages

import (
	"cmp"
	"fmt"
	"net/http"
	"strings"
	"time"

	ics "github.com/arran4/golang-ical"
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// gameDuration is how long a calendar event of a game lasts: games have no length of their
// own, and an evening's session is the common case.
const gameDuration = 3 * time.Hour

// leagueCalendar is the league's dated games as an iCalendar feed (RFC 5545):
// GET /leagues/{id}/calendar.ics. Public, like the league page.
func (h *Handler) leagueCalendar(c echo.Context) error {
	l, err := h.PathLeague(c)
	if err != nil {
		return err
	}
	games, err := h.Store.LeagueCalendar(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	return h.writeCalendar(c, locales.From(c.Request().Context()), l.Name, games)
}

// playerCalendar is a player's private feed of every dated game they sit in:
// GET /calendar/{token}.ics. The token is the secret; an unknown or renewed one is a 404.
func (h *Handler) playerCalendar(c echo.Context) error {
	token, ok := strings.CutSuffix(c.Param("file"), ".ics")
	if !ok || token == "" {
		return httpx.ErrNoSuchPage
	}
	ctx := c.Request().Context()
	userID, err := h.Store.CalendarFeedOwner(ctx, token)
	if err != nil {
		return err
	}
	games, err := h.Store.PlayerCalendar(ctx, userID)
	if err != nil {
		return err
	}
	// A calendar app asks in no language: the feed speaks its owner's, else the request's.
	owner, err := h.Store.User(ctx, userID)
	if err != nil {
		return err
	}
	lang := locales.From(ctx)
	if l, ok := locales.Get(owner.Language); ok {
		lang = l
	}
	return h.writeCalendar(c, lang, lang.T("calendar.mine"), games)
}

// writeCalendar answers one VCALENDAR with a VEVENT per game. Each game's event keeps its
// UID for life and carries the game's sequence, so a calendar that subscribed updates the
// same event when the game moves; lines end in CRLF and fold at 75 octets (the library).
// The event texts are in l; names (the league's, the players') stay as they are.
func (h *Handler) writeCalendar(c echo.Context, l locales.Lang, name string, games []store.CalendarGame) error {
	cal := ics.NewCalendarFor("TableStakes")
	cal.SetMethod(ics.MethodPublish)
	cal.SetName(name)
	cal.SetXWRCalName(name)
	// Event URLs start with the configured base URL, never the request's Host or
	// X-Forwarded-Proto, which whoever fetches the feed chooses (trust review 3).
	base := h.Config.SiteURL()
	now := time.Now().UTC()
	for _, g := range games {
		e := cal.AddEvent(fmt.Sprintf("game-%d@tablestakes", g.ID))
		e.SetDtStampTime(now)
		e.SetSequence(g.Sequence)
		e.SetStartAt(g.StartsAt.UTC())
		e.SetEndAt(g.StartsAt.Add(gameDuration).UTC())
		e.SetSummary(calendarSummary(l, g))
		if place := cmp.Or(g.Place, g.Venue); place != "" {
			e.SetLocation(place)
		}
		e.SetDescription(calendarDescription(l, g))
		e.SetURL(fmt.Sprintf("%s/games/%d", base, g.ID))
		switch {
		case g.Status == store.GameFinished:
			e.SetStatus(ics.ObjectStatusConfirmed)
		case g.LeagueStatus == store.LeagueRunning:
			e.SetStatus(ics.ObjectStatusConfirmed)
		default: // the league ended before this game was played
			e.SetStatus(ics.ObjectStatusCancelled)
		}
	}
	c.Response().Header().Set(echo.HeaderContentType, "text/calendar; charset=utf-8")
	return c.String(http.StatusOK, cal.Serialize(ics.WithNewLineWindows))
}

// calendarSummary is an event's title: "Spring Cartagena: game 4 (Cartagena)", with the
// version of a game that has several: "Vaults: game 4 (Arcs, Lost Vaults & Fated Leaders)".
func calendarSummary(l locales.Lang, g store.CalendarGame) string {
	name := gameName(g.Game)
	if v := versionName(g.Game, g.Version); v != "" {
		name += ", " + v
	}
	return l.T("calendar.summary", map[string]any{"League": g.LeagueName, "Number": l.Int(g.Number), "Game": name})
}

// calendarDescription lists the round and the seats in seat order, in l: a game's own seat
// names as the game has them, "Seat n" in l's words.
func calendarDescription(l locales.Lang, g store.CalendarGame) string {
	var b strings.Builder
	b.WriteString(l.T("calendar.round", map[string]any{"Round": l.Int(g.Round)}))
	if v := versionName(g.Game, g.Version); v != "" {
		b.WriteString("\n" + l.T("calendar.version", map[string]any{"Version": v}))
	}
	for i, u := range g.Seats {
		name := seatNameIn(l, store.PlayerGame{Game: g.Game, SeatCount: len(g.Seats), Position: i + 1})
		fmt.Fprintf(&b, "\n%s: %s", name, u)
	}
	return b.String()
}
