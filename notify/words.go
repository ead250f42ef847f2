package notify

import (
	"cmp"
	"math/big"
	"strconv"
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// pageURL is the address of the page a notice is about: its game, or its league.
func (w *Worker) pageURL(no store.Notice) string {
	switch {
	case no.SeasonID != 0:
		return w.baseURL + "/seasons/" + strconv.FormatInt(no.SeasonID, 10)
	case no.GameID != 0 && no.Kind != store.NoticeScheduleDrawn && no.Kind != store.NoticeLeagueFinished:
		return w.baseURL + "/games/" + strconv.FormatInt(no.GameID, 10)
	case no.LeagueID != 0:
		return w.baseURL + "/leagues/" + strconv.FormatInt(no.LeagueID, 10)
	}
	return w.baseURL + "/"
}

// words is a notice's subject and plain text, as people read them in l: league points as
// mixed numbers, counts, numbers and dates as l writes them, dates in the league's time
// zone. Names (of players, leagues, seasons, games) and what people typed stay as they are.
func (w *Worker) words(l locales.Lang, no store.Notice) (subject, text string) {
	gameName := no.Game
	if g, err := scoring.GameBySlug(no.Game); err == nil {
		gameName = g.Name
	}
	where := l.T("mail.where.table", map[string]any{"Game": gameName})
	if no.LeagueName != "" {
		where = l.T("mail.where.league", map[string]any{"Number": l.Int(no.GameNumber), "League": no.LeagueName})
	}
	proposer := cmp.Or(no.ProposerName, no.Proposer)
	data := map[string]any{"Where": where, "Game": gameName, "League": no.LeagueName, "Season": no.SeasonName,
		"Proposer": proposer, "Division": l.Int(no.Division)}
	var b strings.Builder
	line := func(id string, extra ...map[string]any) {
		b.WriteString(l.T(id, with(data, extra...)))
		b.WriteString("\n")
	}
	switch no.Kind {
	case store.NoticeScheduleDrawn:
		subject = l.T("mail.schedule.subject", data)
		b.WriteString(l.N("mail.schedule.text", no.Games, data) + "\n")
	case store.NoticeResultRecorded, store.NoticeResultCorrected:
		id := "mail.recorded"
		if no.Kind == store.NoticeResultCorrected {
			id = "mail.corrected"
		}
		subject = l.T(id+".subject", data)
		line(id + ".text")
		if no.Reason != "" {
			line("mail.reason", map[string]any{"Reason": no.Reason})
		}
		b.WriteString("\n")
		writeNoticeResults(&b, l, no.Results)
	case store.NoticeResultProposed, store.NoticeResultDisputed:
		if no.Kind == store.NoticeResultProposed {
			id := "mail.proposed"
			if no.Revision > 1 {
				id = "mail.changed"
			}
			subject = l.T(id+".subject", data)
			line(id + ".text")
			if no.ClosesAt != nil {
				line("mail.proposed.until", map[string]any{"When": inZone(l, *no.ClosesAt, no.TimeZone)})
			}
		} else {
			subject = l.T("mail.disputed.subject", data)
			line("mail.disputed.text", map[string]any{"By": cmp.Or(no.DisputedByName, no.DisputedBy)})
			line("mail.reason", map[string]any{"Reason": no.Reason})
		}
		b.WriteString("\n")
		writeNoticeResults(&b, l, no.Results)
		if no.ConfirmToken != "" {
			b.WriteString("\n")
			line("mail.confirm_link", map[string]any{"Link": w.baseURL + "/confirm/" + no.ConfirmToken})
		}
	case store.NoticeGameSoon:
		subject = l.T("mail.soon.subject", data)
		id := "mail.soon.text"
		extra := map[string]any{}
		if no.StartsAt != nil {
			id += "_when"
			extra["When"] = inZone(l, *no.StartsAt, no.TimeZone)
		}
		if no.Place != "" {
			// The sentence ends after the place: its own full stop is not doubled.
			id += "_place"
			extra["Place"] = strings.TrimRight(no.Place, ".")
		}
		line(id, extra)
		if no.AttendanceToken != "" {
			b.WriteString("\n")
			line("mail.attend_link", map[string]any{"Link": w.baseURL + "/attend/" + no.AttendanceToken})
		}
	case store.NoticeLeagueFinished:
		id := "mail.finished"
		if no.ClosedEarly {
			id = "mail.closed"
		}
		subject = l.T(id+".subject", data)
		line(id + ".text")
	case store.NoticeSeasonOpen:
		subject = l.T("mail.season_open.subject", data)
		line("mail.season_open.text")
	case store.NoticeSeasonStarted:
		subject = l.T("mail.season_started.subject", data)
		line("mail.season_started.text")
		if len(no.FirstGames) > 0 {
			nums := make([]string, len(no.FirstGames))
			for i, g := range no.FirstGames {
				nums[i] = l.Int(g)
			}
			b.WriteString(l.N("mail.season_started.first", len(nums), with(data, map[string]any{"Numbers": strings.Join(nums, ", ")})) + "\n")
		}
	case store.NoticeSeasonFinished:
		move := movementWords(l, no.Division, no.ToDivision)
		subject = l.T("mail.season_finished.subject", with(data, map[string]any{"Movement": move}))
		line("mail.season_finished.text", map[string]any{"Movement": move})
	default:
		subject = l.T("mail.unknown.subject", map[string]any{"Kind": no.Kind})
	}
	b.WriteString("\n" + w.pageURL(no) + "\n")
	return subject, b.String()
}

// with is data with extra's blanks added (extra wins), for one message.
func with(data map[string]any, extra ...map[string]any) map[string]any {
	if len(extra) == 0 {
		return data
	}
	out := make(map[string]any, len(data)+len(extra[0]))
	for k, v := range data {
		out[k] = v
	}
	for k, v := range extra[0] {
		out[k] = v
	}
	return out
}

// movementWords says in l a season's movement from one division to another, 1 on top.
func movementWords(l locales.Lang, from, to int) string {
	switch {
	case to < from:
		return l.T("mail.move.up", map[string]any{"Division": l.Int(to)})
	case to > from:
		return l.T("mail.move.down", map[string]any{"Division": l.Int(to)})
	}
	return l.T("mail.move.stay", map[string]any{"Division": l.Int(from)})
}

// writeNoticeResults writes a notice's result lines in l: place, player and league points
// (exact mixed numbers in every language, "17 1/2", with the plural l gives them).
func writeNoticeResults(b *strings.Builder, l locales.Lang, results []store.NoticeResult) {
	for _, r := range results {
		var points string
		if pts, ok := new(big.Rat).SetString(r.Points); ok {
			abs := new(big.Rat).Abs(pts)
			decimal := abs.FloatString(2)
			if abs.IsInt() {
				decimal = abs.Num().String()
			}
			points = l.NDecimal("mail.points", decimal, scoring.Mixed(pts))
		} else {
			points = l.NDecimal("mail.points", "2", r.Points)
		}
		b.WriteString(templates.OrdinalIn(l, r.Place) + "  " + cmp.Or(r.DisplayName, r.Username) + "  " + points + "\n")
	}
}

// inZone writes t in l in the named time zone, as "Tue 24 Nov 2026, 19:00 (Europe/Amsterdam)".
func inZone(l locales.Lang, t time.Time, zone string) string {
	loc, err := time.LoadLocation(zone)
	if err != nil || zone == "" {
		loc, zone = time.UTC, "UTC"
	}
	return l.DateTime(t.In(loc)) + " (" + zone + ")"
}
