package templates

import "strconv"

// SupercatIndexView is the SUPERCAT companion's front page: the player's solo games and the
// form to start one.
type SupercatIndexView struct {
	// Games are the player's games, newest first.
	Games []SupercatGameRow
	// Name, Bots and Difficulty are the new-game form's values.
	Name, Bots, Difficulty string
	// Version is "base" or "blighted-reach"; LeadersLore none, intervene or passive.
	Version, LeadersLore string
	// Modifiers are the chosen modifiers' slugs.
	Modifiers []string
	// ModifierChoices are the seven modifiers offered.
	ModifierChoices []Modifier
	// Errors maps a form field to what is wrong with it.
	Errors FieldErrors
}

// SupercatGameRow is one game in the list.
type SupercatGameRow struct {
	ID         int64
	Name       string
	Bots       int
	Chapter    int
	Difficulty string
	Version    string
}

// Modifier is one of SUPERCAT's optional modifiers, in the seed's words.
type Modifier struct {
	Slug, Name, Text string
	// AttackerOnly marks "*apply only if player is the attacker".
	AttackerOnly bool
}

// SetupStep is one step of the setup checklist.
type SetupStep struct {
	Step, Text string
	Optional   bool
}

// URL is the game's page.
func (g SupercatGameRow) URL() string { return "/supercat/" + strconv.FormatInt(g.ID, 10) }

// SupercatGameView is one solo game: its bots' counters and what each can do next.
type SupercatGameView struct {
	// FinishPreview is the game's result as "Finish and rate" will record it, shown before it
	// rates (issue 34); nil until asked.
	FinishPreview *SupercatFinishPreview
	ID            int64
	Name          string
	Chapter       int
	Difficulty    string
	Players       int
	Bots          []SupercatBotView
	// Version is the Arcs version's name ("Arcs (base game)").
	Version string
	// Campaign says the campaign game's notes apply.
	Campaign bool
	// Modifiers are the chosen modifiers; AtSetup, AtAttack and AtGates those that apply at
	// each moment.
	Modifiers                  []Modifier
	AtSetup, AtAttack, AtGates []Modifier
	// LeadersLore says how Leaders and Lore are played.
	LeadersLore string
	// Setup is the setup checklist for the game's options; SetupOpen shows it unfolded (no
	// bot has played yet).
	Setup     []SetupStep
	SetupOpen bool
	// Initiative says, in hard mode, which bot starts this chapter with initiative.
	Initiative string
	// PlayerPower is the player's Power as entered ("4").
	PlayerPower string
	// ChapterOver says every bot's hand counter is 0.
	ChapterOver bool
	// RatedURL is the rated game's page once the game is finished.
	RatedURL string
	// Seats are the Arcs ladder seats when finishing: the player's, then the bots'.
	Seats []string
	// Error is a message about the last action, shown at the top.
	Error string
	// ArcsVersion is the Arcs version's slug ("base").
	ArcsVersion string
	// Ambitions is the finish-by-ambition-results form.
	Ambitions SupercatAmbitionsForm
}

// SupercatAmbitionRows is how many ambitions the finish-by-ambition-results form offers: a
// chapter declares at most three.
const SupercatAmbitionRows = 3

// SupercatAmbitionsForm is the finish-by-ambition-results form: the ambitions scored at the
// last chapter end, each with its markers and every seat's count and bonus (the player's
// first, then each bot's), with the problems of each field keyed by the scorer's path
// ("ambitions[0].counts[1]"), which is also the field's name.
type SupercatAmbitionsForm struct {
	Rows []SupercatAmbitionRow
	// Seats name the seats: "You", then the bots.
	Seats []string
	// Neutral asks for the neutral resources (two seats only).
	Neutral bool
	Errors  FormErrors
	// Open unfolds the form (after a refusal).
	Open bool
}

// SupercatAmbitionRow is one ambition as entered.
type SupercatAmbitionRow struct {
	// Ambition is the ambition's slug; empty for a row left out.
	Ambition string
	// Markers are the markers' Power, "5,3" (several: "5,3 3,2").
	Markers string
	Neutral string
	// Counts and Bonus are each seat's, as entered.
	Counts, Bonus []string
}

// RowErrors are the problems of ambition i's fields in the form's order, each with the
// field it names ("SUPERCAT Ruby's count: must not be negative").
func (f SupercatAmbitionsForm) RowErrors(i int) []SupercatRowProblem {
	var out []SupercatRowProblem
	add := func(name, label, seat string) {
		if w := f.Errors[name]; !w.Empty() {
			out = append(out, SupercatRowProblem{Label: label, Seat: seat, Words: w})
		}
	}
	add(SupercatAmbitionField(i, "ambition"), "supercat.field.ambition", "")
	add(SupercatAmbitionField(i, "markers"), "supercat.field.markers", "")
	add(SupercatAmbitionField(i, "neutral"), "supercat.field.neutral", "")
	add(SupercatAmbitionField(i, "counts"), "supercat.field.counts", "")
	add(SupercatAmbitionField(i, "bonus"), "supercat.field.bonus", "")
	for j, seat := range f.Seats {
		add(SupercatAmbitionSeatField(i, "counts", j), "supercat.field.seat_count", seat)
		add(SupercatAmbitionSeatField(i, "bonus", j), "supercat.field.seat_bonus", seat)
	}
	return out
}

// SupercatRowProblem is the problem of one field of an ambition on the finish form: Label is
// the message id of the field's name, Seat the seat it belongs to ("" for the ambition's own
// fields), Words the problem.
type SupercatRowProblem struct {
	Label string
	Seat  string
	Words FormWords
}

// invalid is the aria-invalid value of the field name: "true" when errs has a problem for it.
func invalid(errs FormErrors, name string) string {
	if errs.Has(name) {
		return "true"
	}
	return "false"
}

// SupercatAmbitionField is the name of field name of ambition i ("ambitions[0].markers").
func SupercatAmbitionField(i int, name string) string {
	return "ambitions[" + strconv.Itoa(i) + "]." + name
}

// SupercatAmbitionSeatField is the name of seat j's field name of ambition i
// ("ambitions[0].counts[1]").
func SupercatAmbitionSeatField(i int, name string, j int) string {
	return SupercatAmbitionField(i, name) + "[" + strconv.Itoa(j) + "]"
}

// URL is the game's page.
func (g SupercatGameView) URL() string { return "/supercat/" + strconv.FormatInt(g.ID, 10) }

// SupercatBotView is one bot's counters as the player tracks them.
type SupercatBotView struct {
	// Finished says the game is finished and rated: the bot takes no more turns.
	Finished bool
	// Unmodified says the game is played without the difficulty modifiers (difficulty
	// "none"): the bot never has advantages.
	Unmodified bool
	Seat       int
	Name       string
	// Hand is the hand counter.
	Hand int
	// Seize is the seize counter, "none" when it is not on the board.
	Seize string
	// BonusCards are the bonus cards in the play area ("Aggression 3").
	BonusCards []string
	// Exhausted are the Guild and lore cards used this chapter.
	Exhausted []string
	// InTurn says a turn is in progress.
	InTurn bool
	// Turns is the number of finished turns.
	Turns int
	// GameID is the bot's game.
	GameID int64
	// Power is the bot's Power.
	Power int
	// Advantages are the difficulty advantages it has now ("Efficient Logistics"), per bot.
	Advantages []string
}

// URL is the bot's turn page.
func (b SupercatBotView) URL() string {
	return "/supercat/" + strconv.FormatInt(b.GameID, 10) + "/bots/" + strconv.Itoa(b.Seat)
}

// Action is the address of one of the bot's actions ("turn", "answer", "bonus", ...).
func (b SupercatBotView) Action(name string) string { return b.URL() + "/" + name }

// SupercatTurnView is a bot's turn page: the start form between turns, the walk through the
// procedures during one.
type SupercatTurnView struct {
	Game SupercatGameView
	Bot  SupercatBotView
	// Draws says the bot will draw 2 cards this turn (hand counter above its bonus cards).
	Draws bool
	// Form is the start form's values; Errors its refusals; Error a message about it all.
	Form   SupercatStartForm
	Errors FieldErrors
	Error  string

	// Start are the steps of the turn's start, one rule each, citing the seed.
	Start []string
	// Options are the cards the bot chose from.
	Options []string
	// Trail are the questions answered so far.
	Trail []SupercatTrailView
	// Current is the question to answer now; nil when the turn is over.
	Current *SupercatQuestionView
	// Step is the number of answers given (sent back with an answer or an undo).
	Step int
	// GuildError is what is wrong with the Guild card named with the last answer.
	GuildError string
	// Done says the procedures have ended the turn.
	Done bool
	// Played says what the bot plays ("Aggression 4", "Copy: any option facedown").
	Played string
	// Actions are the actions the bot takes, in order.
	Actions [][]Segment
	// ActionTerms explains the seed's terms the actions use.
	ActionTerms []Term
}

// SupercatStartForm is what the player reports at the start of a bot turn.
type SupercatStartForm struct {
	Initiative  bool
	Lead        CardField
	Seized      bool
	Drawn       [2]CardField
	Roll        string
	Ambitions   []AmbitionField
	Markers     bool
	Power       string
	PlayerPower string
}

// CardField is a card chosen in a form: a suit and a number, as entered.
type CardField struct {
	// Name is the field prefix ("lead", "drawn1").
	Name   string
	Suit   string
	Number string
}

// AmbitionField is the bot's standing in one ambition, as entered.
type AmbitionField struct {
	Key, Name, Standing string
	Declared            bool
}

// SupercatTrailView is one answered question.
type SupercatTrailView struct {
	Page     string
	Question []Segment
	Answer   string
	Outcome  []Segment
}

// SupercatQuestionView is the question to answer now, with its terms explained.
type SupercatQuestionView struct {
	ID       string
	Page     string
	Question []Segment
	// Seed is the seed's bullet in its own words, where Question asks one part of it.
	Seed    []Segment
	Cite    string
	Prefer  [][]Segment
	Terms   []Term
	Choices []Choice
	// Guild says a yes uses a ready Guild or lore card, which the player names; Exhausted
	// are the bot's cards already used this chapter (not ready).
	Guild     bool
	Exhausted []string
	// Notes are reminders that apply to this question (modifiers, campaign notes, the
	// Principles), each citing the seed.
	Notes []Note
}

// Note is a reminder beside a question: a title and the seed's words.
type Note struct {
	Title, Text string
}

// Segment is a piece of procedure text: plain, or a term of the seed's Terminology.
type Segment struct {
	Text string
	Term bool
}

// Term is a term of the seed's Terminology and what it means.
type Term struct {
	Name, Meaning string
}

// Choice is one answer button.
type Choice struct {
	Value, Label string
}

// Suits are the form's suit choices.
var Suits = []Choice{{"administration", "Administration"}, {"aggression", "Aggression"}, {"construction", "Construction"}, {"mobilization", "Mobilization"}}

// Standings are the form's ambition standings.
var Standings = []Choice{{"behind", "behind"}, {"tied", "tied for first"}, {"winning", "winning"}}

// hasString reports whether list holds s.
func hasString(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}

// star marks a modifier that applies only when the player attacks.
func star(attackerOnly bool) string {
	if attackerOnly {
		return "*"
	}
	return ""
}

// optional marks a setup step the seed calls optional.
func optional(o bool) string {
	if o {
		return " (optional)"
	}
	return ""
}

// campaignClaims is the seed's campaign note on claims.
const campaignClaims = "in the campaign game the bot is satisfied with fewer claims than in the base game"

// startEmpty is a number box's value: a 0 is left out (the box shows it as its placeholder),
// so that typing on a phone does not append to it ("05") (issue 34).
func startEmpty(value string) string {
	if value == "0" {
		return ""
	}
	return value
}

// SupercatFinishPreview is a companion game's result before it is rated: each seat's final
// Power and place, in place order, and the values the confirming form posts again.
type SupercatFinishPreview struct {
	Lines []SupercatPreviewLine
	// Fields are the finish form's values (final_player_power, final_power_{seat}).
	Fields []HiddenField
}

// HiddenField is a value a confirming form posts again, unseen.
type HiddenField struct {
	Name, Value string
}

// SupercatPreviewLine is one seat of a SupercatFinishPreview.
type SupercatPreviewLine struct {
	Name  string
	Power int
	Place string
}
