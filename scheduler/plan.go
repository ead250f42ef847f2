package scheduler

import "fmt"

// MaxGames is the largest league Build accepts: players × games per player / per game.
const MaxGames = 1024

// OptionError is an Options value that Build cannot honour; Field is the option's
// command-line name (players, per-game, games-per-player).
type OptionError struct {
	Field  string
	Reason string
}

// Error is the one-line "field: reason".
func (e *OptionError) Error() string { return e.Field + ": " + e.Reason }

// plan is a validated Options with every derived figure the builder and the checker need.
type plan struct {
	n, k, r   int
	games     int  // G = n·r/k
	rounds    bool // --rounds
	perRound  int  // games in a full round: ⌊n/k⌋ with rounds, 1 without
	numRounds int  // ⌈G/perRound⌉
	seatTimes int  // r/k: how often each player sits in each seat

	// spreadLowerBound is the arithmetic bound on max c − min c (0 or 1).
	spreadLowerBound int
	// aimSpread is the spread Build searches for first; requiredSpread is what
	// Verify demands (the optimum for the seed's 8-player table, else 2; nothing
	// beyond r with rounds of several tables).
	aimSpread, requiredSpread int
	// distinctSets: G ≤ C(n,k), so no two games may share their set of players;
	// otherwise sets repeat and their multiplicities must differ by at most 1.
	distinctSets  bool
	setsAvailable int // C(n,k), capped at MaxGames+1
	// leagueTable: 8 players with the seed's games per player for k.
	leagueTable bool
}

// badOption formats a one-line error naming the offending option.
func badOption(field, format string, args ...any) error {
	return &OptionError{Field: field, Reason: fmt.Sprintf(format, args...)}
}

// newPlan validates opts and derives the figures of the schedule.
func newPlan(opts Options) (plan, error) {
	n, k, r := opts.Players, opts.PerGame, opts.GamesPerPlayer
	switch {
	case n < 2 || n > MaxPlayers:
		return plan{}, badOption("players", "must be between 2 and %d, got %d", MaxPlayers, n)
	case k < 2:
		return plan{}, badOption("per-game", "must be at least 2, got %d", k)
	case k > n:
		return plan{}, badOption("per-game", "%d is more than the %d players", k, n)
	case r < 0:
		return plan{}, badOption("games-per-player", "must be positive, got %d", r)
	}
	if r == 0 {
		r = DefaultGamesPerPlayer(n, k)
	}
	if r%k != 0 {
		return plan{}, badOption("games-per-player",
			"%d is not a multiple of per-game %d (every player must sit in every seat equally often)", r, k)
	}
	// G = n·r/k ≥ r, so a larger r is refused before n·r could overflow.
	if r > MaxGames {
		return plan{}, badOption("games-per-player",
			"%d would make a league of more than %d games", r, MaxGames)
	}
	games := n * r / k
	if games > MaxGames {
		return plan{}, badOption("games-per-player",
			"%d would make a league of %d games, more than %d", r, games, MaxGames)
	}
	p := plan{n: n, k: k, r: r, games: games, rounds: opts.Rounds, perRound: 1, seatTimes: r / k}
	if opts.Rounds {
		p.perRound = n / k
	}
	p.numRounds = (games + p.perRound - 1) / p.perRound

	// Every game holds k(k−1)/2 pairs; equal counts for all n(n−1)/2 pairs need
	// the total to divide evenly (for constant r: r(k−1)/(n−1) whole).
	if (games*k*(k-1)/2)%(n*(n-1)/2) != 0 {
		p.spreadLowerBound = 1
	}
	p.aimSpread = p.spreadLowerBound
	// Beyond the seed's table the builder aims at the lower bound and Verify demands
	// spread 2. When λ = r(k−1)/(n−1), the mean meeting count, is not whole that is
	// within 1 of the bound. When λ is whole, spread 1 cannot occur (the counts
	// average exactly λ, so a pair above λ means another below it): the spread is 0,
	// which is a 2-(n,k,λ) design, or at least 2. Such designs need not exist: by
	// Bruck–Ryser–Chowla none does for 22 players 7 per game with 7 games each (k − λ
	// = 5 is no square with n even) or 29 players 8 per game with 8 each, where 2 is
	// the optimum; others exist but not with a regular abelian group of symmetries,
	// which is what the search looks for (symmetric 2-(25,9,3) and 2-(31,10,3)
	// designs are known), and those stay at 2.
	// Rounds of several tables fix much of the design (10 players at two tables of 5
	// for 5 rounds: 3; 32 at two tables of 16 for 16 rounds: 6), so there the spread is
	// searched for the same way but only reported, not guaranteed.
	p.requiredSpread = 2
	if p.rounds && p.perRound > 1 {
		p.requiredSpread = r
	}
	p.leagueTable = n == 8 && r == leagueGamesPerPlayer(k)
	if p.leagueTable {
		// The seed's league table: the optimum is the lower bound, except k = 4 in
		// rounds (every round splits the 8 players into two tables of 4), where
		// spread 1 is infeasible and 2 is the optimum.
		p.aimSpread, p.requiredSpread = p.spreadLowerBound, p.spreadLowerBound
		if k == 4 && opts.Rounds {
			p.aimSpread, p.requiredSpread = 2, 2
		}
	}
	p.setsAvailable = binomialCapped(n, k, MaxGames+1)
	p.distinctSets = games <= p.setsAvailable
	return p, nil
}

// binomialCapped is C(n,k), or limit when it is larger.
func binomialCapped(n, k, limit int) int {
	if k > n-k {
		k = n - k
	}
	c := 1
	for i := 1; i <= k; i++ {
		c = c * (n - k + i) / i // exact: c·(n−k+i) is divisible by i at every step
		if c > limit {
			return limit
		}
	}
	return c
}

// Check says whether Build accepts opts without building anything: nil, or the
// *OptionError Build would return (the rule `tablestakes schedule` applies to its flags).
func Check(opts Options) error {
	_, err := newPlan(opts)
	return err
}
