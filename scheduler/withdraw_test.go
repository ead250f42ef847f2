package scheduler

import (
	"slices"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// leaverGames are the numbers of the games player p sits in.
func leaverGames(s Schedule, p int) []int {
	var out []int
	for _, g := range s.Games {
		if slices.Contains(g.Seats, p) {
			out = append(out, g.Number)
		}
	}
	return out
}

func TestWithdrawShortensGamesThatStillHaveEnoughPlayers(t *testing.T) {
	t.Parallel()
	for _, k := range []int{3, 4, 5, 6, 7, 8} {
		s, err := Build(Options{Players: 8, PerGame: k, Seed: 7})
		require.NoError(t, err)
		mine := leaverGames(s, 3)
		played := map[int]bool{mine[0]: true, mine[1]: true}
		w := Withdraw(s, WithdrawOptions{Leaver: 3, Played: played, MinPlayers: 2})

		require.Len(t, w.Changes, len(mine)-2, "k=%d: every unplayed game of the leaver", k)
		for _, c := range w.Changes {
			assert.Equal(t, Shortened, c.Kind)
			assert.Len(t, c.Seats, k-1)
			assert.NotContains(t, c.Seats, 3)
		}
		require.Len(t, w.Schedule.Games, len(s.Games), "nothing cancelled")
		for i, g := range w.Schedule.Games {
			before := s.Games[i].Seats
			if played[g.Number] || !slices.Contains(before, 3) {
				assert.Equal(t, before, g.Seats, "k=%d game %d keeps its players", k, g.Number)
				continue
			}
			if before[0] == 3 {
				// The leaver was to start: one player starts instead, the others keep their order.
				rest := slices.DeleteFunc(slices.Clone(before[1:]), func(p int) bool { return p == g.Seats[0] })
				assert.Equal(t, rest, g.Seats[1:], "k=%d game %d", k, g.Number)
				continue
			}
			// The last seat's player takes the empty seat: at most one player moves.
			moved := 0
			for j, p := range g.Seats {
				if p != before[j] {
					moved++
				}
			}
			assert.LessOrEqual(t, moved, 1, "k=%d game %d", k, g.Number)
		}
		// The seven who stay meet and play exactly as before; who starts changes only where
		// the leaver was to start.
		want := Measure(s, []int{3})
		assert.Equal(t, [4]int{want.PairMin, want.PairMax, want.GamesMin, want.GamesMax},
			[4]int{w.After.PairMin, w.After.PairMax, w.After.GamesMin, w.After.GamesMax}, "k=%d", k)
		assert.LessOrEqual(t, w.After.StartsMax-w.After.StartsMin, 1+want.StartsMax-want.StartsMin, "k=%d", k)
		assert.Equal(t, 8, w.Before.Players)
		assert.Equal(t, 7, w.After.Players)
		assert.Equal(t, Fairness(s).MatchupMin, w.Before.PairMin)
		assert.Equal(t, Fairness(s).MatchupMax, w.Before.PairMax)
		assert.LessOrEqual(t, w.ShortMax-w.ShortMin, 3, "k=%d: shortened games spread over the seven", k)
	}
}

// Games of two cannot go on short: two of them become one (each player keeps their number
// of games), and only an odd one out is cancelled.
func TestWithdrawPairsGamesOfTwo(t *testing.T) {
	t.Parallel()
	for _, rounds := range []bool{false, true} {
		s, err := Build(Options{Players: 8, PerGame: 2, Seed: 11, Rounds: rounds})
		require.NoError(t, err)
		mine := leaverGames(s, 5)
		require.Len(t, mine, 14)
		played := map[int]bool{mine[0]: true}
		w := Withdraw(s, WithdrawOptions{Leaver: 5, Played: played, MinPlayers: 2, Rounds: rounds})

		require.Len(t, w.Changes, 13)
		kinds := map[string]int{}
		for _, c := range w.Changes {
			kinds[c.Kind]++
			if c.Kind == Reseated {
				require.Len(t, c.Seats, 2)
				assert.NotEqual(t, c.Seats[0], c.Seats[1])
				assert.NotContains(t, c.Seats, 5)
			}
		}
		assert.Equal(t, kinds[Reseated], kinds[Cancelled]-1, "13 games: 6 pairs and one cancelled")
		assert.Equal(t, 6, kinds[Reseated], "rounds=%v", rounds)
		assert.Len(t, w.Schedule.Games, len(s.Games)-7)
		assert.Equal(t, 14, w.After.GamesMax)
		assert.Equal(t, 13, w.After.GamesMin, "only the odd game's player plays one fewer")
		assert.Equal(t, 0, w.Before.PairSpread(), "every pair met twice")
		assert.Equal(t, 1, w.After.PairSpread(), "a re-seated pair meets a third time, never a fourth")
		if rounds {
			busy := map[[2]int]bool{}
			for _, g := range w.Schedule.Games {
				for _, p := range g.Seats {
					key := [2]int{g.Round, p}
					assert.False(t, busy[key], "player %d plays twice in round %d", p, g.Round)
					busy[key] = true
				}
			}
		}
	}
}

// A second withdrawal counts the first leaver out of every measure, and a game of three that
// lost both leavers pairs up with another or is cancelled.
func TestWithdrawTwice(t *testing.T) {
	t.Parallel()
	s, err := Build(Options{Players: 8, PerGame: 3, Seed: 3})
	require.NoError(t, err)
	first := Withdraw(s, WithdrawOptions{Leaver: 1, MinPlayers: 2})
	second := Withdraw(first.Schedule, WithdrawOptions{Leaver: 2, Gone: []int{1}, MinPlayers: 2})
	assert.Equal(t, 7, second.Before.Players)
	assert.Equal(t, 6, second.After.Players)
	assert.Equal(t, first.After, second.Before)
	for _, g := range second.Schedule.Games {
		assert.NotContains(t, g.Seats, 1)
		assert.NotContains(t, g.Seats, 2)
		assert.GreaterOrEqual(t, len(g.Seats), 2)
	}
	for _, c := range second.Changes {
		if c.Kind != Cancelled {
			assert.GreaterOrEqual(t, len(c.Seats), 2)
		}
	}
}

// Whatever the schedule, the games of two of a player who played none pair up completely:
// each other player had two of them, so none is left over.
func TestWithdrawPairsEveryGameOfTwoWhateverTheSchedule(t *testing.T) {
	t.Parallel()
	for seed := range uint64(40) {
		for _, rounds := range []bool{false, true} {
			s, err := Build(Options{Players: 8, PerGame: 2, Seed: seed, Rounds: rounds})
			require.NoError(t, err)
			leaver := int(seed%8) + 1
			w := Withdraw(s, WithdrawOptions{Leaver: leaver, MinPlayers: 2, Rounds: rounds})
			reseated, cancelled := 0, 0
			for _, c := range w.Changes {
				switch {
				case c.Kind == Reseated:
					reseated++
				case c.Kind == Cancelled && c.MergedInto == 0:
					cancelled++
				}
			}
			assert.Equal(t, 7, reseated, "seed %d rounds %v", seed, rounds)
			assert.Zero(t, cancelled, "seed %d rounds %v", seed, rounds)
			assert.Equal(t, 14, w.After.GamesMin, "seed %d rounds %v", seed, rounds)
			assert.Equal(t, 1, w.After.PairSpread(), "seed %d rounds %v", seed, rounds)
		}
	}
}
