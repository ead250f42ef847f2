package main

import (
	"bytes"
	"encoding/json"
	"errors"
	"flag"
	"fmt"
	"io"

	"github.com/tablestakes/tablestakes/scheduler"
)

const scheduleUsage = `usage: tablestakes schedule --players N --per-game K [--seed S] [--rounds] [--games-per-player R]`

// scheduleOutput is CONTRACT section 2's output, extended with the fairness report.
type scheduleOutput struct {
	Players int              `json:"players"`
	PerGame int              `json:"per_game"`
	Games   []scheduler.Game `json:"games"`
	Report  scheduler.Report `json:"report"`
}

// runSchedule prints a balanced league schedule (CONTRACT section 2):
// `tablestakes schedule --players N --per-game K [--seed S] [--rounds] [--games-per-player R]`.
func runSchedule(args []string, stdout io.Writer) error {
	fs := flag.NewFlagSet("schedule", flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	players := fs.Int("players", 0, "number of players N (2..32)")
	perGame := fs.Int("per-game", 0, "players per game K (2..N)")
	seed := fs.Uint64("seed", 0, "seed: the same flags give the same schedule")
	rounds := fs.Bool("rounds", false, "group the games into rounds in which nobody plays twice")
	gamesPerPlayer := fs.Int("games-per-player", 0, "games per player R, a multiple of K (default: the league table for N = 8)")
	if err := fs.Parse(args); err != nil {
		if errors.Is(err, flag.ErrHelp) {
			_, err := fmt.Fprintln(stdout, scheduleUsage)
			return err
		}
		return badInput(fmt.Errorf("schedule: %w", err))
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
	if set["games-per-player"] && *gamesPerPlayer <= 0 {
		return badInput(fmt.Errorf("games-per-player: must be positive, got %d", *gamesPerPlayer))
	}

	s, err := scheduler.Build(scheduler.Options{
		Players:        *players,
		PerGame:        *perGame,
		GamesPerPlayer: *gamesPerPlayer,
		Seed:           *seed,
		Rounds:         *rounds,
	})
	if err != nil {
		var bad *scheduler.OptionError
		if errors.As(err, &bad) {
			return badInput(err)
		}
		return fmt.Errorf("schedule: %w", err)
	}
	out, err := encodeSchedule(scheduleOutput{
		Players: s.Players,
		PerGame: s.PerGame,
		Games:   s.Games,
		Report:  scheduler.Fairness(s),
	})
	if err != nil {
		return fmt.Errorf("schedule: encode: %w", err)
	}
	if _, err := stdout.Write(out); err != nil {
		return fmt.Errorf("schedule: write: %w", err)
	}
	return nil
}

// encodeSchedule writes the schedule as JSON with one game per line, so that a league
// reads (and diffs) game by game; the report follows on one line.
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
	b.WriteString("\n  ],\n  \"report\": ")
	b.Write(report)
	b.WriteString("\n}\n")
	return b.Bytes(), nil
}
