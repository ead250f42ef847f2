package templates

import (
	"strconv"
)

// VortexCalculatorView is the Vortex position calculator: the board form and, once a board
// is entered, every token's worth and what threatens it.
type VortexCalculatorView struct {
	// Die is the die field as entered.
	Die string
	// Seats are the four colours' rows, in start order (Red 0, Cyan 4, Blue 8, Green 12).
	Seats []VortexSeatForm
	// Errors maps a form field's name to what is wrong with it.
	Errors FieldErrors
	// Error is a message about the whole board.
	Error string
	// Scores are the scored players; empty until a valid board is entered.
	Scores []VortexScoreView
	// Board is the drawing of the position.
	Board VortexBoardView
}

// VortexSeatForm is one colour's row of the form.
type VortexSeatForm struct {
	// Key is the colour's form-field prefix ("red").
	Key string
	// Name is the colour as players say it ("Red").
	Name string
	// Start is the loop cell where the colour's path begins.
	Start int
	// Playing says the colour is in the game.
	Playing bool
	// Tokens are the four distances as entered.
	Tokens [4]string
}

// TokenField is the form-field name of token k (0-based) of the seat: "red1".."red4".
func (s VortexSeatForm) TokenField(k int) string { return s.Key + strconv.Itoa(k+1) }

// VortexScoreView is one player's score on the calculator.
type VortexScoreView struct {
	// Name is the colour (or username).
	Name string
	// Key is the colour's CSS class suffix ("red").
	Key string
	// Score is the player's distance-minus-vulnerability score, for people, and Unit the
	// word after it ("point" or "points").
	Score, Unit string
	// Tokens are the four tokens.
	Tokens []VortexTokenView
}

// VortexTokenView is one token's worth for people.
type VortexTokenView struct {
	// Distance is how far the token is into the board.
	Distance int
	// Where says where it stands: "at start", "safe square", "centre" or "cell 7 of the loop".
	Where string
	// Worth is 10 × distance × (1 − v), for people.
	Worth string
	// Vulnerability is v as a fraction ("1/4"), "—" when the token cannot be bumped.
	Vulnerability string
	// Threats says which opponent rolls bump it: "Blue rolls 8 or 11; Cyan rolls 12".
	Threats string
}

// VortexBoardView is the 5×5 board drawn as SVG: the 25 cells and the tokens on them.
type VortexBoardView struct {
	// Cells are the board's cells.
	Cells []VortexCellView
	// Tokens are the tokens on the board or beside it (at start).
	Tokens []VortexTokenMark
	// Summary describes the drawing in words (the SVG's title).
	Summary string
}

// VortexCellView is one cell of the drawing.
type VortexCellView struct {
	X, Y   string
	Safe   bool
	Centre bool
}

// VortexTokenMark is one token drawn as a coloured disc with its distance.
type VortexTokenMark struct {
	CX, CY string
	// Key is the colour's CSS class suffix.
	Key string
	// Label is the distance written on the disc.
	Label string
	// Title is the token in words, for the tooltip and screen readers.
	Title string
}

// Geometry of the board drawing, in SVG units: a margin for the start areas around a 5×5
// grid of square cells.
const (
	vortexCell   = 40
	vortexMargin = 30
	vortexSize   = 2*vortexMargin + 5*vortexCell
)

// VortexViewBox is the SVG viewBox of the board drawing.
func VortexViewBox() string {
	return "0 0 " + strconv.Itoa(vortexSize) + " " + strconv.Itoa(vortexSize)
}

// redPath lists the grid cells (column, row; row 0 at the top) of the path of the player
// starting at loop cell 0, for distances 1..25: along the bottom edge from the bottom-left
// corner, up the right edge, back along the top, down the left edge, then the inner ring
// the same way round and the centre. The other players' paths are the same path turned a
// quarter for every 4 cells of start.
var redPath = [25][2]int{
	{0, 4}, {1, 4}, {2, 4}, {3, 4}, {4, 4}, {4, 3}, {4, 2}, {4, 1}, {4, 0}, {3, 0}, {2, 0}, {1, 0},
	{0, 0}, {0, 1}, {0, 2}, {0, 3}, {1, 3}, {2, 3}, {3, 3}, {3, 2}, {3, 1}, {2, 1}, {1, 1}, {1, 2}, {2, 2},
}

// turn rotates a grid cell a quarter turn the way the path runs.
func turn(col, row int) (int, int) { return row, 4 - col }

// VortexPathCell returns the grid cell (column, row) of a token at distance d (1..25) on the
// path of the player starting at loop cell start.
func VortexPathCell(start, d int) (col, row int) {
	col, row = redPath[d-1][0], redPath[d-1][1]
	for i := 0; i < (start/4)%4; i++ {
		col, row = turn(col, row)
	}
	return col, row
}

// VortexBoardCells returns the 25 cells of the drawing with the safe corners and the
// centre marked.
func VortexBoardCells() []VortexCellView {
	cells := make([]VortexCellView, 0, 25)
	for row := 0; row < 5; row++ {
		for col := 0; col < 5; col++ {
			corner := (row == 0 || row == 4) && (col == 0 || col == 4)
			cells = append(cells, VortexCellView{
				X: strconv.Itoa(vortexMargin + col*vortexCell), Y: strconv.Itoa(vortexMargin + row*vortexCell),
				Safe: corner, Centre: row == 2 && col == 2,
			})
		}
	}
	return cells
}

// VortexTokenAt places a token of a player starting at start, at distance d, as the k-th
// (0-based) of slot tokens drawn in the same place: on its path cell, or in the player's
// start area outside its first corner when d is 0.
func VortexTokenAt(start, d, slot, of int) (cx, cy int) {
	var x, y float64
	if d == 0 {
		// The start area: beyond the first corner, diagonally outside the grid.
		col, row := VortexPathCell(start, 1)
		x = float64(vortexMargin) + float64(col)*vortexCell + vortexCell/2
		y = float64(vortexMargin) + float64(row)*vortexCell + vortexCell/2
		dx, dy := float64(vortexMargin+vortexCell/2), float64(vortexMargin+vortexCell/2)
		if col == 0 {
			dx = -dx
		}
		if row == 0 {
			dy = -dy
		}
		x, y = x+dx*0.62, y+dy*0.62
	} else {
		col, row := VortexPathCell(start, d)
		x = float64(vortexMargin) + float64(col)*vortexCell + vortexCell/2
		y = float64(vortexMargin) + float64(row)*vortexCell + vortexCell/2
	}
	if of > 1 {
		// Spread tokens sharing a place over a small square.
		offsets := [][2]float64{{-8, -8}, {8, -8}, {-8, 8}, {8, 8}}
		o := offsets[slot%len(offsets)]
		x, y = x+o[0], y+o[1]
	}
	return int(x), int(y)
}
