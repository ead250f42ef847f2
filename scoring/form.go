package scoring

import (
	"strconv"
	"strings"
)

// FormKind is the shape of a result form: how a scoring system's result is entered.
type FormKind string

// The result forms' shapes.
const (
	// FormPlacement asks each seat's final score.
	FormPlacement FormKind = "placement"
	// FormVortex asks each seat's final score, or the end-of-game board it is scored from.
	FormVortex FormKind = "vortex"
	// FormTeam asks each side's players their units, losses, kills and personal points.
	FormTeam FormKind = "team"
	// FormArmada asks how a Diplomacy game ended and each power's centres, years and
	// elimination, substitute and absence.
	FormArmada FormKind = "armada"
)

// How a form field is typed.
const (
	// InputNumber is a decimal number.
	InputNumber = "number"
	// InputUsername is a player's username.
	InputUsername = "username"
	// InputCheck is a tick box.
	InputCheck = "check"
	// InputCorner is a Vortex start corner, chosen from VortexStarts.
	InputCorner = "corner"
)

// FormField is one thing a result form asks of each seat.
type FormField struct {
	// Key names the field: the scorer input's key where it is one ("centers"), and the
	// stem of its form inputs' names ("centers-3").
	Key string
	// Header heads the field's column ("Centres").
	Header string
	// Label says what a missing value is: "Enter " + Label.
	Label string
	// Aria names the field after a player's username, for screen readers
	// ("ada supply centres").
	Aria string
	// Required fields must be given; the others may be left empty.
	Required bool
	// Input is how the field is typed: InputNumber, InputUsername, InputCheck or InputCorner.
	Input string
	// Default is the field's value on a new form, and when a recorded result leaves it out.
	Default string
	// Whole says a number field takes whole numbers only (units, centres, years, token
	// distances): its box opens a phone's numeric keypad rather than the decimal one.
	Whole bool
}

// String is the field's label, as a message's {{.Field}} blank says it in English ("Enter
// {{.Field}}"); a page says it in its reader's language from the field itself.
func (f FormField) String() string { return f.Label }

// ResultForm is how a game's result is entered on a form: its shape, the fields asked of
// each seat in order, and the notes shown under them. It is described once, here, for the
// form model that binds and checks it and the templates that draw it.
type ResultForm struct {
	Kind FormKind
	// Seat are the fields asked of each seat.
	Seat []FormField
	// Board are the fields of a Vortex end-of-game board (FormVortex only): each seat's
	// start corner and token distances.
	Board []FormField
	// Help are the notes under the fields, one paragraph each.
	Help []string
}

// Fields are every field the form asks of a seat: Seat, then Board.
func (f ResultForm) Fields() []FormField {
	return append(append([]FormField(nil), f.Seat...), f.Board...)
}

// Field returns the form's field named key, and whether it has one.
func (f ResultForm) Field(key string) (FormField, bool) {
	for _, field := range f.Fields() {
		if field.Key == key {
			return field, true
		}
	}
	return FormField{}, false
}

// FormOf is the result form of game g, fitted to its scoring system.
func FormOf(g Game) ResultForm {
	switch {
	case g.System.IsTeamGame():
		seat := []FormField{
			{Key: "units", Header: "Units", Label: "the units the player started with", Aria: "units", Required: true, Default: "1"},
			{Key: "lost", Header: "Lost", Label: "the units lost", Aria: "units lost", Required: true, Default: "0"},
		}
		if g.System == BlueMax { // Wooden Ships does not count enemy units destroyed
			seat = append(seat, FormField{Key: "destroyed", Header: "Enemy destroyed", Label: "the enemy units destroyed",
				Aria: "enemy units destroyed", Required: true, Default: "0"})
		}
		seat = append(seat, FormField{Key: "points", Header: "Personal points", Label: "the personal points",
			Aria: "personal points", Required: true, Default: "0"})
		return ResultForm{Kind: FormTeam, Seat: append(whole(numbers(seat)), noShowFields...), Help: []string{
			"Units: what the player started with. Lost: units lost (a unit retired with honour is not lost). " +
				"Enemy destroyed: a unit shot down by two enemies in one turn counts for both.", noShowHelp}}
	case g.System == Armada:
		return ResultForm{Kind: FormArmada, Seat: whole(numbers([]FormField{
			{Key: "centers", Header: "Centres", Label: "the supply centres (0 if none)", Aria: "supply centres", Required: true},
			{Key: "years", Header: "Years played", Label: "the game-years played", Aria: "game-years played", Required: true},
			{Key: "eliminated", Header: "Eliminated in", Label: "the year of elimination", Aria: "year of elimination (empty if survived)"},
			{Key: "substitute", Header: "Replaced by", Label: "who replaced the player", Aria: "replaced by (username)", Input: InputUsername},
			{Key: "absent", Header: "Absent", Label: "whether the player was absent", Aria: "was absent: the missing man played the power", Input: InputCheck},
		})), Help: []string{
			`"Absent": only six players came, and this power was played by the missing-man rules (ARMADA rule 4.1). ` +
				"The ladder's Seventh Player antes for it and takes its award; the absent player gets no league points and no rating change.",
			`Leave "Eliminated in" empty for a survivor. "Replaced by" names the player who finished a seat for someone who left early ` +
				"(ARMADA rule 4.2): if the seat ends as a winner and its award beats its ante, the rating gain goes to the substitute; " +
				"otherwise the result stays with the original player.",
		}}
	case g.System == Vortex:
		board := []FormField{{Key: "start", Header: "Start", Label: "the start corner", Aria: "start corner", Required: true, Input: InputCorner}}
		for k := 1; k <= VortexTokens; k++ {
			n := strconv.Itoa(k)
			// A token left blank is at start, as on the calculator.
			board = append(board, FormField{Key: "t" + n, Header: "Token " + n, Label: "the distance of token " + n, Aria: "token " + n,
				Default: "0"})
		}
		return ResultForm{Kind: FormVortex, Seat: append([]FormField{scoreField(g)}, noShowFields...), Board: whole(numbers(board)),
			Help: []string{noShowHelp}}
	}
	return ResultForm{Kind: FormPlacement, Seat: append([]FormField{scoreField(g)}, noShowFields...), Help: []string{noShowHelp}}
}

// noShowFields ask, in every game but Diplomacy (whose absent power the missing man plays),
// who played a seat for its player and whether its player did not come (CONTRACT section 12).
var noShowFields = []FormField{
	{Key: "substitute", Header: "Played by", Label: "who played the seat", Aria: "seat played by (username)", Input: InputUsername},
	{Key: "absent", Header: "Did not come", Label: "whether the player did not come", Aria: "did not come", Input: InputCheck},
}

// noShowHelp says what the no-show fields do (CONTRACT section 12).
const noShowHelp = `"Did not come": the seat was not played; leave its numbers empty. It takes no place, no league points and ` +
	`no rating change, and the game is scored among the players present as a game of that many players. ` +
	`"Played by" names who played a seat for its player: the league points go to the seated player, and the rating ` +
	`as the ARMADA's replaced seat (rule 4.2).`

// scoreField asks a seat's final score, in the game's words (Game.ScoreLabel).
func scoreField(g Game) FormField {
	header := g.ScoreLabel
	if header != "" {
		header = strings.ToUpper(header[:1]) + header[1:]
	}
	return FormField{Key: "score", Header: header, Label: "the " + g.ScoreLabel, Aria: g.ScoreLabel, Required: true, Input: InputNumber}
}

// numbers makes the fields that say nothing of how they are typed numbers.
func numbers(fields []FormField) []FormField {
	for i := range fields {
		if fields[i].Input == "" {
			fields[i].Input = InputNumber
		}
	}
	return fields
}

// whole marks the number fields whole: every count these forms ask (units, centres, years,
// token distances) is a whole number.
func whole(fields []FormField) []FormField {
	for i := range fields {
		fields[i].Whole = fields[i].Input == InputNumber
	}
	return fields
}
