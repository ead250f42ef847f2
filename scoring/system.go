package scoring

import (
	"fmt"
	"strings"
)

// System names a scorer of CONTRACT section 1.
type System string

// The scoring systems of CONTRACT section 1.
const (
	// Placement is the all-vs-all placement table of league-scoring-system.txt.
	Placement System = "placement"
	// BlueMax is the Blue Max team scoring of league-scoring-system.txt.
	BlueMax System = "blue-max"
	// WoodenShips is the Wooden Ships and Iron Men team scoring: Blue Max without the
	// enemy-units-destroyed point (league-scoring-system.txt, read as CONTRACT section 1).
	WoodenShips System = "wooden-ships"
	// Vortex is the winner's differential of vortex-mechanics.txt.
	Vortex System = "vortex"
	// Armada is the ARMADA 420-point Diplomacy scoring of armada-scoring-and-rating.txt.
	Armada System = "armada"
	// ArcsAmbition scores one Arcs ambition (arcs-tied-ambitions.txt, CONTRACT section 1).
	ArcsAmbition System = "arcs-ambition"
)

// Systems lists every scoring system in CONTRACT order.
func Systems() []System {
	return []System{Placement, BlueMax, WoodenShips, Vortex, Armada, ArcsAmbition}
}

// ParseSystem returns the system named s, or a *FieldError on "system" naming the known ones.
func ParseSystem(s string) (System, error) {
	for _, sys := range Systems() {
		if string(sys) == s {
			return sys, nil
		}
	}
	names := make([]string, 0, len(Systems()))
	for _, sys := range Systems() {
		names = append(names, string(sys))
	}
	return "", &FieldError{Field: "system", Problem: fmt.Sprintf("unknown system %q (want one of %s)", s, strings.Join(names, ", "))}
}

// PointsArePot reports whether the system's points already divide the rating pot of 420
// (ARMADA: the rating award is the points as scored, armada-scoring-and-rating.txt 3.2);
// for every other system the rating rule shares the pot in proportion to the points.
func (s System) PointsArePot() bool { return s == Armada }

// IsTeamGame reports whether the system scores two sides (Blue Max, Wooden Ships).
func (s System) IsTeamGame() bool { return s == BlueMax || s == WoodenShips }

// scoreAll decodes one game's scorer input (CONTRACT section 1 JSON), validates it and
// scores it. Every input problem is returned as a *FieldError naming the offending field.
func scoreAll(system System, input []byte) (Result, error) {
	return scoreInput(system, input, scoreOptions{explain: true})
}

// scoreOptions says how scoreInput scores. Without explain, a placement game's results carry
// no explanations (the other systems explain anyway); valid says that the input is known to
// be well-formed JSON, so it is not checked again. The problems found are the same whatever
// the options.
type scoreOptions struct {
	explain, valid bool
}

// decodeDocument is decodeDocument, which the options may spare its check of the JSON.
func (o scoreOptions) decodeDocument(input []byte, keys ...string) (object, error) {
	if o.valid {
		return decodeObject(input, "", keys...)
	}
	return decodeDocument(input, keys...)
}

// scoreInput is scoreAll with options.
func scoreInput(system System, input []byte, o scoreOptions) (Result, error) {
	var (
		res Result
		err error
	)
	switch system {
	case Placement:
		res, err = scorePlacementJSON(input, o)
	case BlueMax, WoodenShips:
		res, err = scoreTeamGameJSON(system, input, o)
	case Vortex:
		res, err = scoreVortexJSON(input, o)
	case Armada:
		res, err = scoreArmadaJSON(input, o)
	case ArcsAmbition:
		res, err = scoreArcsAmbitionJSON(input, o)
	default:
		_, err = ParseSystem(string(system))
	}
	if err != nil {
		// err is already a *FieldError naming the field: it is the whole message.
		return Result{}, err
	}
	res.System = system
	return res, nil
}

// Score scores one finished game with its system; the error is the input's first problem,
// a *FieldError naming its field (CONTRACT: one line naming the field). Game.Score, for
// forms, reports every problem the scorer finds at once.
func Score(system System, input []byte) (Result, error) {
	res, err := scoreAll(system, input)
	if all := AllFieldErrors(err); len(all) > 1 {
		return Result{}, all[0]
	}
	return res, err
}
