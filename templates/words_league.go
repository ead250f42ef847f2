// Words of the league page, standings, normal games, Vortex, the pot and ambitions, said in
// the page's language.
package templates

import (
	"context"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
)

// num writes a count as ctx's language writes whole numbers.
func num(ctx context.Context, n int) string { return locales.From(ctx).Int(n) }

// ordinalIn writes a place as ctx's language does (OrdinalIn).
func ordinalIn(ctx context.Context, n int) string { return OrdinalIn(locales.From(ctx), n) }

// listAnd lists names as ctx's language does: "A, B and C" (scoring.ListAnd in English).
func listAnd(ctx context.Context, names []string) string {
	switch len(names) {
	case 0:
		return ""
	case 1:
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " " + locales.T(ctx, "words.and") + " " + names[len(names)-1]
}

// tieNote says one tie of the standings in ctx's language (scoring.TieNote.English).
func tieNote(ctx context.Context, n scoring.TieNote) string {
	if len(n.Shared) > 0 {
		return locales.T(ctx, "standings.tie.shared", map[string]any{"Names": listAnd(ctx, n.Shared), "Place": ordinalIn(ctx, n.Rank)})
	}
	place := locales.N(ctx, placesID(n.Place), n.AheadCount)
	return locales.T(ctx, "standings.tie.ahead", map[string]any{"Ahead": n.Ahead, "Behind": n.Behind,
		"Places": place, "Other": num(ctx, n.BehindCount)})
}

// placesID is the message counting places of rank q: "2 first places" (ids
// standings.tie.places.1 to .8).
func placesID(q int) string {
	if q < 1 || q > scoring.MaxPlaces {
		q = scoring.MaxPlaces
	}
	return "standings.tie.places." + string(rune('0'+q))
}

// versionTextIn is versionText in ctx's language: the game's only version is "Standard".
func versionTextIn(ctx context.Context, name string) string {
	if name == "" {
		return locales.T(ctx, "leaguepage.version_standard")
	}
	return name
}

// gamesAndMeetingsIn is GamesAndMeetings in ctx's language: "each plays 9 games; every two
// players meet 2 or 3 times".
func gamesAndMeetingsIn(ctx context.Context, each, least, most int) string {
	meet := locales.N(ctx, "leaguepage.meet_times", least)
	if most != least {
		meet = locales.T(ctx, "leaguepage.meet_range", map[string]any{"Least": num(ctx, least), "Most": num(ctx, most)})
	}
	return locales.N(ctx, "leaguepage.each_plays", each, map[string]any{"Meet": meet})
}

// scheduleSizeIn is LeagueSummary.ScheduleSize in ctx's language: "24 games of 3 players,
// in 12 rounds".
func scheduleSizeIn(ctx context.Context, l LeagueSummary) string {
	s := locales.T(ctx, "leaguepage.schedule_size", map[string]any{"Games": num(ctx, l.TotalGames), "PerGame": num(ctx, l.PlayersPerGame)})
	if l.FaceToFace {
		s += locales.T(ctx, "leaguepage.schedule_rounds", map[string]any{"Rounds": num(ctx, l.TotalRounds)})
	}
	return s
}

// rowWhen is a game's date as ctx's language writes it; English keeps the row's own
// "Tue 1 Dec 2026 19:00".
func rowWhen(ctx context.Context, g GameRow) string {
	if g.At.IsZero() || locales.From(ctx).Code == locales.Default().Code {
		return g.When
	}
	return locales.From(ctx).DateTime(g.At)
}

// normalGameDate is when a normal game's result was recorded, in UTC, as ctx's language
// writes dates; English keeps the row's own "2 Jan 2006 UTC".
func normalGameDate(ctx context.Context, g NormalGameRow) string {
	if g.At.IsZero() || locales.From(ctx).Code == locales.Default().Code {
		return g.Date
	}
	return locales.From(ctx).ShortDate(g.At) + " UTC"
}
