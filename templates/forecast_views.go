package templates

import (
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
)

// ForecastView is a game page's forecast: before the game each seat's chance to win and
// ante (CONTRACT section 11); after it, the chances it was given beside what happened.
type ForecastView struct {
	// Played reports that the game has been played: Rows then say what happened.
	Played bool
	// Slug names the ladder, for the link to its back-test.
	Slug string
	// Private reports a private league's game, forecast from the league's own ladder,
	// which has no public back-test page.
	Private bool
	Rows    []ForecastRow
	// Verdict says in a sentence how the forecast fared (played games only).
	Verdict string
}

// ForecastRow is one seat of a game's forecast.
type ForecastRow struct {
	Username, DisplayName string
	// Member reports a ladder member that is not a person (the Seventh Player, a bot):
	// named, not linked.
	Member bool
	// Chance is the chance to win as a percentage ("34.5%"), Bar its width in percent.
	Chance string
	Bar    float64
	// Rating and Ante are the seat's rating and ante in points (before the game only).
	Rating, Ante string
	// Place is the seat's place after the game ("1st"), Won whether it won.
	Place string
	Won   bool
}

// ShowChance writes a chance as a percentage with one decimal: 0.3456 → "34.6%"; a chance
// that would round to 0% or 100% without being either says so: "under 0.1%".
func ShowChance(p float64) string {
	switch {
	case p > 0 && p < 0.0005:
		return "under 0.1%"
	case p < 1 && p >= 0.9995:
		return "over 99.9%"
	}
	return strconv.FormatFloat(100*p, 'f', 1, 64) + "%"
}

// ShowChanceIn is ShowChance as l writes it: "34,6%" with the decimal comma, "unter 0,1%".
func ShowChanceIn(l locales.Lang, p float64) string {
	if l.Code == locales.Default().Code {
		return ShowChance(p)
	}
	switch {
	case p > 0 && p < 0.0005:
		return l.T("forecast.under", map[string]any{"Chance": "0" + l.DecimalPoint() + "1%"})
	case p < 1 && p >= 0.9995:
		return l.T("forecast.over", map[string]any{"Chance": "99" + l.DecimalPoint() + "9%"})
	}
	return strings.Replace(strconv.FormatFloat(100*p, 'f', 1, 64), ".", l.DecimalPoint(), 1) + "%"
}

// ShowPlace writes a place in words: 1 → "1st", 2 → "2nd", 11 → "11th".
func ShowPlace(n int) string {
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
	return strconv.Itoa(n) + suffix
}

// BacktestView is a ladder's back-test page, /ratings/{game}/backtest.
type BacktestView struct {
	Slug, Name string
	// Games is how many rated games the figures cover.
	Games  int
	Models []BacktestModelRow
	Chart  CalibrationChart
	// Sentences explain the figures in plain words.
	Sentences []string
	// Theta is the armada model's fitted scale, written out ("1.23").
	Theta string
}

// BacktestModelRow is one model's figures, written out.
type BacktestModelRow struct {
	Model, Label, Class          string
	LogLoss, Brier, FavouriteWon string
	Buckets                      []BacktestBucketRow
}

// BacktestBucketRow is one tenth of a model's calibration, written out.
type BacktestBucketRow struct {
	Range, Seats, Forecast, Won string
}

// CalibrationChart is the calibration of every model drawn as an SVG on the server: for
// each tenth of the chances given, the mean chance (across) against the share of the win
// those seats took (up). A calibrated model's points sit on the diagonal.
type CalibrationChart struct {
	Size   int
	Series []CalibrationSeries
	Ticks  []CalibrationTick
	Label  string
	// Plot bounds: the square the chances map to.
	Left, Top, Side float64
}

// CalibrationSeries is one model's line on the chart.
type CalibrationSeries struct {
	Model, Class string
	Line         string
	Dots         []CalibrationDot
}

// CalibrationDot is one tenth of a model's chances on the chart.
type CalibrationDot struct {
	X, Y  float64
	Title string
}

// CalibrationTick is a grid line at Value (0 to 1) along both axes.
type CalibrationTick struct {
	Pos   float64
	Label string
}

// Calibration chart geometry: a square plot with room for the labels left and below.
const (
	calibrationSize = 320
	calibrationLeft = 40
	calibrationTop  = 12
	calibrationSide = 264
)

// CalibrationPoint is one tenth of one model's calibration: the seats' mean chance, the
// share of the win they took, and how many seats.
type CalibrationPoint struct {
	Forecast, Won float64
	Seats         int
}

// NewCalibrationChart lays out each model's calibration points (tenths with no seat left
// out) on the square chart.
// The dots' titles are in l.
func NewCalibrationChart(l locales.Lang, label string, models []string, classes []string, points [][]CalibrationPoint) CalibrationChart {
	c := CalibrationChart{Size: calibrationSize, Label: label, Left: calibrationLeft, Top: calibrationTop, Side: calibrationSide}
	for k := 0; k <= 10; k += 2 {
		v := float64(k) / 10
		c.Ticks = append(c.Ticks, CalibrationTick{Pos: v * calibrationSide, Label: strconv.Itoa(k*10) + "%"})
	}
	for m, name := range models {
		s := CalibrationSeries{Model: name, Class: classes[m]}
		var line []string
		for _, p := range points[m] {
			if p.Seats == 0 {
				continue
			}
			x := calibrationLeft + p.Forecast*calibrationSide
			y := calibrationTop + (1-p.Won)*calibrationSide
			line = append(line, coordinate(x)+","+coordinate(y))
			s.Dots = append(s.Dots, CalibrationDot{X: x, Y: y, Title: l.N("backtest.dot", p.Seats, map[string]any{"Model": name,
				"Chance": ShowChanceIn(l, p.Forecast), "Won": ShowChanceIn(l, p.Won)})})
		}
		s.Line = strings.Join(line, " ")
		c.Series = append(c.Series, s)
	}
	return c
}
