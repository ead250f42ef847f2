package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"
	"unicode/utf8"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
)

// rateOutput is CONTRACT section 3's output: the final ratings and every game's ledger.
// runRate writes it piece by piece (see writeRatings and appendGameLedger), in this shape.
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
// per-game ledger (CONTRACT section 3): `tablestakes rate`. It streams: each game is read,
// scored and rated in turn, and its ledger line goes to a spool file, so memory holds the
// ladder and one game, whatever the ladder's length. The ratings come first in the output
// but are known only at the end: once every game has rated they are written, then the
// spooled ledger is copied after them. Nothing is written unless every game rates.
func runRate(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 0 {
		return badInput(fmt.Errorf("rate: takes no arguments, got %q", strings.Join(args, " ")))
	}
	spool, err := os.CreateTemp("", "tablestakes-rate-*.json")
	if err != nil {
		return fmt.Errorf("rate: spool: %w", err)
	}
	defer func() {
		// The spool is scratch: once the output is written (or refused) it is no use.
		spool.Close()
		os.Remove(spool.Name())
	}()
	ledger := bufio.NewWriterSize(spool, 1<<20)
	ladder := rating.NewLadder()
	games, err := replayRateInput(bufio.NewReaderSize(stdin, 1<<20), ladder, ledger)
	if err != nil {
		return err
	}
	if err := ledger.Flush(); err != nil {
		return fmt.Errorf("rate: spool: %w", err)
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("rate: spool: %w", err)
	}
	out := bufio.NewWriterSize(stdout, 1<<20)
	writeRatings(out, ladder.Standings())
	out.WriteString("  \"games\": [")
	if games > 0 {
		out.WriteString("\n")
		if _, err := io.Copy(out, spool); err != nil {
			return fmt.Errorf("rate: write ratings: %w", err)
		}
		out.WriteString("\n  ")
	}
	out.WriteString("]\n}\n")
	if err := out.Flush(); err != nil {
		return fmt.Errorf("rate: write ratings: %w", err)
	}
	return nil
}

// writeRatings writes the output's opening and its "ratings", one member a line.
func writeRatings(w *bufio.Writer, standings []rating.Standing) {
	w.WriteString("{\n  \"ratings\": [")
	b := make([]byte, 0, 256)
	for i, s := range standings {
		b = b[:0]
		if i > 0 {
			b = append(b, ',')
		}
		b = append(b, "\n    {\"id\": "...)
		b = appendJSONString(b, s.Player)
		b = append(b, ", \"rating\": "...)
		b = s.Rating.AppendPoints(b)
		b = append(b, ", \"games\": "...)
		b = strconv.AppendInt(b, int64(s.Games), 10)
		b = append(b, '}')
		w.Write(b)
	}
	if len(standings) > 0 {
		w.WriteString("\n  ")
	}
	w.WriteString("],\n")
}

// appendGameLedger appends one game's ledger as one line of JSON, as gameLedger marshals.
func appendGameLedger(b []byte, g scoredGame, entries []rating.Entry) []byte {
	b = append(b, `    {"id": `...)
	b = appendJSONString(b, g.game.ID)
	b = append(b, `, "system": `...)
	b = appendJSONString(b, string(g.system))
	b = append(b, `, "players": [`...)
	for i, e := range entries {
		if i > 0 {
			b = append(b, ", "...)
		}
		b = append(b, `{"id": `...)
		b = appendJSONString(b, e.Player)
		b = append(b, `, "ante": `...)
		b = e.Ante.AppendPoints(b)
		b = append(b, `, "award": `...)
		b = e.Award.AppendPoints(b)
		b = append(b, `, "delta": `...)
		b = e.Delta.AppendPoints(b)
		if e.Substitute != "" {
			b = append(b, `, "substitute": `...)
			b = appendJSONString(b, e.Substitute)
		}
		b = append(b, `, "winner": `...)
		b = strconv.AppendBool(b, g.game.Seats[i].Winner)
		b = append(b, `, "credited": `...)
		b = appendJSONString(b, e.Credited)
		b = append(b, `, "rating_before": `...)
		b = e.Before.AppendPoints(b)
		b = append(b, `, "rating_after": `...)
		b = e.After.AppendPoints(b)
		b = append(b, '}')
	}
	return append(b, "]}"...)
}

// appendJSONString appends s as a JSON string: as it is when it needs no escaping (ids
// usually do not), else as encoding/json escapes it.
func appendJSONString(b []byte, s string) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(s)
			if err != nil {
				panic(fmt.Sprintf("rate: a Go string always marshals: %v", err))
			}
			return append(b, q...)
		}
	}
	b = append(b, '"')
	b = append(b, s...)
	return append(b, '"')
}

// scoredGame is one input game, scored and ready to rate.
type scoredGame struct {
	system league.System
	game   rating.Game
}

// replayRateInput reads {"games":[{"id","system","input","replaced"}, ...]} as a stream of
// JSON tokens: every game is scored with its system, rated on ladder and its ledger line
// written to ledger before the next is read. It returns how many games it rated. Every
// error names its field and is bad input (exit 2).
func replayRateInput(r io.Reader, ladder *rating.Ladder, ledger *bufio.Writer) (int, error) {
	dec := json.NewDecoder(r)
	tok, err := dec.Token()
	if errors.Is(err, io.EOF) {
		return 0, badInput(errors.New(`input: empty, want {"games":[...]}`))
	}
	if err != nil {
		return 0, badInput(streamError(dec, err))
	}
	if tok != json.Delim('{') {
		return 0, badInput(fmt.Errorf(`input: want a JSON object with "games"%s`, gotKind(tok)))
	}
	games, seen := 0, false
	var line []byte
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return 0, badInput(streamError(dec, err))
		}
		if key, _ := tok.(string); key != "games" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return 0, badInput(streamError(dec, err))
			}
			continue
		}
		if seen {
			return 0, badInput(errors.New("games: given twice"))
		}
		seen = true
		tok, err = dec.Token()
		if err != nil {
			return 0, badInput(streamError(dec, err))
		}
		if tok == nil {
			return 0, badInput(errors.New("games: missing"))
		}
		if tok != json.Delim('[') {
			return 0, badInput(errors.New("games: must be an array of games"))
		}
		for dec.More() {
			path := "games[" + strconv.Itoa(games) + "]"
			var item json.RawMessage
			if err := dec.Decode(&item); err != nil {
				return 0, badInput(streamError(dec, err))
			}
			g, err := decodeRatedGame(item, path)
			if err != nil {
				return 0, badInput(err)
			}
			entries, err := ladder.Apply(g.game)
			if err != nil {
				return 0, rateError(games, g.game, err)
			}
			line = line[:0]
			if games > 0 {
				line = append(line, ",\n"...)
			}
			line = appendGameLedger(line, g, entries)
			if _, err := ledger.Write(line); err != nil {
				return 0, fmt.Errorf("rate: spool: %w", err)
			}
			games++
		}
		if _, err := dec.Token(); err != nil { // the games' closing bracket
			return 0, badInput(streamError(dec, err))
		}
	}
	if _, err := dec.Token(); err != nil { // the object's closing brace
		return 0, badInput(streamError(dec, err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return 0, badInput(fmt.Errorf("input: unexpected data after the JSON object at byte %d", dec.InputOffset()))
	}
	if !seen {
		return 0, badInput(errors.New("games: missing"))
	}
	return games, nil
}

// gotKind names the kind of a JSON token that should have been an object: ", got array".
func gotKind(tok json.Token) string {
	switch tok.(type) {
	case json.Delim:
		return ", got array"
	case string:
		return ", got string"
	case float64:
		return ", got number"
	case bool:
		return ", got bool"
	}
	return ""
}

// streamError describes where the input stops being JSON.
func streamError(dec *json.Decoder, err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("input: malformed JSON at byte %d: unexpected end of JSON input", dec.InputOffset())
	}
	return malformedJSON("input", err)
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
