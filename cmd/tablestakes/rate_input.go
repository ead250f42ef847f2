package main

import (
	"bufio"
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// Reading `tablestakes rate`'s input, {"games":[{"id","system","input","replaced"}, ...]}.
//
// Two readers share the work. The ladder scanner reads a well-formed ladder: it walks the
// bytes itself, hands each game's text to scoring.DecodeRatedGame and rates it at once. The
// token reader, a json.Decoder reading tokens, is the definition of what the input may be and
// of what each refusal says ("input: malformed JSON at byte 10: ..."). At the first thing the
// scanner does not take for part of a well-formed ladder, whatever it is, it hands over to
// the token reader, which reads the input again from the start: but the scanner keeps only
// what it has not yet understood, and stands in for what it has with text of the same length
// and the same structure (a game it rated becomes [], which the token reader skips), so the
// token reader reaches the same place in the same state at the same byte offsets, and says
// what it would have said had it read everything itself, in constant memory.

// rateReplay is one replay of a ladder: the ladder, the spool of ledgers, and how many games
// have been rated.
type rateReplay struct {
	ladder *rating.Ladder
	ledger *bufio.Writer
	games  int
	// line and scratch are working space for a game's spooled ledger.
	line, scratch []byte
}

// rate decodes, scores and rates one game, the next of the input, and spools its ledger.
func (p *rateReplay) rate(item []byte) error {
	g, err := decodeGame(item, p.games)
	if err != nil {
		return err
	}
	return p.apply(g)
}

// decodeGame decodes and scores games[index] of the input, whose text is item.
func decodeGame(item []byte, index int) (scoredGame, error) {
	g, err := decodeRatedGame(item, "games["+strconv.Itoa(index)+"]")
	if err != nil {
		return scoredGame{}, badInput(err)
	}
	return g, nil
}

// apply rates the next game of the input on the ladder and spools its ledger.
func (p *rateReplay) apply(g scoredGame) error {
	entries, err := p.ladder.Apply(g.game)
	if err != nil {
		return rateError(p.games, g.game, err)
	}
	if p.line, p.scratch, err = appendSpooled(p.line[:0], p.scratch, g, entries); err != nil {
		return err
	}
	if _, err := p.ledger.Write(p.line); err != nil {
		return fmt.Errorf("rate: spool: %w", err)
	}
	p.games++
	return nil
}

// replayRateInput reads the input from r: every game is scored with its system (a batch at
// a time on every core, see inOrder), rated on ladder in input order and its ledger written
// to ledger. It returns how many games it rated. Every error about the input names its field
// and is bad input (exit 2); the first in input order is the one returned.
func replayRateInput(r io.Reader, ladder *rating.Ladder, ledger *bufio.Writer) (int, error) {
	p := &rateReplay{ladder: ladder, ledger: ledger}
	s := &ladderScanner{r: r}
	var (
		done  bool
		first error // the first problem of a game the scanner read
	)
	inOrder(func(emit func(*gameBatch) bool, reuse func() (*gameBatch, bool)) {
		s.queue = gameQueue{emit: emit, reuse: reuse}
		done = s.scan()
		s.queue.flush()
	}, decodeBatch, func(b *gameBatch) bool {
		for i := range b.games {
			g := &b.games[i]
			if g.err == nil {
				g.err = p.apply(g.game)
			}
			if g.err != nil {
				first = g.err
				return false
			}
		}
		return true
	})
	if first != nil {
		return 0, first
	}
	if done {
		return p.games, nil
	}
	// Not a well-formed ladder, or not one the scanner knows: the token reader reads it, the
	// rated games and everything else the scanner took in replaced by their stand-ins.
	if err := p.readTokens(s.rest()); err != nil {
		return 0, err
	}
	return p.games, nil
}

// readTokens reads the input as JSON tokens. The first p.games games were rated already
// (their stand-ins are skipped); the rest are rated in turn.
func (p *rateReplay) readTokens(r io.Reader) error {
	dec := json.NewDecoder(r)
	tok, err := dec.Token()
	if errors.Is(err, io.EOF) {
		return badInput(errors.New(`input: empty, want {"games":[...]}`))
	}
	if err != nil {
		return badInput(streamError(dec, err))
	}
	if tok != json.Delim('{') {
		return badInput(fmt.Errorf(`input: want a JSON object with "games"%s`, gotKind(tok)))
	}
	seen := false
	for dec.More() {
		tok, err := dec.Token()
		if err != nil {
			return badInput(streamError(dec, err))
		}
		if key, _ := tok.(string); key != "games" {
			var skip json.RawMessage
			if err := dec.Decode(&skip); err != nil {
				return badInput(streamError(dec, err))
			}
			continue
		}
		if seen {
			return badInput(errors.New("games: given twice"))
		}
		seen = true
		tok, err = dec.Token()
		if err != nil {
			return badInput(streamError(dec, err))
		}
		if tok == nil {
			return badInput(errors.New("games: missing"))
		}
		if tok != json.Delim('[') {
			return badInput(errors.New("games: must be an array of games"))
		}
		rated := p.games // the scanner's: the first ones are stand-ins
		for i := 0; dec.More(); i++ {
			var item json.RawMessage
			if err := dec.Decode(&item); err != nil {
				return badInput(streamError(dec, err))
			}
			if i < rated {
				continue
			}
			if err := p.rate(item); err != nil {
				return err
			}
		}
		if _, err := dec.Token(); err != nil { // the games' closing bracket
			return badInput(streamError(dec, err))
		}
	}
	if _, err := dec.Token(); err != nil { // the object's closing brace
		return badInput(streamError(dec, err))
	}
	if _, err := dec.Token(); !errors.Is(err, io.EOF) {
		return badInput(fmt.Errorf("input: unexpected data after the JSON object at byte %d", dec.InputOffset()))
	}
	if !seen {
		return badInput(errors.New("games: missing"))
	}
	return nil
}

// ladderScanner reads a well-formed ladder: whitespace, '{', then members, each a string key,
// ':' and a well-formed value, the one "games" key holding '[' and games separated by commas
// and ']'; '}', whitespace, the end. Whatever it has read lies before mark in buf, and is
// recorded, for the token reader, as stand-ins.
type ladderScanner struct {
	r io.Reader
	// queue takes the games read to be decoded, scored and rated; queued counts them.
	queue  gameQueue
	queued int
	buf    []byte
	// mark is the index in buf of the first byte not read yet.
	mark int
	// eof reports that r has no more bytes; err is r's error if it ended otherwise.
	eof bool
	err error
	// read lists stand-ins for what was read, in order.
	read []standIn
	// games stands in for the games rated so far and what followed the last of them (see
	// flushGames); inGames reports that it is in use.
	games   gamesStandIn
	inGames bool
}

// scan reads the input and queues its games for rating. It reports true when the input was
// a well-formed ladder; false when the token reader must take over from mark, or when the
// rating has stopped at a problem (which the pipeline reports).
func (s *ladderScanner) scan() bool {
	s.space()
	if !s.punct('{') {
		return false
	}
	s.space()
	seen := false
	if !s.punct('}') {
		for {
			key, ok := s.key()
			if !ok {
				return false
			}
			s.space()
			if !s.punct(':') {
				return false
			}
			s.space()
			if key == "games" {
				if seen {
					return false
				}
				seen = true
				if !s.gameList() {
					return false
				}
			} else if !s.value() {
				return false
			}
			s.space()
			if s.punct('}') {
				break
			}
			if !s.punct(',') {
				return false
			}
			s.space()
		}
	}
	s.space()
	return s.atEnd() && seen
}

// gameList reads the "games" array and queues each game for rating. It reports false when
// the token reader must take over, or the rating has stopped.
func (s *ladderScanner) gameList() bool {
	if !s.punct('[') {
		return false
	}
	s.space()
	if s.punct(']') {
		return true
	}
	s.inGames = true
	defer s.flushGames()
	for {
		n, ok := s.extent()
		if !ok {
			return false
		}
		item := s.buf[s.mark : s.mark+n]
		if !scoring.ValidJSON(item) {
			return false // not JSON: the token reader says where it breaks
		}
		s.queue.add(s.queued, item)
		s.queued++
		s.mark += n
		s.games.rated(n) // as the token reader sees it, rated: if it is not, nothing follows
		s.space()
		if s.punct(']') {
			return true
		}
		if !s.punct(',') || s.queue.stopped {
			return false
		}
		s.space()
	}
}

// key reads an object key and returns it as encoding/json decodes it.
func (s *ladderScanner) key() (string, bool) {
	if !s.ensure(1) || s.buf[s.mark] != '"' {
		return "", false
	}
	n, ok := s.extent()
	if !ok {
		return "", false
	}
	text := s.buf[s.mark : s.mark+n]
	var key string
	if !scoring.ValidJSON(text) || json.Unmarshal(text, &key) != nil {
		return "", false
	}
	if key == "games" {
		s.record(standIn{text: bytes.Clone(text)})
	} else {
		s.record(standIn{n: int64(n), kind: standInString})
	}
	s.mark += n
	return key, true
}

// value reads a well-formed value other than the games.
func (s *ladderScanner) value() bool {
	n, ok := s.extent()
	if !ok || !scoring.ValidJSON(s.buf[s.mark:s.mark+n]) {
		return false
	}
	s.record(standIn{n: int64(n), kind: standInValue})
	s.mark += n
	return true
}

// punct reads the single byte c if it comes next.
func (s *ladderScanner) punct(c byte) bool {
	if !s.ensure(1) || s.buf[s.mark] != c {
		return false
	}
	s.record(standIn{text: []byte{c}})
	s.mark++
	return true
}

// space reads whitespace, however much.
func (s *ladderScanner) space() {
	for s.ensure(1) {
		i := s.mark
		for i < len(s.buf) && isJSONSpace(s.buf[i]) {
			i++
		}
		if i > s.mark {
			s.record(standIn{n: int64(i - s.mark), kind: standInSpace})
			s.mark = i
		}
		if i < len(s.buf) {
			return
		}
	}
}

// atEnd reports whether the input has ended at mark.
func (s *ladderScanner) atEnd() bool { return !s.ensure(1) && s.eof && s.err == nil }

// extent returns the length of the JSON value starting at mark, reading as much of the
// input as it takes: up to its closing quote or bracket, or for a number or a literal the
// next delimiter. The value is not checked; false means the input ends inside it.
func (s *ladderScanner) extent() (int, bool) {
	from := 0 // where to go on looking after reading more
	depth := 0
	inString := false
	for {
		b := s.buf[s.mark:]
		if len(b) == 0 && !s.ensure(1) {
			return 0, false
		}
		b = s.buf[s.mark:]
		switch b[0] {
		case '"', '{', '[':
			i := from
			if i == 0 {
				i = 1
				if b[0] == '"' {
					inString = true
				} else {
					depth = 1
				}
			}
			for ; i < len(b); i++ {
				c := b[i]
				if inString {
					switch c {
					case '\\':
						i++
					case '"':
						inString = false
						if depth == 0 {
							return i + 1, true
						}
					}
					continue
				}
				switch c {
				case '"':
					inString = true
				case '{', '[':
					depth++
				case '}', ']':
					if depth--; depth == 0 {
						return i + 1, true
					}
				}
			}
			if i > len(b) { // a backslash was the last byte read: look at its escape again
				i = len(b) - 1
				inString = true
			}
			from = i
		default:
			i := max(from, 0)
			for ; i < len(b); i++ {
				switch b[i] {
				case ',', '}', ']', ' ', '\t', '\n', '\r':
					return i, true
				}
			}
			from = i
			if s.eof {
				return i, true // the value runs to the end of the input
			}
		}
		if !s.more() {
			if s.buf[s.mark] == '"' || s.buf[s.mark] == '{' || s.buf[s.mark] == '[' {
				return 0, false
			}
			return len(s.buf) - s.mark, true
		}
	}
}

// ensure reports whether at least n bytes follow mark, reading more as needed.
func (s *ladderScanner) ensure(n int) bool {
	for len(s.buf)-s.mark < n {
		if !s.more() {
			return false
		}
	}
	return true
}

// more reads more of the input into buf, dropping what lies before mark; it reports false
// when the input has ended (or failed).
func (s *ladderScanner) more() bool {
	if s.eof {
		return false
	}
	if s.mark > 0 {
		n := copy(s.buf, s.buf[s.mark:])
		s.buf = s.buf[:n]
		s.mark = 0
	}
	if cap(s.buf)-len(s.buf) < 4096 {
		grown := make([]byte, len(s.buf), max(2*cap(s.buf), 64<<10))
		copy(grown, s.buf)
		s.buf = grown
	}
	for {
		n, err := s.r.Read(s.buf[len(s.buf):cap(s.buf)])
		s.buf = s.buf[:len(s.buf)+n]
		if err != nil {
			s.eof = true
			if !errors.Is(err, io.EOF) {
				s.err = err
			}
			return n > 0
		}
		if n > 0 {
			return true
		}
	}
}

// isJSONSpace reports whether c is JSON whitespace.
func isJSONSpace(c byte) bool { return c == ' ' || c == '\t' || c == '\n' || c == '\r' }

// record adds a stand-in for what was just read; while in the games, what follows a game
// is kept aside (see gamesStandIn).
func (s *ladderScanner) record(in standIn) {
	if s.inGames && s.games.count > 0 {
		s.games.after = append(s.games.after, in)
		return
	}
	if in.kind == standInSpace && len(s.read) > 0 {
		if last := &s.read[len(s.read)-1]; last.kind == standInSpace {
			last.n += in.n
			return
		}
	}
	s.read = append(s.read, in)
}

// flushGames ends the games' stand-in: the rated games, then what followed the last one.
func (s *ladderScanner) flushGames() {
	s.inGames = false
	if s.games.count == 0 {
		return
	}
	after := s.games.after
	s.read = append(s.read, standIn{kind: standInGames, n: s.games.counted + s.games.uncounted, counted: s.games.counted, count: s.games.count})
	s.games = gamesStandIn{}
	for _, in := range after {
		s.record(in)
	}
}

// rest is the input as the token reader reads it: the stand-ins for what the scanner read,
// then what it had not read.
func (s *ladderScanner) rest() io.Reader {
	s.flushGames()
	readers := []io.Reader{&standInReader{ins: s.read}, bytes.NewReader(s.buf[s.mark:])}
	if s.err != nil {
		readers = append(readers, errReader{s.err})
	} else if !s.eof {
		readers = append(readers, s.r)
	}
	return io.MultiReader(readers...)
}

// errReader fails every read with err.
type errReader struct{ err error }

// Read returns the error.
func (r errReader) Read([]byte) (int, error) { return 0, r.err }

// gamesStandIn accumulates the games rated: count of them, and the bytes from the first's
// first byte to the last's last, in two kinds. The token reader's scanner counts the bytes it
// scans for values (and its syntax errors give that count as their offset): counted are the
// games and the whitespace after each comma between them, uncounted the whitespace before
// each comma and the commas. after holds the stand-ins for what followed the last game (a
// comma, whitespace) until the next is rated and takes them in.
type gamesStandIn struct {
	count     int
	counted   int64
	uncounted int64
	after     []standIn
}

// rated takes in a game of n bytes just rated, with what lay between it and the last.
func (g *gamesStandIn) rated(n int) {
	comma := false
	for _, in := range g.after {
		switch {
		case in.kind == standInText: // the comma
			comma = true
			g.uncounted += in.size()
		case comma:
			g.counted += in.size()
		default:
			g.uncounted += in.size()
		}
	}
	g.after = g.after[:0]
	g.counted += int64(n)
	g.count++
}

// A standIn is text the token reader reads instead of what the scanner read: of the same
// length, and read as the same tokens.
type standIn struct {
	kind standInKind
	// text is the text itself (standInText); n its length for the other kinds.
	text []byte
	n    int64
	// count is the number of games and counted the bytes the token reader counts in them
	// (standInGames).
	count   int
	counted int64
}

// standInKind says what a standIn stands for.
type standInKind int

const (
	// standInText is read as it was: punctuation, the "games" key.
	standInText standInKind = iota
	// standInSpace is whitespace: n spaces.
	standInSpace
	// standInString is a key other than "games": a string of n bytes, "xx...x".
	standInString
	// standInValue is a member's value other than the games, n bytes: spaces, then [] ending
	// where the value ended (a one-byte value, a digit, stays a digit).
	standInValue
	// standInGames is count rated games and what lay between them, n bytes: count arrays
	// separated by commas (see byteAt), which the token reader skips as games it rated.
	standInGames
)

// size is the stand-in's length.
func (in standIn) size() int64 {
	if in.kind == standInText {
		return int64(len(in.text))
	}
	return in.n
}

// standInReader reads stand-ins as text.
type standInReader struct {
	ins []standIn
	// at is how much of ins[0] has been read.
	at int64
}

// Read writes the next bytes of the stand-ins into b.
func (r *standInReader) Read(b []byte) (int, error) {
	n := 0
	for n < len(b) && len(r.ins) > 0 {
		in := r.ins[0]
		size := in.size()
		for n < len(b) && r.at < size {
			b[n] = in.byteAt(r.at)
			n++
			r.at++
		}
		if r.at == size {
			r.ins, r.at = r.ins[1:], 0
		}
	}
	if n == 0 && len(r.ins) == 0 {
		return 0, io.EOF
	}
	return n, nil
}

// byteAt is the stand-in's byte at i.
func (in standIn) byteAt(i int64) byte {
	switch in.kind {
	case standInText:
		return in.text[i]
	case standInSpace:
		return ' '
	case standInString:
		if i == 0 || i == in.n-1 {
			return '"'
		}
		return 'x'
	case standInValue:
		// A one-byte value is a digit, and a delimiter or the end follows it. A longer one
		// becomes [], which ends where it ends whatever follows (a 0 would run on into a
		// following "e" or ".").
		switch {
		case in.n == 1:
			return '0'
		case i == in.n-2:
			return '['
		case i == in.n-1:
			return ']'
		}
		return ' '
	}
	// standInGames: the first game, [ and ] around spaces, is as long as the counted bytes
	// less 2 for each other game; the uncounted whitespace follows it, then ",[]" for each
	// other game. The last ends where the last game ended.
	first := in.counted - 2*int64(in.count-1)
	if i < first {
		switch i {
		case 0:
			return '['
		case first - 1:
			return ']'
		}
		return ' '
	}
	j := i - first - (in.n - first - 3*int64(in.count-1))
	switch {
	case j < 0:
		return ' '
	case j%3 == 0:
		return ','
	case j%3 == 1:
		return '['
	}
	return ']'
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
