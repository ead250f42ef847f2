package scheduler

import (
	"errors"
	"fmt"
	"slices"
)

// ErrUnbalanced marks a schedule that breaks a balance requirement.
var ErrUnbalanced = errors.New("schedule not balanced")

// Verify independently checks a schedule against the balance requirements (used by Build and tests).
//
// It recomputes everything from the games themselves, sharing no state with the
// builder, and checks:
//   - shape: N players, k per game, G = N·r/k games numbered 1..G, each seating k
//     different players from 1..N;
//   - rounds: with Options.Rounds, rounds numbered 1, 2, ... in order, ⌈G/⌊N/k⌋⌉ of
//     them, nobody twice in a round; without, every game its own round (round = number);
//   - seats: every player in every seat exactly r/k times (so in exactly r games);
//   - opponents: max c(a,b) − min c(a,b) at the optimum for the seed's 8-player table
//     (0 for k = 2, 7, 8; 1 for k = 3..6; 2 for k = 4 in rounds), otherwise at most 2:
//     within 1 of the arithmetic lower bound, or where that bound is 0 (spread 1
//     cannot occur) the least spread above it (with rounds of several tables:
//     reported only, see newPlan);
//   - player sets: all different when G ≤ C(N,k), else used as evenly as possible
//     (multiplicities differing by at most 1);
//   - seatings: no two games with the same players in the same seats where the
//     multiplicities of the sets allow it (for k = N = 8: 16 different seatings);
//   - turn order: for k = 2 each ordered pair as often as its reverse, ±1 (for N = 8
//     every ordered pair exactly once); for k = N with N or r/N even every player
//     directly after every other equally often.
func Verify(s Schedule, opts Options) error {
	p, err := newPlan(opts)
	if err != nil {
		return err
	}
	n, k := p.n, p.k
	if s.Players != n {
		return unbalanced("players is %d, want %d", s.Players, n)
	}
	if s.PerGame != k {
		return unbalanced("per_game is %d, want %d", s.PerGame, k)
	}
	if len(s.Games) != p.games {
		return unbalanced("%d games, want %d", len(s.Games), p.games)
	}
	for i, g := range s.Games {
		if g.Number != i+1 {
			return unbalanced("games[%d].number is %d, want %d", i, g.Number, i+1)
		}
		if len(g.Seats) != k {
			return unbalanced("game %d has %d seats, want %d", g.Number, len(g.Seats), k)
		}
		seen := make([]bool, n+1)
		for _, q := range g.Seats {
			if q < 1 || q > n {
				return unbalanced("game %d seats player %d, outside 1..%d", g.Number, q, n)
			}
			if seen[q] {
				return unbalanced("game %d seats player %d twice", g.Number, q)
			}
			seen[q] = true
		}
	}
	if err := verifyRounds(s, p); err != nil {
		return err
	}

	// Seat balance.
	seatCount := make([][]int, n+1)
	for q := range seatCount {
		seatCount[q] = make([]int, k)
	}
	for _, g := range s.Games {
		for i, q := range g.Seats {
			seatCount[q][i]++
		}
	}
	for q := 1; q <= n; q++ {
		for i, c := range seatCount[q] {
			if c != p.seatTimes {
				return unbalanced("player %d sits in seat %d %d times, want %d", q, i+1, c, p.seatTimes)
			}
		}
	}

	// Opponent balance.
	meet := make([][]int, n+1)
	for a := range meet {
		meet[a] = make([]int, n+1)
	}
	for _, g := range s.Games {
		for _, a := range g.Seats {
			for _, b := range g.Seats {
				if a != b {
					meet[a][b]++
				}
			}
		}
	}
	lo, hi := meet[1][2], meet[1][2]
	for a := 1; a <= n; a++ {
		for b := a + 1; b <= n; b++ {
			lo, hi = min(lo, meet[a][b]), max(hi, meet[a][b])
		}
	}
	if hi-lo > p.requiredSpread {
		return unbalanced("pairs meet between %d and %d times: spread %d, want at most %d",
			lo, hi, hi-lo, p.requiredSpread)
	}

	// Player sets and seatings.
	sets := make(map[string]int)
	seatings := make(map[string]int)
	for _, g := range s.Games {
		sorted := slices.Clone(g.Seats)
		slices.Sort(sorted)
		sets[fmt.Sprint(sorted)]++
		seatings[fmt.Sprint(g.Seats)]++
	}
	maxSet, minSet := 0, p.games
	for _, c := range sets {
		maxSet, minSet = max(maxSet, c), min(minSet, c)
	}
	if p.distinctSets {
		if maxSet > 1 {
			return unbalanced("%d games share a set of players, want all sets different", maxSet)
		}
	} else {
		if len(sets) < p.setsAvailable || maxSet-minSet > 1 {
			return unbalanced("sets of players repeat between %d and %d times over %d of %d sets, want as evenly as possible",
				minSet, maxSet, len(sets), p.setsAvailable)
		}
	}
	if maxSet <= factorialCapped(k, p.games+1) {
		for _, c := range seatings {
			if c > 1 {
				return unbalanced("%d games have the same players in the same seats", c)
			}
		}
	}

	// Turn order where it is guaranteed.
	follow := make([][]int, n+1)
	for a := range follow {
		follow[a] = make([]int, n+1)
	}
	for _, g := range s.Games {
		for i := 0; i+1 < k; i++ {
			follow[g.Seats[i]][g.Seats[i+1]]++
		}
	}
	for a := 1; a <= n; a++ {
		for b := 1; b <= n; b++ {
			switch {
			case a == b:
			case k == 2 && abs(follow[a][b]-follow[b][a]) > 1:
				return unbalanced("player %d is first against %d %d times and second %d times",
					a, b, follow[a][b], follow[b][a])
			case k == n && (n%2 == 0 || p.games/n%2 == 0) && follow[a][b] != p.games/n:
				return unbalanced("player %d sits directly after %d %d times, want %d",
					b, a, follow[a][b], p.games/n)
			}
		}
	}
	return nil
}

// verifyRounds checks the round numbers of a schedule.
func verifyRounds(s Schedule, p plan) error {
	if !p.rounds {
		for _, g := range s.Games {
			if g.Round != g.Number {
				return unbalanced("game %d is in round %d, want its own round %d", g.Number, g.Round, g.Number)
			}
		}
		return nil
	}
	round, size := 0, 0
	var busy []bool
	sitOut := make([]int, p.n+1)
	closeRound := func() {
		for q := 1; q <= p.n; q++ {
			if !busy[q] {
				sitOut[q]++
			}
		}
	}
	for _, g := range s.Games {
		switch {
		case g.Round == round && round > 0:
		case g.Round == round+1:
			if round > 0 {
				closeRound()
			}
			round, size, busy = g.Round, 0, make([]bool, p.n+1)
		default:
			return unbalanced("game %d is in round %d after round %d", g.Number, g.Round, round)
		}
		size++
		if size > p.perRound {
			return unbalanced("round %d has more than %d games", round, p.perRound)
		}
		for _, q := range g.Seats {
			if busy[q] {
				return unbalanced("player %d plays twice in round %d", q, round)
			}
			busy[q] = true
		}
	}
	closeRound()
	if round != p.numRounds {
		return unbalanced("%d rounds, want %d", round, p.numRounds)
	}
	for q := 2; q <= p.n; q++ {
		if sitOut[q] != sitOut[1] {
			return unbalanced("player %d sits out %d rounds and player 1 %d", q, sitOut[q], sitOut[1])
		}
	}
	return nil
}

// unbalanced formats a failed check.
func unbalanced(format string, args ...any) error {
	return fmt.Errorf("%s: %w", fmt.Sprintf(format, args...), ErrUnbalanced)
}

// factorialCapped is k!, or limit when it is larger.
func factorialCapped(k, limit int) int {
	f := 1
	for i := 2; i <= k; i++ {
		f *= i
		if f > limit {
			return limit
		}
	}
	return f
}

func abs(x int) int {
	if x < 0 {
		return -x
	}
	return x
}
