package scoring

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// Victory is the result type of a team game (league-scoring-system.txt, Blue Max table).
type Victory string

// The four final results of a Blue Max or Wooden Ships game.
const (
	Strategic Victory = "strategic"
	Tactical  Victory = "tactical"
	Marginal  Victory = "marginal"
	Draw      Victory = "draw"
)

// Result is one scored game; its JSON is CONTRACT section 1's output.
type Result struct {
	// System is the scorer that produced the result.
	System System `json:"system"`
	// Results holds one line per input player, in input order.
	Results []PlayerResult `json:"results"`
	// Victory is the team-game result type; empty for the other systems.
	Victory Victory `json:"victory,omitempty"`
	// WinningSide names the winning side of a team game; empty on a draw and for the other
	// systems. It marshals as CONTRACT's "winner": a side name or null.
	WinningSide string `json:"-"`
	// Sides summarises each side of a team game (units, losses, personal points).
	Sides []SideResult `json:"sides,omitempty"`
}

// SideResult summarises one side of a team game: what decided the victory type.
type SideResult struct {
	// Name is the side's name from the input.
	Name string `json:"name"`
	// Units is the number of units the side started with.
	Units int64 `json:"units"`
	// Lost is the number of the side's units lost.
	Lost int64 `json:"lost"`
	// LostPercent is 100 × Lost / Units, exact.
	LostPercent *big.Rat `json:"-"`
	// PersonalPoints is the sum of the side's personal scores, exact.
	PersonalPoints *big.Rat `json:"-"`
}

// PlayerResult is one player's scored line.
type PlayerResult struct {
	// ID is the player's id from the input (a username in the app).
	ID string
	// Points is the player's league points for the game, exact.
	Points *big.Rat
	// Winner is, for ARMADA, a winning player (sole victor or in the draw); for the other
	// systems, a player who finished with the top points of the game. The rating rule for
	// replaced seats uses it (CONTRACT section 3).
	Winner bool
	// Place is the player's place: placement (the best of the tied places) and Arcs ambitions
	// (the place the ambition walk gave, which may pay nothing); 0 where the system has none.
	Place int
	// Order is an ARMADA losing player's elimination order (averaged on same-year
	// eliminations); nil for winning players and the other systems.
	Order *big.Rat
	// Side is the name of the player's side in a team game; empty otherwise.
	Side string
	// Explanation is a readable breakdown of Points, e.g.
	// "4 strategic victory + 2 enemy units destroyed + 1 best team player = 7".
	Explanation string
}

// playerResultJSON is the wire form of PlayerResult.
type playerResultJSON struct {
	ID          string          `json:"id"`
	Points      json.RawMessage `json:"points"`
	PointsExact string          `json:"points_exact"`
	Winner      bool            `json:"winner"`
	Place       int             `json:"place,omitempty"`
	Order       json.RawMessage `json:"order,omitempty"`
	Side        string          `json:"side,omitempty"`
	Explanation string          `json:"explanation"`
}

// MarshalJSON writes the line with "points" as a JSON number exact to 1e-12 and
// "points_exact" as the exact fraction ("27/2"), so a stored result can be read back exactly.
func (p PlayerResult) MarshalJSON() ([]byte, error) {
	w := playerResultJSON{
		ID:          p.ID,
		Points:      json.RawMessage(decimal(p.Points)),
		PointsExact: ratString(p.Points),
		Winner:      p.Winner,
		Place:       p.Place,
		Side:        p.Side,
		Explanation: p.Explanation,
	}
	if p.Order != nil {
		w.Order = json.RawMessage(decimal(p.Order))
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads a line written by MarshalJSON, taking the exact points from
// "points_exact" when present and from "points" otherwise.
func (p *PlayerResult) UnmarshalJSON(data []byte) error {
	var w playerResultJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("player result: %w", err)
	}
	pointsText := strings.TrimSpace(string(w.Points))
	if w.PointsExact != "" {
		pointsText = w.PointsExact
	}
	points, ok := boundedRat(pointsText)
	if !ok {
		return fmt.Errorf("player result %q: points %q is not a number", w.ID, pointsText)
	}
	*p = PlayerResult{ID: w.ID, Points: points, Winner: w.Winner, Place: w.Place, Side: w.Side, Explanation: w.Explanation}
	if len(w.Order) > 0 && !bytes.Equal(w.Order, []byte("null")) {
		order, ok := boundedRat(strings.TrimSpace(string(w.Order)))
		if !ok {
			return fmt.Errorf("player result %q: order %q is not a number", w.ID, w.Order)
		}
		p.Order = order
	}
	return nil
}

// MarshalJSON writes CONTRACT section 1's output; team games add "victory" and "winner"
// (the winning side's name, or null on a draw).
func (r Result) MarshalJSON() ([]byte, error) {
	type plain Result
	if !r.System.IsTeamGame() {
		return json.Marshal(plain(r))
	}
	var winner *string
	if r.WinningSide != "" {
		winner = &r.WinningSide
	}
	sides := make([]sideResultJSON, len(r.Sides))
	for i, s := range r.Sides {
		sides[i] = sideResultJSON{
			Name: s.Name, Units: s.Units, Lost: s.Lost,
			LostPercent:    json.RawMessage(decimal(s.LostPercent)),
			PersonalPoints: json.RawMessage(decimal(s.PersonalPoints)),
		}
	}
	return json.Marshal(struct {
		System  System           `json:"system"`
		Victory Victory          `json:"victory"`
		Winner  *string          `json:"winner"`
		Sides   []sideResultJSON `json:"sides"`
		Results []PlayerResult   `json:"results"`
	}{r.System, r.Victory, winner, sides, r.Results})
}

// UnmarshalJSON reads a result written by MarshalJSON (a stored result, say): points come
// back exact from "points_exact", a team game's "winner" back into WinningSide, and each
// side's LostPercent is recomputed exactly from its units and losses.
func (r *Result) UnmarshalJSON(data []byte) error {
	var w struct {
		System  System           `json:"system"`
		Victory Victory          `json:"victory"`
		Winner  json.RawMessage  `json:"winner"`
		Sides   []sideResultJSON `json:"sides"`
		Results []PlayerResult   `json:"results"`
	}
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("result: %w", err)
	}
	*r = Result{System: w.System, Victory: w.Victory, Results: w.Results}
	if w.System.IsTeamGame() && len(w.Winner) > 0 && !strictjson.IsNull(w.Winner) {
		if err := json.Unmarshal(w.Winner, &r.WinningSide); err != nil {
			return fmt.Errorf("result: winner: %w", err)
		}
	}
	for _, s := range w.Sides {
		side := SideResult{Name: s.Name, Units: s.Units, Lost: s.Lost, LostPercent: new(big.Rat), PersonalPoints: new(big.Rat)}
		if s.Units > 0 {
			side.LostPercent = big.NewRat(100*s.Lost, s.Units)
		}
		text := strings.TrimSpace(string(s.PersonalPoints))
		if text != "" {
			points, ok := boundedRat(text)
			if !ok {
				return fmt.Errorf("result: side %q: personal points %q is not a number", s.Name, text)
			}
			side.PersonalPoints = points
		}
		r.Sides = append(r.Sides, side)
	}
	return nil
}

// sideResultJSON is the wire form of SideResult.
type sideResultJSON struct {
	Name           string          `json:"name"`
	Units          int64           `json:"units"`
	Lost           int64           `json:"lost"`
	LostPercent    json.RawMessage `json:"lost_percent"`
	PersonalPoints json.RawMessage `json:"personal_points"`
}

// decimalPlaces is how many decimals a non-terminating fraction is written with: well past
// CONTRACT's "exact to at least 1e-9".
const decimalPlaces = 12

// decimal writes r as a JSON number: an integer when r is whole, else the shortest exact
// decimal when r has one within decimalPlaces, else r rounded to decimalPlaces.
func decimal(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	s := r.FloatString(decimalPlaces)
	s = strings.TrimRight(s, "0")
	return strings.TrimSuffix(s, ".")
}

// ratString writes r exactly: "7" or "27/2".
func ratString(r *big.Rat) string {
	if r == nil {
		return "0"
	}
	if r.IsInt() {
		return r.Num().String()
	}
	return r.String()
}

// FieldError is a validation error naming the offending input field; Error() is
// "field: problem", e.g. "sides[0].players[2].lost: 3 exceeds units 1".
type FieldError struct {
	// Field is the path of the offending field, e.g. "players[2].lost" or "winners".
	Field string
	// Problem says what is wrong with it.
	Problem string
	// ID and Data are Problem's message in the locales files and its blanks ("" when it has
	// none yet): pages say it in their reader's language, while the API and the CLI answer
	// with Problem, the English, exactly (the English message is Problem word for word).
	ID   string
	Data map[string]any
}

// Words is the problem's message id and blanks.
func (e *FieldError) Words() (string, map[string]any) { return e.ID, e.Data }

// Error returns "field: problem".
func (e *FieldError) Error() string {
	if e.Field == "" {
		return e.Problem
	}
	return e.Field + ": " + e.Problem
}

// wordedErr builds a *FieldError whose problem has a message in the locales files: id, with
// data's blanks, words it as problem does in English.
func wordedErr(field, id string, data map[string]any, problem string) *FieldError {
	return &FieldError{Field: field, Problem: problem, ID: id, Data: data}
}

// fieldErr builds a *FieldError with a formatted problem.
func fieldErr(field, format string, args ...any) *FieldError {
	return &FieldError{Field: field, Problem: fmt.Sprintf(format, args...)}
}

// Problem is the problem part of a *FieldError (its field is already known), or the
// error's whole text for any other error.
func Problem(err error) string {
	var fe *FieldError
	if errors.As(err, &fe) {
		return fe.Problem
	}
	return err.Error()
}
