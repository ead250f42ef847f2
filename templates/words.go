package templates

import (
	"strings"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
)

// statusIDs are the message ids of the statuses a badge shows: a league's, a season's and a
// game's or table's.
var statusIDs = map[string]string{
	"open":      "status.open",
	"running":   "status.running",
	"finished":  "status.finished",
	"scheduled": "status.scheduled",
	"ready":     "status.ready",
}

// statusWord is a status as a badge says it in l; one without words shows as it is.
func statusWord(l locales.Lang, status string) string {
	if id, ok := statusIDs[status]; ok {
		return l.T(id)
	}
	return status
}

// ActivityRuleIn is ActivityRule said in l.
func (l LeagueSummary) ActivityRuleIn(lang locales.Lang) string {
	if l.MinRecentGames == 0 {
		return lang.T("activity.anyone")
	}
	return lang.N("activity.rule", l.MinRecentGames, map[string]any{"Days": lang.Int(l.RecentDays)})
}

// OrdinalIn writes a place as l writes it: "3rd" in English (scoring.Ordinal), "3º" in
// Italian, "3e" in French ("1er" for the first), "3." in German (each file's
// "words.ordinal", so a new language brings its own).
func OrdinalIn(l locales.Lang, n int) string {
	if l.Code == locales.Default().Code {
		return scoring.Ordinal(n)
	}
	return l.N("words.ordinal", n)
}

// LeaguePreviewIn is LeaguePreview said in l.
func LeaguePreviewIn(l locales.Lang, players, perGame, games, rounds int, faceToFace bool, each, least, most int) string {
	if l.Code == locales.Default().Code {
		return LeaguePreview(players, perGame, games, rounds, faceToFace, each, least, most)
	}
	s := l.T("preview.size", map[string]any{"Players": l.Int(players), "PerGame": l.Int(perGame), "Games": l.N("count.games", games)})
	if faceToFace {
		s += " " + l.N("preview.rounds", rounds)
	}
	meet := l.N("preview.meet", least)
	if most != least {
		meet = l.T("preview.meet_range", map[string]any{"Least": l.Int(least), "Most": l.Int(most)})
	}
	return s + "; " + l.N("preview.each", each) + "; " + meet + "."
}

// MovesIn is Moves said in l.
func (s SeasonSummary) MovesIn(l locales.Lang) string {
	if s.Promote == 0 {
		return l.T("season.nobody_moves")
	}
	return l.T("season.moves", map[string]any{"N": l.Int(s.Promote)})
}

// NewChartIn is NewChart with its ticks and start said in l.
func NewChartIn(l locales.Lang, label string, values []ChartValue) Chart {
	c := NewChart(label, values)
	if l.Code == locales.Default().Code {
		return c
	}
	for i := range c.Ticks {
		c.Ticks[i].Label = strings.Replace(c.Ticks[i].Label, ".", l.DecimalPoint(), 1)
	}
	if len(c.Points) > 0 {
		c.Points[0].Title = l.T("chart.start")
	}
	return c
}
