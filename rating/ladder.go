package rating

import (
	"cmp"
	"fmt"
	"slices"
)

// Entry is one line of the ledger: how one seat of one game moved one rating. It answers
// "why did my rating move": Before + Award − Ante = After.
type Entry struct {
	// Player is the member who held the seat; the ante was computed from their rating.
	Player string
	// Substitute is who finished the seat in Player's place (seed 4.2), or empty.
	Substitute string
	// Credited is the member whose rating took the seat's delta: Player, or Substitute when
	// the seat finished as a winner with an award above its ante (seed 4.2).
	Credited string
	// Before is Credited's rating before the game.
	Before Micros
	// Ante is what the seat put into the pot, from Player's rating (seed 3.2).
	Ante Micros
	// Award is what the seat took from the pot.
	Award Micros
	// Delta is Award − Ante, added to Credited's rating.
	Delta Micros
	// After is Credited's rating after the game: Before + Delta.
	After Micros
}

// Standing is one member's line in a ladder's ratings.
type Standing struct {
	// Player is the member.
	Player string
	// Rating is the member's rating.
	Rating Micros
	// Games counts the games whose delta the member's rating took.
	Games int
}

// Ladder holds the ratings of one game's ladder (Cartagena ratings are separate from
// Diplomacy ratings). Every member starts at 0 (seed 3.1), and the ratings are a fold of
// Apply over the results in the order they were played; their sum is always exactly 0.
// The zero Ladder is not ready for use; call NewLadder. A Ladder is not safe for
// concurrent use.
type Ladder struct {
	index   map[string]int
	players []string
	ratings []Micros
	games   []int
	buf     scratch
}

// NewLadder returns an empty ladder.
func NewLadder() *Ladder {
	return &Ladder{index: map[string]int{}}
}

// Rating returns the member's rating: 0 for someone who has not played on the ladder.
func (l *Ladder) Rating(player string) Micros {
	if i, ok := l.index[player]; ok {
		return l.ratings[i]
	}
	return 0
}

// Games returns how many games' deltas the member's rating has taken.
func (l *Ladder) Games(player string) int {
	if i, ok := l.index[player]; ok {
		return l.games[i]
	}
	return 0
}

// Len returns the number of members on the ladder.
func (l *Ladder) Len() int { return len(l.players) }

// member returns the index of player, adding them at rating 0 if new.
func (l *Ladder) member(player string) int {
	if i, ok := l.index[player]; ok {
		return i
	}
	l.index[player] = len(l.players)
	l.players = append(l.players, player)
	l.ratings = append(l.ratings, 0)
	l.games = append(l.games, 0)
	return len(l.players) - 1
}

// Apply rates one game and returns its ledger, one Entry per seat in seat order. Every
// seat's player antes from their rating (seed 3.2) and the seat's award minus its ante is
// added to a rating: the player's, or for a replaced seat that finished as a winner with
// an award above its ante, the substitute's (seed 4.2, CONTRACT section 3). Every seat's
// player becomes a member of the ladder, as does a credited substitute. On error the ladder
// is unchanged.
func (l *Ladder) Apply(g Game) ([]Entry, error) {
	entries := make([]Entry, len(g.Seats))
	if err := l.apply(g, entries); err != nil {
		return nil, err
	}
	return entries, nil
}

// apply is Apply writing the ledger into entries, which has one Entry per seat.
func (l *Ladder) apply(g Game, entries []Entry) error {
	if err := g.Validate(); err != nil {
		return err
	}
	l.buf.resize(len(g.Seats))
	before, antes, awards, at := l.buf.before, l.buf.antes, l.buf.awards, l.buf.members
	for i, s := range g.Seats {
		// One map lookup per seat: the index is kept for the update below (−1: new member).
		at[i] = -1
		if m, ok := l.index[s.Player]; ok {
			at[i] = m
		}
		before[i] = 0
		if at[i] >= 0 {
			before[i] = l.ratings[at[i]]
		}
	}
	pot, err := antesOf(antes, before, g.Pot(), &l.buf)
	if err != nil {
		return err
	}
	if err := awardsOf(awards, g, pot, &l.buf); err != nil {
		return err
	}
	for i, s := range g.Seats {
		e := Entry{
			Player: s.Player, Substitute: s.Substitute, Credited: s.Player,
			Before: before[i], Ante: antes[i], Award: awards[i],
		}
		delta, over := addInt64(int64(e.Award), -int64(e.Ante))
		if over || e.Ante == Micros(minMicros) {
			return fmt.Errorf("seat %d: %w", i, ErrOverflow)
		}
		e.Delta = Micros(delta)
		if s.Substitute != "" && s.Winner && e.Award > e.Ante {
			e.Credited = s.Substitute
			e.Before = l.Rating(s.Substitute)
		}
		after, over := addInt64(int64(e.Before), delta)
		if over {
			return fmt.Errorf("seat %d: %w", i, ErrOverflow)
		}
		e.After = Micros(after)
		entries[i] = e
	}
	// Validate guarantees each credited member appears once, so the order of updates
	// does not matter.
	for i, e := range entries {
		c := at[i]
		if c < 0 {
			c = l.member(e.Player)
		}
		if e.Credited != e.Player {
			c = l.member(e.Credited)
		}
		l.ratings[c] = e.After
		l.games[c]++
	}
	return nil
}

// minMicros is the most negative Micros, whose negation does not fit.
const minMicros = -1 << 63

// Standings returns every member's rating, highest rating first, then by player id
// (byte order) among equal ratings, so the same ladder always lists the same way.
func (l *Ladder) Standings() []Standing {
	out := make([]Standing, len(l.players))
	for i, p := range l.players {
		out[i] = Standing{Player: p, Rating: l.ratings[i], Games: l.games[i]}
	}
	slices.SortFunc(out, func(a, b Standing) int {
		if c := cmp.Compare(b.Rating, a.Rating); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	return out
}

// Replay rates games in the order they were played on a new ladder and returns it with
// the ledger: ledger[i] is the Entry list of games[i]. Replaying the same games always
// gives the same ratings and ledger.
func Replay(games []Game) (*Ladder, [][]Entry, error) {
	l := NewLadder()
	ledger, err := l.ApplyAll(games)
	if err != nil {
		return nil, nil, err
	}
	return l, ledger, nil
}

// ApplyAll applies games in order and returns their ledger. On error it names the game;
// the ladder then holds every game before it.
func (l *Ladder) ApplyAll(games []Game) ([][]Entry, error) {
	seats := 0
	for _, g := range games {
		seats += len(g.Seats)
	}
	// One backing array for the whole ledger: a season is a single allocation.
	all := make([]Entry, seats)
	ledger := make([][]Entry, len(games))
	for i, g := range games {
		entries := all[:len(g.Seats):len(g.Seats)]
		all = all[len(g.Seats):]
		if err := l.apply(g, entries); err != nil {
			return nil, fmt.Errorf("game %d (%q): %w", i, g.ID, err)
		}
		ledger[i] = entries
	}
	return ledger, nil
}

// Resume rebuilds a ladder from a ledger, as it stood after the games the ledger records,
// without recomputing a single ante. It checks that each entry starts from the rating the
// entries before it left.
func Resume(ledger [][]Entry) (*Ladder, error) {
	l := NewLadder()
	for gi, entries := range ledger {
		for si, e := range entries {
			if got := l.Rating(e.Credited); got != e.Before {
				return nil, fmt.Errorf("rating: ledger game %d seat %d: %q was at %s, the entry says %s", gi, si, e.Credited, got, e.Before)
			}
			if e.Before+e.Delta != e.After || e.Award-e.Ante != e.Delta {
				return nil, fmt.Errorf("rating: ledger game %d seat %d: %s + %s − %s is not %s", gi, si, e.Before, e.Award, e.Ante, e.After)
			}
			l.member(e.Player)
			c := l.member(e.Credited)
			l.ratings[c] = e.After
			l.games[c]++
		}
	}
	return l, nil
}

// LadderFrom rebuilds a ladder from its standings, as stored after some game, so that the
// following games can be applied without replaying the season. Like every ladder's, the
// ratings must sum to exactly 0, and each member may appear once.
func LadderFrom(standings []Standing) (*Ladder, error) {
	l := NewLadder()
	var total Micros
	for i, s := range standings {
		if s.Player == "" {
			return nil, fmt.Errorf("rating: standings[%d]: missing player", i)
		}
		if _, dup := l.index[s.Player]; dup {
			return nil, fmt.Errorf("rating: standings[%d]: %q listed twice", i, s.Player)
		}
		if s.Games < 0 {
			return nil, fmt.Errorf("rating: standings[%d]: %d games", i, s.Games)
		}
		c := l.member(s.Player)
		l.ratings[c], l.games[c] = s.Rating, s.Games
		total += s.Rating
	}
	if total != 0 {
		return nil, fmt.Errorf("rating: standings sum to %s, not 0", total)
	}
	return l, nil
}

// ReplayFrom applies a correction: given the ledger of the games before the first changed
// one and the games from that one onward (corrected, in play order), it resumes the ladder
// from the ledger and replays the rest. The result equals Replay over the whole corrected
// season; the returned ledger covers only the replayed games.
func ReplayFrom(ledger [][]Entry, games []Game) (*Ladder, [][]Entry, error) {
	l, err := Resume(ledger)
	if err != nil {
		return nil, nil, err
	}
	tail, err := l.ApplyAll(games)
	if err != nil {
		return nil, nil, err
	}
	return l, tail, nil
}
