package templates

import (
	"math"
	"strconv"
	"strings"
)

// Chart is an SVG line chart of a rating over the games that moved it, laid out on the
// server so it needs no JavaScript.
type Chart struct {
	Width, Height int
	// Line is the polyline's points attribute ("x,y x,y ...").
	Line string
	// Area closes Line down to the zero line, for the shaded band.
	Area   string
	Points []ChartPoint
	// ZeroY is the y of the rating 0 line (everyone's start, seed 3.1).
	ZeroY float64
	Ticks []ChartTick
	// Label describes the chart for screen readers.
	Label string
}

// ChartPoint is one game on the chart.
type ChartPoint struct {
	X, Y float64
	// Title is the tooltip: game and rating after it.
	Title string
}

// ChartTick is one labelled horizontal grid line.
type ChartTick struct {
	Y     float64
	Label string
}

// ChartValue is one value to plot: a rating in millionths of a point and its tooltip.
type ChartValue struct {
	Micros int64
	Title  string
}

// Chart geometry: the plot sits inside the margins.
const (
	chartWidth  = 640
	chartHeight = 220
	chartLeft   = 56
	chartRight  = 16
	chartTop    = 14
	chartBottom = 22
)

// NewChart lays out values (after the start at 0) as a line chart. Coordinates are floats
// for drawing only; the ratings themselves stay exact elsewhere.
func NewChart(label string, values []ChartValue) Chart {
	c := Chart{Width: chartWidth, Height: chartHeight, Label: label}
	all := append([]ChartValue{{Micros: 0, Title: "start: 0"}}, values...)
	lo, hi := int64(0), int64(0)
	for _, v := range all {
		lo, hi = min(lo, v.Micros), max(hi, v.Micros)
	}
	if lo == hi {
		lo, hi = lo-10_000_000, hi+10_000_000
	}
	step := niceStep(float64(hi-lo) / 1e6 / 4)
	loP := math.Floor(float64(lo)/1e6/step) * step
	hiP := math.Ceil(float64(hi)/1e6/step) * step
	plotW := float64(chartWidth - chartLeft - chartRight)
	plotH := float64(chartHeight - chartTop - chartBottom)
	y := func(points float64) float64 { return chartTop + (hiP-points)/(hiP-loP)*plotH }
	x := func(i int) float64 {
		if len(all) == 1 {
			return chartLeft
		}
		return chartLeft + float64(i)/float64(len(all)-1)*plotW
	}
	for t := loP; t <= hiP+step/2; t += step {
		c.Ticks = append(c.Ticks, ChartTick{Y: roundTenth(y(t)), Label: strconv.FormatFloat(t, 'f', -1, 64)})
	}
	c.ZeroY = roundTenth(y(0))
	var line []string
	for i, v := range all {
		p := ChartPoint{X: roundTenth(x(i)), Y: roundTenth(y(float64(v.Micros) / 1e6)), Title: v.Title}
		c.Points = append(c.Points, p)
		line = append(line, coord(p.X, p.Y))
	}
	c.Line = strings.Join(line, " ")
	c.Area = coord(c.Points[0].X, c.ZeroY) + " " + c.Line + " " + coord(c.Points[len(c.Points)-1].X, c.ZeroY)
	return c
}

// niceStep rounds a raw grid step up to 1, 2 or 5 times a power of ten.
func niceStep(raw float64) float64 {
	if raw <= 0 {
		return 1
	}
	p := math.Pow(10, math.Floor(math.Log10(raw)))
	for _, m := range []float64{1, 2, 5, 10} {
		if m*p >= raw {
			return m * p
		}
	}
	return 10 * p
}

// roundTenth rounds to one decimal, to keep the SVG small.
func roundTenth(v float64) float64 { return math.Round(v*10) / 10 }

// coord writes "x,y".
func coord(x, y float64) string {
	return strconv.FormatFloat(x, 'f', -1, 64) + "," + strconv.FormatFloat(y, 'f', -1, 64)
}

// coordinate writes a coordinate for an SVG attribute.
func coordinate(v float64) string { return strconv.FormatFloat(v, 'f', -1, 64) }
