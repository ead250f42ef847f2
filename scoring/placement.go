package scoring

import (
	"fmt"
	"math/big"
	"slices"
	"strconv"
	"strings"
)

// PlacementInput is the placement scorer's input (CONTRACT section 1, "placement").
type PlacementInput struct {
	// Players are the players with their final game scores, in input order.
	Players []ScoredPlayer
	// LowerIsBetter ranks the lowest score first (games scored like golf).
	LowerIsBetter bool
}

// PlacePoints is the seed's table of placement points: place p of n earns (n−p+1)(n−p)
// (league-scoring-system.txt, "Basic scoring system for all vs. all games": 2 players 2, 0;
// 5 players 20, 12, 6, 2, 0; 8 players 56, 42, 30, 20, 12, 6, 2, 0).
func PlacePoints(place, n int) int64 {
	if place < 1 || place > n {
		return 0
	}
	k := int64(n - place)
	return (k + 1) * k
}

// ScorePlacement scores an all-vs-all game by placement (league-scoring-system.txt): place
// p of n earns PlacePoints(p, n); "If two or more player are ranked in the same position,
// all get the same number of points, corresponding to the average of the positions occupied
// by them" — tied players share the average of the points of the places they occupy, and
// their Place is the best of those places. LowerIsBetter only reverses the ranking; ties
// are shared the same way.
func ScorePlacement(in PlacementInput) (Result, error) {
	return scorePlacement(in, true)
}

// scorePlacement is ScorePlacement, with the explanations only when explain is set (the
// ladder replay of `tablestakes rate` has no use for them).
func scorePlacement(in PlacementInput, explain bool) (Result, error) {
	if err := checkScoredPlayers(in.Players); err != nil {
		return Result{}, err
	}
	n := len(in.Players)
	order := make([]int, n)
	for i := range order {
		order[i] = i
	}
	// Best first; players with equal scores keep their input order.
	slices.SortStableFunc(order, func(a, b int) int {
		c := cmpRat(in.Players[b].Score, in.Players[a].Score)
		if in.LowerIsBetter {
			return -c
		}
		return c
	})

	results := make([]PlayerResult, n)
	points := make([]big.Rat, n) // one allocation for every player's points
	var terms []string
	for start := 0; start < n; {
		end := start + 1
		for end < n && cmpRat(in.Players[order[end]].Score, in.Players[order[start]].Score) == 0 {
			end++
		}
		// The group order[start:end] occupies places start+1 .. end and shares their points.
		var sum int64
		terms = terms[:0]
		for place := start + 1; place <= end; place++ {
			pts := PlacePoints(place, n)
			sum += pts
			if explain {
				terms = append(terms, strconv.FormatInt(pts, 10))
			}
		}
		shared := int64(end - start)
		for _, i := range order[start:end] {
			p := &points[i]
			if sum%shared == 0 {
				p.SetInt64(sum / shared)
			} else {
				p.SetFrac64(sum, shared)
			}
			results[i] = PlayerResult{ID: in.Players[i].ID, Points: p, Place: start + 1}
			if explain {
				results[i].Explanation = placementExplanation(in.Players, order[start:end], i, start+1, end, n, terms, p)
			}
		}
		start = end
	}
	markWinners(results)
	return Result{System: Placement, Results: results}, nil
}

// placementExplanation says where player i placed and what the places are worth.
func placementExplanation(players []ScoredPlayer, group []int, i, first, last, n int, terms []string, points *big.Rat) string {
	score := decimal(players[i].Score)
	if first == last {
		return fmt.Sprintf("%s of %d (score %s): %s %s", Ordinal(first), n, score, Mixed(points), PointsWord(points))
	}
	var others []string
	for _, j := range group {
		if j != i {
			others = append(others, players[j].ID)
		}
	}
	return fmt.Sprintf("tied %s–%s of %d with %s (score %s): (%s) / %d = %s %s",
		Ordinal(first), Ordinal(last), n, ListAnd(others), score,
		strings.Join(terms, " + "), last-first+1, Mixed(points), PointsWord(points))
}

// scorePlacementJSON decodes CONTRACT section 1's placement input and scores it.
func scorePlacementJSON(input []byte, o scoreOptions) (Result, error) {
	in, err := decodePlacementJSON(input, o)
	if err != nil {
		return Result{}, err
	}
	return scorePlacement(in, o.explain)
}

// decodePlacementJSON decodes CONTRACT section 1's placement input.
func decodePlacementJSON(input []byte, o scoreOptions) (PlacementInput, error) {
	doc, err := o.decodeDocument(input, "players", "lower_is_better")
	if err != nil {
		return PlacementInput{}, err
	}
	var in PlacementInput
	if in.Players, err = decodeScoredPlayers(doc); err != nil {
		return PlacementInput{}, err
	}
	if in.LowerIsBetter, err = doc.boolean("lower_is_better"); err != nil {
		return PlacementInput{}, err
	}
	return in, nil
}
