package main

import (
	"bufio"
	"fmt"
	"io"
	"math/rand/v2"
	"os"
	"path/filepath"
	"syscall"
	"testing"
)

// writeLadder writes a ladder of n 4-player placement games among 1,000 players to path,
// the shape of a big club's season (about 180 bytes a game).
func writeLadder(tb testing.TB, path string, n int) {
	tb.Helper()
	f, err := os.Create(path)
	if err != nil {
		tb.Fatal(err)
	}
	w := bufio.NewWriter(f)
	rng := rand.New(rand.NewPCG(1, 2))
	fmt.Fprint(w, `{"games":[`)
	for i := range n {
		if i > 0 {
			w.WriteString(",\n")
		}
		seats := rng.Perm(1000)[:4]
		fmt.Fprintf(w, `{"id":"g%d","system":"placement","input":{"players":[`, i)
		for s, p := range seats {
			if s > 0 {
				w.WriteByte(',')
			}
			fmt.Fprintf(w, `{"id":"player%d","score":%d}`, p, rng.IntN(100))
		}
		w.WriteString("]}}")
	}
	w.WriteString("]}\n")
	if err := w.Flush(); err != nil {
		tb.Fatal(err)
	}
	if err := f.Close(); err != nil {
		tb.Fatal(err)
	}
}

// BenchmarkRateMillionGames rates a ladder of 1,000,000 4-player games end to end (read,
// score, rate, write), as `tablestakes rate` does. Target (issue #16): under 5 s and under
// 500 MB; maxrss-MB is the process's peak resident memory.
func BenchmarkRateMillionGames(b *testing.B) {
	path := filepath.Join(b.TempDir(), "ladder.json")
	writeLadder(b, path, benchGames)
	st, err := os.Stat(path)
	if err != nil {
		b.Fatal(err)
	}
	b.SetBytes(st.Size())
	b.ResetTimer()
	for range b.N {
		f, err := os.Open(path)
		if err != nil {
			b.Fatal(err)
		}
		if err := runRate(nil, f, io.Discard); err != nil {
			b.Fatal(err)
		}
		f.Close()
	}
	b.StopTimer()
	var ru syscall.Rusage
	if err := syscall.Getrusage(syscall.RUSAGE_SELF, &ru); err != nil {
		b.Fatal(err)
	}
	b.ReportMetric(float64(ru.Maxrss)/1024, "maxrss-MB")
}

// benchGames is the ladder's length in BenchmarkRateMillionGames.
const benchGames = 1_000_000
