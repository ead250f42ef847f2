package forecast

import (
	"math"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"github.com/tablestakes/tablestakes/rating"
)

func TestArmadaKnowingNoGameIsUniform(t *testing.T) {
	t.Parallel()
	a := NewArmada()
	win := make([]float64, 3)
	a.Chances(Table{Players: []string{"a", "b", "c"}, Ratings: []rating.Micros{150 * rating.PerPoint, 0, -150 * rating.PerPoint}}, win)
	assert.Equal(t, []float64{1.0 / 3, 1.0 / 3, 1.0 / 3}, win)
}

func TestArmadaChances(t *testing.T) {
	t.Parallel()
	a := NewArmada()
	a.theta = 1.5
	win := make([]float64, 3)
	// Strengths e^(1.5 × 2), e^0, e^(1.5 × −1): 100 points are worth a factor e^θ.
	a.Chances(Table{Players: []string{"a", "b", "c"}, Ratings: []rating.Micros{200 * rating.PerPoint, 0, -100 * rating.PerPoint}}, win)
	total := math.Exp(3) + 1 + math.Exp(-1.5)
	assertClose(t, []float64{math.Exp(3) / total, 1 / total, math.Exp(-1.5) / total}, win)
}

// TestArmadaFitsTheMaximumLikelihood learns k wins in m two-seat games of a player 100
// points above the other: the fitted θ must solve k − m e^θ/(1+e^θ) − θ/4 = 0 (the
// derivative of the log-posterior with the Normal(0, 2²) prior), found here by bisection.
func TestArmadaFitsTheMaximumLikelihood(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ k, m int }{{30, 40}, {10, 40}, {20, 40}, {5, 5}, {0, 3}} {
		a := NewArmada()
		table := Table{Players: []string{"strong", "weak"}, Ratings: []rating.Micros{100 * rating.PerPoint, 0}}
		for i := range tc.m {
			r := Result{2, 1}
			if i < tc.k {
				r = Result{1, 2}
			}
			a.Learn(table, r)
		}
		grad := func(th float64) float64 {
			return float64(tc.k) - float64(tc.m)/(1+math.Exp(-th)) - th/(ArmadaPriorSD*ArmadaPriorSD)
		}
		lo, hi := -50.0, 50.0
		for range 200 {
			mid := (lo + hi) / 2
			if grad(mid) > 0 {
				lo = mid
			} else {
				hi = mid
			}
		}
		assert.InDelta(t, lo, a.Theta(), 1e-9, "%d wins in %d", tc.k, tc.m)
	}
}

// TestArmadaTiesShareTheWin: two of three seats tying for first count as the sum of their
// chances, so a tie between the two strongest pushes θ up and a tie between the two weakest
// pushes it down.
func TestArmadaTiesShareTheWin(t *testing.T) {
	t.Parallel()
	table := Table{Players: []string{"a", "b", "c"}, Ratings: []rating.Micros{100 * rating.PerPoint, 0, -100 * rating.PerPoint}}
	up, down := NewArmada(), NewArmada()
	for range 10 {
		up.Learn(table, Result{1, 1, 3})
		down.Learn(table, Result{3, 1, 1})
	}
	assert.Greater(t, up.Theta(), 0.0)
	assert.Less(t, down.Theta(), 0.0)
	assert.InDelta(t, up.Theta(), -down.Theta(), 1e-9, "the two ladders mirror each other")
}

// TestBacktestForecastsFromEarlierGamesOnly changes the result of the last game: every
// earlier game's chances stay identical, bit for bit, in every model.
func TestBacktestForecastsFromEarlierGamesOnly(t *testing.T) {
	t.Parallel()
	players := []string{"ann", "bob", "cat", "dan", "eve"}
	type game struct {
		t Table
		r Result
	}
	var games []game
	for i := range 40 {
		tab := Table{}
		for s := range 3 {
			p := (i + 2*s) % len(players)
			tab.Players = append(tab.Players, players[p])
			tab.Ratings = append(tab.Ratings, rating.Micros(int64(p*37-70)*int64(rating.PerPoint)+int64(i)))
		}
		games = append(games, game{tab, Result{1 + i%3, 1 + (i+1)%3, 1 + (i+2)%3}})
	}
	run := func(games []game) [][][]float64 {
		b := NewBacktest()
		var out [][][]float64
		for _, g := range games {
			var copied [][]float64
			for _, w := range b.Play(g.t, g.r) {
				copied = append(copied, append([]float64(nil), w...))
			}
			out = append(out, copied)
		}
		return out
	}
	first := run(games)
	changed := append([]game(nil), games...)
	last := len(changed) - 1
	changed[last].r = Result{3, 2, 1}
	require.NotEqual(t, games[last].r, changed[last].r)
	second := run(changed)
	assert.Equal(t, first, second, "the last game's result changes no forecast: it is only learnt after")
	// One more game after the changed one does see it.
	changed = append(changed, games[0])
	games = append(games, games[0])
	assert.NotEqual(t, run(games)[last+1], run(changed)[last+1])
	for _, g := range first {
		for _, w := range g {
			total := 0.0
			for _, p := range w {
				assert.True(t, p >= 0 && p <= 1)
				total += p
			}
			assert.InDelta(t, 1, total, 1e-12)
		}
	}
}
