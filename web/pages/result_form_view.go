package pages

import (
	"fmt"
	"maps"
	"sort"
	"strconv"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/templates"
)

// view renders the form for its page; errs are the problems by input name.
func (f *resultForm) view(errs templates.FormErrors) templates.ResultFormView {
	g, e := f.game, f.entry
	v := templates.ResultFormView{
		GameID: g.ID, GameNumber: g.Number, GameName: g.Game.Name, LeagueName: leagueLabelOr(g.LeagueName, "Games"),
		LeagueURL: leagueURL(g.LeagueID), ScoreLabel: g.Game.ScoreLabel,
		RulesNote: g.Game.RulesNote, Correcting: e.Correcting, Form: e.Form,
		SideNames:           e.Sides,
		OffersLowerIsBetter: e.Form.Kind == scoring.FormPlacement && g.Game.LowerIsBetter,
		LowerIsBetter:       e.LowerIsBetter, Outcome: e.Outcome, ConcededTo: e.ConcededTo,
		VortexFromBoard: e.VortexBoard, Die: e.Die, Errors: templates.FormErrors{}, Version: g.Version,
		GameVersion: versionView(g.Game, g.GameVersion.Slug, ""),
		Reason:      e.Reason, HasPowers: len(g.Game.Powers) > 0, Normal: g.LeagueID == 0,
	}
	for name, problem := range errs {
		v.Errors[name] = problem
	}
	for _, a := range service.Inactive(g) {
		v.ActivityRule = templates.ActivityRule{Need: a.Need, Days: a.Days}
		v.ActivityWarnings = append(v.ActivityWarnings, templates.ActivityShort{Username: a.Username, Recent: a.Recent})
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

// problemList is every problem of the form, in the form's order (seat by seat, then the
// fields of the whole game), each with its seat and player or its field: "Seat 2 (Chloé
// Martin): the score is missing", "France (Hugo Moreau): not a number: x" (issue #24: never
// "players[1].score", counted from 0). errs are the problems by input name; an input left
// empty is said to be missing.
func (f *resultForm) problemList(errs templates.FormErrors) []templates.FormProblem {
	var out []templates.FormProblem
	seen := map[string]bool{}
	powers := f.game.Game.SeatNames(len(f.entry.Seats))
	for _, s := range f.entry.Seats {
		p := templates.FormProblem{Position: s.Seat.Position, Player: f.seatRef(s.Seat.Position).DisplayName}
		if len(f.game.Game.Powers) > 0 && s.Seat.Position > 0 && s.Seat.Position <= len(powers) {
			p.Power = powers[s.Seat.Position-1]
		}
		for _, field := range append(f.fields(), "substitute", "absent") {
			name := s.Name(field)
			if w, ok := errs[name]; ok && !seen[name] {
				seen[name] = true
				p.Words = missing(w)
				out = append(out, p)
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
		out = append(out, templates.FormProblem{Field: formFieldNames[name], Words: errs[name]})
	}
	return out
}

// formFieldNames are the message ids of the names of the result form's inputs that belong
// to no seat.
var formFieldNames = map[string]string{
	"outcome": "resultform.how_ended_short", "conceded_to": "resultform.conceded_to", "die": "resultform.die_aria",
	"reason": "resultform.reason", "absent": "resultform.field.armada_absent", "lower_is_better": "resultform.lower_is_better_short",
}

// missing is an input's problem as a line of the problem list says it: "Enter the score"
// beside the input is "the score is missing" in the list.
func missing(w templates.FormWords) templates.FormWords {
	if w.ID == "resultform.enter" {
		w.ID, w.English = "resultform.missing", fmt.Sprint(w.Data["Field"])+" is missing"
	}
	return w
}
