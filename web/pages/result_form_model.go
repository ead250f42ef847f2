package pages

import (
	"cmp"
	"encoding/json"
	"net/url"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// resultForm is the result form's model: the game it is fitted to and what the organiser
// typed, seat by seat. It binds a posted form or a recorded input, builds the result body
// (CONTRACT section 1's scorer input, usernames as ids, plus "replaced") and maps the
// body's field paths back to the inputs they came from, so every problem lands on its field.
type resultForm struct {
	game store.ResultGame
	// form is how the game's scoring system is entered (scoring.FormOf); kind its shape,
	// "placement", "vortex", "team" or "armada".
	form  scoring.ResultForm
	kind  string
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

// newResultForm is the empty form of g, fitted to its scorer.
func newResultForm(g store.ResultGame) *resultForm {
	f := &resultForm{game: g, form: scoring.FormOf(g.Game), inputs: map[string]string{}}
	f.kind = string(f.form.Kind)
	if f.form.Kind == scoring.FormTeam {
		f.sides = sideNames(g.Game)
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
		for _, field := range f.form.Fields() {
			if field.Default != "" {
				sv.values[field.Key] = field.Default
			}
		}
		if f.form.Kind == scoring.FormVortex {
			sv.values["start"] = strconv.Itoa(vortexStart(s.Position, len(g.Seats)))
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

// fields are the keys of the per-seat fields the form asks for its game, in order.
func (f *resultForm) fields() []string {
	var keys []string
	for _, field := range f.form.Fields() {
		keys = append(keys, field.Key)
	}
	return keys
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

// storedInput is the shape of every recorded result body, to fill a correction form: each
// player's numbers by the key its form field has (scoring.FormField.Key), and the fields
// of the whole game.
type storedInput struct {
	Players []storedPlayer `json:"players"`
	Die     json.Number    `json:"die"`
	Sides   []struct {
		Players []storedPlayer `json:"players"`
	} `json:"sides"`
	LowerIsBetter bool              `json:"lower_is_better"`
	Outcome       string            `json:"outcome"`
	Winners       []string          `json:"winners"`
	Replaced      map[string]string `json:"replaced"`
	Absent        []string          `json:"absent"`
}

// storedPlayer is one player of a recorded body: its id, a Vortex board's tokens, and its
// numbers by key ("score", "centers", "units", ...).
type storedPlayer struct {
	ID      string
	Tokens  []json.Number
	Numbers map[string]json.Number
}

// UnmarshalJSON reads a player's id, tokens and numbers (decoded with UseNumber).
func (p *storedPlayer) UnmarshalJSON(data []byte) error {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(data, &fields); err != nil {
		return err
	}
	p.Numbers = map[string]json.Number{}
	for key, raw := range fields {
		var err error
		switch key {
		case "id":
			err = json.Unmarshal(raw, &p.ID)
		case "tokens":
			err = json.Unmarshal(raw, &p.Tokens)
		default:
			var n json.Number
			if json.Unmarshal(raw, &n) == nil {
				p.Numbers[key] = n
			}
		}
		if err != nil {
			return err
		}
	}
	return nil
}

// fill fills the form with a recorded result's body (a correction starts from it): each
// seat's fields the form asks (scoring.FormOf), a field the body leaves out at its default.
func (f *resultForm) fill(body []byte) {
	var in storedInput
	if json.Unmarshal(body, &in) != nil {
		return
	}
	players := in.Players
	for _, side := range in.Sides {
		players = append(players, side.Players...)
	}
	for _, p := range players {
		s := f.seat(p.ID)
		if s == nil {
			continue
		}
		for _, field := range f.form.Seat {
			if field.Input == scoring.InputNumber {
				s.values[field.Key] = orDefault(p.Numbers[field.Key], field.Default)
			}
		}
		if p.Tokens != nil {
			f.vortexBoard = true
			s.values["start"] = p.Numbers["start"].String()
			for k, t := range p.Tokens {
				s.values["t"+strconv.Itoa(k+1)] = t.String()
			}
		}
	}
	if f.vortexBoard {
		f.die = orDefault(in.Die, strconv.Itoa(cmp.Or(f.game.GameVersion.Die, scoring.VortexDefaultDie)))
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
	out := map[string]string{}
	if json.Unmarshal(body, &in) != nil {
		return out
	}
	for _, p := range in.Players {
		score := p.Numbers["score"].String()
		if in.Outcome != "" {
			score = p.Numbers["centers"].String()
		}
		out[strings.ToLower(p.ID)] = score
	}
	for _, side := range in.Sides {
		for _, p := range side.Players {
			out[strings.ToLower(p.ID)] = orDefault(p.Numbers["points"], "0")
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
