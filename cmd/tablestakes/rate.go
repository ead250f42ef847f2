package main

import (
	"bufio"
	varint "encoding/binary"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"os"
	"slices"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// rateOutput is CONTRACT section 3's output: the final ratings and every game's ledger.
// runRate writes it piece by piece (see writeRatings and spoolRecord.appendGameLedger), in
// this shape.
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
// per-game ledger (CONTRACT section 3): `tablestakes rate`. It streams: the games are read,
// decoded and scored a batch at a time on every core and rated in turn (replayRateInput),
// and each game's ledger goes to a spool file in a compact binary form (see appendSpooled),
// so memory holds the ladder and a few batches of games, whatever the ladder's length. The
// ratings come first in the output but are known only at the end: once every
// game has rated they are written, then the spooled ledger is read back and written after
// them as JSON. Nothing is written unless every game rates.
func runRate(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 0 {
		return badInput(fmt.Errorf("rate: takes no arguments, got %q", strings.Join(args, " ")))
	}
	spool, err := os.CreateTemp("", "tablestakes-rate-*.spool")
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
		if err := writeSpooledLedger(out, bufio.NewReaderSize(spool, 1<<20), games); err != nil {
			return err
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

// The spool holds each game's ledger in the order of the JSON line it becomes, in a compact
// binary form a fifth the size of the JSON (writing the spool was a third of rate's time):
//
//	game:   uvarint length of the rest, string id, string system, uvarint seats, then
//	        each seat
//	seat:   string player, varint ante, award, delta (millionths), string substitute (empty:
//	        none), byte winner (0 or 1), byte credited (0 the player, 1 the substitute),
//	        varint rating before, rating after
//	string: uvarint length, then the bytes

// appendSpooled appends one rated game's ledger to b in the spool's form; scratch is working
// space, returned for the next game.
func appendSpooled(b, scratch []byte, g scoredGame, entries []rating.Entry) (spooled, scratchOut []byte, err error) {
	rec := appendSpoolString(scratch[:0], g.game.ID)
	rec = appendSpoolString(rec, string(g.system))
	rec = varint.AppendUvarint(rec, uint64(len(entries)))
	for i, e := range entries {
		rec = appendSpoolString(rec, e.Player)
		rec = varint.AppendVarint(rec, int64(e.Ante))
		rec = varint.AppendVarint(rec, int64(e.Award))
		rec = varint.AppendVarint(rec, int64(e.Delta))
		rec = appendSpoolString(rec, e.Substitute)
		winner := byte(0)
		if g.game.Seats[i].Winner {
			winner = 1
		}
		var credited byte
		switch e.Credited {
		case e.Player:
		case e.Substitute:
			credited = 1
		default:
			return nil, rec, fmt.Errorf("rate: %s: the ledger credits %q, neither the seat's player nor its substitute", g.game.ID, e.Credited)
		}
		rec = append(rec, winner, credited)
		rec = varint.AppendVarint(rec, int64(e.Before))
		rec = varint.AppendVarint(rec, int64(e.After))
	}
	b = varint.AppendUvarint(b, uint64(len(rec)))
	return append(b, rec...), rec, nil
}

// appendSpoolString appends s in the spool's form: its length, then its bytes.
func appendSpoolString(b []byte, s string) []byte {
	b = varint.AppendUvarint(b, uint64(len(s)))
	return append(b, s...)
}

// writeSpooledLedger reads games spooled games back and writes each as one line of JSON, as
// gameLedger marshals, the lines separated by commas. Batches of games are written as JSON on
// every core, and written out in turn (inOrder).
func writeSpooledLedger(w *bufio.Writer, r *bufio.Reader, games int) error {
	var failed error
	inOrder(func(emit func(*ledgerBatch) bool, reuse func() (*ledgerBatch, bool)) {
		for next := 0; next < games; {
			b, ok := reuse()
			if !ok {
				b = &ledgerBatch{}
			}
			b.first, b.records, b.ends, b.err = next, b.records[:0], b.ends[:0], nil
			for len(b.ends) < gameBatchSize && next < games {
				var err error
				if b.records, err = readSpoolRecord(r, b.records); err != nil {
					b.err = fmt.Errorf("rate: spool: game %d: %w", next, err)
					emit(b)
					return
				}
				b.ends = append(b.ends, len(b.records))
				next++
			}
			if !emit(b) {
				return
			}
		}
	}, (*ledgerBatch).format, func(b *ledgerBatch) bool {
		if b.err != nil {
			failed = b.err
			return false
		}
		w.Write(b.text)
		return true
	})
	return failed
}

// ledgerBatch is consecutive games of the spool: their records, then their JSON lines.
type ledgerBatch struct {
	// first is the index of the batch's first game.
	first int
	// records holds the records back to back, ends where each ends.
	records []byte
	ends    []int
	text    []byte
	err     error
}

// format writes the batch's games as JSON lines, each but the input's first after a comma.
func (b *ledgerBatch) format() {
	if b.err != nil {
		return
	}
	b.text = b.text[:0]
	from := 0
	for i, end := range b.ends {
		if b.first+i > 0 {
			b.text = append(b.text, ",\n"...)
		}
		rec := spoolRecord{rec: b.records[from:end]}
		b.text = rec.appendGameLedger(b.text)
		if rec.err != nil {
			b.err = fmt.Errorf("rate: spool: game %d: %w", b.first+i, rec.err)
			return
		}
		from = end
	}
}

// readSpoolRecord reads the next game's record from the spool and appends it to dst.
func readSpoolRecord(r *bufio.Reader, dst []byte) ([]byte, error) {
	n, err := varint.ReadUvarint(r)
	if err == nil && n > 1<<30 {
		err = errors.New("record too long")
	}
	if err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return dst, err
	}
	start := len(dst)
	dst = slices.Grow(dst, int(n))[:start+int(n)]
	if _, err := io.ReadFull(r, dst[start:]); err != nil {
		if errors.Is(err, io.EOF) {
			err = io.ErrUnexpectedEOF
		}
		return dst, err
	}
	return dst, nil
}

// spoolRecord reads one game's record; the first error sticks in err, and every read after
// it returns zero values.
type spoolRecord struct {
	rec []byte
	at  int
	err error
}

// appendGameLedger appends the record's game as a JSON line to b.
func (sr *spoolRecord) appendGameLedger(b []byte) []byte {
	b = append(b, `    {"id": `...)
	b = appendJSONString(b, sr.bytes())
	b = append(b, `, "system": `...)
	b = appendJSONString(b, sr.bytes())
	b = append(b, `, "players": [`...)
	seats := sr.uvarint()
	for i := uint64(0); i < seats && sr.err == nil; i++ {
		if i > 0 {
			b = append(b, ", "...)
		}
		player := sr.bytes()
		b = append(b, `{"id": `...)
		b = appendJSONString(b, player)
		b = append(b, `, "ante": `...)
		b = sr.micros().AppendPoints(b)
		b = append(b, `, "award": `...)
		b = sr.micros().AppendPoints(b)
		b = append(b, `, "delta": `...)
		b = sr.micros().AppendPoints(b)
		substitute := sr.bytes()
		if len(substitute) > 0 {
			b = append(b, `, "substitute": `...)
			b = appendJSONString(b, substitute)
		}
		b = append(b, `, "winner": `...)
		b = strconv.AppendBool(b, sr.byte() == 1)
		b = append(b, `, "credited": `...)
		if sr.byte() == 1 {
			b = appendJSONString(b, substitute)
		} else {
			b = appendJSONString(b, player)
		}
		b = append(b, `, "rating_before": `...)
		b = sr.micros().AppendPoints(b)
		b = append(b, `, "rating_after": `...)
		b = sr.micros().AppendPoints(b)
		b = append(b, '}')
	}
	if sr.err == nil && sr.at != len(sr.rec) {
		sr.fail(errors.New("record longer than its game"))
	}
	return append(b, "]}"...)
}

// uvarint reads an unsigned varint from the record.
func (sr *spoolRecord) uvarint() uint64 {
	v, n := varint.Uvarint(sr.rec[sr.at:])
	if n <= 0 {
		sr.fail(io.ErrUnexpectedEOF)
		return 0
	}
	sr.at += n
	return v
}

// micros reads an amount in millionths (a signed varint) from the record.
func (sr *spoolRecord) micros() rating.Micros {
	v, n := varint.Varint(sr.rec[sr.at:])
	if n <= 0 {
		sr.fail(io.ErrUnexpectedEOF)
		return 0
	}
	sr.at += n
	return rating.Micros(v)
}

// byte reads one byte from the record.
func (sr *spoolRecord) byte() byte {
	if sr.at >= len(sr.rec) {
		sr.fail(io.ErrUnexpectedEOF)
		return 0
	}
	sr.at++
	return sr.rec[sr.at-1]
}

// bytes reads a string from the record; it stays valid until the next record is read.
func (sr *spoolRecord) bytes() []byte {
	n := sr.uvarint()
	if n > uint64(len(sr.rec)-sr.at) {
		sr.fail(io.ErrUnexpectedEOF)
		return nil
	}
	s := sr.rec[sr.at : sr.at+int(n)]
	sr.at += int(n)
	return s
}

// fail keeps the first error.
func (sr *spoolRecord) fail(err error) {
	if sr.err == nil {
		sr.err = err
		sr.rec, sr.at = nil, 0 // every read from here on fails
	}
}

// appendJSONString appends s as a JSON string: as it is when it needs no escaping (ids
// usually do not), else as encoding/json escapes it.
func appendJSONString[S ~string | ~[]byte](b []byte, s S) []byte {
	for i := 0; i < len(s); i++ {
		if c := s[i]; c < 0x20 || c >= 0x7f || c == '"' || c == '\\' || c == '<' || c == '>' || c == '&' {
			q, err := json.Marshal(string(s))
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
	system scoring.System
	game   rating.Game
}

// decodeRatedGame reads and scores one game of the rate input with the league's decoder;
// path names it in errors.
func decodeRatedGame(item json.RawMessage, path string) (scoredGame, error) {
	g, err := scoring.DecodeRatedGame(item)
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
	var fe *scoring.FieldError
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
