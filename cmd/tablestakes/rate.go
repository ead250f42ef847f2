package main

import (
	"bufio"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"

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

// decodeRatedGame reads and scores one game of the rate input with the league's decoder;
// path names it in errors.
func decodeRatedGame(item json.RawMessage, path string) (scoredGame, error) {
	g, err := league.DecodeRatedGame(item)
	if err != nil {
		return scoredGame{}, underPath(path, err)
	}
	return scoredGame{system: g.System, game: g.Game}, nil
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

// underPath prefixes a league error's field with path: "system" under "games[2]" becomes
// "games[2].system", a scorer's "input.players[1].score" becomes
// "games[2].input.players[1].score", and the game itself ("") is "games[2]".
func underPath(path string, err error) error {
	var fe *league.FieldError
	if !errors.As(err, &fe) {
		return fmt.Errorf("%s: %w", path, err)
	}
	field := fe.Field
	switch {
	case field == "":
		field = path
	case strings.HasPrefix(field, "["):
		field = path + field
	default:
		field = path + "." + field
	}
	return fmt.Errorf("%s: %s", field, fe.Problem)
}

// streamError describes where the input stops being JSON.
func streamError(dec *json.Decoder, err error) error {
	if errors.Is(err, io.ErrUnexpectedEOF) || errors.Is(err, io.EOF) {
		return fmt.Errorf("input: malformed JSON at byte %d: unexpected end of JSON input", dec.InputOffset())
	}
	var syntax *json.SyntaxError
	if errors.As(err, &syntax) {
		return fmt.Errorf("input: malformed JSON at byte %d: %s", syntax.Offset, strings.TrimPrefix(syntax.Error(), "json: "))
	}
	var typ *json.UnmarshalTypeError
	if errors.As(err, &typ) {
		return fmt.Errorf("input: want a JSON object with \"games\", got %s", typ.Value)
	}
	return fmt.Errorf("input: malformed JSON: %s", strings.TrimPrefix(err.Error(), "json: "))
}
