package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"slices"
	"strings"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
)

// maxRateInput bounds the JSON read by `tablestakes rate` (a whole ladder of games).
const maxRateInput = 64 << 20

// rateOutput is CONTRACT section 3's output: the final ratings and every game's ledger.
type rateOutput struct {
	Ratings []ratingLine `json:"ratings"`
	Games   []gameLedger `json:"games"`
}

// ratingLine is one member's final rating. The lines are ordered by rating, highest
// first, then by id.
type ratingLine struct {
	ID     string        `json:"id"`
	Rating rating.Micros `json:"rating"`
	Games  int           `json:"games"`
}

// gameLedger is one game's ledger, its seats in input order.
type gameLedger struct {
	ID      string       `json:"id"`
	System  string       `json:"system"`
	Players []seatLedger `json:"players"`
}

// seatLedger is one seat's line: CONTRACT's "id", "ante", "award" and "delta", then who
// the delta went to and that member's rating before and after the game.
type seatLedger struct {
	ID           string        `json:"id"`
	Ante         rating.Micros `json:"ante"`
	Award        rating.Micros `json:"award"`
	Delta        rating.Micros `json:"delta"`
	Substitute   string        `json:"substitute,omitempty"`
	Winner       bool          `json:"winner"`
	Credited     string        `json:"credited"`
	RatingBefore rating.Micros `json:"rating_before"`
	RatingAfter  rating.Micros `json:"rating_after"`
}

// runRate replays a ladder of scored games read on stdin and prints the ratings and the
// per-game ledger (CONTRACT section 3): `tablestakes rate`. Each game's input goes through
// its scorer, then through the rating ladder in the order given. Nothing is written unless
// every game rates.
func runRate(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 0 {
		return badInput(fmt.Errorf("rate: takes no arguments, got %q", strings.Join(args, " ")))
	}
	input, err := io.ReadAll(io.LimitReader(stdin, maxRateInput+1))
	if err != nil {
		return fmt.Errorf("rate: read stdin: %w", err)
	}
	if len(input) > maxRateInput {
		return badInput(errors.New("input: larger than 64 MiB"))
	}
	games, err := decodeRateInput(input)
	if err != nil {
		return badInput(err)
	}

	ladder := rating.NewLadder()
	out := rateOutput{Ratings: []ratingLine{}, Games: make([]gameLedger, 0, len(games))}
	for i, g := range games {
		entries, err := ladder.Apply(g.game)
		if err != nil {
			return rateError(i, g.game, err)
		}
		ledger := gameLedger{ID: g.game.ID, System: string(g.system), Players: make([]seatLedger, len(entries))}
		for si, e := range entries {
			ledger.Players[si] = seatLedger{
				ID: e.Player, Ante: e.Ante, Award: e.Award, Delta: e.Delta,
				Substitute: e.Substitute, Winner: g.game.Seats[si].Winner, Credited: e.Credited,
				RatingBefore: e.Before, RatingAfter: e.After,
			}
		}
		out.Games = append(out.Games, ledger)
	}
	for _, s := range ladder.Standings() {
		out.Ratings = append(out.Ratings, ratingLine{ID: s.Player, Rating: s.Rating, Games: s.Games})
	}

	if err := writeJSON(stdout, out); err != nil {
		return fmt.Errorf("rate: write ratings: %w", err)
	}
	return nil
}

// scoredGame is one input game, scored and ready to rate.
type scoredGame struct {
	system league.System
	game   rating.Game
}

// decodeRateInput reads {"games":[{"id","system","input","replaced"}, ...]}, scores every
// game with its system and attaches the substitutes. Every error names its field.
func decodeRateInput(input []byte) ([]scoredGame, error) {
	if strings.TrimSpace(string(input)) == "" {
		return nil, errors.New(`input: empty, want {"games":[...]}`)
	}
	var top map[string]json.RawMessage
	if err := json.Unmarshal(input, &top); err != nil {
		return nil, malformedJSON("input", err)
	}
	if top == nil {
		return nil, errors.New("input: want a JSON object with \"games\"")
	}
	raw, ok := top["games"]
	if !ok || isJSONNull(raw) {
		return nil, errors.New("games: missing")
	}
	var items []json.RawMessage
	if err := json.Unmarshal(raw, &items); err != nil {
		return nil, errors.New("games: must be an array of games")
	}
	games := make([]scoredGame, len(items))
	for i, item := range items {
		g, err := decodeRatedGame(item, fmt.Sprintf("games[%d]", i))
		if err != nil {
			return nil, err
		}
		games[i] = g
	}
	return games, nil
}

// decodeRatedGame reads and scores one game of the rate input; path names it in errors.
func decodeRatedGame(item json.RawMessage, path string) (scoredGame, error) {
	var fields map[string]json.RawMessage
	if err := json.Unmarshal(item, &fields); err != nil || fields == nil {
		return scoredGame{}, fmt.Errorf("%s: must be an object with \"id\", \"system\" and \"input\"", path)
	}
	id, err := stringField(fields, "id", path)
	if err != nil {
		return scoredGame{}, err
	}
	name, err := stringField(fields, "system", path)
	if err != nil {
		return scoredGame{}, err
	}
	system, err := league.ParseSystem(name)
	if err != nil {
		return scoredGame{}, underPath(path, err)
	}
	scoreInput, ok := fields["input"]
	if !ok || isJSONNull(scoreInput) {
		return scoredGame{}, fmt.Errorf("%s.input: missing", path)
	}
	result, err := league.Score(system, scoreInput)
	if err != nil {
		return scoredGame{}, underPath(path+".input", err)
	}

	g := rating.Game{ID: id, PointsArePot: system.PointsArePot(), Seats: make([]rating.Seat, len(result.Results))}
	seatOf := make(map[string]int, len(result.Results))
	for i, r := range result.Results {
		g.Seats[i] = rating.Seat{Player: r.ID, Points: r.Points, Winner: r.Winner}
		if _, dup := seatOf[r.ID]; !dup {
			seatOf[r.ID] = i
		}
	}
	if raw, ok := fields["replaced"]; ok && !isJSONNull(raw) {
		var replaced map[string]json.RawMessage
		if err := json.Unmarshal(raw, &replaced); err != nil {
			return scoredGame{}, fmt.Errorf("%s.replaced: must be an object mapping seat ids to substitutes", path)
		}
		seatIDs := make([]string, 0, len(replaced))
		for seat := range replaced {
			seatIDs = append(seatIDs, seat)
		}
		slices.Sort(seatIDs) // a stable first error whatever the map order
		for _, seat := range seatIDs {
			at := path + ".replaced." + seat
			var sub string
			if err := json.Unmarshal(replaced[seat], &sub); err != nil {
				return scoredGame{}, fmt.Errorf("%s: must be the substitute's id (a string)", at)
			}
			if !utf8.Valid(replaced[seat]) {
				return scoredGame{}, fmt.Errorf("%s: must be valid UTF-8", at)
			}
			if strings.TrimSpace(sub) == "" {
				return scoredGame{}, fmt.Errorf("%s: missing substitute", at)
			}
			i, ok := seatOf[seat]
			if !ok {
				return scoredGame{}, fmt.Errorf("%s: no player %q in this game", at, seat)
			}
			g.Seats[i].Substitute = sub
		}
	}
	return scoredGame{system: system, game: g}, nil
}

// rateError turns a ladder's refusal of games[i] into a one-line error naming the field.
func rateError(i int, g rating.Game, err error) error {
	path := fmt.Sprintf("games[%d]", i)
	var seat *rating.SeatError
	switch {
	case errors.As(err, &seat) && seat.Field == "substitute":
		s := g.Seats[seat.Seat]
		return badInput(fmt.Errorf("%s.replaced.%s: substitute %q already holds another seat in this game", path, s.Player, s.Substitute))
	case errors.As(err, &seat) && seat.Field == "player":
		return badInput(fmt.Errorf("%s.input: player %q holds more than one seat", path, g.Seats[seat.Seat].Player))
	case errors.Is(err, rating.ErrTooFewSeats):
		return badInput(fmt.Errorf("%s.input: %w", path, err))
	case errors.Is(err, rating.ErrOverflow):
		return badInput(fmt.Errorf("%s: %w", path, err))
	}
	return fmt.Errorf("rate: %s: %w", path, err)
}

// stringField returns the non-empty string field key of a game object.
func stringField(fields map[string]json.RawMessage, key, path string) (string, error) {
	raw, ok := fields[key]
	if !ok || isJSONNull(raw) {
		return "", fmt.Errorf("%s.%s: missing", path, key)
	}
	var s string
	if err := json.Unmarshal(raw, &s); err != nil {
		return "", fmt.Errorf("%s.%s: must be a string", path, key)
	}
	if !utf8.Valid(raw) {
		// Decoding replaced the invalid bytes with U+FFFD; refuse rather than rename.
		return "", fmt.Errorf("%s.%s: must be valid UTF-8", path, key)
	}
	if strings.TrimSpace(s) == "" {
		return "", fmt.Errorf("%s.%s: must not be empty", path, key)
	}
	return s, nil
}

// underPath prefixes a league error's field with path: "system" under "games[2]" becomes
// "games[2].system", and a scorer's "players[1].score" under "games[2].input" becomes
// "games[2].input.players[1].score".
func underPath(path string, err error) error {
	var fe *league.FieldError
	if !errors.As(err, &fe) {
		return fmt.Errorf("%s: %w", path, err)
	}
	field := fe.Field
	switch {
	case field == "" || (field == "input" && strings.HasSuffix(path, ".input")):
		field = path
	case strings.HasPrefix(field, "["):
		field = path + field
	default:
		field = path + "." + field
	}
	return fmt.Errorf("%s: %s", field, fe.Problem)
}

// malformedJSON describes where input stops being JSON.
func malformedJSON(field string, err error) error {
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Errorf("%s: malformed JSON at byte %d: %s", field, syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return fmt.Errorf("%s: want a JSON object with \"games\", got %s", field, typ.Value)
	}
	return fmt.Errorf("%s: malformed JSON: %s", field, strings.TrimPrefix(err.Error(), "json: "))
}

// isJSONNull reports whether raw is the JSON null.
func isJSONNull(raw json.RawMessage) bool {
	return strings.TrimSpace(string(raw)) == "null"
}
