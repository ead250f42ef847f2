package pages

import (
	"fmt"
	"maps"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// view renders the form for its page; errs are the problems by input name.
func (f *resultForm) view(errs map[string]string) templates.ResultFormView {
	g, e := f.game, f.entry
	v := templates.ResultFormView{
		GameID: g.ID, GameNumber: g.Number, GameName: g.Game.Name, LeagueName: leagueLabelOr(g.LeagueName, "Games"),
		LeagueURL: leagueURL(g.LeagueID), ScoreLabel: g.Game.ScoreLabel,
		RulesNote: g.Game.RulesNote, Correcting: e.Correcting, Form: e.Form,
		SideNames:           e.Sides,
		OffersLowerIsBetter: e.Form.Kind == scoring.FormPlacement && g.Game.LowerIsBetter,
		LowerIsBetter:       e.LowerIsBetter, Outcome: e.Outcome, ConcededTo: e.ConcededTo,
		VortexFromBoard: e.VortexBoard, Die: e.Die, Errors: templates.FieldErrors{}, Version: g.Version,
		GameVersion: versionView(g.Game, g.GameVersion.Slug, ""),
		Reason:      e.Reason, HasPowers: len(g.Game.Powers) > 0, Normal: g.LeagueID == 0,
	}
	for name, problem := range errs {
		v.Errors[name] = problem
	}
	for _, a := range g.Inactive() {
		v.ActivityRule = fmt.Sprintf("This league's activity rule asks for %d finished %s in the last %d days. "+
			"These players have fallen short:", a.Need, scoring.Plural(a.Need, "game", "games"), a.Days)
		v.ActivityWarnings = append(v.ActivityWarnings, fmt.Sprintf("@%s: %d finished %s", a.Username, a.Recent,
			scoring.Plural(a.Recent, "game", "games")))
	}
	powers := g.Game.SeatNames(len(g.Seats))
	for _, s := range e.Seats {
		power := ""
		if v.HasPowers && s.Seat.Position >= 1 && s.Seat.Position <= len(powers) {
			power = powers[s.Seat.Position-1]
		}
		ref := f.seatRef(s.Seat.Position)
		v.Seats = append(v.Seats, templates.ResultSeatForm{Position: s.Seat.Position, Username: ref.Username,
			DisplayName: ref.DisplayName, Power: power, Side: s.Side, Values: maps.Clone(s.Values)})
	}
	return v
}

// leagueURL is the page of a game's league, or the normal games' list for a normal game
// (league 0).
func leagueURL(leagueID int64) string {
	if leagueID == 0 {
		return "/games"
	}
	return "/leagues/" + strconv.FormatInt(leagueID, 10)
}

// leagueLabelOr is a game's league name, or fallback for a normal game, which has none.
func leagueLabelOr(name, fallback string) string {
	if name == "" {
		return fallback
	}
	return name
}

// problemList is every problem of the form in people's words, in the form's order (seat by
// seat, then the fields of the whole game): "Seat 2 (Chloé Martin): the score is missing",
// "France (Hugo Moreau): not a number: x" (issue #24: never "players[1].score", counted
// from 0). errs are the problems by input name.
func (f *resultForm) problemList(errs map[string]string) []string {
	var out []string
	seen := map[string]bool{}
	for _, s := range f.entry.Seats {
		who := "Seat " + strconv.Itoa(s.Seat.Position)
		if powers := f.game.Game.SeatNames(len(f.entry.Seats)); len(f.game.Game.Powers) > 0 && s.Seat.Position > 0 && s.Seat.Position <= len(powers) {
			who = powers[s.Seat.Position-1]
		}
		who += " (" + f.seatRef(s.Seat.Position).DisplayName + ")"
		for _, field := range append(f.fields(), "substitute", "absent") {
			name := s.Name(field)
			if p, ok := errs[name]; ok && !seen[name] {
				seen[name] = true
				out = append(out, who+": "+inWords(p))
			}
		}
	}
	var rest []string
	for name := range errs {
		if !seen[name] {
			rest = append(rest, name)
		}
	}
	sort.Strings(rest)
	for _, name := range rest {
		label := formFieldNames[name]
		if label == "" {
			out = append(out, httpx.Sentence(errs[name]))
			continue
		}
		out = append(out, label+": "+inWords(errs[name]))
	}
	return out
}

// formFieldNames name the result form's inputs that belong to no seat.
var formFieldNames = map[string]string{
	"outcome": "How the game ended", "conceded_to": "Conceded to", "die": "Die", "reason": "Reason",
	"absent": "Absent", "lower_is_better": "Lower is better",
}

// inWords turns a field's message into the tail of a problem line: "Enter the score" →
// "the score is missing"; anything else starts in lower case.
func inWords(p string) string {
	if rest, ok := strings.CutPrefix(p, "Enter "); ok {
		return strings.TrimSuffix(rest, ".") + " is missing"
	}
	r, n := utf8.DecodeRuneInString(p)
	if n == 0 {
		return p
	}
	return string(unicode.ToLower(r)) + p[n:]
}
