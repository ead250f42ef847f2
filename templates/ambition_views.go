package templates

import "strconv"

// AmbitionView is an Arcs game's ambition helper: the markers and each seat's count for one
// ambition at the end of a chapter, and once entered the Power each player gains, scored as
// `tablestakes score arcs-ambition` scores it (arcs-tied-ambitions.txt).
type AmbitionView struct {
	// GameID and GameTitle name the game ("Arcs — game 3", "Arcs — table 12").
	GameID    int64
	GameTitle string
	// Version is the version of Arcs played: its MarkerValues decide how many values each
	// marker row asks (2 in the base game, 3 with Lost Vaults & Fated Leaders).
	Version VersionView
	// Markers are the marker rows as entered, each MarkerValues values.
	Markers [][]string
	// Seats are the players' rows.
	Seats []AmbitionSeat
	// TwoPlayers asks for the neutral count (in two-player games the resources on the
	// ambition box place like a third player).
	TwoPlayers bool
	Neutral    string
	// Errors are the problems of the fields by name ("markers"); Problem is what the helper
	// refuses in the whole input, said in the reader's language.
	Errors  FormErrors
	Problem AmbitionProblem
	// Input is the scorer input the preview scored (CONTRACT section 1's arcs-ambition).
	Input string
	// Results are the scored players; empty until the form is sent.
	Results []AmbitionResult
}

// MarkerField is the field name of value j (0-based) of marker row i (0-based): "m1v1".
func MarkerField(i, j int) string { return "m" + strconv.Itoa(i+1) + "v" + strconv.Itoa(j+1) }

// AmbitionSeat is one player's row: count and bonus as entered.
type AmbitionSeat struct {
	Position    int
	Username    string
	DisplayName string
	Count       string
	Bonus       string
}

// CountField and BonusField are the seat's field names.
func (s AmbitionSeat) CountField() string { return "count" + strconv.Itoa(s.Position) }

// BonusField is the seat's bonus field name.
func (s AmbitionSeat) BonusField() string { return "bonus" + strconv.Itoa(s.Position) }

// AmbitionResult is one player's Power for the ambition.
type AmbitionResult struct {
	DisplayName string
	Place       int
	Power       string
	Explanation string
}

// AmbitionProblem is what the ambition helper refuses in what was entered: where (Subject, the
// message id of a marker row, a seat's count or bonus or the neutral count, with its blanks;
// "" for the input as a whole) and what is wrong (a scorer's problem by its message id).
type AmbitionProblem struct {
	Subject     string
	SubjectData map[string]any
	Words       FormWords
}

// Empty reports whether nothing was refused.
func (p AmbitionProblem) Empty() bool { return p.Words.Empty() }
