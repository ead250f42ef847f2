package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"
	"math"
	"strconv"

	"github.com/tablestakes/tablestakes/scheduler"
)

const scheduleUsage = `usage: tablestakes schedule --players N --per-game K [--seed S] [--rounds] [--games-per-player R]`

// scheduleOutput is CONTRACT section 2's output, extended with the fairness report and
// the least spread the shape can reach as far as it is known (and why).
type scheduleOutput struct {
	Players int              `json:"players"`
	PerGame int              `json:"per_game"`
	Games   []scheduler.Game `json:"games"`
	Report  scheduler.Report `json:"report"`
	Floor   scheduler.Floor  `json:"floor"`
}

// runSchedule prints a balanced league schedule (CONTRACT section 2):
// `tablestakes schedule --players N --per-game K [--seed S] [--rounds] [--games-per-player R]`.
// The output is the contract's JSON, one game per line, extended with "report" (the
// fairness figures of scheduler.Report) and "floor" (scheduler.SpreadFloor: the least
// opponent spread the shape can reach as far as it is known, and the reason). Without --rounds every game is its own round
// (round = number). Bad flags exit with status 2 and one line naming the flag.
func runSchedule(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	// Numbers are read as text and converted here, so that a bad one is reported as
	// "field: reason" like every other input error.
	players := fs.String("players", "", "number of players N (2..32)")
	perGame := fs.String("per-game", "", "players per game K (2..N)")
	seed := fs.String("seed", "0", "seed: the same flags give the same schedule")
	rounds := fs.Bool("rounds", false, "group the games into rounds in which nobody plays twice")
	gamesPerPlayer := fs.String("games-per-player", "", "games per player R, a multiple of K (default: the league table for N = 8)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err := fmt.Fprintln(stdout, scheduleUsage)
			return err
		}
		return badInput(fmt.Errorf("schedule: %w; %s", err, scheduleUsage))
	}
	if fs.NArg() > 0 {
		return badInput(fmt.Errorf("schedule: unexpected argument %q; %s", fs.Arg(0), scheduleUsage))
	}
	set := map[string]bool{}
	fs.Visit(func(f *flag.Flag) { set[f.Name] = true })
	for _, name := range []string{"players", "per-game"} {
		if !set[name] {
			return badInput(fmt.Errorf("%s: missing; %s", name, scheduleUsage))
		}
	}
	opts := scheduler.Options{Rounds: *rounds}
	var err error
	if opts.Players, err = wholeNumber("players", *players); err != nil {
		return badInput(err)
	}
	if opts.PerGame, err = wholeNumber("per-game", *perGame); err != nil {
		return badInput(err)
	}
	if set["games-per-player"] {
		if opts.GamesPerPlayer, err = wholeNumber("games-per-player", *gamesPerPlayer); err != nil {
			return badInput(err)
		}
		if opts.GamesPerPlayer <= 0 {
			return badInput(fmt.Errorf("games-per-player: must be positive, got %d", opts.GamesPerPlayer))
		}
	}
	if opts.Seed, err = strconv.ParseUint(*seed, 10, 64); err != nil {
		return badInput(fmt.Errorf("seed: want a whole number from 0 to %d, got %q", uint64(math.MaxUint64), *seed))
	}

	s, err := scheduler.Build(opts)
	if err != nil {
		var bad *scheduler.OptionError
		if errors.As(err, &bad) {
			return badInput(err)
		}
		return fmt.Errorf("schedule: %w", err)
	}
	floor, err := scheduler.SpreadFloor(opts)
	if err != nil {
		return fmt.Errorf("schedule: %w", err)
	}
	out, err := encodeSchedule(scheduleOutput{
		Players: s.Players,
		PerGame: s.PerGame,
		Games:   s.Games,
		Report:  scheduler.Fairness(s),
		Floor:   floor,
	})
	if err != nil {
		return fmt.Errorf("schedule: encode: %w", err)
	}
	if _, err := stdout.Write(out); err != nil {
		return fmt.Errorf("schedule: write: %w", err)
	}
	return nil
}

// wholeNumber reads a whole-number flag value.
func wholeNumber(field, text string) (int, error) {
	n, err := strconv.Atoi(text)
	if err != nil {
		return 0, fmt.Errorf("%s: want a whole number, got %q", field, text)
	}
	return n, nil
}

// encodeSchedule writes the schedule as JSON with one game per line, so that a league
// reads (and diffs) game by game; the report and the floor follow on a line each.
func encodeSchedule(o scheduleOutput) ([]byte, error) {
	var b bytes.Buffer
	fmt.Fprintf(&b, "{\n  \"players\": %d,\n  \"per_game\": %d,\n  \"games\": [", o.Players, o.PerGame)
	for i, g := range o.Games {
		line, err := json.Marshal(g)
		if err != nil {
			return nil, err
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString("\n    ")
		b.Write(line)
	}
	report, err := json.Marshal(o.Report)
	if err != nil {
		return nil, err
	}
	floor, err := json.Marshal(o.Floor)
	if err != nil {
		return nil, err
	}
	b.WriteString("\n  ],\n  \"report\": ")
	b.Write(report)
	b.WriteString(",\n  \"floor\": ")
	b.Write(floor)
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}
