package scheduler

import (
	"slices"
)

// How a game of a withdrawing player changes (WithdrawalChange.Kind).
const (
	// Shortened: the game goes on without the player, one seat fewer. The player in the last
	// seat takes the empty seat, so one player at most changes seat and seat 1 still starts.
	Shortened = "shortened"
	// Reseated: the game was left with too few players, and a player of another such game
	// takes the empty seat; that other game is cancelled (Merged names it).
	Reseated = "reseated"
	// Cancelled: the game is dropped: too few players are left and no other game could
	// fill it.
	Cancelled = "cancelled"
)

// WithdrawalChange is what becomes of one unplayed game of the withdrawing player.
type WithdrawalChange struct {
	Number int
	Kind   string
	// Seats are the game's players after the change, in seat order; nil when cancelled.
	Seats []int
	// Round is the game's round after the change: a re-seated game of a league played in
	// rounds moves to a round after the last when its new player is busy in its own round.
	Round int
	// Moved says the game moved to Round from another round.
	Moved bool
	// Merged is the cancelled game whose player took the seat (Reseated only); the
	// cancelled game has a change of its own, Cancelled with MergedInto set.
	Merged int
	// MergedInto is the game a cancelled game's player moved to; 0 when simply cancelled.
	MergedInto int
}

// Balance is how evenly a schedule treats the players it counts: the scheduler's measures
// (Fairness) of the pairs, the games and the seats, over every game, played or not.
type Balance struct {
	// Players is how many players are counted.
	Players int `json:"players"`
	// PairMin and PairMax are the least and most games two of them share; their
	// difference is the pair spread.
	PairMin int `json:"pair_min"`
	PairMax int `json:"pair_max"`
	// GamesMin and GamesMax are the least and most games one of them plays.
	GamesMin int `json:"games_min"`
	GamesMax int `json:"games_max"`
	// StartsMin and StartsMax are the least and most games one of them starts (seat 1).
	// The other seats are not compared: a shortened game has no last seat.
	StartsMin int `json:"starts_min"`
	StartsMax int `json:"starts_max"`
}

// PairSpread is PairMax − PairMin.
func (b Balance) PairSpread() int { return b.PairMax - b.PairMin }

// Withdrawal is a schedule reshaped for a player who withdraws with no substitute.
type Withdrawal struct {
	// Schedule is the schedule afterwards: cancelled games are gone.
	Schedule Schedule
	// Changes are the withdrawing player's unplayed games, in game number order.
	Changes []WithdrawalChange
	// Before measures every player still in the league, the withdrawing one included, on
	// the schedule as it stood; After measures the players who stay, on the new schedule.
	Before, After Balance
	// ShortMin and ShortMax are the least and most shortened games one staying player has.
	ShortMin, ShortMax int
}

// WithdrawOptions describe a withdrawal: who goes, which games are played, who went before.
type WithdrawOptions struct {
	// Leaver is the withdrawing player's number.
	Leaver int
	// Played holds the numbers of the games with a result: they keep their players.
	Played map[int]bool
	// Gone are players who withdrew earlier: not counted by the measures.
	Gone []int
	// MinPlayers is the fewest players a game may have (the game's minimum, at least 2).
	MinPlayers int
	// Rounds says the league plays in rounds in which nobody plays twice.
	Rounds bool
}

// Withdraw reshapes the schedule s for a player who withdraws without a substitute, so the
// players who stay are as balanced as the games allow. Games with a result keep their
// players. Each unplayed game of the leaver:
//   - goes on one seat short (Shortened) when it keeps at least opts.MinPlayers players.
//     That leaves every other player's games, pair meetings and seats as they were, which
//     no re-seating or cancelling can beat: whoever took the seat would play one game more
//     and meet the others once more, and a cancelled game takes games and meetings away.
//   - otherwise (a game of two, or a game already short) is left with too few players: two
//     such games become one (Reseated): the player of one takes the empty seat of the other,
//     so both keep their number of games at the cost of meeting once more. The players with
//     the most such games left go first (so every game finds a partner whenever that is
//     possible), then pairs that have met least, then pairs whose seats fit (the newcomer
//     keeps their seat), then the earliest games; the earlier game is kept, so its date stands. In a league played
//     in rounds the kept game moves to a round after the last when its new player already
//     plays in its round.
//   - is cancelled (Cancelled) when no such game is left to pair it with.
func Withdraw(s Schedule, opts WithdrawOptions) Withdrawal {
	minPlayers := max(opts.MinPlayers, 2)
	gone := append(slices.Clone(opts.Gone), opts.Leaver)
	out := Withdrawal{Before: Measure(s, opts.Gone)}
	games := make([]Game, len(s.Games))
	index := make(map[int]int, len(s.Games))
	lastRound := 0
	for i, g := range s.Games {
		games[i] = Game{Number: g.Number, Round: g.Round, Seats: slices.Clone(g.Seats)}
		index[g.Number] = i
		lastRound = max(lastRound, g.Round)
	}

	// Meetings between staying players, to pair the games left too small, and how many
	// games each starts, to choose who starts a game the leaver was to start.
	report := Fairness(s)
	meet := report.Matchups
	starts := make([]int, s.Players+1)
	for p := 1; p <= s.Players && p <= len(report.Seats); p++ {
		if len(report.Seats[p-1]) > 0 {
			starts[p] = report.Seats[p-1][0]
		}
	}
	var small []int // indexes of games left with too few players
	cancelled := map[int]bool{}
	changes := map[int]*WithdrawalChange{}
	for i, g := range games {
		h := slices.Index(g.Seats, opts.Leaver)
		if h < 0 || opts.Played[g.Number] {
			continue
		}
		if len(g.Seats)-1 >= minPlayers {
			games[i].Seats = shorten(g.Seats, h, starts)
			changes[i] = &WithdrawalChange{Number: g.Number, Kind: Shortened, Seats: games[i].Seats, Round: g.Round}
			continue
		}
		small = append(small, i)
	}

	// Pair the small games greedily, best pair first, until none can be paired. The players
	// with the most small games left go first: pairing the two most frequent each time pairs
	// every game whenever no player has more than half of them (a player cannot meet
	// themselves), where pairing by meetings alone could leave two games of one player.
	paired := map[int]bool{}
	left := map[int]int{} // player → their small games not yet paired
	for _, i := range small {
		for _, p := range others(games[i].Seats, opts.Leaver) {
			left[p]++
		}
	}
	for {
		best, bestKeep, bestOther := [4]int{}, -1, -1
		for a, i := range small {
			for _, j := range small[a+1:] {
				if paired[i] || paired[j] {
					continue
				}
				pi, pj := others(games[i].Seats, opts.Leaver), others(games[j].Seats, opts.Leaver)
				if len(pi)+len(pj) > len(games[i].Seats) || len(pi)+len(pj) < minPlayers || overlaps(pi, pj) {
					continue
				}
				keep, other := i, j // i comes first: the earlier game keeps its date
				met := 0
				for _, a := range pi {
					for _, b := range pj {
						if a >= 1 && b >= 1 && a <= len(meet) && b <= len(meet) {
							met = max(met, meet[a-1][b-1])
						}
					}
				}
				most := 0
				for _, p := range append(slices.Clone(pi), pj...) {
					most += left[p]
				}
				cost := [4]int{-most, met, seatMisfit(games[keep], games[other], opts.Leaver), games[keep].Number}
				if bestKeep < 0 || slices.Compare(cost[:], best[:]) < 0 {
					best, bestKeep, bestOther = cost, keep, other
				}
			}
		}
		if bestKeep < 0 {
			break
		}
		paired[bestKeep], paired[bestOther] = true, true
		for _, i := range []int{bestKeep, bestOther} {
			for _, p := range others(games[i].Seats, opts.Leaver) {
				left[p]--
			}
		}
		keep, other := &games[bestKeep], games[bestOther]
		newcomers := others(other.Seats, opts.Leaver)
		seats := keep.Seats[:0:0]
		for _, p := range keep.Seats {
			if p == opts.Leaver {
				seats = append(seats, newcomers...)
				continue
			}
			seats = append(seats, p)
		}
		for _, a := range others(keep.Seats, opts.Leaver) {
			for _, b := range newcomers {
				meet[a-1][b-1]++
				meet[b-1][a-1]++
			}
		}
		keep.Seats = seats
		cancelled[other.Number] = true
		moved := opts.Rounds && busyInRound(games, keep.Round, keep.Number, newcomers, cancelled)
		if moved {
			keep.Round = freeRound(games, lastRound, keep.Seats, keep.Number, cancelled)
		}
		changes[bestKeep] = &WithdrawalChange{Number: keep.Number, Kind: Reseated, Seats: keep.Seats, Round: keep.Round,
			Moved: moved, Merged: other.Number}
		changes[bestOther] = &WithdrawalChange{Number: other.Number, Kind: Cancelled, Round: other.Round, MergedInto: keep.Number}
	}
	for _, i := range small {
		if !paired[i] {
			cancelled[games[i].Number] = true
			changes[i] = &WithdrawalChange{Number: games[i].Number, Kind: Cancelled, Round: games[i].Round}
		}
	}

	out.Schedule = Schedule{Players: s.Players, PerGame: s.PerGame}
	for i, g := range games {
		if c, ok := changes[i]; ok {
			out.Changes = append(out.Changes, *c)
		}
		if !cancelled[g.Number] {
			out.Schedule.Games = append(out.Schedule.Games, g)
		}
	}
	slices.SortFunc(out.Changes, func(a, b WithdrawalChange) int { return a.Number - b.Number })
	out.After = Measure(out.Schedule, gone)

	// How many shortened games each staying player has.
	short := map[int]int{}
	for _, c := range out.Changes {
		if c.Kind == Shortened {
			for _, p := range c.Seats {
				short[p]++
			}
		}
	}
	first := true
	for p := 1; p <= s.Players; p++ {
		if slices.Contains(gone, p) {
			continue
		}
		if first || short[p] < out.ShortMin {
			out.ShortMin = short[p]
		}
		if first || short[p] > out.ShortMax {
			out.ShortMax = short[p]
		}
		first = false
	}
	return out
}

// Measure is the Balance of schedule s over its players except gone: players who withdrew
// count in no pair, game or seat, though the games they played still count for the others.
func Measure(s Schedule, gone []int) Balance {
	number := make([]int, s.Players+1) // player → its number among those counted, 0 if gone
	n := 0
	for p := 1; p <= s.Players; p++ {
		if !slices.Contains(gone, p) {
			n++
			number[p] = n
		}
	}
	counted := Schedule{Players: n, PerGame: s.PerGame}
	for _, g := range s.Games {
		cg := Game{Number: g.Number, Round: g.Round, Seats: make([]int, len(g.Seats))}
		for i, p := range g.Seats {
			if p >= 1 && p <= s.Players {
				cg.Seats[i] = number[p]
			}
		}
		counted.Games = append(counted.Games, cg)
	}
	r := Fairness(counted)
	b := Balance{Players: n, PairMin: r.MatchupMin, PairMax: r.MatchupMax}
	for i, c := range r.PlayerGames {
		if i == 0 || c < b.GamesMin {
			b.GamesMin = c
		}
		b.GamesMax = max(b.GamesMax, c)
	}
	for i, row := range r.Seats {
		c := 0
		if len(row) > 0 {
			c = row[0]
		}
		if i == 0 || c < b.StartsMin {
			b.StartsMin = c
		}
		b.StartsMax = max(b.StartsMax, c)
	}
	return b
}

// shorten takes the leaver out of seats (at index h) and fills the empty seat: the last
// seat's player takes it, so one player at most changes seat. When the leaver was to start
// (seat 1), the player who starts fewest games so far starts instead (the last of them on a
// tie) and the others keep their order; starts counts the games each player starts and is
// updated.
func shorten(seats []int, h int, starts []int) []int {
	last := len(seats) - 1
	if h > 0 {
		out := slices.Clone(seats[:last])
		if h < last {
			out[h] = seats[last]
		}
		return out
	}
	rest := seats[1:]
	pick := len(rest) - 1
	for i := len(rest) - 1; i >= 0; i-- {
		if starts[rest[i]] < starts[rest[pick]] {
			pick = i
		}
	}
	out := append([]int{rest[pick]}, rest[:pick]...)
	out = append(out, rest[pick+1:]...)
	starts[rest[pick]]++
	return out
}

// others are a game's players other than the leaver, in seat order.
func others(seats []int, leaver int) []int {
	out := make([]int, 0, len(seats))
	for _, p := range seats {
		if p != leaver {
			out = append(out, p)
		}
	}
	return out
}

// overlaps reports whether two lists of players share one.
func overlaps(a, b []int) bool {
	for _, p := range a {
		if slices.Contains(b, p) {
			return true
		}
	}
	return false
}

// seatMisfit is 1 when the player coming from other would take a seat in keep other than
// the seat they held in other (their seat balance changes), else 0.
func seatMisfit(keep, other Game, leaver int) int {
	hole := slices.Index(keep.Seats, leaver)
	for i, p := range other.Seats {
		if p != leaver && i != hole {
			return 1
		}
	}
	return 0
}

// busyInRound reports whether any of players plays a game of round other than number.
func busyInRound(games []Game, round, number int, players []int, cancelled map[int]bool) bool {
	for _, g := range games {
		if g.Round == round && g.Number != number && !cancelled[g.Number] && overlaps(g.Seats, players) {
			return true
		}
	}
	return false
}

// freeRound is the first round after lastRound in which none of players plays yet.
func freeRound(games []Game, lastRound int, players []int, number int, cancelled map[int]bool) int {
	for r := lastRound + 1; ; r++ {
		if !busyInRound(games, r, number, players, cancelled) {
			return r
		}
	}
}
