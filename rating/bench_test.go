package rating

import (
	"fmt"
	"math/big"
	"math/rand/v2"
	"testing"
	"time"
)

// benchSeason returns a season of eight-player games over a pool of 64 members: placement
// points 7..0 and ARMADA points with thirds, in random seat orders.
func benchSeason(games int) []Game {
	rnd := rand.New(rand.NewPCG(1, 2))
	members := make([]string, 64)
	for i := range members {
		members[i] = fmt.Sprintf("member-%02d", i)
	}
	placement := make([]*big.Rat, 8)
	for i := range placement {
		placement[i] = big.NewRat(int64(7-i), 1)
	}
	// A three-way ARMADA draw: five losers and three winners sharing the rest in thirds.
	armada := []*big.Rat{
		big.NewRat(5, 1), big.NewRat(14, 1), big.NewRat(43, 2), big.NewRat(43, 2), big.NewRat(60, 1),
		big.NewRat(892, 3), big.NewRat(1, 3), big.NewRat(1, 3),
	}
	out := make([]Game, games)
	picks := make([]int, len(members))
	for gi := range out {
		for i := range picks {
			picks[i] = i
		}
		g := Game{ID: fmt.Sprint(gi), PointsArePot: gi%4 == 0, Seats: make([]Seat, 8)}
		points := placement
		if g.PointsArePot {
			points = armada
		}
		for i := range g.Seats {
			j := i + rnd.IntN(len(picks)-i)
			picks[i], picks[j] = picks[j], picks[i]
			g.Seats[i] = Seat{Player: members[picks[i]], Points: points[i], Winner: i == 0}
		}
		out[gi] = g
	}
	return out
}

// BenchmarkReplayMillionGames replays 1,000,000 eight-player games in memory, ledger
// included; the figure is quoted in the package documentation.
func BenchmarkReplayMillionGames(b *testing.B) {
	games := benchSeason(1_000_000)
	b.ReportAllocs()
	start := time.Now()
	runs := 0
	for b.Loop() {
		if _, _, err := Replay(games); err != nil {
			b.Fatal(err)
		}
		runs++
	}
	b.ReportMetric(float64(time.Since(start).Nanoseconds())/float64(runs)/1e9, "s/replay")
}
