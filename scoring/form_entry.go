package scoring

import (
	"cmp"
	"encoding/json"
	"fmt"
	"net/url"
	"regexp"
	"slices"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// FormEntry is a result form as filled in: the model that the result form binds (Bind) or
// fills from a decoded result (Fill), that its view reads, and that builds the game's
// result (Input), naming every problem by the form input it belongs to ("score-3",
// "outcome"), all at once. FormOf describes the fields; one builder per FormKind lays them
// out as the scorer's input.
type FormEntry struct {
	Game    Game
	Version Version
	// Form is how the game's result is entered (FormOf).
	Form ResultForm
	// Sides are a team game's two side names (SideNamesOf); nil otherwise.
	Sides []string
	Seats []SeatEntry
	// LowerIsBetter, Outcome and ConcededTo are the inputs of the whole game.
	LowerIsBetter bool
	Outcome       string
	ConcededTo    string
	// VortexBoard and Die: a Vortex result entered as the end-of-game board.
	VortexBoard bool
	Die         string
	// Correcting asks for Reason, which says why a recorded result is corrected.
	Correcting bool
	Reason     string
	// twice names the inputs posted more than once (Bind).
	twice []string
}

// SeatEntry is one seat of a result form and its inputs as typed, by field key ("score",
// "units", ...).
type SeatEntry struct {
	Seat   Seat
	Side   string
	Values map[string]string
}

// Name is the form input name of one of the seat's fields: "score-3".
func (s SeatEntry) Name(field string) string { return field + "-" + strconv.Itoa(s.Seat.Position) }

// numberPattern is what a form number may look like: a decimal, as JSON writes it.
var numberPattern = regexp.MustCompile(`^-?(0|[1-9][0-9]*)(\.[0-9]+)?$`)

// FormNumber reports whether s, typed in a form, is a number as JSON writes it: a decimal.
func FormNumber(s string) bool { return numberPattern.MatchString(s) }

// NewFormEntry is the empty result form of g played in version v at seats (seat 1 first):
// each field at its default, a Vortex seat at its start corner and the version's die.
func NewFormEntry(g Game, v Version, seats []Seat) FormEntry {
	e := FormEntry{Game: g, Version: v, Form: FormOf(g)}
	if e.Form.Kind == FormTeam {
		e.Sides = SideNamesOf(g)
	}
	side := map[int]string{}
	for i, positions := range g.Sides(len(seats)) {
		for _, p := range positions {
			side[p] = e.Sides[i]
		}
	}
	for _, s := range seats {
		se := SeatEntry{Seat: s, Side: side[s.Position], Values: map[string]string{}}
		for _, field := range e.Form.Fields() {
			if field.Default != "" {
				se.Values[field.Key] = field.Default
			}
		}
		if e.Form.Kind == FormVortex {
			se.Values["start"] = strconv.Itoa(VortexStartOf(s.Position, len(seats)))
		}
		e.Seats = append(e.Seats, se)
	}
	if e.Form.Kind == FormVortex {
		e.Die = strconv.Itoa(cmp.Or(v.Die, VortexDefaultDie))
	}
	return e
}

// SideNamesOf are a team game's two side names, "Side 1" and "Side 2" where it names none.
func SideNamesOf(g Game) []string {
	names := []string{"Side 1", "Side 2"}
	for i := range names {
		if i < len(g.SideNames) {
			names[i] = g.SideNames[i]
		}
	}
	return names
}

// VortexStartOf is the start corner of Vortex seat position (1-based) at a table of n: Red,
// Cyan, Blue and Green in turn, except that two players start at opposite corners
// (vortex-mechanics.txt: "the players start at opposite corners").
func VortexStartOf(position, n int) int {
	if n == 2 {
		return 8 * (position - 1)
	}
	return VortexStarts[(position-1)%len(VortexStarts)]
}

// Bind copies posted form values into the entry. An input posted more than once is a
// problem of its own (Input reports it), as a JSON key given twice is: neither value is
// taken for the other.
func (e *FormEntry) Bind(values url.Values) {
	e.twice = nil
	get := func(name string) string {
		if len(values[name]) > 1 {
			e.twice = append(e.twice, name)
		}
		return values.Get(name)
	}
	for i := range e.Seats {
		s := &e.Seats[i]
		for _, field := range e.Form.Fields() {
			s.Values[field.Key] = strings.TrimSpace(get(s.Name(field.Key)))
		}
	}
	// Only a game whose registry entry allows it ranks its lowest score first.
	e.LowerIsBetter = e.Game.LowerIsBetter && get("lower_is_better") != ""
	e.Outcome = get("outcome")
	e.ConcededTo = get("conceded_to")
	e.VortexBoard = get("vortex_from") == "board"
	e.Die = strings.TrimSpace(get("die"))
	e.Reason = strings.TrimSpace(get("reason"))
}

// Seat finds the seat of a username, regardless of letter case; nil when none.
func (e *FormEntry) Seat(username string) *SeatEntry {
	for i := range e.Seats {
		if strings.EqualFold(e.Seats[i].Seat.Player, username) {
			return &e.Seats[i]
		}
	}
	return nil
}

// Fill fills the entry with a decoded result of its game (Game.DecodeResult): a correction
// starts from the recorded result, a proposal's form from the proposal. A result the scorer
// could not decode leaves the entry as it is.
func (e *FormEntry) Fill(in ResultInput) {
	if in.scorer == nil || in.system != e.Game.System {
		return
	}
	set := func(id, key, value string) {
		if s := e.Seat(id); s != nil {
			s.Values[key] = value
		}
	}
	switch s := in.scorer.(type) {
	case PlacementInput:
		for _, p := range s.Players {
			set(p.ID, "score", decimal(p.Score))
		}
		e.LowerIsBetter = s.LowerIsBetter
	case vortexDecoded:
		if s.board == nil {
			for _, p := range s.scores.Players {
				set(p.ID, "score", decimal(p.Score))
			}
			break
		}
		e.VortexBoard, e.Die = true, strconv.Itoa(s.board.Die)
		for _, p := range s.board.Players {
			set(p.ID, "start", strconv.Itoa(p.Start))
			for k, t := range p.Tokens {
				set(p.ID, "t"+strconv.Itoa(k+1), strconv.Itoa(t))
			}
		}
	case teamGameDecoded:
		for _, side := range s.in.Sides {
			for _, p := range side.Players {
				set(p.ID, "units", strconv.FormatInt(p.Units, 10))
				set(p.ID, "lost", strconv.FormatInt(p.Lost, 10))
				if _, asked := e.Form.Field("destroyed"); asked {
					set(p.ID, "destroyed", strconv.FormatInt(p.Destroyed, 10))
				}
				set(p.ID, "points", decimal(p.Points))
			}
		}
	case ArmadaInput:
		for _, p := range s.Players {
			set(p.ID, "centers", strconv.FormatInt(p.Centers, 10))
			set(p.ID, "years", strconv.FormatInt(p.Years, 10))
			eliminated := ""
			if p.Eliminated != 0 {
				eliminated = strconv.FormatInt(p.Eliminated, 10)
			}
			set(p.ID, "eliminated", eliminated)
		}
		e.Outcome = string(s.Outcome)
		if s.Outcome == OutcomeConcession && len(s.Winners) == 1 {
			if seat := e.Seat(s.Winners[0]); seat != nil {
				e.ConcededTo = seat.Seat.Player
			}
		}
	}
	for id, sub := range in.Replaced {
		set(id, "substitute", sub)
	}
	for _, id := range in.Absent {
		set(id, "absent", "1")
	}
}

// Entered is what a decoded result entered for each player, by lower-case username: the
// final score, a team game's personal points, or a Diplomacy power's centres; none for a
// result the scorer could not decode, a Vortex board or an Arcs ambition.
func (in ResultInput) Entered() map[string]string {
	out := map[string]string{}
	switch s := in.scorer.(type) {
	case PlacementInput:
		for _, p := range s.Players {
			out[strings.ToLower(p.ID)] = decimal(p.Score)
		}
	case vortexDecoded:
		for _, p := range s.scores.Players {
			out[strings.ToLower(p.ID)] = decimal(p.Score)
		}
	case teamGameDecoded:
		for _, side := range s.in.Sides {
			for _, p := range side.Players {
				out[strings.ToLower(p.ID)] = decimal(p.Points)
			}
		}
	case ArmadaInput:
		for _, p := range s.Players {
			out[strings.ToLower(p.ID)] = strconv.FormatInt(p.Centers, 10)
		}
	}
	return out
}

// EnteredIn is what a stored result body of g, played in version v, entered for each
// player (ResultInput.Entered), read through Game.DecodeResult; none when the scorer now
// refuses the body.
func EnteredIn(g Game, v Version, body []byte) map[string]string {
	in, err := g.DecodeResult(v, body)
	if err != nil {
		return map[string]string{}
	}
	return in.Entered()
}

// entryBuild is one build of an entry's result: the body's members and every problem found,
// by input name.
type entryBuild struct {
	e        *FormEntry
	doc      map[string]any
	problems FieldErrors
}

// problem notes a problem of the input named name, once per input.
func (b *entryBuild) problem(name string, fe *FieldError) {
	for _, p := range b.problems {
		if p.Field == name {
			return
		}
	}
	fe.Field = name
	b.problems = append(b.problems, fe)
}

// number reads a seat's field as the form describes it (FormOf) and judges its value by the
// scorer's own rule for that field (fieldRule): a required field left empty is a problem,
// an optional one is left out (nil); a problem gives nil too.
func (b *entryBuild) number(s SeatEntry, key string) json.RawMessage {
	name, value := s.Name(key), s.Values[key]
	described, _ := b.e.Form.Field(key)
	switch {
	case value == "" && described.Required:
		// The blank is the field itself, so a page says its label in its own language.
		b.problem(name, wordedErr("", "resultform.enter", map[string]any{"Field": described}, "Enter "+described.Label))
	case value == "":
	case !numberPattern.MatchString(value):
		b.problem(name, notANumber(value))
	default:
		raw := json.RawMessage(value)
		if fe := b.e.fieldRule(key, raw); fe != nil {
			b.problem(name, fe)
			return nil
		}
		return raw
	}
	return nil
}

// notANumber is the problem of a form input that is not a number.
func notANumber(value string) *FieldError {
	return wordedErr("", "resultform.not_a_number", map[string]any{"Value": value}, "Not a number: "+value)
}

// fieldRule judges one number of a seat's field, key, by the rule the scorer reads it with
// (the same parsers and words), so a form reports it beside its input before the result is
// whole: nil when the value is fine on its own.
func (e *FormEntry) fieldRule(key string, raw json.RawMessage) *FieldError {
	var err error
	switch key {
	case "score":
		r, perr := parseNumber(raw, "")
		if err = perr; err == nil {
			return e.Game.scoreProblem(r, string(raw))
		}
	case "units", "eliminated":
		_, err = parseCount(raw, "", 1)
	case "lost", "destroyed", "centers", "years":
		_, err = parseCount(raw, "", 0)
	case "points":
		r, perr := parseNumber(raw, "")
		if err = perr; err == nil && r.Sign() < 0 {
			return negativeErr("", decimal(r))
		}
	case "start":
		var n int64
		if n, err = parseCount(raw, "", 0); err == nil && !slices.Contains(VortexStarts, int(n)) {
			return vortexStartErr("", n)
		}
	default:
		if strings.HasPrefix(key, "t") { // a Vortex token's distance
			var n int64
			if n, err = parseCount(raw, "", 0); err == nil && n > VortexCentre {
				return vortexTokenErr("", n)
			}
		}
	}
	if fe, ok := err.(*FieldError); ok {
		return fe
	}
	return nil
}

// Input builds the game's result from the entry, one builder per form kind laying the
// fields out as the scorer's input (CONTRACT section 1, usernames as ids, plus "replaced",
// "absent" and a correction's "reason"), and decodes it once (Game.DecodeResult). problems
// are every problem found, as FieldErrors each named by its form input ("score-3",
// "outcome", "die", ...), or the decoder's problems named by their field paths; Problems
// sorts either by input. The seats' checks come after, when the result is checked against
// them (ScoreSeated).
func (e *FormEntry) Input() (ResultInput, error) {
	b := &entryBuild{e: e, doc: map[string]any{}}
	for _, name := range e.twice {
		b.problem(name, fieldErr("", "given twice"))
	}
	// Who did not come and who played a seat for its player, in every game (CONTRACT
	// section 12). Outside Diplomacy an absent seat is left out of the players or sides,
	// and nothing is asked of it; in Diplomacy its power stays, played by the missing man.
	replaced := map[string]string{}
	var absent []string
	for _, s := range e.Seats {
		if sub := s.Values["substitute"]; sub != "" {
			replaced[s.Seat.Player] = sub
		}
		if s.Values["absent"] != "" {
			absent = append(absent, s.Seat.Player)
		}
	}
	switch e.bodyKind() {
	case "team":
		b.team()
	case "armada":
		b.armada()
	case "vortex board":
		b.vortexBoard()
	default:
		b.scores()
	}
	if len(replaced) > 0 {
		b.doc["replaced"] = replaced
	}
	if len(absent) > 0 {
		b.doc["absent"] = absent
	}
	if e.Correcting {
		if e.Reason == "" {
			b.problem("reason", wordedErr("", "resultform.say_why", nil, "Say why the result is corrected"))
		}
		b.doc["reason"] = e.Reason
	}
	if len(b.problems) > 0 {
		return ResultInput{}, b.problems
	}
	body, err := json.Marshal(b.doc)
	if err != nil { // the values are strings and checked numbers: cannot happen
		return ResultInput{}, fmt.Errorf("scoring: build the form's result: %w", err)
	}
	return e.Game.DecodeResult(e.Version, body)
}

// Problems sorts err's field problems (Input's, or a check's against the seats) by the form
// input each belongs to, the first of an input its own (InputOf maps a field path of the
// result to its input), and those no input holds, in err's order; an error that is no
// field problem (a refusal of the whole result) has none.
func (e *FormEntry) Problems(err error) (on map[string]*FieldError, elsewhere []*FieldError) {
	on = map[string]*FieldError{}
	for _, fe := range AllFieldErrors(err) {
		name, ok := fe.Field, e.isInput(fe.Field)
		if !ok {
			name, ok = e.InputOf(fe.Field)
		}
		switch {
		case !ok:
			elsewhere = append(elsewhere, fe)
		case on[name] == nil:
			on[name] = fe
		}
	}
	return on, elsewhere
}

// isInput reports whether name is one of the form's inputs.
func (e *FormEntry) isInput(name string) bool {
	switch name {
	case "outcome", "conceded_to", "die", "reason", "absent", "lower_is_better":
		return true
	}
	for _, s := range e.Seats {
		for _, field := range e.Form.Fields() {
			if s.Name(field.Key) == name {
				return true
			}
		}
	}
	return false
}

// bodyKind is the shape of the body the entry builds: its form's kind, or "vortex board".
func (e *FormEntry) bodyKind() string {
	if e.Form.Kind == FormVortex && e.VortexBoard {
		return "vortex board"
	}
	return string(e.Form.Kind)
}

// played reports whether seat s is in the scorer's input: outside Diplomacy an absent seat
// is left out.
func (e *FormEntry) played(s SeatEntry) bool {
	return e.Form.Kind == FormArmada || s.Values["absent"] == ""
}

// formPlayer is one player of the body a form builds.
type formPlayer struct {
	ID         string            `json:"id"`
	Score      json.RawMessage   `json:"score,omitempty"`
	Units      json.RawMessage   `json:"units,omitempty"`
	Lost       json.RawMessage   `json:"lost,omitempty"`
	Destroyed  json.RawMessage   `json:"destroyed,omitempty"`
	Points     json.RawMessage   `json:"points,omitempty"`
	Centers    json.RawMessage   `json:"centers,omitempty"`
	Years      json.RawMessage   `json:"years,omitempty"`
	Eliminated json.RawMessage   `json:"eliminated,omitempty"`
	Start      json.RawMessage   `json:"start,omitempty"`
	Tokens     []json.RawMessage `json:"tokens,omitempty"`
}

// formSide is one side of a team game's body.
type formSide struct {
	Name    string       `json:"name"`
	Players []formPlayer `json:"players"`
}

// scores builds a placement or Vortex scores body: each played seat's final score.
func (b *entryBuild) scores() {
	players := []formPlayer{}
	for _, s := range b.e.Seats {
		if b.e.played(s) {
			players = append(players, formPlayer{ID: s.Seat.Player, Score: b.number(s, "score")})
		}
	}
	b.doc["players"] = players
	if b.e.Form.Kind == FormPlacement && b.e.LowerIsBetter {
		b.doc["lower_is_better"] = true
	}
}

// vortexBoard builds a Vortex end-of-game board: each played seat's start corner and token
// distances (a blank token is at start, as on the calculator), and the die.
func (b *entryBuild) vortexBoard() {
	players := []formPlayer{}
	for _, s := range b.e.Seats {
		if !b.e.played(s) {
			continue
		}
		p := formPlayer{ID: s.Seat.Player, Start: b.number(s, "start")}
		for k := range VortexTokens {
			key := "t" + strconv.Itoa(k+1)
			t := b.number(s, key)
			if described, _ := b.e.Form.Field(key); t == nil && s.Values[key] == "" {
				t = json.RawMessage(described.Default)
			}
			p.Tokens = append(p.Tokens, t)
		}
		players = append(players, p)
	}
	b.doc["players"] = players
	if die := b.e.Die; die != "" {
		switch n, err := parseCount(json.RawMessage(die), "", 1); {
		case !numberPattern.MatchString(die):
			b.problem("die", notANumber(die))
		case err != nil:
			b.problem("die", err.(*FieldError))
		case n > maxVortexDie:
			b.problem("die", vortexDieErr("", n))
		default:
			b.doc["die"] = json.RawMessage(die)
		}
	}
}

// team builds a team game's body: its two sides, the first half of the seats the first,
// each played seat's units, losses, kills and personal points; a seat losing more units than
// it had is told so at once.
func (b *entryBuild) team() {
	var sides []formSide
	_, asksDestroyed := b.e.Form.Field("destroyed")
	for _, name := range b.e.Sides {
		sd := formSide{Name: name, Players: []formPlayer{}}
		for _, s := range b.e.Seats {
			if s.Side != name || !b.e.played(s) {
				continue
			}
			p := formPlayer{ID: s.Seat.Player, Units: b.number(s, "units"), Lost: b.number(s, "lost"), Points: b.number(s, "points")}
			if asksDestroyed {
				p.Destroyed = b.number(s, "destroyed")
			}
			if p.Units != nil && p.Lost != nil {
				units, _ := strconv.ParseInt(string(p.Units), 10, 64)
				if lost, _ := strconv.ParseInt(string(p.Lost), 10, 64); lost > units {
					b.problem(s.Name("lost"), lostExceedsErr("", lost, units))
				}
			}
			sd.Players = append(sd.Players, p)
		}
		sides = append(sides, sd)
	}
	b.doc["sides"] = sides
}

// armada builds a Diplomacy body: how the game ended, every power's centres, years and
// elimination (a power whose three numbers read is judged as the scorer judges a power's
// line), and the winners, which follow from the outcome (ArmadaWinners).
func (b *entryBuild) armada() {
	e := b.e
	var players []formPlayer
	var armada []ArmadaPlayer
	for i, s := range e.Seats {
		p := formPlayer{ID: s.Seat.Player, Centers: b.number(s, "centers"), Years: b.number(s, "years"),
			Eliminated: b.number(s, "eliminated")}
		players = append(players, p)
		centers, _ := strconv.ParseInt(s.Values["centers"], 10, 64)
		eliminated, _ := strconv.ParseInt(s.Values["eliminated"], 10, 64)
		if s.Values["eliminated"] != "" && eliminated == 0 {
			eliminated = -1 // typed but not a year: not a survivor either way
		}
		armada = append(armada, ArmadaPlayer{ID: s.Seat.Player, Centers: centers, Eliminated: eliminated})
		if p.Centers != nil && p.Years != nil && (p.Eliminated != nil || s.Values["eliminated"] == "") {
			years, _ := strconv.ParseInt(string(p.Years), 10, 64)
			line := ArmadaPlayer{ID: s.Seat.Player, Centers: centers, Years: years, Eliminated: max(eliminated, 0)}
			if fe := checkArmadaPlayer(strictjson.Index("players", i), line); fe != nil {
				if name, ok := e.InputOf(fe.Field); ok {
					b.problem(name, fe)
				}
			}
		}
	}
	winners, err := ArmadaWinners(ArmadaOutcome(e.Outcome), armada, e.ConcededTo)
	// A solo's winner depends on the centres: judge it only once they are numbers.
	if err != nil && (e.Outcome != string(OutcomeSolo) || len(b.problems) == 0) {
		for _, fe := range AllFieldErrors(err) {
			name := fe.Field
			if input, ok := e.InputOf(name); ok {
				name = input
			}
			b.problem(name, fe)
		}
	}
	b.doc["outcome"], b.doc["players"], b.doc["winners"] = e.Outcome, players, winners
}

// InputOf names the form input a field path of the entry's result comes from:
// "players[2].score" → "score-3", "sides[1].players[0].lost" → the lost input of the side's
// first played seat, "winners[0]" → "outcome" ("conceded_to" for a concession),
// "replaced.bruno" → bruno's "substitute", "absent[1]" → the second absent seat's "absent".
// It follows the body's layout: outside Diplomacy an absent seat holds no place in the
// players or sides.
func (e *FormEntry) InputOf(path string) (string, bool) {
	head, rest, _ := strings.Cut(path, ".")
	list, i, indexed := cutIndex(head)
	switch list {
	case "outcome", "die", "reason", "conceded_to":
		return list, true
	case "winners":
		if e.Outcome == string(OutcomeConcession) {
			return "conceded_to", true
		}
		return "outcome", true
	case "absent":
		if e.Form.Kind == FormArmada {
			return "absent", true // the one missing man: its problem is the game's
		}
		if !indexed {
			return "absent", true
		}
		var absent []SeatEntry
		for _, s := range e.Seats {
			if s.Values["absent"] != "" {
				absent = append(absent, s)
			}
		}
		if i < len(absent) {
			return absent[i].Name("absent"), true
		}
	case "replaced":
		if s := e.Seat(rest); s != nil && rest != "" {
			return s.Name("substitute"), true
		}
	case "players":
		if indexed && e.Form.Kind != FormTeam {
			return e.seatInput(e.playedSeats(""), i, rest)
		}
	case "sides":
		if indexed && e.Form.Kind == FormTeam && i < len(e.Sides) {
			players, rest, _ := strings.Cut(rest, ".")
			if list, j, ok := cutIndex(players); ok && list == "players" {
				return e.seatInput(e.playedSeats(e.Sides[i]), j, rest)
			}
		}
	}
	return "", false
}

// playedSeats are the seats the body lists, in its order: those of side (every seat for "")
// that were played.
func (e *FormEntry) playedSeats(side string) []SeatEntry {
	var out []SeatEntry
	for _, s := range e.Seats {
		if (side == "" || s.Side == side) && e.played(s) {
			out = append(out, s)
		}
	}
	return out
}

// seatInput names the input of field (a player's key, "tokens[2]", or "id" and "" for the
// player as a whole: its first field) of the i-th of seats.
func (e *FormEntry) seatInput(seats []SeatEntry, i int, field string) (string, bool) {
	if i < 0 || i >= len(seats) {
		return "", false
	}
	s := seats[i]
	if list, k, ok := cutIndex(field); ok && list == "tokens" {
		return s.Name("t" + strconv.Itoa(k+1)), k < VortexTokens
	}
	if _, asked := e.Form.Field(field); asked {
		return s.Name(field), true
	}
	first := e.Form.Seat[0].Key
	if e.bodyKind() == "vortex board" {
		first = "t1"
	}
	return s.Name(first), true
}

// cutIndex splits "players[2]" into "players", 2 and true; a name without an index (or one
// past any int) is itself, with false.
func cutIndex(s string) (string, int, bool) {
	open := strings.IndexByte(s, '[')
	if open < 0 || !strings.HasSuffix(s, "]") {
		return s, 0, false
	}
	i, err := strconv.Atoi(s[open+1 : len(s)-1])
	if err != nil || i < 0 {
		return s[:open], 0, false
	}
	return s[:open], i, true
}
