package scoring

import (
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"

	"github.com/tablestakes/tablestakes/rating"
)

// A league game's result is a scorer input whose ids are the usernames of the game's seats,
// plus the app's "replaced" field. ScoreSeated is the one place that checks such a result
// against the seats: the pure rule shared by the API, the result form and the demo data.

// Seat is one seat of a scheduled game: its position (1 first, the starting player) and
// the username of the player the schedule put there.
type Seat struct {
	Position int
	Player   string
}

// SeatedLine is one seat's line of a result checked against the seats.
type SeatedLine struct {
	// Position and Player are the seat (Player as the schedule spells the username).
	Position int
	Player   string
	// Points are the seat's league points, exact.
	Points *big.Rat
	// Place is the seat's place for countback (Places).
	Place int
	// Winner, Side and Explanation are the scorer's (PlayerResult).
	Winner      bool
	Side        string
	Explanation string
	// Substitute is the username of the human replacement who finished the seat (seed 4.2),
	// as submitted; the store resolves it to an account.
	Substitute string
	// Absent marks a seat whose player did not come (CONTRACT section 12). In Diplomacy its
	// power is played by the missing-man rules (seed 4.1): the line keeps what the power
	// scored and its place, and the ladder's Seventh Player antes for it and takes its award.
	// In every other game the seat is not played: Points 0, Place 0 (no place), not rated.
	// Either way its player gets no league points and no game played (league.GamePlayed).
	Absent bool
}

// SeatedResult is a result checked against a game's seats.
type SeatedResult struct {
	// Result is the scorer's output, its ids the seated players' usernames.
	Result Result
	// Lines holds one line per seat, in seat order.
	Lines []SeatedLine
}

// FieldErrors is every problem found in one input, each naming its field; errors.As finds
// the first *FieldError in it.
type FieldErrors []*FieldError

// Error returns the problems joined by "; ", the first first.
func (e FieldErrors) Error() string {
	parts := make([]string, len(e))
	for i, fe := range e {
		parts[i] = fe.Error()
	}
	return strings.Join(parts, "; ")
}

// Unwrap returns the problems, for errors.As and errors.Is.
func (e FieldErrors) Unwrap() []error {
	out := make([]error, len(e))
	for i, fe := range e {
		out[i] = fe
	}
	return out
}

// AllFieldErrors lists the field problems of err: every one of a FieldErrors, or the single
// *FieldError; nil when err names no field.
func AllFieldErrors(err error) []*FieldError {
	var all FieldErrors
	if errors.As(err, &all) {
		return all
	}
	var fe *FieldError
	if errors.As(err, &fe) {
		return []*FieldError{fe}
	}
	return nil
}

// errorOrNil returns the problems as an error, nil when there are none.
func (e FieldErrors) errorOrNil() error {
	if len(e) == 0 {
		return nil
	}
	return e
}

// ScoreSeated scores a league game's result, decoded once (Game.DecodeResult), with the
// game's scorer and checks it against the seats: every id a seated player (usernames match regardless of letter case),
// every seated player reported once or absent, and each replaced seat a seated player finished by
// someone holding no seat of the game and replacing no other seat (seed 4.2), and each
// absent seat (CONTRACT section 12) left out of the players outside Diplomacy, whose
// absent power stays in them, played by the missing man (seed 4.1). Scorer
// problems come back as the scorer names them; seat problems all at once, as FieldErrors.
// Whether a substitute has an account is the store's to say.
func ScoreSeated(game Game, in ResultInput, seats []Seat) (SeatedResult, error) {
	if err := in.decodeScorer(game.System); err != nil { // decoded already unless built by DecodeResultInput
		return SeatedResult{}, err
	}
	res, err := game.scoreDecoded(in) // the scorer, and what the game allows its scores to be
	if err != nil {
		return SeatedResult{}, err
	}
	paths := idPaths(in, len(res.Results))
	seatOf := make(map[string]int, len(seats))
	seated := make([]string, len(seats))
	for i, s := range seats {
		seatOf[strings.ToLower(s.Player)] = i
		seated[i] = s.Player
	}
	var problems FieldErrors
	lines := make([]SeatedLine, len(seats))
	reported := make([]int, len(seats)) // result index + 1 per seat
	notPlayed := map[int]string{}       // seat index → the "absent[i]" naming it, outside Diplomacy
	if !game.System.PlaysAbsentSeat() {
		if notPlayed, problems = absentSeatsNotPlayed(in.Absent, seats); len(problems) > 0 {
			return SeatedResult{}, problems
		}
	}
	places := Places(res.Results)
	for i, r := range res.Results {
		si, ok := seatOf[strings.ToLower(r.ID)]
		switch {
		case !ok:
			problems = append(problems, fieldErr(paths[i], "%q is not seated in this game (seated: %s)", r.ID, strings.Join(seated, ", ")))
			continue
		case reported[si] != 0:
			problems = append(problems, fieldErr(paths[i], "%q is already reported at %s", r.ID, paths[reported[si]-1]))
			continue
		case notPlayed[si] != "":
			problems = append(problems, wordedErr(notPlayed[si], "scoring.played_and_absent",
				map[string]any{"Player": strconv.Quote(seats[si].Player), "At": paths[i]},
				fmt.Sprintf("%q is reported at %s; a seat is either played or absent, not both", seats[si].Player, paths[i])))
			continue
		case !r.Points.Num().IsInt64() || !r.Points.Denom().IsInt64():
			problems = append(problems, fieldErr(paths[i], "league points too large to store"))
			continue
		}
		reported[si] = i + 1
		seat := seats[si]
		res.Results[i].ID = seat.Player
		lines[si] = SeatedLine{Position: seat.Position, Player: seat.Player, Points: r.Points, Place: places[i],
			Winner: r.Winner, Side: r.Side, Explanation: r.Explanation}
	}
	var missing []string
	for si, n := range reported {
		switch {
		case notPlayed[si] != "":
			// CONTRACT section 12: an absent seat takes no place and no points, and the game
			// is scored among the players present (the scorer saw only them).
			lines[si] = SeatedLine{Position: seats[si].Position, Player: seats[si].Player, Points: new(big.Rat),
				Absent: true, Explanation: AbsentNote}
		case n == 0:
			missing = append(missing, seats[si].Player)
		}
	}
	if len(missing) > 0 {
		field := "players"
		if game.System.IsTeamGame() {
			field = "sides"
		}
		word := "players"
		if len(missing) == 1 {
			word = "player"
		}
		problems = append(problems, fieldErr(field, "missing seated %s %s", word, strings.Join(missing, ", ")))
	}
	problems = append(problems, replaceSeats(in.Replaced, seats, lines)...)
	if game.System.PlaysAbsentSeat() {
		problems = append(problems, missingManSeats(in.Absent, seats, lines)...)
	}
	for si := range seats {
		if notPlayed[si] != "" && lines[si].Substitute != "" {
			problems = append(problems, wordedErr(notPlayed[si], "scoring.replaced_not_absent",
				map[string]any{"Player": strconv.Quote(seats[si].Player), "Sub": strconv.Quote(lines[si].Substitute)},
				fmt.Sprintf("%q is replaced by %q; a seat a substitute played is not absent", seats[si].Player, lines[si].Substitute)))
		}
	}
	if err := problems.errorOrNil(); err != nil {
		return SeatedResult{}, err
	}
	if game.System.PlaysAbsentSeat() {
		// Elsewhere the scorer saw only the players present and placed them among
		// themselves already; the absent seat keeps no place (0).
		placeAmongPresent(lines)
	}
	return SeatedResult{Result: res, Lines: lines}, nil
}

// replaceSeats checks the replaced seats (seed 4.2) and sets each line's Substitute: the
// key must be a seated player with a substitute named, and the substitute must pass the one
// substitute rule (rating.CheckSubstitute: no seat of the game, no earlier seat finished),
// usernames compared regardless of letter case. Problems come in key order.
func replaceSeats(replaced map[string]string, seats []Seat, lines []SeatedLine) FieldErrors {
	keys := make([]string, 0, len(replaced))
	for k := range replaced {
		keys = append(keys, k)
	}
	slices.Sort(keys) // the problems in a stable order whatever the map order
	players, subs, keyOf := make([]string, len(seats)), make([]string, len(seats)), make([]string, len(seats))
	for i, s := range seats {
		players[i] = s.Player
	}
	problem := map[string]*FieldError{}
	for _, key := range keys {
		field := "replaced." + key
		si := slices.IndexFunc(seats, func(s Seat) bool { return strings.EqualFold(s.Player, key) })
		want := strings.TrimSpace(replaced[key])
		switch {
		case si < 0:
			problem[key] = fieldErr(field, "%q is not seated in this game", key)
		case want == "":
			problem[key] = fieldErr(field, "missing substitute")
		default:
			subs[si], keyOf[si] = want, key
		}
	}
	for si, sub := range subs {
		if sub == "" {
			continue
		}
		field := "replaced." + keyOf[si]
		switch rating.CheckSubstitute(players, subs, si, strings.EqualFold) {
		case rating.SubstituteSeated:
			problem[keyOf[si]] = wordedErr(field, "scoring.substitute_seated", map[string]any{"Sub": strconv.Quote(sub)},
				fmt.Sprintf("substitute %q holds a seat in this game", sub))
		case rating.SubstituteTwice:
			problem[keyOf[si]] = wordedErr(field, "scoring.substitute_twice", map[string]any{"Sub": strconv.Quote(sub)},
				fmt.Sprintf("substitute %q already replaces another seat", sub))
		default:
			lines[si].Substitute = sub
		}
	}
	var problems FieldErrors
	for _, key := range keys {
		if p := problem[key]; p != nil {
			problems = append(problems, p)
		}
	}
	return problems
}

// AbsentNote is the explanation of a seat whose player did not come, outside Diplomacy
// (CONTRACT section 12).
const AbsentNote = "absent: did not come; the game was scored among the players present, " +
	"and the seat takes no place, no league points and no rating change"

// MinPresent is how many players must be present at a game with absent seats (CONTRACT
// section 12: "At least 2 players must be present").
const MinPresent = 2

// PlaysAbsentSeat reports whether an absent seat of s is still played: in Diplomacy by the
// missing man (ARMADA 4.1, "a randomly-selected power will be chosen to be unplayed" and the
// Seventh Player antes for it). In every other system an absent seat is not played at all.
func (s System) PlaysAbsentSeat() bool { return s == Armada }

// SeatRated reports whether a recorded seat of a game of system s is rated on the ladder:
// every seat played, the missing man's included (seed 4.1); an absent seat outside Diplomacy
// did not play and is not rated (CONTRACT section 12).
func SeatRated(s System, absent bool) bool { return !absent || s.PlaysAbsentSeat() }

// absentSeatsNotPlayed checks the absent seats of a game whose absent seats are not played
// (every system but Diplomacy, CONTRACT section 12) and returns them by seat index, each
// with the field naming it: every name a seated player, listed once, and at least
// MinPresent players left at the table.
func absentSeatsNotPlayed(absent []string, seats []Seat) (map[int]string, FieldErrors) {
	out := map[int]string{}
	var problems FieldErrors
	for i, name := range absent {
		field := strictjson.Index("absent", i)
		si := slices.IndexFunc(seats, func(s Seat) bool { return strings.EqualFold(s.Player, strings.TrimSpace(name)) })
		switch {
		case si < 0:
			problems = append(problems, fieldErr(field, "%q is not seated in this game", name))
		case out[si] != "":
			problems = append(problems, fieldErr(field, "%q is already listed at %s", name, out[si]))
		default:
			out[si] = field
		}
	}
	if len(problems) == 0 && len(seats)-len(out) < MinPresent {
		problems = append(problems, wordedErr("absent", "scoring.too_few_present",
			map[string]any{"Min": MinPresent, "Absent": len(out), "Seated": len(seats)},
			fmt.Sprintf("at least %d players must be present; %d of the %d seated are absent", MinPresent, len(out), len(seats))))
	}
	return out, problems
}

// missingManSeats checks the seats played by the missing man (seed 4.1) and marks their
// lines: at most one ("Should only six players be available"), a seated player, and not also
// replaced by a substitute (seed 4.2 is the other way to finish a seat). The line keeps the
// points its power scored: they are the seat's share of the ARMADA pot, which the Seventh
// Player takes; its player takes none (league.LeaguePoints).
func missingManSeats(absent []string, seats []Seat, lines []SeatedLine) FieldErrors {
	if len(absent) == 0 {
		return nil
	}
	if len(absent) > 1 {
		return FieldErrors{wordedErr("absent", "scoring.missing_man_once", map[string]any{"Got": len(absent)},
			fmt.Sprintf("at most one power is played by the missing man (ARMADA rule 4.1: "+
				"\"should only six players be available\"), got %d", len(absent)))}
	}
	field := "absent[0]"
	si := slices.IndexFunc(seats, func(s Seat) bool { return strings.EqualFold(s.Player, strings.TrimSpace(absent[0])) })
	switch {
	case si < 0:
		return FieldErrors{fieldErr(field, "%q is not seated in this game", absent[0])}
	case lines[si].Substitute != "":
		return FieldErrors{wordedErr(field, "scoring.missing_man_replaced",
			map[string]any{"Player": strconv.Quote(seats[si].Player), "Sub": strconv.Quote(lines[si].Substitute)},
			fmt.Sprintf("%q is replaced by %q; a seat is finished by a substitute or by the missing man, not both",
				seats[si].Player, lines[si].Substitute))}
	case lines[si].Points == nil:
		return nil // the seat is not reported; that problem is named already
	}
	lines[si].Absent = true
	return nil
}

// placeAmongPresent places the seats present among themselves when a seat was absent: each
// 1 + the number of present seats placed better, so the six players of a Diplomacy game
// with the missing man are placed 1 to 6, never "7th" behind the Seventh Player (issue #34).
// The absent seat, which takes no place among the players, is stored last. Only Diplomacy
// needs it: its absent power is scored with the others (ARMADA 4.1's missing man).
func placeAmongPresent(lines []SeatedLine) {
	if !slices.ContainsFunc(lines, func(l SeatedLine) bool { return l.Absent }) {
		return
	}
	before := make([]int, len(lines))
	present := 0
	for i, l := range lines {
		before[i] = l.Place
		if !l.Absent {
			present++
		}
	}
	for i := range lines {
		if lines[i].Absent {
			lines[i].Place = present + 1
			continue
		}
		place := 1
		for j := range lines {
			if !lines[j].Absent && before[j] < before[i] {
				place++
			}
		}
		lines[i].Place = place
	}
}
