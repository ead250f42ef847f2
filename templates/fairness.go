package templates

import (
	"fmt"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
)

// Geometry of the fairness charts, in SVG user units.
const (
	matrixCell   = 40  // side of one matrix cell
	matrixLeft   = 120 // room for the row labels
	matrixTop    = 28  // room for the column labels
	barWidth     = 9   // one seat's bar
	barGap       = 2   // between the bars of one player
	groupGap     = 18  // between players
	histLeft     = 34  // room for the count axis
	histTop      = 16  // room above the tallest bar for its label
	histHeight   = 120 // height of the tallest bar
	histBottom   = 40  // room for the player labels
	legendHeight = 22  // the seat legend under the chart
)

// seatColours tell the seats apart in the histogram; mid tones that read on light and dark.
var seatColours = []string{"#1d6b57", "#d08c2e", "#4a73c9", "#b8487a", "#6f9a38", "#8a5cc2", "#2f9fb0", "#9a6b45"}

// svgCell is one cell of the matchup matrix.
type svgCell struct {
	X, Y     string
	TextX    string
	TextY    string
	Label    string
	Opacity  string
	Strong   bool
	Self     bool
	Title    string
	RowLabel string
}

// svgLabel is a positioned text label.
type svgLabel struct {
	X, Y, Text string
}

// svgBar is one bar of the seat histogram.
type svgBar struct {
	X, Y, Width, Height string
	Fill                string
	Title               string
	// TextX is where a legend entry's text starts.
	TextX string
}

// itoa is strconv.Itoa, short for the chart code.
func itoa(n int) string { return strconv.Itoa(n) }

// matrixSize is the width and height of the matchup matrix.
func (f FairnessView) matrixSize() (string, string) {
	n := len(f.Players)
	return itoa(matrixLeft + n*matrixCell + 4), itoa(matrixTop + n*matrixCell + 4)
}

// matrixViewBox is the matchup matrix's viewBox.
func (f FairnessView) matrixViewBox() string {
	w, h := f.matrixSize()
	return "0 0 " + w + " " + h
}

// rowLabels label the matrix rows with the players' slot numbers and names.
func (f FairnessView) rowLabels() []svgLabel {
	out := make([]svgLabel, len(f.Players))
	for i, name := range f.Players {
		out[i] = svgLabel{X: itoa(matrixLeft - 8), Y: itoa(matrixTop + i*matrixCell + matrixCell/2 + 4),
			Text: fmt.Sprintf("%d %s", i+1, truncate(name, 12))}
	}
	return out
}

// columnLabels label the matrix columns with the players' slot numbers.
func (f FairnessView) columnLabels() []svgLabel {
	out := make([]svgLabel, len(f.Players))
	for i := range f.Players {
		out[i] = svgLabel{X: itoa(matrixLeft + i*matrixCell + matrixCell/2), Y: itoa(matrixTop - 10), Text: itoa(i + 1)}
	}
	return out
}

// matrixCells are the cells of the matchup matrix, shaded by how often the pair meets:
// an even matrix is a balanced league.
func (f FairnessView) matrixCells(l locales.Lang) []svgCell {
	var out []svgCell
	for a, row := range f.Matchups {
		for b, c := range row {
			cell := svgCell{
				X: itoa(matrixLeft + b*matrixCell + 1), Y: itoa(matrixTop + a*matrixCell + 1),
				TextX: itoa(matrixLeft + b*matrixCell + matrixCell/2), TextY: itoa(matrixTop + a*matrixCell + matrixCell/2 + 5),
			}
			if a == b || a >= len(f.Players) || b >= len(f.Players) {
				cell.Self = true
				cell.Label = "–"
				cell.Title = f.name(a)
				out = append(out, cell)
				continue
			}
			// Shaded on an absolute scale from 0 to the most meetings, so a spread of one
			// meeting reads as the small difference it is, and a pair that never meets as white.
			level := 0.0
			if f.MatchupMax > 0 {
				level = 0.1 + 0.85*float64(c)/float64(f.MatchupMax)
			}
			cell.Opacity = strconv.FormatFloat(level, 'f', 2, 64)
			cell.Strong = level >= 0.55
			cell.Label = itoa(c)
			cell.Title = l.N("fairness.meet_title", c, map[string]any{"A": f.name(a), "B": f.name(b)})
			out = append(out, cell)
		}
	}
	return out
}

// name is player p's label, or "" when out of range.
func (f FairnessView) name(p int) string {
	if p < 0 || p >= len(f.Players) {
		return ""
	}
	return f.Players[p]
}

// maxSeatCount is the tallest bar of the histogram (at least 1).
func (f FairnessView) maxSeatCount() int {
	m := 1
	for _, row := range f.Seats {
		for _, c := range row {
			m = max(m, c)
		}
	}
	return m
}

// groupWidth is the width of one player's group of bars.
func (f FairnessView) groupWidth() int { return f.PerGame*(barWidth+barGap) - barGap }

// histSize is the width and height of the seat histogram.
func (f FairnessView) histSize() (string, string) {
	n := len(f.Players)
	return itoa(histLeft + n*(f.groupWidth()+groupGap)), itoa(histTop + histHeight + histBottom + legendHeight)
}

// histViewBox is the seat histogram's viewBox.
func (f FairnessView) histViewBox() string {
	w, h := f.histSize()
	return "0 0 " + w + " " + h
}

// histBaseline is the y of the bars' foot.
func (f FairnessView) histBaseline() string { return itoa(histTop + histHeight) }

// histAxisLabels mark 0 and the tallest count on the count axis.
func (f FairnessView) histAxisLabels() []svgLabel {
	return []svgLabel{
		{X: itoa(histLeft - 6), Y: itoa(histTop + histHeight + 4), Text: "0"},
		{X: itoa(histLeft - 6), Y: itoa(histTop + 4), Text: itoa(f.maxSeatCount())},
	}
}

// histBars are the seat histogram's bars: for each player, one bar per seat, as tall as
// the number of games the player starts in that seat.
func (f FairnessView) histBars(l locales.Lang) []svgBar {
	top := f.maxSeatCount()
	var out []svgBar
	for p, row := range f.Seats {
		x0 := histLeft + p*(f.groupWidth()+groupGap) + groupGap/2
		for s, c := range row {
			h := c * histHeight / top
			out = append(out, svgBar{
				X: itoa(x0 + s*(barWidth+barGap)), Y: itoa(histTop + histHeight - h),
				Width: itoa(barWidth), Height: itoa(h),
				Fill:  seatColours[s%len(seatColours)],
				Title: l.N("fairness.seat_title", c, map[string]any{"Name": f.name(p), "Seat": l.Int(s + 1)}),
			})
		}
	}
	return out
}

// histPlayerLabels name each group of bars.
func (f FairnessView) histPlayerLabels() []svgLabel {
	out := make([]svgLabel, len(f.Players))
	for p, name := range f.Players {
		out[p] = svgLabel{
			X:    itoa(histLeft + p*(f.groupWidth()+groupGap) + groupGap/2 + f.groupWidth()/2),
			Y:    itoa(histTop + histHeight + 18),
			Text: truncate(name, 10),
		}
	}
	return out
}

// histLegend is the key of seat colours under the histogram.
func (f FairnessView) histLegend(l locales.Lang) []svgBar {
	out := make([]svgBar, f.PerGame)
	y := histTop + histHeight + histBottom
	for s := range out {
		out[s] = svgBar{X: itoa(histLeft + s*64), Y: itoa(y), Width: "10", Height: "10",
			Fill: seatColours[s%len(seatColours)], Title: l.T("fairness.seat", map[string]any{"Seat": l.Int(s + 1)}), TextX: itoa(histLeft + s*64 + 14)}
	}
	return out
}

// legendTextY is the baseline of the legend's text.
func (f FairnessView) legendTextY() string { return itoa(histTop + histHeight + histBottom + 9) }

// seatSummary says in words how evenly the seats are shared.
func (f FairnessView) seatSummary(l locales.Lang) string {
	lo, hi := -1, 0
	for _, row := range f.Seats {
		for _, c := range row {
			if lo < 0 || c < lo {
				lo = c
			}
			hi = max(hi, c)
		}
	}
	if len(f.Powers) > 0 {
		// The game names its seats, so balanced seats are balanced powers (issue 11: "every
		// player gets every power equally often").
		powers := strings.Join(f.Powers, ", ")
		if lo == hi {
			return l.N("fairness.powers_even", lo, map[string]any{"Powers": powers})
		}
		return l.T("fairness.powers_range", map[string]any{"Powers": powers, "Least": l.Int(lo), "Most": l.Int(hi)})
	}
	if lo == hi {
		return l.N("fairness.seats_even", lo)
	}
	return l.T("fairness.seats_range", map[string]any{"Least": l.Int(lo), "Most": l.Int(hi)})
}

// matchupSummary says in words how evenly the players meet.
func (f FairnessView) matchupSummary(l locales.Lang) string {
	if f.MatchupMin == f.MatchupMax {
		return l.N("fairness.meet_even", f.MatchupMin)
	}
	return l.T("fairness.meet_range", map[string]any{"Least": l.Int(f.MatchupMin), "Most": l.Int(f.MatchupMax)})
}

// gamesSummary says how many games each player plays.
func (f FairnessView) gamesSummary(l locales.Lang) string {
	lo, hi := -1, 0
	for _, n := range f.GamesPerPlayer {
		if lo < 0 || n < lo {
			lo = n
		}
		hi = max(hi, n)
	}
	if lo == hi {
		return l.N("fairness.games_even", lo)
	}
	return l.T("fairness.games_range", map[string]any{"Least": l.Int(lo), "Most": l.Int(hi)})
}

// withdrawalLine says in l how withdrawal w moved the balance: "player2 withdrew on 26 Nov
// 2026. Pairs of players meet 2 to 3 times (spread 1) among 8 players before, 2 times
// (spread 0) among 7 after; games per player 6 before, 5 to 6 after." and, when games go on
// one player short, how many of each staying player's.
func withdrawalLine(l locales.Lang, w FairnessWithdrawal) string {
	span := func(lo, hi int) string {
		if lo == hi {
			return l.Int(lo)
		}
		return l.T("fairness.withdrew.span", map[string]any{"Least": l.Int(lo), "Most": l.Int(hi)})
	}
	times := func(lo, hi int) string {
		return l.N("fairness.withdrew.times", hi, map[string]any{"Span": span(lo, hi)})
	}
	line := l.T("fairness.withdrew", map[string]any{"Player": w.Username, "Date": l.ShortDate(w.On)}) + " " +
		l.T("fairness.withdrew.balance", map[string]any{
			"PairsBefore": times(w.Before.PairMin, w.Before.PairMax), "SpreadBefore": l.Int(w.Before.PairSpread()),
			"PlayersBefore": l.Int(w.Before.Players),
			"PairsAfter":    times(w.After.PairMin, w.After.PairMax), "SpreadAfter": l.Int(w.After.PairSpread()),
			"PlayersAfter": l.Int(w.After.Players),
			"GamesBefore":  span(w.Before.GamesMin, w.Before.GamesMax), "GamesAfter": span(w.After.GamesMin, w.After.GamesMax),
		})
	if w.Shortened {
		line += " " + l.T("fairness.withdrew.short", map[string]any{"Span": span(w.ShortMin, w.ShortMax)})
	}
	return line
}

// truncate shortens s to at most n runes, marking the cut with an ellipsis.
func truncate(s string, n int) string {
	r := []rune(s)
	if len(r) <= n {
		return s
	}
	return string(r[:n-1]) + "…"
}

// first is the first of two values, for methods that return a width and a height.
func first(a, _ string) string { return a }
