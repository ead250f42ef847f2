package main

import (
	"bufio"
	"errors"
	"fmt"
	"io"
	"strconv"

	"github.com/go-json-experiment/json/jsontext"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/strictjson"
)

// Reading `tablestakes rate`'s input, {"games":[{"id","system","input","replaced"}, ...]}:
// one jsontext.Decoder (github.com/go-json-experiment/json) reads the stream token by token,
// in constant memory whatever the ladder's length, and hands each game's text, checked
// JSON, to the decoders (see inOrder), which decode and score it with
// scoring.DecodeRatedGame; the games are rated in input order.

// rateReplay is one replay of a ladder: the ladder, the spool of ledgers, and how many games
// have been rated.
type rateReplay struct {
	ladder *rating.Ladder
	ledger *bufio.Writer
	games  int
	// line and scratch are working space for a game's spooled ledger.
	line, scratch []byte
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
	if err := replayLadder(r, p.apply); err != nil {
		return 0, err
	}
	return p.games, nil
}

// replayLadder reads a ladder, `tablestakes rate`'s input, from r and hands each game,
// scored with its system (a batch at a time on every core, see inOrder), to apply in input
// order. It stops at the first error, apply's or the input's: every error about the input
// names its field and is bad input (exit 2); the first in input order is the one returned.
// `rate` and `backtest` read their ladders through it, so both refuse the same input alike.
func replayLadder(r io.Reader, apply func(scoredGame) error) error {
	var (
		read  error // what reading the input found, after every game it queued
		first error // the first problem of a game
	)
	inOrder(func(emit func(*gameBatch) bool, reuse func() (*gameBatch, bool)) {
		q := gameQueue{emit: emit, reuse: reuse}
		read = readLadder(r, &q)
		q.flush()
	}, decodeBatch, func(b *gameBatch) bool {
		for i := range b.games {
			g := &b.games[i]
			if g.err == nil {
				g.err = apply(g.game)
			}
			if g.err != nil {
				first = g.err
				return false
			}
		}
		return true
	})
	if first != nil {
		return first
	}
	return read
}

// readLadder reads the input from r and queues each of its games, in order. Other keys of
// the input are skipped. It stops early, with no error, once the rating has stopped at a
// problem of a game already queued.
func readLadder(r io.Reader, q *gameQueue) error {
	// A string of invalid UTF-8 is the game decoder's to refuse, naming its field.
	dec := jsontext.NewDecoder(r, strictjson.ReadOptions())
	tok, err := dec.ReadToken()
	switch {
	case errors.Is(err, io.EOF):
		return badInput(errors.New(`input: empty, want {"games":[...]}`))
	case err != nil:
		return streamError(dec, err)
	case tok.Kind() != '{':
		return badInput(fmt.Errorf(`input: want a JSON object with "games"%s`, gotKind(tok.Kind())))
	}
	seen := false
	for dec.PeekKind() == '"' {
		name, err := dec.ReadToken()
		if err != nil {
			return streamError(dec, err)
		}
		if name.String() != "games" {
			if err := dec.SkipValue(); err != nil {
				return streamError(dec, err)
			}
			continue
		}
		if seen {
			return badInput(errors.New("games: given twice"))
		}
		seen = true
		if err := readGames(dec, q); err != nil || q.stopped {
			return err
		}
	}
	if _, err := dec.ReadToken(); err != nil { // the object's closing brace
		return streamError(dec, err)
	}
	end := dec.InputOffset()
	switch v, err := dec.ReadValue(); {
	case errors.Is(err, io.EOF):
	case err == nil:
		return unexpectedData(dec.InputOffset() - int64(len(v)))
	default:
		var syntax *jsontext.SyntacticError
		if errors.As(err, &syntax) && !errors.Is(err, io.ErrUnexpectedEOF) {
			return unexpectedData(syntax.ByteOffset)
		}
		return unexpectedData(end)
	}
	if !seen {
		return badInput(errors.New("games: missing"))
	}
	return nil
}

// readGames reads the "games" array and queues each game.
func readGames(dec *jsontext.Decoder, q *gameQueue) error {
	tok, err := dec.ReadToken()
	switch {
	case err != nil:
		return streamError(dec, err)
	case tok.Kind() == 'n':
		return badInput(errors.New("games: missing"))
	case tok.Kind() != '[':
		return badInput(errors.New("games: must be an array of games"))
	}
	for i := 0; dec.PeekKind() != ']'; i++ {
		game, err := dec.ReadValue()
		if err != nil {
			return streamError(dec, err)
		}
		q.add(i, game) // a copy: game is the decoder's until the next read
		if q.stopped {
			return nil
		}
	}
	if _, err := dec.ReadToken(); err != nil { // the closing bracket
		return streamError(dec, err)
	}
	return nil
}

// gotKind names the kind of a JSON token that should have been an object: ", got array".
func gotKind(k jsontext.Kind) string {
	switch k {
	case '[':
		return ", got array"
	case '"':
		return ", got string"
	case '0':
		return ", got number"
	case 't', 'f':
		return ", got bool"
	}
	return ""
}

// unexpectedData refuses what follows the input's object, from byte offset at: byte at+1,
// counted from 1 as in streamError.
func unexpectedData(at int64) error {
	return badInput(fmt.Errorf("input: unexpected data after the JSON object at byte %d", at+1))
}

// streamError describes where the input read by dec stops being JSON: "input: malformed
// JSON at byte 10: unexpected end of JSON input". As encoding/json's messages always have,
// the byte is counted from 1: the input's last byte when it ends too soon, the offending
// one otherwise.
func streamError(dec *jsontext.Decoder, err error) error {
	at, problem := strictjson.SyntaxProblem(err, dec.UnreadBuffer(), dec.InputOffset())
	switch {
	case at < 0:
		return badInput(fmt.Errorf("input: malformed JSON: %s", problem))
	case !errors.Is(err, io.ErrUnexpectedEOF):
		at++
	}
	return badInput(fmt.Errorf("input: malformed JSON at byte %d: %s", at, problem))
}
