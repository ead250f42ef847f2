package scheduler

import (
	"fmt"
	"math/bits"
	"math/rand/v2"
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

	// Player sets: the first attempts hold out for the aim, the next ones for 2 above
	// the lower bound, the last ones for what Verify requires; the most even design
	// found is kept. Every other attempt prices far-off pairs more steeply
	// (pairWeights).
	var games []uint32
	spread := 0
	for attempt := range maxAttempts {
		want := p.aimSpread
		switch {
		case attempt >= maxAttempts-2:
			want = p.requiredSpread
		case attempt >= 2:
			want = min(p.spreadLowerBound+2, p.requiredSpread)
		}
		g, s, ok := p.playerSets(rng, max(want, p.aimSpread), attempt%2 == 1)
		if ok && (games == nil || s < spread) {
			games, spread = g, s
		}
		if games != nil && spread <= want {
			break
		}
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
// Williams squares when the whole league sits at one table and n is even, else the
// König colouring evened out by the turn-order search.
func (p plan) seats(games []uint32, rng *rand.Rand) []int {
	switch {
	case p.k == 2:
		return twoPlayerSeats(p, games, rng)
	case p.k == p.n && p.n%2 == 0:
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

// schedule numbers the games in order of play. With rounds, the rounds stay as the
// design made them. Without, every game is its own round (round = number: the league
// is played online, each game on its own), and the games are ordered so that every
// player's games are spread evenly through the list: each next game is the one whose
// players have played least so far, earliest first on ties.
func (p plan) schedule(games []uint32, seat []int) Schedule {
	k := p.k
	order := make([]int, 0, p.games)
	if p.rounds {
		for g := range games {
			order = append(order, g)
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
			for a := games[best]; a != 0; a &= a - 1 {
				played[bits.TrailingZeros32(a)]++
			}
		}
	}
	s := Schedule{Players: p.n, PerGame: k, Games: make([]Game, 0, p.games)}
	for i, g := range order {
		round := i + 1
		if p.rounds {
			round = g/p.perRound + 1
		}
		seats := make([]int, k)
		for j := range k {
			seats[j] = seat[g*k+j] + 1
		}
		s.Games = append(s.Games, Game{Number: i + 1, Round: round, Seats: seats})
	}
	return s
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
