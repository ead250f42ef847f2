package scheduler

import (
	"slices"
	"strconv"
)

// Report is the fairness of a schedule, for pages and the CLI.
//
// Players are 0-based in the matrices and lists (player p of the schedule is index p-1).
type Report struct {
	Players int `json:"players"`
	PerGame int `json:"per_game"`
	Games   int `json:"games"`
	Rounds  int `json:"rounds"`

	// PlayerGames[p] is the number of games player p plays.
	PlayerGames []int `json:"player_games"`
	// Matchups[a][b] is c(a,b), the number of games a and b share; the diagonal is 0.
	Matchups [][]int `json:"matchups"`
	// MatchupMin and MatchupMax are the least and greatest c(a,b) over pairs a != b.
	MatchupMin int `json:"matchup_min"`
	MatchupMax int `json:"matchup_max"`
	// Spread is MatchupMax - MatchupMin.
	Spread int `json:"spread"`
	// SpreadLowerBound is the arithmetic lower bound on Spread: 0 when the pair
	// meetings of the schedule can be shared out equally among all pairs, else 1.
	SpreadLowerBound int `json:"spread_lower_bound"`

	// Seats[p][s] is how often player p sits in seat s (seat 1 is index 0).
	Seats [][]int `json:"seats"`
	// SatOut[p] is the number of rounds in which player p has no game.
	SatOut []int `json:"sat_out"`

	// TurnOrder[a][b] is how often b sits directly after a (a in seat i, b in seat i+1).
	TurnOrder [][]int `json:"turn_order"`
	// TurnOrderMin and TurnOrderMax are the least and greatest TurnOrder[a][b], a != b.
	TurnOrderMin int `json:"turn_order_min"`
	TurnOrderMax int `json:"turn_order_max"`

	// RepeatedSets is the number of games whose set of players an earlier game had.
	RepeatedSets int `json:"repeated_sets"`
	// RepeatedSeatings is the number of games whose seating (the same players in the
	// same seats) an earlier game had.
	RepeatedSeatings int `json:"repeated_seatings"`
}

// Fairness measures a schedule: matchups, seats, sitting out, turn order and repeats.
// It reads only the schedule; player numbers outside 1..Players are ignored.
func Fairness(s Schedule) Report {
	n, k := s.Players, s.PerGame
	if n < 0 {
		n = 0
	}
	if k < 0 {
		k = 0
	}
	rep := Report{
		Players:     n,
		PerGame:     k,
		Games:       len(s.Games),
		PlayerGames: make([]int, n),
		Matchups:    square(n),
		Seats:       make([][]int, n),
		SatOut:      make([]int, n),
		TurnOrder:   square(n),
	}
	for q := range rep.Seats {
		rep.Seats[q] = make([]int, k)
	}
	valid := func(q int) bool { return q >= 1 && q <= n }
	sets := make(map[string]bool)
	seatings := make(map[string]bool)
	rounds := make(map[int][]bool)
	var roundOrder []int
	for _, g := range s.Games {
		busy, ok := rounds[g.Round]
		if !ok {
			busy = make([]bool, n)
			rounds[g.Round] = busy
			roundOrder = append(roundOrder, g.Round)
		}
		for i, a := range g.Seats {
			if !valid(a) {
				continue
			}
			busy[a-1] = true
			rep.PlayerGames[a-1]++
			if i < k {
				rep.Seats[a-1][i]++
			}
			for _, b := range g.Seats {
				if valid(b) && b != a {
					rep.Matchups[a-1][b-1]++
				}
			}
			if i+1 < len(g.Seats) && valid(g.Seats[i+1]) {
				rep.TurnOrder[a-1][g.Seats[i+1]-1]++
			}
		}
		seatKey := key(g.Seats)
		if seatings[seatKey] {
			rep.RepeatedSeatings++
		}
		seatings[seatKey] = true
		sorted := slices.Clone(g.Seats)
		slices.Sort(sorted)
		setKey := key(sorted)
		if sets[setKey] {
			rep.RepeatedSets++
		}
		sets[setKey] = true
	}
	rep.Rounds = len(roundOrder)
	for _, r := range roundOrder {
		for q, busy := range rounds[r] {
			if !busy {
				rep.SatOut[q]++
			}
		}
	}
	rep.MatchupMin, rep.MatchupMax = offDiagonalRange(rep.Matchups)
	rep.Spread = rep.MatchupMax - rep.MatchupMin
	rep.TurnOrderMin, rep.TurnOrderMax = offDiagonalRange(rep.TurnOrder)
	if n >= 2 {
		total := 0
		for a := range n {
			for b := a + 1; b < n; b++ {
				total += rep.Matchups[a][b]
			}
		}
		if total%(n*(n-1)/2) != 0 {
			rep.SpreadLowerBound = 1
		}
	}
	return rep
}

// square is an n×n matrix of zeros.
func square(n int) [][]int {
	m := make([][]int, n)
	for i := range m {
		m[i] = make([]int, n)
	}
	return m
}

// offDiagonalRange is the least and greatest entry off the diagonal (0, 0 if none).
func offDiagonalRange(m [][]int) (lo, hi int) {
	first := true
	for a := range m {
		for b := range m[a] {
			if a == b {
				continue
			}
			if first || m[a][b] < lo {
				lo = m[a][b]
			}
			if first || m[a][b] > hi {
				hi = m[a][b]
			}
			first = false
		}
	}
	return lo, hi
}

// key is a list of players as a map key.
func key(xs []int) string {
	b := make([]byte, 0, 3*len(xs))
	for _, x := range xs {
		b = strconv.AppendInt(b, int64(x), 10)
		b = append(b, ',')
	}
	return string(b)
}
