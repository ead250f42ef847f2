package templates

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/locales"
)

func TestShowChance(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		p    float64
		want string
	}{
		{0.25, "25.0%"}, {0.3456, "34.6%"}, {0, "0.0%"}, {1, "100.0%"},
		{0.0004, "under 0.1%"}, {0.9996, "over 99.9%"}, {0.0005, "0.1%"},
	} {
		assert.Equal(t, tc.want, ShowChance(tc.p), "%v", tc.p)
	}
}

func TestShowPlace(t *testing.T) {
	t.Parallel()
	for n, want := range map[int]string{1: "1st", 2: "2nd", 3: "3rd", 4: "4th", 11: "11th", 12: "12th", 13: "13th", 21: "21st", 22: "22nd"} {
		assert.Equal(t, want, ShowPlace(n))
	}
}

func TestCalibrationChartLeavesOutEmptyTenths(t *testing.T) {
	t.Parallel()
	c := NewCalibrationChart(locales.Default(), "label", []string{"A"}, []string{"model-a"}, [][]CalibrationPoint{{
		{Forecast: 0.05, Won: 0, Seats: 3}, {Seats: 0}, {Forecast: 0.95, Won: 1, Seats: 2},
	}})
	assert.Len(t, c.Series, 1)
	assert.Len(t, c.Series[0].Dots, 2)
	// 0.95 across, 1 up: near the top right corner of the square plot.
	assert.InDelta(t, calibrationLeft+0.95*calibrationSide, c.Series[0].Dots[1].X, 1e-9)
	assert.InDelta(t, calibrationTop, c.Series[0].Dots[1].Y, 1e-9)
	assert.Len(t, c.Ticks, 6)
}
