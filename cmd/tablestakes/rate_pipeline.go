package main

import (
	"runtime"
	"sync"
)

// `tablestakes rate` works on every core where the order of the games allows it: decoding and
// scoring a game does not depend on the ladder, and writing a game's ledger as JSON does not
// depend on the next; only rating is in turn.
//
//	producer ──batch 0, W, 2W…──▶ worker 0 ──┐
//	         ──batch 1, W+1…────▶ worker 1 ──┼──▶ consumer: batch 0, 1, 2, … in turn
//	         …                                 ┘
//
// The producer deals batches to the W workers in turn, and the consumer takes them back from
// the workers in the same turn, so it sees every batch in the order the producer made them.

// inOrder runs work on batches on every core and hands them to consume in order. It starts
// the workers and the consumer, and runs produce, which hands out batches with emit; emit
// reports false once consume has stopped (by returning false), and produce should then stop.
// inOrder returns when every batch handed out has been consumed or, after a stop, dropped.
// Consumed batches may come back to the producer through reuse.
func inOrder[B any](produce func(emit func(B) bool, reuse func() (B, bool)), work func(B), consume func(B) bool) {
	w := max(runtime.GOMAXPROCS(0), 1)
	in, out := make([]chan B, w), make([]chan B, w)
	free := make(chan B, 4*w)
	stop := make(chan struct{})
	var wg sync.WaitGroup
	for i := range w {
		in[i], out[i] = make(chan B, 2), make(chan B, 2)
		wg.Add(1)
		go func() {
			defer wg.Done()
			defer close(out[i])
			for b := range in[i] {
				select {
				case <-stop: // the consumer will not look at it
				default:
					work(b)
				}
				out[i] <- b
			}
		}()
	}
	consumed := make(chan struct{})
	go func() {
		defer close(consumed)
		stopped := false
		for i := 0; ; i++ {
			b, ok := <-out[i%w]
			if !ok {
				return // batches go round in turn: when this one is missing, no later one exists
			}
			if !stopped && !consume(b) {
				stopped = true
				close(stop)
			}
			select {
			case free <- b:
			default:
			}
		}
	}()
	sent := 0
	emit := func(b B) bool {
		select {
		case in[sent%w] <- b:
			sent++
			return true
		case <-stop:
			return false
		}
	}
	reuse := func() (B, bool) {
		select {
		case b := <-free:
			return b, true
		default:
			var zero B
			return zero, false
		}
	}
	produce(emit, reuse)
	for _, c := range in {
		close(c)
	}
	<-consumed
	wg.Wait()
}

// gameBatchSize is how many games travel together.
const gameBatchSize = 256

// pendingGame is one game of a batch: its text, then what decoding made of it.
type pendingGame struct {
	// index is the game's place in the input (games[index]).
	index int
	// from and to delimit its text in the batch's text.
	from, to int
	game     scoredGame
	err      error
}

// gameBatch is consecutive games of the input.
type gameBatch struct {
	text  []byte
	games []pendingGame
}

// decodeBatch decodes and scores a batch's games.
func decodeBatch(b *gameBatch) {
	for i := range b.games {
		g := &b.games[i]
		g.game, g.err = decodeGame(b.text[g.from:g.to], g.index)
	}
}

// gameQueue fills batches of games for the decoders.
type gameQueue struct {
	emit  func(*gameBatch) bool
	reuse func() (*gameBatch, bool)
	next  *gameBatch
	// stopped is set when the rating has stopped at a problem.
	stopped bool
}

// add queues the text of the input's next game, games[index].
func (q *gameQueue) add(index int, text []byte) {
	if q.next == nil {
		if b, ok := q.reuse(); ok {
			q.next = b
			q.next.text, q.next.games = b.text[:0], b.games[:0]
		} else {
			q.next = &gameBatch{games: make([]pendingGame, 0, gameBatchSize)}
		}
	}
	from := len(q.next.text)
	q.next.text = append(q.next.text, text...)
	q.next.games = append(q.next.games, pendingGame{index: index, from: from, to: len(q.next.text)})
	if len(q.next.games) == gameBatchSize {
		q.flush()
	}
}

// flush sends the batch being filled.
func (q *gameQueue) flush() {
	if q.next != nil && !q.stopped {
		q.stopped = !q.emit(q.next)
	}
	q.next = nil
}
