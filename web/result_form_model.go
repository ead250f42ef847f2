package web

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"sort"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// resultForm is the result form's model: the game it is fitted to and what the organiser
// typed, seat by seat. It binds a posted form or a recorded input, builds the result body
// (CONTRACT section 1's scorer input, usernames as ids, plus "replaced") and maps the
// body's field paths back to the inputs they came from, so every problem lands on its field.
type resultForm struct {
	game  store.ResultGame
	kind  string // "placement", "vortex", "team" or "armada"
	sides []string
	seats []seatValues
	// lowerIsBetter, outcome and concededTo are the game-wide inputs.
	lowerIsBetter bool
	outcome       string
	concededTo    string
	// vortexBoard and die: a Vortex result entered as the end-of-game board.
	vortexBoard bool
	die         string
	// reason says why a correction is made; a correction needs one.
	reason string
	// inputs maps a body field path ("players[2].score") to its form input ("score-3");
	// input fills it.
	inputs map[string]string
}

// seatValues is one seat and its inputs as typed, by field ("score", "units", ...).
type seatValues struct {
	seat   store.SeatRef
	side   string
	values map[string]string
}

// name is the form input name of one of the seat's fields: "score-3".
func (s seatValues) name(field string) string { return field + "-" + strconv.Itoa(s.seat.Position) }

// Each form kind's per-seat fields, in the order they are asked.
var (
	scoreFields  = []string{"score"}
	vortexFields = []string{"score", "start", "t1", "t2", "t3", "t4"}
	teamFields   = []string{"units", "lost", "destroyed", "points"}
	armadaFields = []string{"centers", "years", "eliminated", "substitute", "absent"}
)

// newResultForm is the empty form of g, fitted to its scorer.
func newResultForm(g store.ResultGame) *resultForm {
	f := &resultForm{game: g, inputs: map[string]string{}}
	switch {
	case g.Game.System.IsTeamGame():
		f.kind = "team"
		f.sides = sideNames(g.Game)
	case g.Game.System == scoring.Armada:
		f.kind = "armada"
	case g.Game.System == scoring.Vortex:
		f.kind = "vortex"
	default:
		f.kind = "placement"
	}
	side := map[int]string{}
	for i, positions := range g.Game.Sides(len(g.Seats)) {
		if i < len(f.sides) {
			for _, p := range positions {
				side[p] = f.sides[i]
			}
		}
	}
	for _, s := range g.Seats {
		sv := seatValues{seat: s, side: side[s.Position], values: map[string]string{}}
		switch f.kind {
		case "team":
			sv.values = map[string]string{"units": "1", "lost": "0", "destroyed": "0", "points": "0"}
		case "vortex":
			sv.values = map[string]string{"start": strconv.Itoa(vortexStart(s.Position, len(g.Seats))), "t1": "0", "t2": "0", "t3": "0", "t4": "0"}
		}
		f.seats = append(f.seats, sv)
	}
	if f.kind == "vortex" {
		f.die = strconv.Itoa(cmp.Or(g.GameVersion.Die, scoring.VortexDefaultDie))
	}
	return f
}

// vortexStart is the start corner of Vortex seat position (1-based) at a table of n: Red,
// Cyan, Blue and Green in turn, except that two players start at opposite corners
// (vortex-mechanics.txt: "the players start at opposite corners").
func vortexStart(position, n int) int {
	if n == 2 {
		return 8 * (position - 1)
	}
	return scoring.VortexStarts[(position-1)%len(scoring.VortexStarts)]
}

// sideNames are a team game's two side names.
func sideNames(g scoring.Game) []string {
	names := []string{"Side 1", "Side 2"}
	for i := range names {
		if i < len(g.SideNames) {
			names[i] = g.SideNames[i]
		}
	}
	return names
}

// fields are the per-seat fields the form asks for its game.
func (f *resultForm) fields() []string {
	switch f.kind {
	case "team":
		if f.game.Game.System != scoring.BlueMax { // Wooden Ships does not count enemy units destroyed
			return []string{"units", "lost", "points"}
		}
		return teamFields
	case "armada":
		return armadaFields
	case "vortex":
		return vortexFields
	}
	return scoreFields
}

// bind copies the posted values into the form.
func (f *resultForm) bind(form url.Values) {
	for i := range f.seats {
		s := &f.seats[i]
		for _, field := range f.fields() {
			s.values[field] = strings.TrimSpace(form.Get(s.name(field)))
		}
	}
	// Only a game whose registry entry allows it ranks its lowest score first.
	f.lowerIsBetter = f.game.Game.LowerIsBetter && form.Get("lower_is_better") != ""
	f.outcome = form.Get("outcome")
	f.concededTo = form.Get("conceded_to")
	f.vortexBoard = form.Get("vortex_from") == "board"
	f.die = strings.TrimSpace(form.Get("die"))
	f.reason = strings.TrimSpace(form.Get("reason"))
}

// storedInput is the shape of every recorded result body, to fill a correction form.
type storedInput struct {
	Players []struct {
		ID         string        `json:"id"`
		Score      json.Number   `json:"score"`
		Centers    json.Number   `json:"centers"`
		Years      json.Number   `json:"years"`
		Eliminated json.Number   `json:"eliminated"`
		Start      json.Number   `json:"start"`
		Tokens     []json.Number `json:"tokens"`
	} `json:"players"`
	Die   json.Number `json:"die"`
	Sides []struct {
		Players []struct {
			ID        string      `json:"id"`
			Units     json.Number `json:"units"`
			Lost      json.Number `json:"lost"`
			Destroyed json.Number `json:"destroyed"`
			Points    json.Number `json:"points"`
		} `json:"players"`
	} `json:"sides"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Outcome       string            `json:"outcome"`
	Winners       []string          `json:"winners"`
	Replaced      map[string]string `json:"replaced"`
	Absent        []string          `json:"absent"`
}

// fill fills the form with a recorded result's body (a correction starts from it).
func (f *resultForm) fill(body []byte) {
	var in storedInput
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	if dec.Decode(&in) != nil {
		return
	}
	for _, p := range in.Players {
		if s := f.seat(p.ID); s != nil {
			s.values["score"], s.values["centers"], s.values["years"], s.values["eliminated"] =
				p.Score.String(), p.Centers.String(), p.Years.String(), p.Eliminated.String()
			if p.Tokens != nil {
				f.vortexBoard = true
				s.values["start"] = p.Start.String()
				for k, t := range p.Tokens {
					s.values["t"+strconv.Itoa(k+1)] = t.String()
				}
			}
		}
	}
	if f.vortexBoard {
		f.die = orDefault(in.Die, strconv.Itoa(cmp.Or(f.game.GameVersion.Die, scoring.VortexDefaultDie)))
	}
	for _, side := range in.Sides {
		for _, p := range side.Players {
			if s := f.seat(p.ID); s != nil {
				s.values["units"], s.values["lost"] = orDefault(p.Units, "1"), orDefault(p.Lost, "0")
				s.values["destroyed"], s.values["points"] = orDefault(p.Destroyed, "0"), orDefault(p.Points, "0")
			}
		}
	}
	for id, sub := range in.Replaced {
		if s := f.seat(id); s != nil {
			s.values["substitute"] = sub
		}
	}
	for _, id := range in.Absent {
		if s := f.seat(id); s != nil {
			s.values["absent"] = "1"
		}
	}
	f.lowerIsBetter, f.outcome = in.LowerIsBetter, in.Outcome
	if in.Outcome == string(scoring.OutcomeConcession) && len(in.Winners) == 1 {
		if s := f.seat(in.Winners[0]); s != nil {
			f.concededTo = s.seat.Username
		}
	}
}

// scoresOf reads what was entered for each player of a result body, by lower-case
// username: the final score, a team game's personal points, or Diplomacy centres.
func scoresOf(body []byte) map[string]string {
	var in storedInput
	dec := json.NewDecoder(strings.NewReader(string(body)))
	dec.UseNumber()
	out := map[string]string{}
	if dec.Decode(&in) != nil {
		return out
	}
	for _, p := range in.Players {
		score := p.Score.String()
		if in.Outcome != "" {
			score = p.Centers.String()
		}
		out[strings.ToLower(p.ID)] = score
	}
	for _, side := range in.Sides {
		for _, p := range side.Players {
			out[strings.ToLower(p.ID)] = orDefault(p.Points, "0")
		}
	}
	return out
}

// seat finds the seat of a username, regardless of letter case; nil when none.
func (f *resultForm) seat(username string) *seatValues {
	for i := range f.seats {
		if strings.EqualFold(f.seats[i].seat.Username, username) {
			return &f.seats[i]
		}
	}
	return nil
}

// orDefault is n as typed, or def when absent.
func orDefault(n json.Number, def string) string {
	if n == "" {
		return def
	}
	return n.String()
}

// numberPattern is what a form number may look like: a decimal, as JSON writes it.
var numberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// formPlayer is one player of the body the form builds.
type formPlayer struct {
	ID         string          `json:"id"`
	Score      json.RawMessage `json:"score,omitempty"`
	Units      json.RawMessage `json:"units,omitempty"`
	Lost       json.RawMessage `json:"lost,omitempty"`
	Destroyed  json.RawMessage `json:"destroyed,omitempty"`
	Points     json.RawMessage `json:"points,omitempty"`
	Centers    json.RawMessage `json:"centers,omitempty"`
	Years      json.RawMessage `json:"years,omitempty"`
	Eliminated json.RawMessage `json:"eliminated,omitempty"`
	// Start and Tokens are a Vortex board's (the scorer then ignores scores).
	Start  json.RawMessage   `json:"start,omitempty"`
	Tokens []json.RawMessage `json:"tokens,omitempty"`
}

// formSide is one side of a team game's body.
type formSide struct {
	Name    string       `json:"name"`
	Players []formPlayer `json:"players"`
}

// labels say what each field asks, for "Enter ..." messages.
var labels = map[string]string{
	"units": "the units the player started with", "lost": "the units lost", "destroyed": "the enemy units destroyed",
	"points": "the personal points", "centers": "the supply centres (0 if none)", "years": "the game-years played",
	"start": "the start corner", "t1": "the distance of token 1", "t2": "the distance of token 2",
	"t3": "the distance of token 3", "t4": "the distance of token 4",
}

// input builds the result body from the typed values. problems holds every input that is
// empty or not a number (by input name), all at once; the body is nil when there are any.
// Diplomacy winners follow from the outcome (scoring.ArmadaWinners).
func (f *resultForm) input() (body []byte, problems map[string]string) {
	problems = map[string]string{}
	f.inputs = map[string]string{"outcome": "outcome", "winners": "outcome", "conceded_to": "conceded_to"}
	number := func(s seatValues, field, path string, required bool) json.RawMessage {
		name, value := s.name(field), s.values[field]
		f.inputs[path+"."+field] = name
		switch {
		case value == "" && required:
			label := labels[field]
			if field == "score" {
				label = "the " + f.game.Game.ScoreLabel
			}
			problems[name] = "Enter " + label
		case value == "":
		case !numberPattern.MatchString(value):
			problems[name] = "Not a number: " + value
		default:
			return json.RawMessage(value)
		}
		return nil
	}
	doc := map[string]any{}
	kind := f.kind
	if kind == "vortex" && f.vortexBoard {
		kind = "vortex board"
	}
	switch kind {
	case "team":
		var sides []formSide
		for si, name := range f.sides {
			sd := formSide{Name: name, Players: []formPlayer{}}
			for _, s := range f.seats {
				if s.side != name {
					continue
				}
				path := "sides[" + strconv.Itoa(si) + "].players[" + strconv.Itoa(len(sd.Players)) + "]"
				f.inputs[path+".id"] = s.name("units")
				p := formPlayer{ID: s.seat.Username, Units: number(s, "units", path, true),
					Lost: number(s, "lost", path, true), Points: number(s, "points", path, true)}
				if f.game.Game.System == scoring.BlueMax {
					p.Destroyed = number(s, "destroyed", path, true)
				}
				sd.Players = append(sd.Players, p)
			}
			sides = append(sides, sd)
		}
		doc["sides"] = sides
	case "armada":
		var players []formPlayer
		var armada []scoring.ArmadaPlayer
		replaced := map[string]string{}
		var absent []string
		f.inputs["absent"], f.inputs["absent[0]"] = "absent", "absent"
		for i, s := range f.seats {
			path := "players[" + strconv.Itoa(i) + "]"
			f.inputs[path+".id"] = s.name("centers")
			f.inputs["replaced."+s.seat.Username] = s.name("substitute")
			if s.values["absent"] != "" {
				absent = append(absent, s.seat.Username)
			}
			players = append(players, formPlayer{ID: s.seat.Username, Centers: number(s, "centers", path, true),
				Years: number(s, "years", path, true), Eliminated: number(s, "eliminated", path, false)})
			centers, _ := strconv.ParseInt(s.values["centers"], 10, 64)
			eliminated, _ := strconv.ParseInt(s.values["eliminated"], 10, 64)
			if s.values["eliminated"] != "" && eliminated == 0 {
				eliminated = -1 // typed but not a year: not a survivor either way
			}
			armada = append(armada, scoring.ArmadaPlayer{ID: s.seat.Username, Centers: centers, Eliminated: eliminated})
			if sub := s.values["substitute"]; sub != "" {
				replaced[s.seat.Username] = sub
			}
		}
		if f.outcome == string(scoring.OutcomeConcession) {
			// The only winner named on the form is the player the game was conceded to.
			f.inputs["winners"] = "conceded_to"
		}
		winners, err := scoring.ArmadaWinners(scoring.ArmadaOutcome(f.outcome), armada, f.concededTo)
		// A solo's winner depends on the centres: judge it only once they are numbers.
		if err != nil && (f.outcome != string(scoring.OutcomeSolo) || len(problems) == 0) {
			for _, fe := range scoring.AllFieldErrors(err) {
				problems[fe.Field] = sentence(fe.Problem)
			}
		}
		doc["outcome"], doc["players"], doc["winners"] = f.outcome, players, winners
		if len(replaced) > 0 {
			doc["replaced"] = replaced
		}
		if len(absent) > 0 {
			doc["absent"] = absent
		}
	case "vortex board":
		var players []formPlayer
		f.inputs["die"] = "die"
		for i, s := range f.seats {
			path := "players[" + strconv.Itoa(i) + "]"
			f.inputs[path+".id"] = s.name("t1")
			f.inputs[path+".tokens"] = s.name("t1")
			p := formPlayer{ID: s.seat.Username, Start: number(s, "start", path, true)}
			for k := range 4 {
				field := "t" + strconv.Itoa(k+1)
				t := number(s, field, path, false)
				if t == nil && s.values[field] == "" {
					t = json.RawMessage("0") // a blank token is at start, as on the calculator
				}
				p.Tokens = append(p.Tokens, t)
				f.inputs[path+".tokens["+strconv.Itoa(k)+"]"] = s.name(field)
			}
			players = append(players, p)
		}
		doc["players"] = players
		if f.die != "" {
			if !numberPattern.MatchString(f.die) {
				problems["die"] = "Not a number: " + f.die
			} else {
				doc["die"] = json.RawMessage(f.die)
			}
		}
	default:
		var players []formPlayer
		for i, s := range f.seats {
			path := "players[" + strconv.Itoa(i) + "]"
			f.inputs[path+".id"] = s.name("score")
			players = append(players, formPlayer{ID: s.seat.Username, Score: number(s, "score", path, true)})
		}
		doc["players"] = players
		if f.kind == "placement" && f.lowerIsBetter {
			doc["lower_is_better"] = true
		}
	}
	if f.game.Status == store.GameFinished {
		f.inputs["reason"] = "reason"
		if f.reason == "" {
			problems["reason"] = "Say why the result is corrected"
		}
		doc["reason"] = f.reason
	}
	if len(problems) > 0 {
		return nil, problems
	}
	b, err := json.Marshal(doc)
	if err != nil { // the values are strings and checked numbers: cannot happen
		problems["form"] = "The form could not be read: " + err.Error()
		return nil, problems
	}
	return b, nil
}

// inputOf maps a body field path from a refusal back to the form input it came from:
// "players[2].score" → "score-3", "winners[0]" → "outcome". input must have run.
func (f *resultForm) inputOf(path string) (string, bool) {
	if name, ok := f.inputs[path]; ok {
		return name, true
	}
	if i := strings.LastIndexByte(path, '['); i > 0 && strings.HasSuffix(path, "]") {
		name, ok := f.inputs[path[:i]]
		return name, ok
	}
	return "", false
}

// view renders the form for its page; errs are the problems by input name.
func (f *resultForm) view(errs map[string]string) templates.ResultFormView {
	g := f.game
	v := templates.ResultFormView{
		GameID: g.ID, GameNumber: g.Number, GameName: g.Game.Name, LeagueName: leagueLabelOr(g.LeagueName, "Games"),
		LeagueURL: leagueURL(g.LeagueID), ScoreLabel: g.Game.ScoreLabel,
		RulesNote: g.Game.RulesNote, Correcting: g.Status == store.GameFinished, Kind: f.kind,
		SideNames: f.sides, ShowDestroyed: g.Game.System == scoring.BlueMax,
		OffersLowerIsBetter: f.kind == "placement" && g.Game.LowerIsBetter,
		LowerIsBetter:       f.lowerIsBetter, Outcome: f.outcome, ConcededTo: f.concededTo,
		VortexFromBoard: f.vortexBoard, Die: f.die, Errors: templates.FieldErrors{}, Version: g.Version,
		GameVersion: versionView(g.Game, g.GameVersion.Slug, ""),
		Reason:      f.reason, HasPowers: len(g.Game.Powers) > 0, Normal: g.LeagueID == 0,
	}
	for name, problem := range errs {
		v.Errors[name] = problem
	}
	for _, a := range g.Inactive() {
		v.ActivityRule = fmt.Sprintf("This league's activity rule asks for %d finished %s in the last %d days. "+
			"These players have fallen short:", a.Need, plural(a.Need, "game", "games"), a.Days)
		v.ActivityWarnings = append(v.ActivityWarnings, fmt.Sprintf("@%s: %d finished %s", a.Username, a.Recent,
			plural(a.Recent, "game", "games")))
	}
	powers := g.Game.SeatNames(len(g.Seats))
	for _, s := range f.seats {
		val := s.values
		power := ""
		if v.HasPowers && s.seat.Position >= 1 && s.seat.Position <= len(powers) {
			power = powers[s.seat.Position-1]
		}
		v.Seats = append(v.Seats, templates.ResultSeatForm{Position: s.seat.Position, Username: s.seat.Username,
			DisplayName: s.seat.DisplayName, Power: power, Side: s.side, Score: val["score"], Units: val["units"], Lost: val["lost"],
			Destroyed: val["destroyed"], Points: val["points"], Centers: val["centers"], Years: val["years"],
			Eliminated: val["eliminated"], Substitute: val["substitute"], Absent: val["absent"] != "", Start: val["start"],
			Tokens: [4]string{val["t1"], val["t2"], val["t3"], val["t4"]}})
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
	for _, s := range f.seats {
		who := "Seat " + strconv.Itoa(s.seat.Position)
		if powers := f.game.Game.Powers; s.seat.Position-1 < len(powers) && s.seat.Position > 0 && len(powers) > 0 {
			who = powers[s.seat.Position-1]
		}
		who += " (" + s.seat.DisplayName + ")"
		for _, field := range append(f.fields(), "substitute", "absent") {
			name := s.name(field)
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
			out = append(out, sentence(errs[name]))
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
