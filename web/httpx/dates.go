package httpx

import (
	"net/http"
	"strconv"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// gamePlaceMax is the longest place of a game, matching migration 00008's CHECK.
const gamePlaceMax = 200

// LocalDateTime is how a date is typed in a form (an <input type="datetime-local">) and
// may be sent to the API: wall-clock time in the league's time zone.
const LocalDateTime = "2006-01-02T15:04"

// ParseWhen reads a date as RFC 3339 (an instant) or as local date-time in the league's
// zone; field names it in the error.
func ParseWhen(field, s string, loc *time.Location) (time.Time, error) {
	s = strings.TrimSpace(s)
	if t, err := time.Parse(time.RFC3339, s); err == nil {
		return t, nil
	}
	if t, err := time.ParseInLocation(LocalDateTime, s, loc); err == nil {
		return t, nil
	}
	return time.Time{}, echo.NewHTTPError(http.StatusUnprocessableEntity,
		field+": must be a date and time such as 2026-12-01T19:00:00+01:00 (RFC 3339) or 2026-12-01T19:00 in the league's time zone")
}

// LeagueLocation is the league's time zone (UTC if the stored name is unknown to Go).
func LeagueLocation(l store.League) *time.Location { return ZoneOf(l.TimeZone) }

// ZoneOf is the time zone named (a league's): UTC when the name is empty or unknown to Go.
func ZoneOf(name string) *time.Location {
	loc, err := time.LoadLocation(name)
	if err != nil {
		return time.UTC
	}
	return loc
}

// PlaceProblem checks a game's place like the league's free-text fields.
func PlaceProblem(place string) error {
	if msg := TextProblem(place, gamePlaceMax, false); msg != "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "place: "+msg)
	}
	return nil
}

// RhythmOf checks a rhythm as typed: the first round's date and the days between rounds.
func RhythmOf(l store.League, firstRound, everyDays string) (time.Time, int, error) {
	if strings.TrimSpace(firstRound) == "" {
		return time.Time{}, 0, echo.NewHTTPError(http.StatusUnprocessableEntity, "first_round: required")
	}
	first, err := ParseWhen("first_round", firstRound, LeagueLocation(l))
	if err != nil {
		return time.Time{}, 0, err
	}
	every, err := strconv.Atoi(strings.TrimSpace(everyDays))
	if err != nil || every < 1 || every > 365 {
		return time.Time{}, 0, echo.NewHTTPError(http.StatusUnprocessableEntity, "every_days: must be a whole number of days from 1 to 365")
	}
	return first.In(LeagueLocation(l)), every, nil
}
