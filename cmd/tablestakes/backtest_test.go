package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"io"
	"math"
	"math/rand/v2"
	"os"
	"path/filepath"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// backtested is `tablestakes backtest` output.
type backtested struct {
	Games []struct {
		ID        string `json:"id"`
		Forecasts map[string][]struct {
			ID  string  `json:"id"`
			Win float64 `json:"win"`
		} `json:"forecasts"`
	} `json:"games"`
	Models []backtestModel `json:"models"`
}

// runBacktestText runs `tablestakes backtest` on input and returns stdout.
func runBacktestText(t testing.TB, input string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), []string{"backtest"}, strings.NewReader(input), &out)
	return out.String(), err
}

// backtest runs `tablestakes backtest` on input, which must succeed, and decodes its output.
func backtest(t testing.TB, input string) (backtested, string) {
	t.Helper()
	text, err := runBacktestText(t, input)
	require.NoError(t, err)
	var b backtested
	require.NoError(t, json.Unmarshal([]byte(text), &b))
	return b, text
}

// skillLadder is a ladder of games games of seats seats among players players whose skills
// differ: each seat scores its player's skill plus noise, so the better player usually wins.
// results changes the outcome of one game: tweak(i, scores) may rewrite game i's scores.
func skillLadder(games, players, seats int, seed uint64, tweak func(i int, scores []int)) string {
	rng := rand.New(rand.NewPCG(seed, 7))
	skill := make([]float64, players)
	for i := range skill {
		skill[i] = rng.NormFloat64() * 15
	}
	var b strings.Builder
	b.WriteString(`{"games":[`)
	scores := make([]int, seats)
	for g := range games {
		if g > 0 {
			b.WriteString(",\n")
		}
		table := rng.Perm(players)[:seats]
		for s, p := range table {
			scores[s] = int(math.Round(50 + skill[p] + rng.NormFloat64()*10))
		}
		if tweak != nil {
			tweak(g, scores)
		}
		fmt.Fprintf(&b, `{"id":"g%d","system":"placement","input":{"players":[`, g)
		for s, p := range table {
			if s > 0 {
				b.WriteByte(',')
			}
			fmt.Fprintf(&b, `{"id":"p%d","score":%d}`, p, scores[s])
		}
		b.WriteString("]}}")
	}
	b.WriteString("]}")
	return b.String()
}

func TestBacktestOutput(t *testing.T) {
	t.Parallel()
	// g1: A wins alone; B and C tie for second. g2: C wins.
	input := `{"games":[
	 {"id":"g1","system":"placement","input":{"players":[{"id":"A","score":5},{"id":"B","score":3},{"id":"C","score":3}]}},
	 {"id":"g2","system":"placement","input":{"players":[{"id":"A","score":5},{"id":"B","score":3},{"id":"C","score":7}]}}]}`
	out, _ := backtest(t, input)
	require.Len(t, out.Games, 2)
	assert.Equal(t, "g1", out.Games[0].ID)
	for _, g := range out.Games {
		require.Len(t, g.Forecasts, 3)
		for model, seats := range g.Forecasts {
			require.Len(t, seats, 3, model)
			total := 0.0
			for i, s := range seats {
				assert.Equal(t, []string{"A", "B", "C"}[i], s.ID, "seat order")
				assert.True(t, s.Win >= 0 && s.Win <= 1)
				total += s.Win
			}
			assert.InDelta(t, 1, total, 1e-12)
		}
	}
	// Nobody has played before g1: every model says 1/3 each.
	for _, seats := range out.Games[0].Forecasts {
		for _, s := range seats {
			assert.InDelta(t, 1.0/3, s.Win, 1e-15)
		}
	}
	// After g1, OpenSkill favours A, who won it.
	os := out.Games[1].Forecasts["openskill"]
	assert.Greater(t, os[0].Win, os[1].Win)
	require.Len(t, out.Models, 3)
	for i, name := range []string{"armada", "openskill", "uniform"} {
		m := out.Models[i]
		assert.Equal(t, name, m.Model)
		assert.Equal(t, 2, m.Games)
		require.Len(t, m.Calibration, 10)
	}
	// uniform: −ln(1/3) in both games, Brier (2/3)² + 2 (1/3)² = 2/3, every seat a favourite.
	u := out.Models[2]
	assert.InDelta(t, math.Log(3), u.LogLoss, 1e-12)
	assert.InDelta(t, 2.0/3, u.Brier, 1e-12)
	assert.Equal(t, 1.0, u.FavouriteWon)
	assert.Equal(t, calibrationBucket{From: 0.3, To: 0.4, Games: 6, Forecast: 1.0 / 3, Won: 1.0 / 3}, u.Calibration[3])
}

// TestBacktestHasNoLookAhead changes the result of game 30 of 60: the forecasts of games 0
// to 30 are byte for byte the same, and a later game's differ.
func TestBacktestHasNoLookAhead(t *testing.T) {
	t.Parallel()
	const changed = 30
	plain := skillLadder(60, 8, 4, 1, nil)
	turned := skillLadder(60, 8, 4, 1, func(i int, scores []int) {
		if i == changed {
			for s := range scores {
				scores[s] = 100 - scores[s] // the last finishes first
			}
		}
	})
	require.NotEqual(t, plain, turned)
	_, a := backtest(t, plain)
	_, b := backtest(t, turned)
	linesA, linesB := strings.Split(a, "\n"), strings.Split(b, "\n")
	// Line 0 is "{", line 1 `"games": [`, then one line a game.
	for i := 0; i <= changed; i++ {
		require.Equal(t, linesA[2+i], linesB[2+i], "game %d is forecast from the games before it only", i)
	}
	assert.NotEqual(t, linesA[2+changed+1], linesB[2+changed+1], "the game after the change sees it")
}

func TestBacktestIsDeterministic(t *testing.T) {
	t.Parallel()
	input := skillLadder(300, 20, 4, 3, nil)
	_, a := backtest(t, input)
	_, b := backtest(t, input)
	assert.Equal(t, a, b)
}

// TestBacktestRatingsBeatUniform: on a ladder whose players really differ in skill, both the
// ARMADA ratings and OpenSkill forecast clearly better than chance (issue 40).
func TestBacktestRatingsBeatUniform(t *testing.T) {
	t.Parallel()
	out, _ := backtest(t, skillLadder(3000, 40, 4, 5, nil))
	byName := map[string]backtestModel{}
	for _, m := range out.Models {
		byName[m.Model] = m
	}
	uniform := byName["uniform"]
	for _, name := range []string{"armada", "openskill"} {
		m := byName[name]
		assert.Less(t, m.LogLoss, uniform.LogLoss-0.1, "%s log-loss", name)
		assert.Less(t, m.Brier, uniform.Brier-0.03, "%s Brier", name)
		assert.Greater(t, m.FavouriteWon, 0.4, "%s favourite won", name)
	}
	require.NotNil(t, byName["armada"].Theta)
	assert.Greater(t, *byName["armada"].Theta, 0.0, "a higher rating means a better chance")
}

// TestBacktestRefusesBadInputAsRate: backtest reads its ladder with rate's reader, so it
// refuses what rate refuses, with the same one-line error (exit 2) and nothing written.
func TestBacktestRefusesBadInputAsRate(t *testing.T) {
	t.Parallel()
	for name, input := range map[string]string{
		"empty":          ``,
		"not JSON":       `{"games":[`,
		"no games":       `{}`,
		"games not list": `{"games":{}}`,
		"missing score":  `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B"}]}}]}`,
		"unknown system": `{"games":[{"id":"g1","system":"chess","input":{}}]}`,
		"one seat":       `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1}]}}]}`,
		"a later game bad": `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B","score":2}]}},
			{"id":"g2","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"A","score":2}]}}]}`,
		"trailing data": `{"games":[]} x`,
	} {
		t.Run(name, func(t *testing.T) {
			out, err := runBacktestText(t, input)
			require.Error(t, err)
			var bad *inputError
			assert.True(t, errors.As(err, &bad), "bad input exits 2: %v", err)
			assert.Empty(t, out, "nothing written")
			assert.NotContains(t, err.Error(), "\n")
			_, rateErr := runRateText(&testing.T{}, input)
			require.Error(t, rateErr)
			assert.Equal(t, rateErr.Error(), err.Error(), "the same refusal as rate")
		})
	}
}

func TestContractBacktestBadInputExits2(t *testing.T) {
	t.Parallel()
	r := runCLI(t, `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"B"}]}}]}`, "backtest")
	r.assertBadInput(t, "games[0].input.players[1].score")
}

func TestBacktestOfNoGames(t *testing.T) {
	t.Parallel()
	out, text := backtest(t, `{"games":[]}`)
	assert.Empty(t, out.Games)
	require.Len(t, out.Models, 3)
	assert.Contains(t, text, `"games": []`)
}

// BenchmarkBacktestMillionGames back-tests the ladder BenchmarkRateMillionGames rates
// (1,000,000 4-player games among 1,000 players) and rates it too, in the same run, so the
// ratio of the two (issue 40: "of the same order as rate") is measured on the same machine
// at the same moment: backtest-s and rate-s are each command's seconds, ratio their quotient.
func BenchmarkBacktestMillionGames(b *testing.B) {
	path := filepath.Join(b.TempDir(), "ladder.json")
	writeLadder(b, path, benchGames)
	b.ResetTimer()
	var rateTime, backtestTime time.Duration
	for range b.N {
		for _, cmd := range []struct {
			run  func([]string, io.Reader, io.Writer) error
			took *time.Duration
		}{{runRate, &rateTime}, {runBacktest, &backtestTime}} {
			f, err := os.Open(path)
			if err != nil {
				b.Fatal(err)
			}
			start := time.Now()
			if err := cmd.run(nil, f, io.Discard); err != nil {
				b.Fatal(err)
			}
			*cmd.took += time.Since(start)
			f.Close()
		}
	}
	b.ReportMetric(rateTime.Seconds()/float64(b.N), "rate-s")
	b.ReportMetric(backtestTime.Seconds()/float64(b.N), "backtest-s")
	b.ReportMetric(backtestTime.Seconds()/rateTime.Seconds(), "ratio")
}
