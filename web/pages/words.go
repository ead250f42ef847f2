package pages

import (
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// signedMicrosIn is signedMicros with l's decimal point.
func signedMicrosIn(l locales.Lang, m rating.Micros) string {
	if m > 0 {
		return "+" + showMicrosIn(l, m)
	}
	return showMicrosIn(l, m)
}

// exactIn is an exact number ("186.25") with l's decimal point.
func exactIn(l locales.Lang, s string) string {
	if l.Code == locales.Default().Code {
		return s
	}
	return strings.Replace(s, ".", l.DecimalPoint(), 1)
}

// leagueLabelIn is leagueLabel said in l.
func leagueLabelIn(l locales.Lang, name string) string {
	if name == "" {
		return l.T("player.normal_game")
	}
	return name
}

// seatNameIn is seatName said in l: a game's own seat names as the game has them, "Seat n"
// in l's words.
func seatNameIn(l locales.Lang, g store.PlayerGame) string {
	game, err := scoring.GameBySlug(g.Game)
	if err == nil {
		if names := game.SeatNames(g.SeatCount); g.Position >= 1 && g.Position <= len(names) {
			if name := names[g.Position-1]; name != seatName(store.PlayerGame{Position: g.Position}) {
				return name
			}
		}
	}
	return l.T("player.seat", map[string]any{"N": g.Position})
}

// showDate is t's day in the zone named, as l writes a short date, with the zone's
// abbreviation after it when the page mixes zones (show, in l).
func (k pageClock) showDate(l locales.Lang, t time.Time, zone string) string {
	loc, ok := k.locs[zone]
	if !ok {
		loc = league.ZoneOf(zone)
	}
	t = t.In(loc)
	if k.zone == "" {
		return l.ShortDate(t) + " " + t.Format("MST")
	}
	return l.ShortDate(t)
}
