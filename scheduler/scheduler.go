package scheduler

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
	"slices"
)

// MaxPlayers is the largest number of players a schedule can hold.
const MaxPlayers = 32

// Options says what schedule to build.
type Options struct {
	Players        int    // N, 2..32 (8 for a league)
	PerGame        int    // k, 2..N
	GamesPerPlayer int    // r, a multiple of k; 0 = DefaultGamesPerPlayer(N, k)
	Seed           uint64 // determinism: same options -> identical schedule
	Rounds         bool   // group games into rounds in which nobody plays twice
}

// Game is one game of a schedule: players numbered 1..N, seats in seat order (seat 1 first).
type Game struct {
	Number int   `json:"number"`
	Round  int   `json:"round"`
	Seats  []int `json:"seats"`
}

// Schedule is a whole league's game set; its JSON is CONTRACT section 2's output.
type Schedule struct {
	Players int    `json:"players"`
	PerGame int    `json:"per_game"`
	Games   []Game `json:"games"`
}

// Build builds a verified balanced schedule, or an error naming what is wrong with opts.
//
// The result depends only on opts: the same options, seed included, give the same
// schedule. An *OptionError is the caller's to fix; any other error
// means no schedule passing Verify was found (not expected for any valid options).
func Build(opts Options) (Schedule, error) {
	p, err := newPlan(opts)
	if err != nil {
		return Schedule{}, err
	}
	rng := rand.New(rand.NewPCG(opts.Seed, pcgStream))

	// Player sets: beyond the seed's table, first a design invariant under a group
	// acting on the players (groupDesign); then, unless that reached the aim, the
	// swap search, whose first attempts hold out for the aim, the next ones for 2
	// above the lower bound, the last ones for what Verify requires; the most even
	// design found is kept. Every other attempt prices far-off pairs more steeply
	// (pairWeights).
	var games []uint32
	spread := 0
	if p.usesGroupDesigns() {
		games, spread = p.groupDesign(rng, p.aimSpread)
	}
	for attempt := range maxAttempts {
		want := p.aimSpread
		switch {
		case attempt >= maxAttempts-2:
			want = p.requiredSpread
		case attempt >= 2:
			want = min(p.spreadLowerBound+2, p.requiredSpread)
		}
		if games != nil && spread <= want {
			break
		}
		g, s, ok := p.playerSets(rng, max(want, p.aimSpread), attempt%2 == 1)
		if ok && (games == nil || s < spread) {
			games, spread = g, s
		}
	}
	if games != nil && p.rounds && p.perRound > 1 {
		// Rounds of several tables: the annealing search of rounds.go, from the
		// best design found, towards the floor and nobody left unmet.
		games = p.roundsSearch(rng, games)
		spread = p.roundsRank(games)[0]
	}
	if games == nil || spread > p.requiredSpread {
		return Schedule{}, fmt.Errorf("schedule %d players, %d per game, %d games each: no design reached opponent spread %d",
			p.n, p.k, p.r, p.requiredSpread)
	}

	// Seats and order of play, checked by Verify before anything is handed out.
	var last error
	for range maxAttempts {
		s := p.schedule(games, p.seats(games, rng))
		if last = Verify(s, opts); last == nil {
			return s, nil
		}
	}
	return Schedule{}, fmt.Errorf("schedule %d players, %d per game, %d games each: %w", p.n, p.k, p.r, last)
}

// pcgStream is the PCG stream used with Options.Seed.
const pcgStream = 0x7461626c65737461

// maxAttempts bounds the independent searches Build makes before giving up.
const maxAttempts = 8

// playerSets finds who plays in which game. It returns the games, their opponent
// spread, and false when the games repeat sets of players more than they must.
func (p plan) playerSets(rng *rand.Rand, want int, quartic bool) ([]uint32, int, bool) {
	switch {
	case p.k == p.n:
		// The whole league at one table: only seats and turn order vary.
		games := make([]uint32, p.games)
		for g := range games {
			games[g] = 1<<p.n - 1
		}
		return games, 0, true
	case p.k == 2 && (p.n%2 == 0 || p.r%(p.n-1) == 0):
		games := roundRobin(p, rng)
		d := &design{p: p, games: games}
		return games, d.measure(), true
	}
	d := newDesign(p, rng, quartic)
	d.search(rng, p.designIters(), want)
	return d.games, d.spread(), d.dupCost == p.minDupCost()
}

// seats assigns seats: first and second player by closed walks for two-player games,
// Williams squares when the whole league sits at one table (n even, or r/n even),
// else the König colouring evened out by the turn-order search.
func (p plan) seats(games []uint32, rng *rand.Rand) []int {
	switch {
	case p.k == 2:
		return twoPlayerSeats(p, games, rng)
	case p.k == p.n && (p.n%2 == 0 || p.r/p.n%2 == 0):
		return williamsSeats(p, rng)
	}
	st := newSeating(p, assignSeats(p, games, rng), !p.distinctSets)
	st.search(rng, p.seatIters())
	return st.seat
}

// designIters is the swap budget of one player-set search.
func (p plan) designIters() int { return min(20_000+200*p.games*p.k, 1_000_000) }

// seatIters is the budget of one turn-order search, in games re-seated.
func (p plan) seatIters() int { return 200_000 }

// schedule numbers the games in order of play.
//
// With rounds, the rounds are put in an order that spreads sitting out: each next
// round is the one whose players sitting out sat out least recently, and never the
// round before if another will do (a full round before the one short round, which
// stays last). Without rounds, every game is its own round (round = number: the league
// is played online, each game on its own), and the games are ordered so that every
// player's games are spread evenly through the list: each next game is the one whose
// players have played least so far. Ties go to the earliest.
func (p plan) schedule(games []uint32, seat []int) Schedule {
	k := p.k
	order := make([]int, 0, p.games)
	roundOf := make([]int, p.games)
	if p.rounds {
		for i, rd := range p.roundOrder(games) {
			for g := rd * p.perRound; g < min((rd+1)*p.perRound, p.games); g++ {
				order = append(order, g)
				roundOf[g] = i + 1
			}
		}
	} else {
		played := make([]int, p.n)
		taken := make([]bool, p.games)
		for range games {
			best, bestLoad := -1, 0
			for g, m := range games {
				if taken[g] {
					continue
				}
				load := 0
				for a := m; a != 0; a &= a - 1 {
					load += played[bits.TrailingZeros32(a)]
				}
				if best < 0 || load < bestLoad {
					best, bestLoad = g, load
				}
			}
			taken[best] = true
			order = append(order, best)
			roundOf[best] = len(order)
			for a := games[best]; a != 0; a &= a - 1 {
				played[bits.TrailingZeros32(a)]++
			}
		}
	}
	s := Schedule{Players: p.n, PerGame: k, Games: make([]Game, 0, p.games)}
	for i, g := range order {
		seats := make([]int, k)
		for j := range k {
			seats[j] = seat[g*k+j] + 1
		}
		s.Games = append(s.Games, Game{Number: i + 1, Round: roundOf[g], Seats: seats})
	}
	return s
}

// roundOrder orders the design's rounds (games rd·perRound onwards form round rd) so
// that sitting out is spread: a player who sat out the last round sits out the next
// only when no other round avoids it, and otherwise those who sat out longest ago sit
// out first.
func (p plan) roundOrder(games []uint32) []int {
	all := uint32(1)<<p.n - 1
	out := make([]uint32, p.numRounds)
	for g, m := range games {
		out[g/p.perRound] |= m
	}
	for rd := range out {
		out[rd] = all &^ out[rd]
	}
	full := p.numRounds
	if p.games%p.perRound != 0 {
		full-- // the short round stays last
	}
	lastOut := make([]int, p.n) // round position + 1 of the last sitting out; 0 = never
	taken := make([]bool, p.numRounds)
	order := make([]int, 0, p.numRounds)
	var prev uint32
	for pos := range full {
		best, bestScore := -1, 0
		for rd := range full {
			if taken[rd] {
				continue
			}
			// Again after a round out weighs more than any recency.
			score := bits.OnesCount32(out[rd]&prev) * (p.numRounds + 1) * p.n
			for a := out[rd]; a != 0; a &= a - 1 {
				score += lastOut[bits.TrailingZeros32(a)]
			}
			if best < 0 || score < bestScore {
				best, bestScore = rd, score
			}
		}
		taken[best] = true
		order = append(order, best)
		for a := out[best]; a != 0; a &= a - 1 {
			lastOut[bits.TrailingZeros32(a)] = pos + 1
		}
		prev = out[best]
	}
	// Then exchange rounds while that lowers the number of players sitting out two
	// rounds running.
	twice := func(i int) int { // players out in both order[i] and order[i+1]
		if i < 0 || i+1 >= len(order) {
			return 0
		}
		return bits.OnesCount32(out[order[i]] & out[order[i+1]])
	}
	around := func(i, j int) int {
		c := twice(i-1) + twice(i) + twice(j-1) + twice(j)
		if j == i+1 {
			c -= twice(i) // counted twice
		}
		return c
	}
	// At most about two million trials, so that long leagues stay fast.
	passes := min(50, 2_000_000/(len(order)*len(order)+1))
	for pass, better := 0, true; better && pass < passes; pass++ {
		better = false
		for i := range order {
			for j := i + 1; j < len(order); j++ {
				before := around(i, j)
				order[i], order[j] = order[j], order[i]
				if around(i, j) < before {
					better = true
				} else {
					order[i], order[j] = order[j], order[i]
				}
				// Or read rounds i..j backwards: only the ends change neighbours.
				after := 0
				if i > 0 {
					after += bits.OnesCount32(out[order[i-1]] & out[order[j]])
				}
				if j+1 < len(order) {
					after += bits.OnesCount32(out[order[i]] & out[order[j+1]])
				}
				if after < twice(i-1)+twice(j) {
					slices.Reverse(order[i : j+1])
					better = true
				}
			}
		}
	}
	if full < p.numRounds {
		order = append(order, full)
	}
	return order
}

// leagueGamesPerPlayer is the seed's "Number of games per league" table for an
// 8-player league: players per game -> games per player (0 outside 2..8).
func leagueGamesPerPlayer(k int) int {
	switch k {
	case 2:
		return 14
	case 3:
		return 9
	case 4:
		return 16
	case 5:
		return 25
	case 6:
		return 18
	case 7:
		return 21
	case 8:
		return 16
	}
	return 0
}

// DefaultGamesPerPlayer is the number of games each player plays when Options leaves
// GamesPerPlayer at 0. For 8 players it is the seed's table (14, 9, 16, 25, 18, 21, 16
// for k = 2..8). For any other N it is the smallest multiple of k with r(k-1) >= N-1:
// the fewest games in which every seat comes round equally often and every player
// can meet every other at least once. It returns 0 when k is out of range for n.
func DefaultGamesPerPlayer(n, k int) int {
	if k < 2 || k > n || n > MaxPlayers {
		return 0
	}
	if n == 8 {
		return leagueGamesPerPlayer(k)
	}
	r := k
	for r*(k-1) < n-1 {
		r += k
	}
	return r
}
