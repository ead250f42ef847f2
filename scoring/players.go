package scoring

import (
	"cmp"
	"encoding/json"
	"fmt"
	"math/big"
	"slices"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// ScoredPlayer is one player's final game score: the input of the placement and Vortex
// scorers.
type ScoredPlayer struct {
	// ID identifies the player (a username in the app).
	ID string
	// Score is the player's final score in the game, exact.
	Score *big.Rat
}

// checkIDs refuses empty and duplicate ids; path(i) names the id field of player i.
func checkIDs(ids []string, path func(i int) string) error {
	var seen map[string]int // for many players; a few are compared with each other
	if len(ids) > 16 {
		seen = make(map[string]int, len(ids))
	}
	for i, id := range ids {
		if strings.TrimSpace(id) == "" {
			return fieldErr(path(i), "must not be empty")
		}
		j, dup := -1, false
		if seen != nil {
			if j, dup = seen[id]; !dup {
				seen[id] = i
			}
		} else {
			j = slices.Index(ids[:i], id)
			dup = j >= 0
		}
		if dup {
			return fieldErr(path(i), "duplicate id %q (also %s)", id, path(j))
		}
	}
	return nil
}

// checkPlayerCount refuses fewer than low or more than high players at path.
func checkPlayerCount(n, low, high int, path string) error {
	switch {
	case n < low:
		return wordedErr(path, "scoring.too_few_players", map[string]any{"Count": n, "Min": low},
			fmt.Sprintf("%d player(s), need at least %d", n, low))
	case n > high:
		return wordedErr(path, "scoring.too_many_players", map[string]any{"Count": n, "Max": high},
			fmt.Sprintf("%d players, at most %d", n, high))
	}
	return nil
}

// scoredPlayerKeys are the keys of a player of the placement and Vortex inputs.
var scoredPlayerKeys = []string{"id", "score"}

// decodeScoredPlayers decodes the "players" array of the placement and Vortex inputs:
// objects with exactly "id" and "score".
func decodeScoredPlayers(doc object) ([]ScoredPlayer, error) {
	items, err := doc.array("players")
	if err != nil {
		return nil, err
	}
	if len(items) > maxPlayers {
		return nil, fieldErr("players", "%d players, at most %d", len(items), maxPlayers)
	}
	players := make([]ScoredPlayer, len(items))
	values := make([]json.RawMessage, len(scoredPlayerKeys)*len(items)) // one allocation for all
	scores := make([]big.Rat, len(items))
	var problems FieldErrors // every player's problems at once, for a form to mark each field
	for i, raw := range items {
		k := len(scoredPlayerKeys)
		obj, err := decodeElement(raw, "players", i, scoredPlayerKeys, values[k*i:k*(i+1):k*(i+1)])
		if err != nil {
			problems = appendProblem(problems, err)
			continue
		}
		if players[i].ID, err = obj.id("id"); err != nil {
			problems = appendProblem(problems, err)
		}
		if players[i].Score, err = obj.numberInto("score", &scores[i]); err != nil {
			problems = appendProblem(problems, err)
		}
	}
	if err := problems.errorOrNil(); err != nil {
		return nil, err
	}
	return players, nil
}

// checkScoredPlayers validates decoded or hand-built scored players.
func checkScoredPlayers(players []ScoredPlayer) error {
	if err := checkPlayerCount(len(players), 2, maxPlayers, "players"); err != nil {
		return err
	}
	ids := make([]string, len(players))
	for i, p := range players {
		ids[i] = p.ID
		if p.Score == nil {
			return fieldErr(strictjson.Index("players", i)+".score", "missing")
		}
	}
	return checkIDs(ids, func(i int) string { return strictjson.Index("players", i) + ".id" })
}

// markWinners sets Winner on every result holding the top points of the game (the
// "top points" reading of CONTRACT section 3 for every system but ARMADA).
func markWinners(results []PlayerResult) {
	var top *big.Rat
	for _, r := range results {
		if top == nil || cmpRat(r.Points, top) > 0 {
			top = r.Points
		}
	}
	for i := range results {
		results[i].Winner = cmpRat(results[i].Points, top) == 0
	}
}

// cmpRat compares a and b as a.Cmp(b) does, without allocating when both are fractions of
// small integers (big.Rat.Cmp allocates to scale the numerators).
func cmpRat(a, b *big.Rat) int {
	an, ad, aok := smallRat(a)
	bn, bd, bok := smallRat(b)
	if !aok || !bok {
		return a.Cmp(b)
	}
	// Denominators are positive, and every part is under 2^31: the products fit an int64.
	return cmp.Compare(an*bd, bn*ad)
}

// smallRat returns r's numerator and denominator when both are under 2^31 in magnitude.
func smallRat(r *big.Rat) (num, den int64, ok bool) {
	const limit = 1 << 31
	n := r.Num()
	if !n.IsInt64() {
		return 0, 0, false
	}
	num, den = n.Int64(), 1
	if !r.IsInt() {
		d := r.Denom() // stored, since r is not an integer: no allocation
		if !d.IsInt64() {
			return 0, 0, false
		}
		den = d.Int64()
	}
	if num <= -limit || num >= limit || den >= limit {
		return 0, 0, false
	}
	return num, den, true
}

// Ordinal writes a place for people: 1st, 2nd, 3rd, 4th, ..., 11th, 12th, 13th, 21st.
func Ordinal(n int) string {
	suffix := "th"
	switch {
	case n%100 >= 11 && n%100 <= 13:
	case n%10 == 1:
		suffix = "st"
	case n%10 == 2:
		suffix = "nd"
	case n%10 == 3:
		suffix = "rd"
	}
	return fmt.Sprintf("%d%s", n, suffix)
}

// plural writes "1 unit" or "2 units".
func plural(n int64, one, many string) string {
	return fmt.Sprintf("%d %s", n, Plural(n, one, many))
}

// Plural picks the singular or plural word for n: "game" for 1, "games" for any other number.
func Plural[N int | int64](n N, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// ratInt returns n as a rational.
func ratInt(n int64) *big.Rat { return new(big.Rat).SetInt64(n) }

// ListAnd writes names as people list them: "A", "A and B" or "A, B and C". Explanations,
// audit lines and pages all list with it.
func ListAnd(ids []string) string {
	switch len(ids) {
	case 0:
		return ""
	case 1:
		return ids[0]
	}
	return strings.Join(ids[:len(ids)-1], ", ") + " and " + ids[len(ids)-1]
}

// signed writes league points for explanations as the pages do (Mixed), with a true minus
// sign: "−1", "17 1/2", "119 1/3".
func signed(r *big.Rat) string { return Mixed(r) }

// appendProblem adds err's field problems to problems; an error naming no field stands for
// itself as a problem of the whole input.
func appendProblem(problems FieldErrors, err error) FieldErrors {
	if all := AllFieldErrors(err); len(all) > 0 {
		return append(problems, all...)
	}
	return append(problems, &FieldError{Field: "input", Problem: err.Error()})
}
