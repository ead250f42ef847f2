package scoring

import (
	"fmt"
	"math/big"
	"strings"
)

// VortexInput is the Vortex scorer's input: every player's final Vortex score
// (CONTRACT section 1, "vortex").
type VortexInput struct {
	// Players are the players with their final Vortex scores, in input order.
	Players []ScoredPlayer
}

// ScoreVortex scores a Vortex game (vortex-mechanics.txt, "Scoring": "the winners point
// total is calculated by adding the differences between the winners score and the others",
// times 10: 90 against 70, 40 and 50 gives {20 + 50 + 40} × 10 = 1100). Every tied top
// scorer is a winner ("Two players could have all four tokens in the center this way. This
// is a tie.") and gets 10 × Σ over every other player (winner − their score); everyone else
// gets 0. Every result also has its place by score, 1 + the number of players with a higher
// score (tied players share it), so the losers are ranked among themselves for countback
// (CONTRACT section 1): 90, 70, 40, 50 → places 1, 2, 4, 3.
func ScoreVortex(in VortexInput) (Result, error) {
	if err := checkScoredPlayers(in.Players); err != nil {
		return Result{}, err
	}
	top := in.Players[0].Score
	for _, p := range in.Players[1:] {
		if p.Score.Cmp(top) > 0 {
			top = p.Score
		}
	}
	var winners []string
	for _, p := range in.Players {
		if p.Score.Cmp(top) == 0 {
			winners = append(winners, p.ID)
		}
	}
	results := make([]PlayerResult, len(in.Players))
	for i, p := range in.Players {
		results[i] = PlayerResult{ID: p.ID, Points: new(big.Rat), Place: 1}
		for _, q := range in.Players {
			if q.Score.Cmp(p.Score) > 0 {
				results[i].Place++
			}
		}
		if p.Score.Cmp(top) != 0 {
			results[i].Explanation = fmt.Sprintf("not the winner (score %s, the winner's %s): 0 points", decimal(p.Score), decimal(top))
			continue
		}
		sum := new(big.Rat)
		terms := make([]string, 0, len(in.Players)-1)
		for j, q := range in.Players {
			if j == i {
				continue
			}
			sum.Add(sum, new(big.Rat).Sub(p.Score, q.Score))
			terms = append(terms, fmt.Sprintf("(%s − %s)", decimal(p.Score), decimal(q.Score)))
		}
		results[i].Points.Mul(sum, ratInt(10))
		who := "winner"
		if len(winners) > 1 {
			who = "tied winner with " + ListAnd(without(winners, p.ID))
		}
		results[i].Explanation = fmt.Sprintf("%s: 10 × {%s} = 10 × %s = %s %s",
			who, strings.Join(terms, " + "), decimal(sum), decimal(results[i].Points), PointsWord(results[i].Points))
	}
	markWinners(results)
	return Result{System: Vortex, Results: results}, nil
}

// without returns ids minus id.
func without(ids []string, id string) []string {
	out := make([]string, 0, len(ids))
	for _, x := range ids {
		if x != id {
			out = append(out, x)
		}
	}
	return out
}

// scoreVortexJSON decodes CONTRACT section 1's Vortex input and scores it. Besides final
// scores it accepts the end-of-game board of CONTRACT section 6 (an addition: "die" and
// players with "start" and "tokens" instead of "score"), scores each player's position with
// the seed's algorithm (ScoreVortexPosition) and the game from those scores.
func scoreVortexJSON(input []byte, o scoreOptions) (Result, error) {
	in, err := decodeVortexJSON(input, o)
	if err != nil {
		return Result{}, err
	}
	return in.score(o.explain)
}

// vortexDecoded is a Vortex input decoded: final scores, or a board when board is set.
type vortexDecoded struct {
	scores VortexInput
	board  *VortexBoard
}

// decodeVortexJSON decodes CONTRACT section 1's Vortex input: final scores or a board.
func decodeVortexJSON(input []byte, o scoreOptions) (vortexDecoded, error) {
	doc, err := o.decodeDocument(input, "players", "die")
	if err != nil {
		return vortexDecoded{}, err
	}
	if vortexBoardInput(doc) {
		board, err := decodeVortexBoard(doc)
		if err != nil {
			return vortexDecoded{}, err
		}
		return vortexDecoded{board: &board}, nil
	}
	if _, ok := doc.field("die"); ok {
		return vortexDecoded{}, fieldErr("die", "only with a board (players with start and tokens instead of score)")
	}
	var in VortexInput
	if in.Players, err = decodeScoredPlayers(doc); err != nil {
		return vortexDecoded{}, err
	}
	return vortexDecoded{scores: in}, nil
}

// vortexBoardInput reports whether doc's players describe a board: any player with
// "tokens" or "start".
func vortexBoardInput(doc object) bool {
	items, err := doc.array("players")
	if err != nil {
		return false
	}
	for _, raw := range items {
		obj, err := decodeObject(raw, "", "id", "score", "start", "tokens")
		if err != nil {
			continue
		}
		if obj.given("tokens") || obj.given("start") {
			return true
		}
	}
	return false
}

// ScoreVortexBoard scores a Vortex game from its end-of-game board: each player's final
// score is its distance-minus-vulnerability score (vortex-mechanics.txt, "The Algorithm"),
// then the winner takes the differential of "Scoring" (ScoreVortex). Each explanation starts
// with the board score and the worth of each token.
func ScoreVortexBoard(board VortexBoard) (Result, error) {
	pos, err := ScoreVortexPosition(board)
	if err != nil {
		return Result{}, err
	}
	in := VortexInput{Players: make([]ScoredPlayer, len(pos.Players))}
	for i, p := range pos.Players {
		in.Players[i] = ScoredPlayer{ID: p.ID, Score: p.Score}
	}
	res, err := ScoreVortex(in)
	if err != nil {
		return Result{}, err
	}
	for i, p := range pos.Players {
		worth := make([]string, len(p.Tokens))
		var threats []string
		for k, t := range p.Tokens {
			worth[k] = decimal(t.Worth)
			for _, th := range t.Threats {
				rolls := make([]string, len(th.Rolls))
				for j, r := range th.Rolls {
					rolls[j] = fmt.Sprint(r)
				}
				threats = append(threats, fmt.Sprintf("token %d by %s rolling %s", k+1, th.ID, strings.Join(rolls, " or ")))
			}
		}
		at := ""
		if len(threats) > 0 {
			at = "; threatened: " + strings.Join(threats, ", ")
		}
		res.Results[i].Explanation = fmt.Sprintf("board score %s (tokens %s%s); %s",
			decimal(p.Score), strings.Join(worth, " + "), at, res.Results[i].Explanation)
	}
	return res, nil
}
