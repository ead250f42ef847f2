package forecast

import (
	"math"
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tablestakes/tablestakes/rating"
)

// TestScores checks each figure of CONTRACT section 11 on games worked by hand.
func TestScores(t *testing.T) {
	t.Parallel()
	type game struct {
		win    []float64
		places Result
	}
	type bucket struct {
		k                 int
		seats             int
		forecast, wonMean float64
	}
	for _, tc := range []struct {
		name                string
		games               []game
		logLoss, brier, fav float64
		buckets             []bucket // the non-empty ones
	}{
		{
			name:    "the favourite wins: −ln 0.75, (0.75−1)² + 0.25²",
			games:   []game{{[]float64{0.75, 0.25}, Result{1, 2}}},
			logLoss: 0.2876820724517809, brier: 0.125, fav: 1,
			buckets: []bucket{{2, 1, 0.25, 0}, {7, 1, 0.75, 1}},
		},
		{
			name:    "the outsider wins: −ln 0.25, 0.75² + 0.75²",
			games:   []game{{[]float64{0.75, 0.25}, Result{2, 1}}},
			logLoss: 1.3862943611198906, brier: 1.125, fav: 0,
			buckets: []bucket{{2, 1, 0.25, 1}, {7, 1, 0.75, 0}},
		},
		{
			name:    "a tie for first shares the win: −ln(0.5+0.3), o = 1/2, 1/2, 0",
			games:   []game{{[]float64{0.5, 0.3, 0.2}, Result{1, 1, 3}}},
			logLoss: 0.2231435513142097, brier: 0.08, fav: 1,
			buckets: []bucket{{2, 1, 0.2, 0}, {3, 1, 0.3, 0.5}, {5, 1, 0.5, 0.5}},
		},
		{
			name:    "uniform: ln 4, 3 × 1/16 + 9/16, every seat a favourite",
			games:   []game{{[]float64{0.25, 0.25, 0.25, 0.25}, Result{2, 3, 1, 4}}},
			logLoss: 1.3862943611198906, brier: 0.75, fav: 1,
			buckets: []bucket{{2, 4, 0.25, 0.25}},
		},
		{
			name: "means over games",
			games: []game{
				{[]float64{0.75, 0.25}, Result{1, 2}},
				{[]float64{0.75, 0.25}, Result{2, 1}},
			},
			logLoss: (0.2876820724517809 + 1.3862943611198906) / 2, brier: 0.625, fav: 0.5,
			buckets: []bucket{{2, 2, 0.25, 0.5}, {7, 2, 0.75, 0.5}},
		},
		{
			name:    "a sure chance lands in the last tenth; a winner given 0 costs −ln 1e-15",
			games:   []game{{[]float64{1, 0}, Result{2, 1}}},
			logLoss: 34.538776394910684, brier: 2, fav: 0,
			buckets: []bucket{{0, 1, 0, 1}, {9, 1, 1, 0}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			var s Scores
			for _, g := range tc.games {
				s.Add(g.win, g.places)
			}
			got := s.Summary("m")
			assert.Equal(t, "m", got.Model)
			assert.Equal(t, len(tc.games), got.Games)
			assert.InDelta(t, tc.logLoss, got.LogLoss, 1e-12, "log_loss")
			assert.InDelta(t, tc.brier, got.Brier, 1e-12, "brier")
			assert.InDelta(t, tc.fav, got.FavouriteWon, 1e-12, "favourite_won")
			require.Len(t, got.Calibration, 10)
			want := map[int]bucket{}
			for _, b := range tc.buckets {
				want[b.k] = b
			}
			for k, b := range got.Calibration {
				assert.Equal(t, float64(k)/10, b.From)
				assert.Equal(t, float64(k+1)/10, b.To)
				w := want[k]
				assert.Equal(t, w.seats, b.Games, "bucket %d games", k)
				assert.InDelta(t, w.forecast, b.Forecast, 1e-12, "bucket %d forecast", k)
				assert.InDelta(t, w.wonMean, b.Won, 1e-12, "bucket %d won", k)
			}
		})
	}
}

func TestScoresWithNoGameAreZero(t *testing.T) {
	t.Parallel()
	var s Scores
	got := s.Summary("uniform")
	assert.Zero(t, got.LogLoss)
	assert.Zero(t, got.Brier)
	assert.Zero(t, got.FavouriteWon)
	assert.Len(t, got.Calibration, 10)
}

func TestPlaces(t *testing.T) {
	t.Parallel()
	seat := func(points int64, winner bool) rating.Seat {
		return rating.Seat{Player: "p", Points: big.NewRat(points, 1), Winner: winner}
	}
	for _, tc := range []struct {
		name  string
		seats []rating.Seat
		want  Result
	}{
		{"by points", []rating.Seat{seat(3, false), seat(9, true), seat(5, false)}, Result{3, 1, 2}},
		{"equal points share a place", []rating.Seat{seat(9, true), seat(4, false), seat(4, false), seat(1, false)}, Result{1, 2, 2, 4}},
		{"tied winners", []rating.Seat{seat(7, true), seat(7, true), seat(0, false)}, Result{1, 1, 3}},
		{"an ARMADA draw: winners with different points share first, a loser with more follows",
			[]rating.Seat{seat(100, true), seat(120, false), seat(140, true), seat(60, false)}, Result{1, 3, 1, 4}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, Places(rating.Game{Seats: tc.seats}))
		})
	}
}

func TestUniform(t *testing.T) {
	t.Parallel()
	win := make([]float64, 3)
	Uniform{}.Chances(Table{Players: []string{"a", "b", "c"}}, win)
	assert.Equal(t, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, win)
	assert.False(t, math.IsNaN(win[0]))
}
