package main

import (
	"bufio"
	"encoding/json"
	"fmt"
	"io"
	"math"
	"os"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/forecast"
	"github.com/tablestakes/tablestakes/rating"
)

// backtestModel is one model's figures in the output of `tablestakes backtest` (CONTRACT
// section 11), plus how many games were forecast and, for armada, the scale θ last fitted.
type backtestModel struct {
	Model        string              `json:"model"`
	Games        int                 `json:"games"`
	LogLoss      float64             `json:"log_loss"`
	Brier        float64             `json:"brier"`
	FavouriteWon float64             `json:"favourite_won"`
	Calibration  []calibrationBucket `json:"calibration"`
	Theta        *float64            `json:"theta,omitempty"`
}

// calibrationBucket is one tenth of the calibration table.
type calibrationBucket struct {
	From     float64 `json:"from"`
	To       float64 `json:"to"`
	Games    int     `json:"games"`
	Forecast float64 `json:"forecast"`
	Won      float64 `json:"won"`
}

// runBacktest replays a ladder read on stdin, as `rate` reads it, and prints every game's
// chances by model and each model's figures (CONTRACT section 11): `tablestakes backtest`.
// Each game is forecast from the ratings and results of the games before it only
// (forecast.Backtest), then rated on the ladder. The games' lines go to a spool file as they
// are made and are copied out once every game has rated, so bad input writes nothing.
func runBacktest(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 0 {
		return badInput(fmt.Errorf("backtest: takes no arguments, got %q", strings.Join(args, " ")))
	}
	spool, err := os.CreateTemp("", "tablestakes-backtest-*.spool")
	if err != nil {
		return fmt.Errorf("backtest: spool: %w", err)
	}
	defer func() {
		// The spool is scratch: once the output is written (or refused) it is no use.
		spool.Close()
		os.Remove(spool.Name())
	}()
	lines := bufio.NewWriterSize(spool, 1<<20)
	bt := backtestReplay{ladder: rating.NewLadder(), test: forecast.NewBacktest(), out: lines}
	if err := replayLadder(bufio.NewReaderSize(stdin, 1<<20), bt.apply); err != nil {
		return err
	}
	if err := lines.Flush(); err != nil {
		return fmt.Errorf("backtest: spool: %w", err)
	}
	if _, err := spool.Seek(0, io.SeekStart); err != nil {
		return fmt.Errorf("backtest: spool: %w", err)
	}
	out := bufio.NewWriterSize(stdout, 1<<20)
	out.WriteString("{\n  \"games\": [")
	if _, err := io.Copy(out, spool); err != nil {
		return fmt.Errorf("backtest: spool: %w", err)
	}
	if bt.games > 0 {
		out.WriteString("\n  ")
	}
	out.WriteString("],\n  \"models\": [")
	for i, s := range bt.test.Summaries() {
		m := backtestModel{Model: s.Model, Games: s.Games, LogLoss: s.LogLoss, Brier: s.Brier, FavouriteWon: s.FavouriteWon}
		for _, b := range s.Calibration {
			m.Calibration = append(m.Calibration, calibrationBucket(b))
		}
		if s.Model == "armada" {
			theta := bt.test.Armada().Theta()
			m.Theta = &theta
		}
		line, err := json.Marshal(m)
		if err != nil {
			return fmt.Errorf("backtest: %s: %w", s.Model, err)
		}
		if i > 0 {
			out.WriteString(",")
		}
		out.WriteString("\n    ")
		out.Write(line)
	}
	out.WriteString("\n  ]\n}\n")
	if err := out.Flush(); err != nil {
		return fmt.Errorf("backtest: write: %w", err)
	}
	return nil
}

// backtestReplay is one back-test of a ladder: the ladder rating the games, the models
// forecasting them, and the games' lines written so far.
type backtestReplay struct {
	ladder *rating.Ladder
	test   *forecast.Backtest
	out    *bufio.Writer
	games  int
	// table and line are working space for one game.
	table forecast.Table
	line  []byte
}

// apply forecasts the next game from the ladder as it stands, writes its line, then rates it.
func (b *backtestReplay) apply(g scoredGame) error {
	// The game is checked before any model sees it, so a refused game teaches nothing.
	if err := g.game.Validate(); err != nil {
		return rateError(b.games, g.game, err)
	}
	b.table.Players, b.table.Ratings = b.table.Players[:0], b.table.Ratings[:0]
	for _, s := range g.game.Seats {
		b.table.Players = append(b.table.Players, s.Player)
		b.table.Ratings = append(b.table.Ratings, b.ladder.Rating(s.Player))
	}
	chances := b.test.Play(b.table, forecast.Places(g.game))
	if _, err := b.ladder.Apply(g.game); err != nil {
		return rateError(b.games, g.game, err)
	}
	b.line = b.line[:0]
	if b.games > 0 {
		b.line = append(b.line, ',')
	}
	b.line = append(b.line, "\n    {\"id\": "...)
	b.line = appendJSONString(b.line, g.game.ID)
	b.line = append(b.line, ", \"forecasts\": {"...)
	for m, model := range b.test.Models() {
		if m > 0 {
			b.line = append(b.line, ", "...)
		}
		b.line = appendJSONString(b.line, model.Name())
		b.line = append(b.line, ": ["...)
		for i, p := range b.table.Players {
			if i > 0 {
				b.line = append(b.line, ", "...)
			}
			b.line = append(b.line, "{\"id\": "...)
			b.line = appendJSONString(b.line, p)
			b.line = append(b.line, ", \"win\": "...)
			b.line = appendJSONFloat(b.line, chances[m][i])
			b.line = append(b.line, '}')
		}
		b.line = append(b.line, ']')
	}
	b.line = append(b.line, "}}"...)
	if _, err := b.out.Write(b.line); err != nil {
		return fmt.Errorf("backtest: spool: %w", err)
	}
	b.games++
	return nil
}

// appendJSONFloat appends f as encoding/json writes a float64: the shortest decimal that
// reads back as f, in exponent form only below 1e-6 or from 1e21.
func appendJSONFloat(b []byte, f float64) []byte {
	if math.IsNaN(f) || math.IsInf(f, 0) {
		panic(fmt.Sprintf("backtest: a chance is always a finite number, got %v", f))
	}
	format := byte('f')
	if a := math.Abs(f); a != 0 && (a < 1e-6 || a >= 1e21) {
		format = 'e'
	}
	n := len(b)
	b = strconv.AppendFloat(b, f, format, -1, 64)
	if format == 'e' {
		// clean up e-09 to e-9, as encoding/json does
		if m := len(b) - n; m >= 4 && b[len(b)-4] == 'e' && b[len(b)-3] == '-' && b[len(b)-2] == '0' {
			b[len(b)-2] = b[len(b)-1]
			b = b[:len(b)-1]
		}
	}
	return b
}
