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

// The ladder scanner must read every input exactly as the token reader alone reads it: the
// same games rated, the same ledger, the same error. These tests run both on well-formed
// ladders and on every truncation and many corruptions of them, in one piece and a byte at a
// time.

// replayOutcome is what a replay leaves: how many games, the spooled ledger, the ratings and
// the error.
type replayOutcome struct {
	games   int
	ledger  string
	ratings string
	err     string
}

// replayWith replays input with the scanner (tokensOnly false) or the token reader alone.
func replayWith(input io.Reader, tokensOnly bool) replayOutcome {
	var spool bytes.Buffer
	ledger := bufio.NewWriter(&spool)
	ladder := rating.NewLadder()
	var (
		games int
		err   error
	)
	if tokensOnly {
		p := &rateReplay{ladder: ladder, ledger: ledger}
		err = p.readTokens(input)
		games = p.games
	} else {
		games, err = replayRateInput(input, ladder, ledger)
	}
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

// checkScannerAgrees replays input both ways, and the scanner's way a byte at a time.
func checkScannerAgrees(t testing.TB, input []byte) {
	t.Helper()
	want := replayWith(bytes.NewReader(input), true)
	for _, r := range []io.Reader{bytes.NewReader(input), iotest.OneByteReader(bytes.NewReader(input)), iotest.HalfReader(bytes.NewReader(input))} {
		got := replayWith(r, false)
		if got.err != want.err || got.games != want.games || (want.err == "" && (got.ledger != want.ledger || got.ratings != want.ratings)) {
			t.Fatalf("input %q:\nscanner: %d games, error %q\ntokens:  %d games, error %q", input, got.games, got.err, want.games, want.err)
		}
	}
}

// scannerLadders are well-formed ladders in several layouts.
var scannerLadders = []string{
	`{"games":[]}`,
	`{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}]}`,
	"\n{ \"season\" : {\"n\":[1,2.5e1,\"x\\\"]\"]} ,\r\n \"games\" :\t[ {\"id\":\"g1\",\"system\":\"placement\",\"input\":{\"players\":[{\"id\":\"A\",\"score\":2},{\"id\":\"B\",\"score\":1}]},\"replaced\":{\"A\":\"X\"}} ,\n" +
		`{"id":"g\u0032","system":"vortex","input":{"players":[{"id":"A","score":9},{"id":"B","score":1},{"id":"C","score":1}]}}, {"id":"g3","system":"placement","input":{"players":[{"id":"B","score":1.5},{"id":"A","score":1}]}} ] , "z" : null , "n": 12 }  ` + "\n",
	`{"a":1,"g\u0061mes":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}],"b":"games"}`,
}

// scannerInserts are the corruptions the sweeps insert into the ladders.
var scannerInserts = []string{"x", "0", "e", ".", "-", ",", ":", "[", "]", "{", "}", `"`, `\`, " ", "\x00", "null", `"games":[]`, "1e"}

// TestLadderScannerAgreesWithTokenReader checks the scanner on every truncation of the
// ladders, and on the corruptions of scannerInserts and a byte deleted at every eighth
// position and at the ends. BenchmarkSweepLadderScanner corrupts every position (it costs
// minutes under the race detector), and FuzzLadderScanner searches further.
func TestLadderScannerAgreesWithTokenReader(t *testing.T) {
	t.Parallel()
	for _, ladder := range scannerLadders {
		checkScannerAgrees(t, []byte(ladder))
		for i := 0; i <= len(ladder); i++ {
			checkScannerAgrees(t, []byte(ladder[:i]))
			if i%8 == 0 || i < 2 || i > len(ladder)-3 {
				checkScannerCorruptions(t, ladder, i)
			}
		}
	}
	for _, input := range []string{
		``, `   `, `[]`, `"games"`, `{}`, `{"games":null}`, `{"games":{}}`, `{"games":[1]}`, `{"games":[],"games":[]}`,
		`{"games":[]} {}`, `{"games":[]} 1`, `{"games":[]}x`, `{"games":[]`, `{"games":[{"id":"g"}`,
		`{"games":[1 2]}`, `{"games":[{}e]}`, `{"a":{}e,"games":[]}`, `{"a":"x"5}`,
		strings.Repeat(" ", 100000) + `{"games":[]}`,
	} {
		checkScannerAgrees(t, []byte(input))
	}
}

// BenchmarkSweepLadderScanner checks the scanner on every corruption of scannerInserts and
// every deleted byte at every position of the ladders (`go test -run '^$' -bench Sweep
// -benchtime 1x ./cmd/tablestakes`).
func BenchmarkSweepLadderScanner(b *testing.B) {
	for b.Loop() {
		for _, ladder := range scannerLadders {
			for i := 0; i <= len(ladder); i++ {
				checkScannerCorruptions(b, ladder, i)
			}
		}
	}
}

// checkScannerCorruptions checks the scanner on ladder with each of scannerInserts inserted
// at byte i, and with byte i deleted.
func checkScannerCorruptions(t testing.TB, ladder string, i int) {
	t.Helper()
	for _, ins := range scannerInserts {
		checkScannerAgrees(t, []byte(ladder[:i]+ins+ladder[i:]))
	}
	if i < len(ladder) {
		checkScannerAgrees(t, []byte(ladder[:i]+ladder[i+1:]))
	}
}

func FuzzLadderScanner(f *testing.F) {
	for _, ladder := range scannerLadders {
		f.Add([]byte(ladder))
	}
	f.Fuzz(func(t *testing.T, input []byte) { checkScannerAgrees(t, input) })
}

func TestLadderScannerAgreesAcrossBatches(t *testing.T) {
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
		checkScannerAgrees(t, ladder(n, map[int]string{at: undecodable}))
		checkScannerAgrees(t, ladder(n, map[int]string{at: unratable}))
		checkScannerAgrees(t, ladder(n, map[int]string{at: malformed}))
		checkScannerAgrees(t, ladder(n, map[int]string{at: unratable, min(at+1, n-1): malformed}))
		checkScannerAgrees(t, ladder(n, map[int]string{at: malformed, min(at+300, n-1): undecodable}))
		checkScannerAgrees(t, ladder(n, map[int]string{at: undecodable, min(at+300, n-1): unratable}))
		good := ladder(n, nil)
		checkScannerAgrees(t, append(good[:len(good)-2:len(good)-2], []byte(`,`+game(n)+`] x`)...))
	}
	checkScannerAgrees(t, ladder(n, nil))
}
