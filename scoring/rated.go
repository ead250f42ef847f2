package scoring

import (
	"encoding/json"
	"slices"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"

	"github.com/tablestakes/tablestakes/rating"
)

// RatedGame is one game of a ladder replayed by `tablestakes rate` (CONTRACT section 3),
// scored and ready for the ladder.
type RatedGame struct {
	// System is the game's scorer.
	System System
	// Game is the game for rating.Ladder.Apply: the scorer's points and winners by seat, in
	// input order, each replaced seat with its substitute.
	Game rating.Game
}

// ratedGameKeys are the keys of a rated game that DecodeRatedGame reads.
var ratedGameKeys = []string{"id", "system", "input", "replaced"}

// DecodeRatedGame decodes one game of `tablestakes rate`'s input,
// {"id":"g1","system":"placement","input":{...},"replaced":{"B":"X"}}, and scores its
// input with its system. Keys other than these four are ignored; a key given twice is
// refused. Each "replaced" key must be the id of one of the game's players (compared
// exactly) and its value the id of the substitute who finished the seat; whether the
// substitute may take it is the ladder's to say (rating.Game.Validate).
//
// The error is the first problem, a *FieldError whose field is a path within the game:
// "" for the game itself, "id", "system", "input.players[1].score", "replaced.B".
func DecodeRatedGame(raw []byte) (RatedGame, error) {
	if strictjson.Kind(raw) != "an object" {
		if !strictjson.Valid(raw) {
			return RatedGame{}, malformedGame(raw)
		}
		return RatedGame{}, fieldErr("", "must be an object, got %s", strictjson.Kind(raw))
	}
	// One walk checks the game's JSON and finds its four keys.
	obj := object{elem: -1, keys: ratedGameKeys, values: make([]json.RawMessage, len(ratedGameKeys))}
	if err := strictjson.Document(raw, obj.keys, obj.values, true); err != nil {
		return RatedGame{}, fromStrict(err) // the game's own problems have the field ""
	}
	id, err := obj.id("id")
	if err != nil {
		return RatedGame{}, err
	}
	name, err := obj.id("system")
	if err != nil {
		return RatedGame{}, err
	}
	system, err := ParseSystem(name)
	if err != nil {
		return RatedGame{}, err
	}
	input, ok := obj.field("input")
	if !ok {
		return RatedGame{}, fieldErr("input", "missing")
	}
	res, err := scoreInput(system, input, scoreOptions{valid: true}) // part of raw, checked above
	if err != nil {
		return RatedGame{}, underInput(err)
	}
	g := rating.Game{ID: id, PointsArePot: system.PointsArePot(), Seats: make([]rating.Seat, len(res.Results))}
	for i, r := range res.Results {
		g.Seats[i] = rating.Seat{Player: r.ID, Points: r.Points, Winner: r.Winner}
	}
	if replaced, ok := obj.field("replaced"); ok {
		if err := decodeReplaced(replaced, g.Seats); err != nil {
			return RatedGame{}, err
		}
	}
	return RatedGame{System: system, Game: g}, nil
}

// malformedGame describes where a game's text stops being JSON: a problem of the game
// itself, whose field is "".
func malformedGame(raw []byte) error {
	return &FieldError{Problem: strictjson.Malformed(raw).Problem}
}

// underInput puts a scorer's first problem under the game's "input": "players[1].score"
// becomes "input.players[1].score", and the scorer's own "input" (malformed, not an object)
// stays "input".
func underInput(err error) error {
	all := AllFieldErrors(err)
	if len(all) == 0 {
		return &FieldError{Field: "input", Problem: err.Error()}
	}
	fe := all[0]
	switch {
	case fe.Field == "" || fe.Field == "input":
		return &FieldError{Field: "input", Problem: fe.Problem}
	case strings.HasPrefix(fe.Field, "["):
		return &FieldError{Field: "input" + fe.Field, Problem: fe.Problem}
	}
	return &FieldError{Field: "input." + fe.Field, Problem: fe.Problem}
}

// decodeReplaced decodes a rated game's "replaced" object, seat id → substitute id, and
// sets each replaced seat's Substitute. Problems come in key order, whatever the text's.
func decodeReplaced(raw json.RawMessage, seats []rating.Seat) error {
	type replacement struct {
		seat  string
		value json.RawMessage
	}
	var all []replacement
	err := strictjson.Map(raw, func(seat string, value json.RawMessage) error {
		all = append(all, replacement{seat, value})
		return nil
	})
	if se, ok := err.(*strictjson.Error); ok {
		return fromStrict(se.Under("replaced"))
	}
	slices.SortFunc(all, func(a, b replacement) int { return strings.Compare(a.seat, b.seat) })
	for _, r := range all {
		path := seatPath(r.seat)
		sub, err := parseString(r.value, path)
		if err != nil {
			return err
		}
		if strings.TrimSpace(sub) == "" {
			return fieldErr(path, "missing substitute")
		}
		if err := checkID(sub, path); err != nil {
			return err
		}
		i := slices.IndexFunc(seats, func(s rating.Seat) bool { return s.Player == r.seat })
		if i < 0 {
			return fieldErr(path, "no player %q in this game", r.seat)
		}
		seats[i].Substitute = sub
	}
	return nil
}

// seatPath is the field path of a replaced seat: "replaced.B" (strictjson.KeyName).
func seatPath(seat string) string { return "replaced." + strictjson.KeyName(seat) }
