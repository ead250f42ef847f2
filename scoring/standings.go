package scoring

import (
	"cmp"
	"fmt"
	"math/big"
	"slices"
)

// CountbackRule is the tiebreak of league standings, as printed under every standings table.
// The seed ranks players by their summed league points ("a league score is calculated and
// used to rank the players in the league", league-scoring-system.txt) and leaves ties open;
// TableStakes breaks them by countback.
const CountbackRule = "Players level on points are separated by countback: more first places, " +
	"then more second places, and so on. Players still level share the rank."

// MaxPlaces is the most places a league game has: 8 players.
const MaxPlaces = 8

// StandingLine is one player's line of one recorded league game, as the standings read it.
type StandingLine struct {
	// Player is the member who held the seat (league points never follow a substitute).
	Player string
	// Points are the player's league points for the game, exact.
	Points *big.Rat
	// Place is the player's place in the game, 1..MaxPlaces (see Places).
	Place int
}

// Standing is one member's line in a league's standings.
type Standing struct {
	// Player is the member.
	Player string
	// Points is the sum of the member's league points, exact.
	Points *big.Rat
	// Games counts the member's recorded games.
	Games int
	// PlaceCounts[q-1] counts the member's q-th places, for countback.
	PlaceCounts [MaxPlaces]int
	// Rank is the member's rank: 1 + the number of members strictly ahead, so members level
	// on points and countback share it ("1, 2, 2, 4").
	Rank int
}

// Standings ranks a league's members by their summed league points, highest first, breaking
// ties by countback (CountbackRule); members still level share the rank and are listed by
// name. Every member appears, with 0 points and 0 games before their first result; lines of
// players who are not members are counted too (they appear after the members' order is
// settled by the same rules).
func Standings(members []string, lines []StandingLine) []Standing {
	index := make(map[string]int, len(members))
	out := make([]Standing, 0, len(members))
	add := func(player string) int {
		if i, ok := index[player]; ok {
			return i
		}
		index[player] = len(out)
		out = append(out, Standing{Player: player, Points: new(big.Rat)})
		return len(out) - 1
	}
	for _, m := range members {
		add(m)
	}
	for _, l := range lines {
		s := &out[add(l.Player)]
		if l.Points != nil {
			s.Points.Add(s.Points, l.Points)
		}
		s.Games++
		if l.Place >= 1 && l.Place <= MaxPlaces {
			s.PlaceCounts[l.Place-1]++
		}
	}
	slices.SortFunc(out, func(a, b Standing) int {
		if c := compareStanding(a, b); c != 0 {
			return c
		}
		return cmp.Compare(a.Player, b.Player)
	})
	for i := range out {
		if i > 0 && compareStanding(out[i-1], out[i]) == 0 {
			out[i].Rank = out[i-1].Rank
		} else {
			out[i].Rank = i + 1
		}
	}
	return out
}

// compareStanding orders a ahead of b (negative) by more points, then by countback.
func compareStanding(a, b Standing) int {
	if c := b.Points.Cmp(a.Points); c != 0 {
		return c
	}
	for q := range MaxPlaces {
		if c := cmp.Compare(b.PlaceCounts[q], a.PlaceCounts[q]); c != 0 {
			return c
		}
	}
	return 0
}

// TieNote is one tie on points in the standings: either Ahead is ahead of Behind on
// countback, by AheadCount to BehindCount places of rank Place, or the players of Shared
// are level on points and countback and share rank Rank.
type TieNote struct {
	Ahead, Behind           string
	Place                   int
	AheadCount, BehindCount int
	Shared                  []string
	Rank                    int
}

// TieNotes finds, in standings order, every tie on points and how countback settled it (see
// TieBreaks, which says them in English).
func TieNotes(standings []Standing) []TieNote {
	if !slices.ContainsFunc(standings, func(s Standing) bool { return s.Games > 0 }) {
		return nil
	}
	var notes []TieNote
	for i := 0; i < len(standings); {
		j := i + 1
		for j < len(standings) && standings[j].Points.Cmp(standings[i].Points) == 0 {
			j++
		}
		group := standings[i:j]
		for k := 1; k < len(group); k++ {
			a, b := group[k-1], group[k]
			if a.Rank == b.Rank {
				continue
			}
			q := 0
			for q < MaxPlaces && a.PlaceCounts[q] == b.PlaceCounts[q] {
				q++
			}
			notes = append(notes, TieNote{Ahead: a.Player, Behind: b.Player, Place: q + 1,
				AheadCount: a.PlaceCounts[q], BehindCount: b.PlaceCounts[q]})
		}
		for k := 0; k < len(group); {
			m := k + 1
			for m < len(group) && group[m].Rank == group[k].Rank {
				m++
			}
			if m-k > 1 {
				names := make([]string, 0, m-k)
				for _, s := range group[k:m] {
					names = append(names, s.Player)
				}
				notes = append(notes, TieNote{Shared: names, Rank: group[k].Rank})
			}
			k = m
		}
		i = j
	}
	return notes
}

// TieBreaks explains, in standings order, every tie on points and how countback settled it:
// "bruno is ahead of chloe on countback: 2 first places to 1." or "dmitri and elena are level
// on points and countback and share 4th place." Standings without ties on points give none,
// and so do standings in which nobody has played yet: members without a game share no place.
func TieBreaks(standings []Standing) []string {
	var out []string
	for _, n := range TieNotes(standings) {
		out = append(out, n.English())
	}
	return out
}

// English says the note in English, as TieBreaks does.
func (n TieNote) English() string {
	if len(n.Shared) > 0 {
		return fmt.Sprintf("%s are level on points and countback and share %s place.", ListAnd(n.Shared), Ordinal(n.Rank))
	}
	return fmt.Sprintf("%s is ahead of %s on countback: %d %s to %d.",
		n.Ahead, n.Behind, n.AheadCount, placeWord(n.Place, n.AheadCount), n.BehindCount)
}

// placeWord names count places of rank q: "first place", "second places".
func placeWord(q, count int) string {
	words := []string{"first", "second", "third", "fourth", "fifth", "sixth", "seventh", "eighth"}
	w := Ordinal(q)
	if q >= 1 && q <= len(words) {
		w = words[q-1]
	}
	if count == 1 {
		return w + " place"
	}
	return w + " places"
}

// Places gives each player of a scored game their place for countback, indexed like
// results: the scorer's place where it has one (placement: the best of the tied places;
// Vortex: by score, ties sharing),
// otherwise 1 + the number of players with strictly more league points, so players level
// on points share a place exactly as placement ties do.
func Places(results []PlayerResult) []int {
	places := make([]int, len(results))
	for i, r := range results {
		if r.Place > 0 {
			places[i] = r.Place
			continue
		}
		place := 1
		for _, o := range results {
			if o.Points != nil && r.Points != nil && o.Points.Cmp(r.Points) > 0 {
				place++
			}
		}
		places[i] = place
	}
	return places
}

// Decimal writes league points as a JSON number exact to 1e-12 ("9", "13.5", "0.333333333333"),
// the form of "points" everywhere in CONTRACT's JSON.
func Decimal(r *big.Rat) string { return decimal(r) }
