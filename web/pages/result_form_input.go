package pages

import (
	"encoding/json"
	"regexp"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

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

// input builds the result body from the typed values. problems holds every input that is
// empty or not a number (by input name), all at once; the body is nil when there are any.
// Diplomacy winners follow from the outcome (scoring.ArmadaWinners).
func (f *resultForm) input() (body []byte, problems map[string]string) { return f.inputWith("") }

// inputWith is input, with placeholder standing in for each input that is empty or not a
// number when placeholder is not empty: the body is then whole, so the scorer can judge the
// inputs that were filled in (scorerProblems).
func (f *resultForm) inputWith(placeholder string) (body []byte, problems map[string]string) {
	problems = map[string]string{}
	f.inputs = map[string]string{"outcome": "outcome", "winners": "outcome", "conceded_to": "conceded_to"}
	// number reads the seat's field, as the form describes it (scoring.FormOf): a required
	// field left empty is a problem, an optional one is left out.
	number := func(s seatValues, field, path string) json.RawMessage {
		name, value := s.name(field), s.values[field]
		f.inputs[path+"."+field] = name
		described, _ := f.form.Field(field)
		switch {
		case value == "" && described.Required:
			problems[name] = "Enter " + described.Label
		case value == "":
			return nil
		case !numberPattern.MatchString(value):
			problems[name] = "Not a number: " + value
		default:
			return json.RawMessage(value)
		}
		if placeholder != "" {
			return json.RawMessage(placeholder)
		}
		return nil
	}
	doc := map[string]any{}
	// Who did not come and who played a seat for its player, in every game (CONTRACT
	// section 12). Outside Diplomacy an absent seat is left out of the players or sides,
	// and nothing is asked of it; in Diplomacy its power stays, played by the missing man.
	replaced := map[string]string{}
	var absent []string
	f.inputs["absent"] = "absent"
	for _, s := range f.seats {
		f.inputs["replaced."+s.seat.Username] = s.name("substitute")
		if sub := s.values["substitute"]; sub != "" {
			replaced[s.seat.Username] = sub
		}
		if s.values["absent"] != "" {
			f.inputs["absent["+strconv.Itoa(len(absent))+"]"] = s.name("absent")
			absent = append(absent, s.seat.Username)
		}
	}
	played := func(s seatValues) bool { return f.kind == "armada" || s.values["absent"] == "" }
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
				if s.side != name || !played(s) {
					continue
				}
				path := "sides[" + strconv.Itoa(si) + "].players[" + strconv.Itoa(len(sd.Players)) + "]"
				f.inputs[path+".id"] = s.name("units")
				p := formPlayer{ID: s.seat.Username, Units: number(s, "units", path),
					Lost: number(s, "lost", path), Points: number(s, "points", path)}
				if _, asked := f.form.Field("destroyed"); asked {
					p.Destroyed = number(s, "destroyed", path)
				}
				sd.Players = append(sd.Players, p)
			}
			sides = append(sides, sd)
		}
		doc["sides"] = sides
	case "armada":
		var players []formPlayer
		var armada []scoring.ArmadaPlayer
		f.inputs["absent[0]"] = "absent" // the one missing man: its problem is the game's
		for i, s := range f.seats {
			path := "players[" + strconv.Itoa(i) + "]"
			f.inputs[path+".id"] = s.name("centers")
			players = append(players, formPlayer{ID: s.seat.Username, Centers: number(s, "centers", path),
				Years: number(s, "years", path), Eliminated: number(s, "eliminated", path)})
			centers, _ := strconv.ParseInt(s.values["centers"], 10, 64)
			eliminated, _ := strconv.ParseInt(s.values["eliminated"], 10, 64)
			if s.values["eliminated"] != "" && eliminated == 0 {
				eliminated = -1 // typed but not a year: not a survivor either way
			}
			armada = append(armada, scoring.ArmadaPlayer{ID: s.seat.Username, Centers: centers, Eliminated: eliminated})
		}
		if f.outcome == string(scoring.OutcomeConcession) {
			// The only winner named on the form is the player the game was conceded to.
			f.inputs["winners"] = "conceded_to"
		}
		winners, err := scoring.ArmadaWinners(scoring.ArmadaOutcome(f.outcome), armada, f.concededTo)
		// A solo's winner depends on the centres: judge it only once they are numbers.
		if err != nil && (f.outcome != string(scoring.OutcomeSolo) || len(problems) == 0) {
			for _, fe := range scoring.AllFieldErrors(err) {
				problems[fe.Field] = httpx.Sentence(fe.Problem)
			}
		}
		doc["outcome"], doc["players"], doc["winners"] = f.outcome, players, winners
	case "vortex board":
		var players []formPlayer
		f.inputs["die"] = "die"
		for _, s := range f.seats {
			if !played(s) {
				continue
			}
			path := "players[" + strconv.Itoa(len(players)) + "]"
			f.inputs[path+".id"] = s.name("t1")
			f.inputs[path+".tokens"] = s.name("t1")
			p := formPlayer{ID: s.seat.Username, Start: number(s, "start", path)}
			for k := range scoring.VortexTokens {
				field := "t" + strconv.Itoa(k+1)
				t := number(s, field, path)
				if described, _ := f.form.Field(field); t == nil && s.values[field] == "" {
					t = json.RawMessage(described.Default) // a blank token is at start, as on the calculator
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
		for _, s := range f.seats {
			if !played(s) {
				continue
			}
			path := "players[" + strconv.Itoa(len(players)) + "]"
			f.inputs[path+".id"] = s.name("score")
			players = append(players, formPlayer{ID: s.seat.Username, Score: number(s, "score", path)})
		}
		doc["players"] = players
		if f.kind == "placement" && f.lowerIsBetter {
			doc["lower_is_better"] = true
		}
	}
	if len(replaced) > 0 {
		doc["replaced"] = replaced
	}
	if len(absent) > 0 {
		doc["absent"] = absent
	}
	if f.game.Status == store.GameFinished {
		f.inputs["reason"] = "reason"
		if f.reason == "" {
			problems["reason"] = "Say why the result is corrected"
		}
		doc["reason"] = f.reason
	}
	if len(problems) > 0 && placeholder == "" {
		return nil, problems
	}
	b, err := json.Marshal(doc)
	if err != nil { // the values are strings and checked numbers: cannot happen
		problems["form"] = "The form could not be read: " + err.Error()
		return nil, problems
	}
	return b, problems
}

// scorerProblems adds to problems what the scorer finds wrong with the inputs that were
// filled in, when others are empty or not numbers, so that one submit reports both (issue
// #24: "the result form ... report[s] errors in two rounds"). The scorer reads a whole
// result, so the inputs in trouble stand in as 0, then as 1; a problem is added only when
// both readings find it, word for word, on an input not marked yet: one that follows from a
// stand-in value, or that concerns the result as a whole, waits until the values are given.
func (f *resultForm) scorerProblems(check func(body []byte) error, problems map[string]string) {
	var found map[string]string
	for _, placeholder := range []string{"0", "1"} {
		body, _ := f.inputWith(placeholder)
		if body == nil {
			return
		}
		next := map[string]string{}
		for _, fe := range scoring.AllFieldErrors(check(body)) {
			if name, ok := f.inputOf(fe.Field); ok && problems[name] == "" && next[name] == "" {
				next[name] = httpx.Sentence(fe.Problem)
			}
		}
		if found != nil {
			for name, p := range next {
				if found[name] != p {
					delete(next, name)
				}
			}
		}
		found = next
	}
	for name, p := range found {
		problems[name] = p
	}
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
