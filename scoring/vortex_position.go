package scoring

import (
	"encoding/json"
	"fmt"
	"math/big"
	"slices"

	"github.com/tablestakes/tablestakes/strictjson"
)

// The Vortex board as vortex-mechanics.txt, "The Algorithm, written better", counts it: a
// 5×5 grid walked from a corner along a 16-cell outer loop and then spiralling in, 25 cells
// from start to the centre, with each player's path starting at a different corner.
const (
	// VortexCentre is the distance of the centre: "a token can be at most 25 cells away from
	// start".
	VortexCentre = 25
	// VortexLoop is the number of cells of the loop the seed counts distances along.
	VortexLoop = 16
	// VortexTokens is how many tokens each player has ("Each player has four tokens").
	VortexTokens = 4
	// VortexDefaultDie is the die the seed's algorithm assumes ("assumes we're using a d6").
	VortexDefaultDie = 6
	// maxVortexDie bounds the die; beyond 24 faces a larger die only dilutes every count.
	maxVortexDie = 1000
)

// VortexStarts are the loop cells where a path can begin: the four corners, 4 cells apart
// ("CYAN is 4 cells behind", "RED is 8 cells behind BLUE").
var VortexStarts = []int{0, 4, 8, 12}

// VortexSafe reports whether a token at distance d cannot be bumped: the centre ("A token in
// the center always contributes 250, and cannot be bumped") and the safe squares ("safe at
// 1, 5, 9, and 13").
func VortexSafe(d int) bool {
	switch d {
	case 1, 5, 9, 13, VortexCentre:
		return true
	}
	return false
}

// VortexBoard is a Vortex position: the die rolled and every player's tokens (CONTRACT
// section 6's input).
type VortexBoard struct {
	// Die is the number of faces of the die rolled (the seed's d6 or d12).
	Die int
	// Players are the players in input order.
	Players []VortexSeat
}

// VortexSeat is one player on the board.
type VortexSeat struct {
	// ID names the player (a colour, or a username in the app).
	ID string
	// Start is the loop cell where the player's path begins: 0, 4, 8 or 12.
	Start int
	// Tokens are the four tokens' distances into the board: 0 at start, 25 at the centre.
	Tokens [VortexTokens]int
}

// VortexPosition is every player's distance-minus-vulnerability score.
type VortexPosition struct {
	// Die is the die the position was evaluated with.
	Die int
	// Players are the scored players, in the board's order.
	Players []VortexScore
}

// VortexScore is one player's score and the worth of each token.
type VortexScore struct {
	// ID names the player.
	ID string
	// Score is the sum of the tokens' worth, exact.
	Score *big.Rat
	// Tokens are the player's tokens in input order.
	Tokens []VortexToken
}

// VortexToken is one token's worth and what threatens it.
type VortexToken struct {
	// Distance is how far the token is into the board (0..25).
	Distance int
	// Cell is the loop cell the seed's model puts it on, (start + distance) mod 16; -1 at
	// start and at the centre, which are not loop cells.
	Cell int
	// Safe says the token cannot be bumped: at start, on a safe square or at the centre.
	Safe bool
	// Vulnerability is v, the share of the token's worth at risk (0..1).
	Vulnerability *big.Rat
	// Worth is 10 × distance × (1 − v), exact.
	Worth *big.Rat
	// Threats lists, per opponent that can bump the token, the die results that would.
	Threats []VortexThreat
}

// VortexThreat is one opponent's die results that would bump a token.
type VortexThreat struct {
	// ID names the opponent.
	ID string
	// Rolls are the distinct die results, ascending.
	Rolls []int
}

// ScoreVortexPosition scores every player of board with vortex-mechanics.txt's algorithm:
// "a player's total points is a combination of the total distance her tokens have covered,
// minus a value corresponding to the likelihood an opponent could bump one of her tokens".
// A token is worth 10 points a cell ("For each stopping position away from start, ten points
// are awarded"), less the share v of that worth an opponent's roll could take: for each
// opponent, the distinct die results with which one of its tokens on the board ("BLUE has a
// 1/6 chance of bumping RED's token") or a new token from its start ("BLUE could move a brand
// new token out from start") lands on the token's cell, over the die's faces; v sums the
// opponents ("(30) - (30 * 3/12)") and is at most 1.
func ScoreVortexPosition(board VortexBoard) (VortexPosition, error) {
	if err := checkVortexBoard(board); err != nil {
		return VortexPosition{}, err
	}
	pos := VortexPosition{Die: board.Die, Players: make([]VortexScore, len(board.Players))}
	for i, seat := range board.Players {
		score := VortexScore{ID: seat.ID, Score: new(big.Rat), Tokens: make([]VortexToken, VortexTokens)}
		for k, d := range seat.Tokens {
			tok := vortexToken(board, i, d)
			score.Tokens[k] = tok
			score.Score.Add(score.Score, tok.Worth)
		}
		pos.Players[i] = score
	}
	return pos, nil
}

// vortexToken evaluates player i's token at distance d.
func vortexToken(board VortexBoard, i, d int) VortexToken {
	seat := board.Players[i]
	tok := VortexToken{Distance: d, Cell: -1, Safe: d == 0 || VortexSafe(d), Vulnerability: new(big.Rat)}
	if d > 0 && d < VortexCentre {
		tok.Cell = (seat.Start + d) % VortexLoop
	}
	full := ratInt(int64(10 * d))
	if tok.Safe {
		tok.Worth = full
		return tok
	}
	for j, opp := range board.Players {
		if j == i {
			continue
		}
		rolls := vortexBumps(opp, tok.Cell, board.Die)
		if len(rolls) == 0 {
			continue
		}
		tok.Threats = append(tok.Threats, VortexThreat{ID: opp.ID, Rolls: rolls})
		tok.Vulnerability.Add(tok.Vulnerability, big.NewRat(int64(len(rolls)), int64(board.Die)))
	}
	if tok.Vulnerability.Cmp(ratInt(1)) > 0 {
		tok.Vulnerability = ratInt(1)
	}
	tok.Worth = new(big.Rat).Mul(full, new(big.Rat).Sub(ratInt(1), tok.Vulnerability))
	return tok
}

// vortexBumps lists the distinct die results (1..die) with which one of opp's tokens lands on
// loop cell cell: a token on the board at distance a with a + r ≤ 24 (a roll reaching the
// centre lands there, "You must roll exactly to put a token in the center"), or a new token
// from start when opp has one there.
func vortexBumps(opp VortexSeat, cell, die int) []int {
	var from []int
	for _, a := range opp.Tokens {
		if a > 0 && a < VortexCentre {
			from = append(from, a)
		}
	}
	if slices.Contains(opp.Tokens[:], 0) {
		from = append(from, 0)
	}
	var rolls []int
	for r := 1; r <= die && r < VortexCentre; r++ {
		for _, a := range from {
			if a+r < VortexCentre && (opp.Start+a+r)%VortexLoop == cell {
				rolls = append(rolls, r)
				break
			}
		}
	}
	return rolls
}

// checkVortexBoard validates a decoded or hand-built board.
func checkVortexBoard(board VortexBoard) error {
	if board.Die < 1 || board.Die > maxVortexDie {
		return vortexDieErr("die", int64(board.Die))
	}
	if err := checkPlayerCount(len(board.Players), 1, len(VortexStarts), "players"); err != nil {
		return err
	}
	ids := make([]string, len(board.Players))
	starts := map[int]int{}
	for i, p := range board.Players {
		ids[i] = p.ID
		path := strictjson.Index("players", i)
		if !slices.Contains(VortexStarts, p.Start) {
			return vortexStartErr(path+".start", int64(p.Start))
		}
		if j, dup := starts[p.Start]; dup {
			return fieldErr(path+".start", "%d is also %s's start (players[%d].start)", p.Start, board.Players[j].ID, j)
		}
		starts[p.Start] = i
		for k, d := range p.Tokens {
			if d < 0 || d > VortexCentre {
				return vortexTokenErr(fmt.Sprintf("%s.tokens[%d]", path, k), int64(d))
			}
		}
	}
	if err := checkIDs(ids, func(i int) string { return strictjson.Index("players", i) + ".id" }); err != nil {
		return err
	}
	return checkVortexSpaces(board)
}

// Where two tokens may not share a space (vortex-mechanics.txt, "Rules of the Game").
const (
	// VortexOwnRule forbids two of one player's tokens at one distance 1..24.
	VortexOwnRule = "You can't have two of your own tokens in the same space, safe or not"
	// VortexRivalRule forbids two rivals' tokens on one cell of the outer loop (distances
	// 1..16) unless the cell is safe.
	VortexRivalRule = "One token per space, except the safe corner spaces"
)

// checkVortexSpaces refuses a board the seed forbids (CONTRACT section 6), naming the later
// of the two tokens: two of one player's tokens at the same distance 1..24 ("You can't have
// two of your own tokens in the same space, safe or not"), or two rivals' tokens on the
// same loop cell, both on the outer loop (distances 1..16), unless that cell is safe ("One
// token per space, except the safe corner spaces"; "all four players could have a token in
// the same safe space"). Any number of tokens may be at start (0) or in the centre (25).
// This is the one rule for the CLI, the API, the result form and the calculator alike.
func checkVortexSpaces(board VortexBoard) error {
	tokenPath := func(i, k int) string { return fmt.Sprintf("players[%d].tokens[%d]", i, k) }
	for i, p := range board.Players {
		for k, d := range p.Tokens {
			if d == 0 || d == VortexCentre {
				continue
			}
			for k2 := range k {
				if p.Tokens[k2] == d {
					return fieldErr(tokenPath(i, k), "%s's token %d is %s, where its token %d (%s) already is: %q",
						p.ID, k+1, vortexCells(d), k2+1, tokenPath(i, k2), VortexOwnRule)
				}
			}
		}
	}
	for i, p := range board.Players {
		for k, d := range p.Tokens {
			if d < 1 || d > VortexLoop || VortexSafe(d) {
				continue
			}
			cell := (p.Start + d) % VortexLoop
			for j, q := range board.Players[:i] {
				for k2, e := range q.Tokens {
					if e >= 1 && e <= VortexLoop && (q.Start+e)%VortexLoop == cell {
						return fieldErr(tokenPath(i, k), "%s's token %d, %s, stands on the same space (loop cell %d, not a safe one) as %s's token %d, %s (%s): %q",
							p.ID, k+1, vortexCells(d), cell, q.ID, k2+1, vortexCells(e), tokenPath(j, k2), VortexRivalRule)
					}
				}
			}
		}
	}
	return nil
}

// vortexCells says how far in a token stands: "1 cell in", "7 cells in".
func vortexCells(d int) string {
	if d == 1 {
		return "1 cell in"
	}
	return fmt.Sprintf("%d cells in", d)
}

// DecodeVortexBoard decodes CONTRACT section 6's input: {"die": 6, "players": [{"id",
// "start", "tokens": [4 distances]}]}; die defaults to 6.
func DecodeVortexBoard(input []byte) (VortexBoard, error) {
	doc, err := decodeDocument(input, "die", "players")
	if err != nil {
		return VortexBoard{}, err
	}
	return decodeVortexBoard(doc)
}

// decodeVortexBoard decodes a board from an input document's "die" and "players".
func decodeVortexBoard(doc object) (VortexBoard, error) {
	var board VortexBoard
	def := int64(VortexDefaultDie)
	die, err := doc.count("die", 1, &def)
	if err != nil {
		return VortexBoard{}, err
	}
	if die > maxVortexDie {
		return VortexBoard{}, vortexDieErr("die", die)
	}
	board.Die = int(die)
	items, err := doc.array("players")
	if err != nil {
		return VortexBoard{}, err
	}
	if err := checkPlayerCount(len(items), 1, len(VortexStarts), "players"); err != nil {
		return VortexBoard{}, err
	}
	board.Players = make([]VortexSeat, len(items))
	for i, raw := range items {
		path := strictjson.Index("players", i)
		obj, err := decodeObject(raw, path, "id", "start", "tokens")
		if err != nil {
			return VortexBoard{}, err
		}
		seat := &board.Players[i]
		if seat.ID, err = obj.id("id"); err != nil {
			return VortexBoard{}, err
		}
		start, err := obj.count("start", 0, nil)
		if err != nil {
			return VortexBoard{}, err
		}
		if !slices.Contains(VortexStarts, int(start)) {
			return VortexBoard{}, vortexStartErr(path+".start", start)
		}
		seat.Start = int(start)
		tokens, err := obj.array("tokens")
		if err != nil {
			return VortexBoard{}, err
		}
		if len(tokens) != VortexTokens {
			return VortexBoard{}, fieldErr(path+".tokens", "%d token(s), want exactly %d", len(tokens), VortexTokens)
		}
		for k, t := range tokens {
			tpath := fmt.Sprintf("%s.tokens[%d]", path, k)
			d, err := parseCount(t, tpath, 0)
			if err != nil {
				return VortexBoard{}, err
			}
			if d > VortexCentre {
				return VortexBoard{}, vortexTokenErr(tpath, d)
			}
			seat.Tokens[k] = int(d)
		}
	}
	return board, checkVortexBoard(board)
}

// MarshalJSON writes CONTRACT section 6's output: {"results": [{"id", "score", "tokens":
// [worth of each token]}]} with exact JSON numbers, plus the die, each score as an exact
// fraction and each token's breakdown under "details".
func (p VortexPosition) MarshalJSON() ([]byte, error) {
	type threat struct {
		ID    string `json:"id"`
		Rolls []int  `json:"rolls"`
	}
	type detail struct {
		Distance      int             `json:"distance"`
		Cell          *int            `json:"cell"`
		Safe          bool            `json:"safe"`
		Vulnerability json.RawMessage `json:"vulnerability"`
		Worth         json.RawMessage `json:"worth"`
		Threats       []threat        `json:"threats"`
	}
	type line struct {
		ID         string            `json:"id"`
		Score      json.RawMessage   `json:"score"`
		ScoreExact string            `json:"score_exact"`
		Tokens     []json.RawMessage `json:"tokens"`
		Details    []detail          `json:"details"`
	}
	out := struct {
		Die     int    `json:"die"`
		Results []line `json:"results"`
	}{Die: p.Die, Results: make([]line, len(p.Players))}
	for i, s := range p.Players {
		l := line{ID: s.ID, Score: json.RawMessage(decimal(s.Score)), ScoreExact: ratString(s.Score)}
		for _, t := range s.Tokens {
			l.Tokens = append(l.Tokens, json.RawMessage(decimal(t.Worth)))
			d := detail{Distance: t.Distance, Safe: t.Safe, Vulnerability: json.RawMessage(decimal(t.Vulnerability)),
				Worth: json.RawMessage(decimal(t.Worth)), Threats: []threat{}}
			if t.Cell >= 0 {
				d.Cell = &t.Cell
			}
			for _, th := range t.Threats {
				d.Threats = append(d.Threats, threat{ID: th.ID, Rolls: th.Rolls})
			}
			l.Details = append(l.Details, d)
		}
		out.Results[i] = l
	}
	return json.Marshal(out)
}

// vortexDieErr is the problem of a die that shows no face of Vortex's die.
func vortexDieErr(path string, got int64) *FieldError {
	return wordedErr(path, "scoring.vortex_die", map[string]any{"Max": maxVortexDie, "Got": got},
		fmt.Sprintf("must be 1..%d, got %d", maxVortexDie, got))
}

// vortexStartErr is the problem of a start that is no corner of the board.
func vortexStartErr(path string, got int64) *FieldError {
	return wordedErr(path, "scoring.vortex_start", map[string]any{"Got": got},
		fmt.Sprintf("must be 0, 4, 8 or 12, got %d", got))
}

// vortexTokenErr is the problem of a token's distance off the board.
func vortexTokenErr(path string, got int64) *FieldError {
	return wordedErr(path, "scoring.vortex_token", map[string]any{"Max": VortexCentre, "Got": got},
		fmt.Sprintf("must be 0..%d, got %d", VortexCentre, got))
}
