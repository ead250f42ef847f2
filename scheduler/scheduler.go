// Package scheduler builds the balanced game sets of a TableStakes league.
//
// The seed (league-scoring-system.txt, "Some information about the leagues") promises
// that when the 8th player joins, every game of the league is created at once, "in a way
// that ensure an equal distribution of games and starting situation": every player plays
// every other player an equal number of times and each game has a different set of
// players, in the numbers of the seed's "Number of games per league" table.
package scheduler

import (
	"errors"
	"fmt"
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

// errNotBuilt marks the part of the package still under construction.
var errNotBuilt = errors.New("scheduler: not built yet")

// Build builds a verified balanced schedule, or an error naming what is wrong with opts.
func Build(opts Options) (Schedule, error) {
	return Schedule{}, fmt.Errorf("build %d players, %d per game: %w", opts.Players, opts.PerGame, errNotBuilt)
}

// Verify independently checks a schedule against the balance requirements (used by Build and tests).
func Verify(s Schedule, opts Options) error {
	return errNotBuilt
}

// leagueGamesPerPlayer is the seed's "Number of games per league" table for an
// 8-player league: players per game -> games per player.
var leagueGamesPerPlayer = map[int]int{2: 14, 3: 9, 4: 16, 5: 25, 6: 18, 7: 21, 8: 16}

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
		return leagueGamesPerPlayer[k]
	}
	r := k
	for r*(k-1) < n-1 {
		r += k
	}
	return r
}
