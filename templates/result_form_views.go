package templates

import (
	"strconv"
	"unicode"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/scoring"
)

// ResultFormView is the result form of one game, fitted to its scorer.
type ResultFormView struct {
	// Proposing marks a seated player's form: saving proposes the result, which the other
	// players at the table confirm (CONTRACT section 8).
	Proposing  bool
	GameID     int64
	GameNumber int
	// Normal is a game outside any league, named by its table (its id) as on its page.
	Normal bool
	// Problems are every problem of the form, each with its seat or field ("Seat 2 (Chloé
	// Martin): the score is missing"), listed at the top; each is also beside its input.
	Problems   []FormProblem
	GameName   string
	LeagueName string
	LeagueURL  string
	// Form is how the game's result is entered, as its scoring system describes it
	// (scoring.FormOf): the form's shape, the fields asked of each seat and the notes under them.
	Form       scoring.ResultForm
	ScoreLabel string
	RulesNote  string
	// Correcting says a result is recorded and saving corrects it.
	Correcting bool
	Seats      []ResultSeatForm
	// SideNames are a team game's sides, first side first.
	SideNames []string
	// OffersLowerIsBetter asks whether lower scores are better: only for a game whose
	// registry entry allows it (scoring.Game.LowerIsBetter).
	OffersLowerIsBetter bool
	LowerIsBetter       bool
	// Outcome and ConcededTo are a Diplomacy game's conclusion.
	Outcome    string
	ConcededTo string
	// Error is a problem with the whole form; Errors are per input, by input name.
	Error  FormWords
	Errors FormErrors
	// Preview is the scored result of the values shown, before saving; nil until asked.
	Preview *ResultPreview
	// Version is the version of the game's result the form was built from
	// (store.ResultGame.Version), posted back so a stale save is refused.
	Version int
	// Reason is why the result is corrected, as typed.
	Reason string
	// Stale says a save was refused because the result changed meanwhile: the form holds
	// the current result and Preview shows it.
	Stale bool
	// Dispute says, on the organiser's form of a disputed game, who disputed the players'
	// proposal and why (issue #34); the form holds the proposal.
	Dispute string
	// VortexFromBoard says a Vortex result is entered as the end-of-game board (each seat's
	// start and token distances, and Die) rather than final scores.
	VortexFromBoard bool
	Die             string
	// GameVersion is the version of the game played: a Vortex version fixes the die of the
	// board ("a Vortex d12 league's result board ... use[s] the d12 without asking", issue
	// 28) and links the calculator with it; an Arcs version links the ambition helper.
	GameVersion VersionView
	// HasPowers says the game names its seats (Diplomacy's powers, Vortex's corners): each
	// seat's Power is shown beside its player.
	HasPowers bool
	// ActivityRule states the league's activity rule and ActivityWarnings name the seated
	// players who have fallen inactive under it: the organiser is warned, the result is
	// recorded all the same.
	ActivityRule     ActivityRule
	ActivityWarnings []ActivityShort
}

// FormWords is a message of the result form: the id of its words in the locales files with
// their blanks (a scoring.FieldError's ID and Data), said in the reader's language, or,
// with no id, English, said as it is (what a scorer says of a result in its own words, a
// refusal of the whole result). A blank that is a scoring.FormField is said as its label.
type FormWords struct {
	ID      string
	Data    map[string]any
	English string
	// Said is the message already said in the reader's language, by a refusal's own id
	// (httpx.SayError); it comes first.
	Said string
}

// FormErrors are the problems of the result form's inputs, by input name ("score-3").
type FormErrors map[string]FormWords

// Has reports whether the input named name has a problem.
func (e FormErrors) Has(name string) bool { return !e[name].Empty() }

// Empty reports whether w says nothing.
func (w FormWords) Empty() bool { return w.ID == "" && w.English == "" }

// FormProblem is one line of the result form's problem list: the problem of a seat's input
// (Position, with Power the seat's name in the registry when the game names its seats, and
// Player its player's name), of an input of the whole game (Field, the message id of its
// name), or of none of them.
type FormProblem struct {
	Position int
	Power    string
	Player   string
	Field    string
	Words    FormWords
}

// ActivityRule is a league's activity rule on the result form: Need finished games in the
// last Days days; Need 0 is no rule.
type ActivityRule struct {
	Need, Days int
}

// ActivityShort is a seated player who has fallen short of the activity rule, with the
// finished games they have in its window.
type ActivityShort struct {
	Username string
	Recent   int
}

// VortexStarts are the start corners a Vortex seat can take, by colour (CONTRACT section 7's
// seat names; vortex-mechanics.txt counts Red 0, Cyan 4, Blue 8 along the loop).
var VortexStarts = []Choice{{"0", "Red (0)"}, {"4", "Cyan (4)"}, {"8", "Blue (8)"}, {"12", "Green (12)"}}

// Action is where the form posts.
func (v ResultFormView) Action() string {
	return "/games/" + strconv.FormatInt(v.GameID, 10) + "/result"
}

// GameURL is the game's page.
func (v ResultFormView) GameURL() string {
	return "/games/" + strconv.FormatInt(v.GameID, 10)
}

// SeatsOf returns the seats of one side of a team game.
func (v ResultFormView) SeatsOf(side string) []ResultSeatForm {
	var out []ResultSeatForm
	for _, s := range v.Seats {
		if s.Side == side {
			out = append(out, s)
		}
	}
	return out
}

// ResultSeatForm is one seat's inputs, as typed.
type ResultSeatForm struct {
	Position    int
	Username    string
	DisplayName string
	// Power is the seat's name in the game (ResultFormView.HasPowers), e.g. "France".
	Power string
	Side  string
	// Values are the seat's inputs as typed, by field (scoring.FormField.Key): "score",
	// "centers", "t1", ...; a ticked box ("absent") is not empty.
	Values map[string]string
}

// Name is the form field name of one of the seat's inputs: "score-3".
func (s ResultSeatForm) Name(field string) string { return field + "-" + strconv.Itoa(s.Position) }

// ResultPreview is the scored result shown before saving.
type ResultPreview struct {
	Victory     string
	WinningSide string
	Lines       []ResultLineView
}

// sentenceCase capitalises a label's first letter: "final score" → "Final score".
func sentenceCase(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}

// GameLabel names the game as its page does: "game 7" in a league, "table 90" outside.
func (v ResultFormView) GameLabel() string {
	if v.Normal {
		return "table " + strconv.FormatInt(v.GameID, 10)
	}
	return "game " + strconv.Itoa(v.GameNumber)
}

// inputMode is the inputmode of a number box: "numeric" for a whole number, "decimal" otherwise.
func inputMode(whole bool) string {
	if whole {
		return "numeric"
	}
	return "decimal"
}
