package main

import (
	"bufio"
	"bytes"
	"fmt"
	"io"
	"strings"
	"testing"
	"testing/iotest"

	"github.com/tablestakes/tablestakes/rating"
)

// The input reader must read every input the same way however it arrives: the same games
// rated, the same ledger, the same error, whether the input comes in one piece, a byte at a
// time or in halves of each read. These tests run it on well-formed ladders and on every
// truncation and many corruptions of them.

// replayOutcome is what a replay leaves: how many games, the spooled ledger, the ratings and
// the error.
type replayOutcome struct {
	games   int
	ledger  string
	ratings string
	err     string
}

// replayWith replays input.
func replayWith(input io.Reader) replayOutcome {
	var spool bytes.Buffer
	ledger := bufio.NewWriter(&spool)
	ladder := rating.NewLadder()
	games, err := replayRateInput(input, ladder, ledger)
	ledger.Flush()
	out := replayOutcome{ledger: spool.String(), ratings: fmt.Sprint(ladder.Standings())}
	if err != nil {
		out.err = err.Error()
		if _, bad := err.(*inputError); !bad {
			out.err = "not bad input: " + out.err
		}
		return out
	}
	out.games = games
	return out
}

// checkReaderAgrees replays input in one piece, then a byte at a time and in halves.
func checkReaderAgrees(t testing.TB, input []byte) {
	t.Helper()
	want := replayWith(bytes.NewReader(input))
	for _, r := range []io.Reader{iotest.OneByteReader(bytes.NewReader(input)), iotest.HalfReader(bytes.NewReader(input))} {
		got := replayWith(r)
		if got.err != want.err || got.games != want.games || (want.err == "" && (got.ledger != want.ledger || got.ratings != want.ratings)) {
			t.Fatalf("input %q:\nin pieces: %d games, error %q\nwhole:     %d games, error %q", input, got.games, got.err, want.games, want.err)
		}
	}
}

// readerLadders are well-formed ladders in several layouts.
var readerLadders = []string{
	`{"games":[]}`,
	`{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}]}`,
	"\n{ \"season\" : {\"n\":[1,2.5e1,\"x\\\"]\"]} ,\r\n \"games\" :\t[ {\"id\":\"g1\",\"system\":\"placement\",\"input\":{\"players\":[{\"id\":\"A\",\"score\":2},{\"id\":\"B\",\"score\":1}]},\"replaced\":{\"A\":\"X\"}} ,\n" +
		`{"id":"g\u0032","system":"vortex","input":{"players":[{"id":"A","score":9},{"id":"B","score":1},{"id":"C","score":1}]}}, {"id":"g3","system":"placement","input":{"players":[{"id":"B","score":1.5},{"id":"A","score":1}]}} ] , "z" : null , "n": 12 }  ` + "\n",
	`{"a":1,"g\u0061mes":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}],"b":"games"}`,
}

// readerInserts are the corruptions the sweeps insert into the ladders.
var readerInserts = []string{"x", "0", "e", ".", "-", ",", ":", "[", "]", "{", "}", `"`, `\`, " ", "\x00", "null", `"games":[]`, "1e"}

// TestLadderReaderAgreesInPieces checks the reader on every truncation of the ladders, and
// on the corruptions of readerInserts and a byte deleted at every eighth position and at the
// ends. BenchmarkSweepLadderReader corrupts every position (it costs minutes under the race
// detector), and FuzzLadderReader searches further.
func TestLadderReaderAgreesInPieces(t *testing.T) {
	t.Parallel()
	for _, ladder := range readerLadders {
		checkReaderAgrees(t, []byte(ladder))
		for i := 0; i <= len(ladder); i++ {
			checkReaderAgrees(t, []byte(ladder[:i]))
			if i%8 == 0 || i < 2 || i > len(ladder)-3 {
				checkReaderCorruptions(t, ladder, i)
			}
		}
	}
	for _, input := range []string{
		``, `   `, `[]`, `"games"`, `{}`, `{"games":null}`, `{"games":{}}`, `{"games":[1]}`, `{"games":[],"games":[]}`,
		`{"games":[]} {}`, `{"games":[]} 1`, `{"games":[]}x`, `{"games":[]`, `{"games":[{"id":"g"}`,
		`{"games":[1 2]}`, `{"games":[{}e]}`, `{"a":{}e,"games":[]}`, `{"a":"x"5}`,
		strings.Repeat(" ", 100000) + `{"games":[]}`,
	} {
		checkReaderAgrees(t, []byte(input))
	}
}

// BenchmarkSweepLadderReader checks the reader on every corruption of readerInserts and
// every deleted byte at every position of the ladders (`go test -run '^$' -bench Sweep
// -benchtime 1x ./cmd/tablestakes`).
func BenchmarkSweepLadderReader(b *testing.B) {
	for b.Loop() {
		for _, ladder := range readerLadders {
			for i := 0; i <= len(ladder); i++ {
				checkReaderCorruptions(b, ladder, i)
			}
		}
	}
}

// checkReaderCorruptions checks the reader on ladder with each of readerInserts inserted
// at byte i, and with byte i deleted.
func checkReaderCorruptions(t testing.TB, ladder string, i int) {
	t.Helper()
	for _, ins := range readerInserts {
		checkReaderAgrees(t, []byte(ladder[:i]+ins+ladder[i:]))
	}
	if i < len(ladder) {
		checkReaderAgrees(t, []byte(ladder[:i]+ladder[i+1:]))
	}
}

func FuzzLadderReader(f *testing.F) {
	for _, ladder := range readerLadders {
		f.Add([]byte(ladder))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkReaderAgrees(t, input) })
}

func TestLadderReaderAgreesAcrossBatches(t *testing.T) {
	t.Parallel()
	// Long ladders go through the decoders in batches of gameBatchSize: the first problem in
	// input order must win wherever the batches break.
	game := func(i int) string {
		return fmt.Sprintf(`{"id":"g%d","system":"placement","input":{"players":[{"id":"p%d","score":%d},{"id":"p%d","score":1}]}}`, i, i%7, i%5, i%7+1)
	}
	ladder := func(n int, change map[int]string) []byte {
		var b strings.Builder
		b.WriteString(`{"games":[`)
		for i := range n {
			if i > 0 {
				b.WriteString(",\n ")
			}
			if c, ok := change[i]; ok {
				b.WriteString(c)
			} else {
				b.WriteString(game(i))
			}
		}
		b.WriteString("]}")
		return []byte(b.String())
	}
	undecodable := `{"id":"bad","system":"chess","input":{}}`
	unratable := `{"id":"sub","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]},"replaced":{"A":"B"}}`
	malformed := `{"id":"x",}`
	n := 3*gameBatchSize + 10
	for _, at := range []int{0, 1, gameBatchSize - 1, gameBatchSize, gameBatchSize + 1, 2 * gameBatchSize, n - 1} {
		checkReaderAgrees(t, ladder(n, map[int]string{at: undecodable}))
		checkReaderAgrees(t, ladder(n, map[int]string{at: unratable}))
		checkReaderAgrees(t, ladder(n, map[int]string{at: malformed}))
		checkReaderAgrees(t, ladder(n, map[int]string{at: unratable, min(at+1, n-1): malformed}))
		checkReaderAgrees(t, ladder(n, map[int]string{at: malformed, min(at+300, n-1): undecodable}))
		checkReaderAgrees(t, ladder(n, map[int]string{at: undecodable, min(at+300, n-1): unratable}))
		good := ladder(n, nil)
		checkReaderAgrees(t, append(good[:len(good)-2:len(good)-2], []byte(`,`+game(n)+`] x`)...))
	}
	checkReaderAgrees(t, ladder(n, nil))
}
