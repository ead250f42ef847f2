package scheduler

import (
	"fmt"
	"testing"
)

// BenchmarkLeague builds each of the fourteen 8-player schedules (the seed's table,
// plain and in rounds); the target is under 50 ms each.
func BenchmarkLeague(b *testing.B) {
	for k := 2; k <= 8; k++ {
		for _, rounds := range []bool{false, true} {
			b.Run(fmt.Sprintf("k=%d/rounds=%v", k, rounds), func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					if _, err := Build(Options{Players: 8, PerGame: k, Seed: seed, Rounds: rounds}); err != nil {
						b.Fatal(err)
					}
					seed++ // a new design every time, not one lucky seed
				}
			})
		}
	}
}

// BenchmarkLarge builds 32-player schedules with the default games per player; the
// target is under 2 s each.
func BenchmarkLarge(b *testing.B) {
	for _, k := range []int{2, 3, 4, 6, 8, 12, 16, 24, 31, 32} {
		for _, rounds := range []bool{false, true} {
			b.Run(fmt.Sprintf("N=32/k=%d/rounds=%v", k, rounds), func(b *testing.B) {
				seed := uint64(0)
				for b.Loop() {
					if _, err := Build(Options{Players: 32, PerGame: k, Seed: seed, Rounds: rounds}); err != nil {
						b.Fatal(err)
					}
					seed++
				}
			})
		}
	}
}
