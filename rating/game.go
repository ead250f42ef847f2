package rating

import (
	"errors"
	"fmt"
	"math"
	"math/big"
)

// Seat is one seat of a rated game: who held it, who finished it, and what the scorer
// gave it.
type Seat struct {
	// Player is the member who held the seat; the seat's ante comes from their rating.
	// A Missing Man seat (seed 4.1), played by nobody or by a bot, is held by a member of
	// its own, such as "missing-man", which is rated like anyone else.
	Player string
	// Substitute is the human replacement who finished the seat (seed 4.2), or empty.
	// A seat taken over under Missing Man rules has no Substitute: seed 4.2 credits its
	// result to the original player.
	Substitute string
	// Points are the seat's league points for the game, exactly as the scorer gave them.
	Points *big.Rat
	// Winner reports that the seat finished as a winner: an ARMADA winning player, or in
	// other systems a seat with the top points of the game (CONTRACT section 3).
	Winner bool
}

// Game is one scored game to be rated on a ladder.
type Game struct {
	// ID names the game in the ledger.
	ID string
	// PointsArePot reports that the seats' points already divide the 420-point pot and are
	// the awards themselves (ARMADA, seed 3.2); otherwise the pot is 60 a seat, shared in
	// proportion to the points shifted to be non-negative (CONTRACT section 3).
	PointsArePot bool
	// Seats are the game's seats in seat order, which breaks rounding ties.
	Seats []Seat
}

// ErrTooFewSeats reports a game with fewer than two seats: it has nobody to play against.
var ErrTooFewSeats = errors.New("a rated game needs at least 2 players")

// Pot returns what the game's antes make up and its awards pay out (CONTRACT section 3):
// 420 for an ARMADA game, whose points always make 420 (seed 2.1), and otherwise 60 a
// seat, P = 60 × n, so that a 7-seat game is exactly the seed's pot and a 2-player game
// stakes 120, not 420.
func (g Game) Pot() Micros {
	return FullPot(g.PointsArePot, len(g.Seats))
}

// FullPot is the pot P of a game of seats seats (CONTRACT section 3): 420 when its points
// are the pot (ARMADA), otherwise 60 a seat. A table holding less above the floor plays
// for less ([Antes]).
func FullPot(pointsArePot bool, seats int) Micros {
	if pointsArePot {
		return ArmadaPot
	}
	return SeatStake * Micros(seats)
}

// ErrPotMismatch reports a game whose points are its awards but do not add up to the pot.
var ErrPotMismatch = errors.New("points do not add up to the 420-point pot")

// SeatError reports a seat that cannot be rated.
type SeatError struct {
	// Seat is the index of the seat in Game.Seats.
	Seat int
	// Field is the seat's offending field: "player", "substitute" or "points".
	Field string
	// Problem says what is wrong with it.
	Problem string
}

// Error returns "seats[i].field: problem".
func (e *SeatError) Error() string {
	return fmt.Sprintf("seats[%d].%s: %s", e.Seat, e.Field, e.Problem)
}

// Validate checks that g can be rated: at least two seats, every seat held by a distinct
// named player with points, and no substitute who holds another seat of the game (the
// substitute's rating could then take two deltas from one game).
func (g Game) Validate() error {
	if len(g.Seats) < 2 {
		return ErrTooFewSeats
	}
	for i, s := range g.Seats {
		if s.Player == "" {
			return &SeatError{Seat: i, Field: "player", Problem: "missing"}
		}
		if s.Points == nil {
			return &SeatError{Seat: i, Field: "points", Problem: "missing"}
		}
		// Games are small: pairwise comparison needs no allocation.
		for j := range i {
			if g.Seats[j].Player == s.Player {
				return &SeatError{Seat: i, Field: "player", Problem: fmt.Sprintf("%q already holds seat %d", s.Player, j)}
			}
		}
	}
	players, subs := make([]string, len(g.Seats)), make([]string, len(g.Seats))
	for i, s := range g.Seats {
		players[i] = s.Player
		if s.Substitute != s.Player { // a seat "replaced" by its own player has no substitute
			subs[i] = s.Substitute
		}
	}
	for i := range g.Seats {
		if subs[i] != "" && CheckSubstitute(players, subs, i, sameID) != SubstituteAllowed {
			return &SeatError{Seat: i, Field: "substitute", Problem: fmt.Sprintf("%q already holds another seat in this game", subs[i])}
		}
	}
	return nil
}

// SubstituteCheck is what the substitute rule says of one replaced seat.
type SubstituteCheck int

const (
	// SubstituteAllowed: the substitute may finish the seat.
	SubstituteAllowed SubstituteCheck = iota
	// SubstituteSeated: the substitute holds a seat of the game.
	SubstituteSeated
	// SubstituteTwice: the substitute already finishes an earlier seat.
	SubstituteTwice
)

// CheckSubstitute is the one substitute rule, for the ladder, the CLI and the app alike:
// "A player wishing to leave a game early ... may be replaced by a human replacement"
// (armada-scoring-and-rating.txt 4.2), and the substitute who finishes seat i may hold no
// seat of the game and finish no earlier seat, or one member's rating could take two
// deltas from one game. players and substitutes are by seat ("" for no substitute); same
// compares two ids (exactly on a ladder; regardless of letter case for usernames).
func CheckSubstitute(players, substitutes []string, i int, same func(a, b string) bool) SubstituteCheck {
	sub := substitutes[i]
	for j, p := range players {
		if same(p, sub) {
			return SubstituteSeated
		}
		if j < i && substitutes[j] != "" && same(substitutes[j], sub) {
			return SubstituteTwice
		}
	}
	return SubstituteAllowed
}

// sameID compares two ladder ids: exactly.
func sameID(a, b string) bool { return a == b }

// Antes returns the ante of each player of a game whose full pot is full ([Game.Pot]),
// from the ratings they hold before it, and the pot the table plays for (CONTRACT
// section 3, round 3):
//
//	stake_i = max(0, R_i + 210)    what the player holds above the floor
//	S       = Σ_j stake_j
//	pot     = min(P, S)            the table's pot, or all it holds above the floor
//	ante_i  = pot × stake_i / S
//
// rounded to millionths by largest remainder, so the antes add up to exactly the pot. S = 0
// (everyone at the floor) plays for nothing: every ante is 0. Whenever every player stands
// above −210 and S ≥ P this is seed 3.2's ante, P × (R_i + 210) / (Σ_j R_j + 210 n): "The
// 'ante adjustment' used in the formula below is 210 (one-half pot-worth of points)". Since
// no ante exceeds its stake, seed 3.3's "absolute minimum rating exists at about -210
// points" holds exactly: no rating falls below −210.
func Antes(ratings []Micros, full Micros) ([]Micros, Micros, error) {
	if full <= 0 {
		return nil, 0, errors.New("rating: a pot must be positive")
	}
	var sc scratch
	sc.resize(len(ratings))
	out := make([]Micros, len(ratings))
	pot, err := antesOf(out, ratings, full, &sc)
	if err != nil {
		return nil, 0, err
	}
	return out, pot, nil
}

// Stake is what a rating holds above the floor, max(0, R + 210) (CONTRACT section 3): the
// most a player can ante into one game. It reports false when R + 210 leaves Micros.
func Stake(r Micros) (Micros, bool) {
	s, over := addInt64(int64(r), int64(AnteAdjustment))
	if over {
		return 0, false
	}
	return Micros(max(0, s)), true
}

// antesOf is Antes writing into dst, with working space from sc; it returns the pot the
// table plays for.
func antesOf(dst, ratings []Micros, full Micros, sc *scratch) (Micros, error) {
	if len(ratings) == 0 {
		return 0, nil
	}
	weights := sc.weights
	var sum int64
	for i, r := range ratings {
		w, ok := Stake(r)
		s, over := addInt64(sum, int64(w))
		if !ok || over {
			return full, antesBig(dst, ratings, full)
		}
		weights[i], sum = int64(w), s
	}
	// "A table plays for pot = min(P, S)": when it holds less than its pot above the
	// floor, it stakes all of that and no more.
	pot := min(full, Micros(sum))
	if pot == 0 {
		// S = 0: the game moves no rating.
		clear(dst)
		return 0, nil
	}
	return pot, apportion(dst, pot, weights, sc.rems)
}

// antesBig is antes for stakes whose sum leaves int64: such a table holds far more than
// its pot above the floor, so it plays for its full pot.
func antesBig(dst, ratings []Micros, full Micros) error {
	weights := make([]*big.Int, len(ratings))
	for i, r := range ratings {
		weights[i] = new(big.Int).Add(big.NewInt(int64(r)), big.NewInt(int64(AnteAdjustment)))
		if weights[i].Sign() < 0 {
			weights[i].SetInt64(0)
		}
	}
	return apportionBig(dst, full, weights)
}

// Awards returns each seat's award from pot, the pot the table plays for (the second
// result of [Antes]; [Game.Pot] when it holds enough above the floor), rounded to
// millionths by largest remainder so that the awards add up to exactly the pot (CONTRACT
// section 3). When g.PointsArePot the points must add up to 420 and each award is
// points × pot / 420 (ARMADA, seed 3.2: "The point-award received from a completed game is
// then added to the player's rating"; the points themselves when the table plays for its
// full 420). Otherwise the pot is shared in proportion to points − min(0, lowest points),
// and equally when those are all zero.
func Awards(g Game, pot Micros) ([]Micros, error) {
	if err := g.Validate(); err != nil {
		return nil, err
	}
	if pot < 0 || pot > g.Pot() {
		return nil, fmt.Errorf("rating: a game's pot is 0 to %s, got %s", g.Pot(), pot)
	}
	var sc scratch
	sc.resize(len(g.Seats))
	out := make([]Micros, len(g.Seats))
	if err := awardsOf(out, g, pot, &sc); err != nil {
		return nil, err
	}
	return out, nil
}

// awardsOf is Awards for a validated game, writing into dst with working space from sc.
func awardsOf(dst []Micros, g Game, pot Micros, sc *scratch) error {
	if smallAwardWeights(sc.weights, g) {
		return apportion(dst, pot, sc.weights, sc.rems)
	}
	weights, err := bigAwardWeights(g)
	if err != nil {
		return err
	}
	return apportionBig(dst, pot, weights)
}

// smallAwardWeights writes the award weights of g into weights as int64: the points over
// their common denominator, shifted for a shared pot. It reports false when anything
// leaves int64 or the points do not add up to the pot; bigAwardWeights then decides.
func smallAwardWeights(weights []int64, g Game) bool {
	var den int64 = 1
	for _, s := range g.Seats {
		d := s.Points.Denom()
		if !d.IsInt64() {
			return false
		}
		dv := d.Int64()
		l, over := mulInt64(den/gcd(den, dv), dv)
		if over {
			return false
		}
		den = l
	}
	var lowest, sum int64
	for i, s := range g.Seats {
		n := s.Points.Num()
		if !n.IsInt64() {
			return false
		}
		w, over := mulInt64(n.Int64(), den/s.Points.Denom().Int64())
		if over {
			return false
		}
		weights[i] = w
		if i == 0 || w < lowest {
			lowest = w
		}
		if sum, over = addInt64(sum, w); over {
			return false
		}
	}
	if g.PointsArePot {
		pot, over := mulInt64(int64(ArmadaPot/PerPoint), den)
		return !over && sum == pot
	}
	if lowest < 0 {
		if lowest == math.MinInt64 {
			return false
		}
		sum = 0
		for i := range weights {
			var over bool
			if weights[i], over = addInt64(weights[i], -lowest); over {
				return false
			}
			if sum, over = addInt64(sum, weights[i]); over {
				return false
			}
		}
	}
	if sum == 0 {
		for i := range weights {
			weights[i] = 1
		}
	}
	return true
}

// bigAwardWeights is smallAwardWeights for points of any size; it reports points that
// should be the pot but do not add up to it.
func bigAwardWeights(g Game) ([]*big.Int, error) {
	den := big.NewInt(1)
	for _, s := range g.Seats {
		d := s.Points.Denom()
		den.Mul(den, new(big.Int).Quo(d, new(big.Int).GCD(nil, nil, den, d)))
	}
	weights := make([]*big.Int, len(g.Seats))
	sum := new(big.Int)
	var lowest *big.Int
	for i, s := range g.Seats {
		w := new(big.Int).Quo(den, s.Points.Denom())
		w.Mul(w, s.Points.Num())
		weights[i] = w
		if lowest == nil || w.Cmp(lowest) < 0 {
			lowest = w
		}
		sum.Add(sum, w)
	}
	if g.PointsArePot {
		pot := new(big.Int).Mul(big.NewInt(int64(ArmadaPot/PerPoint)), den)
		if sum.Cmp(pot) != 0 {
			return nil, fmt.Errorf("%w: they add up to %s", ErrPotMismatch, new(big.Rat).SetFrac(sum, den).RatString())
		}
		return weights, nil
	}
	if lowest.Sign() < 0 {
		shift := new(big.Int).Neg(lowest)
		sum.SetInt64(0)
		for _, w := range weights {
			w.Add(w, shift)
			sum.Add(sum, w)
		}
	}
	if sum.Sign() == 0 {
		for _, w := range weights {
			w.SetInt64(1)
		}
	}
	return weights, nil
}

// gcd returns the greatest common divisor of two positive integers.
func gcd(a, b int64) int64 {
	for b != 0 {
		a, b = b, a%b
	}
	return a
}
