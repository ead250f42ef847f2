package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"os/exec"
	"strconv"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scheduler"
)

// runScheduleText runs `tablestakes schedule ARGS...` and returns stdout.
func runScheduleText(t *testing.T, args ...string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), append([]string{"schedule"}, args...), strings.NewReader(""), &out)
	return out.String(), err
}

// contractSchedule is CONTRACT section 2's output, read strictly.
type contractSchedule struct {
	Players int `json:"players"`
	PerGame int `json:"per_game"`
	Games   []struct {
		Number int   `json:"number"`
		Round  int   `json:"round"`
		Seats  []int `json:"seats"`
	} `json:"games"`
	Report scheduler.Report `json:"report"`
	Floor  scheduler.Floor  `json:"floor"`
}

// TestScheduleCommandLeagueTable runs the seed's table through the command: game counts
// 56, 24, 32, 40, 24, 24, 16 for k = 2..8, plain and in rounds.
func TestScheduleCommandLeagueTable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		perGame, games, rounds int
	}{
		{2, 56, 14}, {3, 24, 12}, {4, 32, 16}, {5, 40, 40}, {6, 24, 24}, {7, 24, 24}, {8, 16, 16},
	} {
		for _, withRounds := range []bool{false, true} {
			args := []string{"--players", "8", "--per-game", fmt.Sprint(tc.perGame), "--seed", "11"}
			if withRounds {
				args = append(args, "--rounds")
			}
			t.Run(strings.Join(args, " "), func(t *testing.T) {
				out, err := runScheduleText(t, args...)
				require.NoError(t, err)

				// The top level holds exactly the contract's keys plus "report" and "floor".
				var top map[string]json.RawMessage
				require.NoError(t, json.Unmarshal([]byte(out), &top))
				keys := make([]string, 0, len(top))
				for k := range top {
					keys = append(keys, k)
				}
				assert.ElementsMatch(t, []string{"players", "per_game", "games", "report", "floor"}, keys)
				var games []map[string]json.RawMessage
				require.NoError(t, json.Unmarshal(top["games"], &games))
				for _, g := range games {
					assert.Len(t, g, 3)
					for _, k := range []string{"number", "round", "seats"} {
						assert.Contains(t, g, k)
					}
				}

				var s contractSchedule
				dec := json.NewDecoder(strings.NewReader(out))
				dec.DisallowUnknownFields()
				require.NoError(t, dec.Decode(&s))
				assert.Equal(t, 8, s.Players)
				assert.Equal(t, tc.perGame, s.PerGame)
				require.Len(t, s.Games, tc.games)
				for i, g := range s.Games {
					assert.Equal(t, i+1, g.Number)
					assert.Len(t, g.Seats, tc.perGame)
				}
				last := s.Games[len(s.Games)-1].Round
				if withRounds {
					assert.Equal(t, tc.rounds, last)
				} else {
					assert.Equal(t, tc.games, last, "without --rounds every game is its own round")
				}
				assert.Equal(t, tc.games, s.Report.Games)
				assert.LessOrEqual(t, s.Report.Spread, 2)
			})
		}
	}
}

func TestScheduleCommandIsByteIdentical(t *testing.T) {
	t.Parallel()
	args := []string{"--players", "8", "--per-game", "5", "--seed", "2026", "--rounds"}
	a, err := runScheduleText(t, args...)
	require.NoError(t, err)
	b, err := runScheduleText(t, args...)
	require.NoError(t, err)
	assert.Equal(t, a, b)

	// Flag order does not matter; the seed does.
	c, err := runScheduleText(t, "--rounds", "--seed", "2026", "--per-game", "5", "--players", "8")
	require.NoError(t, err)
	assert.Equal(t, a, c)
	d, err := runScheduleText(t, "--players", "8", "--per-game", "5", "--seed", "2027", "--rounds")
	require.NoError(t, err)
	assert.NotEqual(t, a, d)
}

// TestScheduleCommandFloor checks the floor the command prints beside the report, and
// that rounds of several tables, which go through the annealing search, come out
// byte-identical for the same flags.
func TestScheduleCommandFloor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		args   []string
		floor  scheduler.Floor
		spread int
	}{
		{[]string{"--players", "8", "--per-game", "4"}, scheduler.Floor{Spread: 1, Reason: scheduler.FloorArithmetic}, 1},
		{[]string{"--players", "8", "--per-game", "4", "--rounds"}, scheduler.Floor{Spread: 2, Reason: scheduler.FloorParity}, 2},
		{[]string{"--players", "10", "--per-game", "5", "--rounds"}, scheduler.Floor{Spread: 3, Reason: scheduler.FloorExhaustive}, 3},
		{[]string{"--players", "12", "--per-game", "6", "--rounds", "--seed", "4"}, scheduler.Floor{Spread: 2, Reason: scheduler.FloorParity}, 2},
	} {
		t.Run(strings.Join(tc.args, " "), func(t *testing.T) {
			out, err := runScheduleText(t, tc.args...)
			require.NoError(t, err)
			var s contractSchedule
			dec := json.NewDecoder(strings.NewReader(out))
			dec.DisallowUnknownFields()
			require.NoError(t, dec.Decode(&s))
			assert.Equal(t, tc.floor, s.Floor)
			assert.Equal(t, tc.spread, s.Report.Spread)
			again, err := runScheduleText(t, tc.args...)
			require.NoError(t, err)
			assert.Equal(t, out, again)
		})
	}
}

func TestScheduleCommandGamesPerPlayer(t *testing.T) {
	t.Parallel()
	out, err := runScheduleText(t, "--players", "12", "--per-game", "4", "--games-per-player", "8")
	require.NoError(t, err)
	var s contractSchedule
	require.NoError(t, json.Unmarshal([]byte(out), &s))
	assert.Len(t, s.Games, 24)
	for _, n := range s.Report.PlayerGames {
		assert.Equal(t, 8, n)
	}
}

// TestScheduleCommandBeyondTheTable reports the spread against its lower bound for
// larger leagues: 31 players 15 per game meet equally often (the Paley difference
// set), 22 players 7 per game reach 2 where the bound is 0 (no 2-(22,7,2) design
// exists, and spread 1 cannot occur with a whole mean), 26 players 12 per game stay
// within 1 of the bound 1.
func TestScheduleCommandBeyondTheTable(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		players, perGame, bound, spread int
	}{
		{31, 15, 0, 0}, {22, 7, 0, 2}, {26, 12, 1, 2},
	} {
		out, err := runScheduleText(t, "--players", strconv.Itoa(tc.players), "--per-game", strconv.Itoa(tc.perGame), "--seed", "5")
		require.NoError(t, err)
		var s contractSchedule
		require.NoError(t, json.Unmarshal([]byte(out), &s))
		assert.Len(t, s.Games, tc.players, "N=%d k=%d: k games each, N games", tc.players, tc.perGame)
		assert.Equal(t, tc.bound, s.Report.SpreadLowerBound, "N=%d k=%d", tc.players, tc.perGame)
		assert.LessOrEqual(t, s.Report.Spread, tc.spread, "N=%d k=%d", tc.players, tc.perGame)
		assert.LessOrEqual(t, s.Report.Spread, s.Report.SpreadLowerBound+2)
	}
}

func TestScheduleCommandBadInput(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		args []string
		want string
	}{
		{"k below 2", []string{"--players", "8", "--per-game", "1"}, "per-game: must be at least 2"},
		{"k above N", []string{"--players", "8", "--per-game", "9"}, "per-game: 9 is more than the 8 players"},
		{"N above 32", []string{"--players", "33", "--per-game", "4"}, "players: must be between 2 and 32"},
		{"R not a multiple of k", []string{"--players", "8", "--per-game", "3", "--games-per-player", "10"}, "games-per-player: 10 is not a multiple of per-game 3"},
		{"R zero", []string{"--players", "8", "--per-game", "3", "--games-per-player", "0"}, "games-per-player: must be positive"},
		{"R too large", []string{"--players", "32", "--per-game", "2", "--games-per-player", "400"}, "games-per-player: 400 would make a league of 6400 games"},
		{"players missing", []string{"--per-game", "3"}, "players: missing"},
		{"per-game missing", []string{"--players", "8"}, "per-game: missing"},
		{"not a number", []string{"--players", "eight", "--per-game", "3"}, `players: want a whole number, got "eight"`},
		{"negative seed", []string{"--players", "8", "--per-game", "3", "--seed", "-1"}, `seed: want a whole number from 0 to 18446744073709551615, got "-1"`},
		{"unknown flag", []string{"--players", "8", "--per-game", "3", "--fast"}, "fast"},
		{"stray argument", []string{"--players", "8", "--per-game", "3", "extra"}, "unexpected argument"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			out, err := runScheduleText(t, tc.args...)
			require.Error(t, err)
			var bad *inputError
			assert.True(t, errors.As(err, &bad), "want exit status 2, got %v", err)
			assert.Contains(t, err.Error(), tc.want)
			assert.NotContains(t, err.Error(), "\n", "one line")
			assert.Empty(t, out, "nothing written on bad input")
		})
	}
}

// TestScheduleProcess runs the built binary: every 8-player schedule and a 32-player one
// come out as JSON, and bad input exits with status 2 and one line. How fast (start-up
// included, well inside 2 s each) is BenchmarkScheduleProcess's to measure: a timed
// assertion would fail on a busy machine.
func TestScheduleProcess(t *testing.T) {
	t.Parallel()
	bin := tablestakesBinary(t)

	for _, args := range scheduleProcessArgs() {
		out, err := exec.Command(bin, args...).Output()
		require.NoError(t, err, "%v", args)
		assert.True(t, json.Valid(out), "%v", args)
	}

	cmd := exec.Command(bin, "schedule", "--players", "8", "--per-game", "9")
	var stderr bytes.Buffer
	cmd.Stderr = &stderr
	err := cmd.Run()
	var exit *exec.ExitError
	require.True(t, errors.As(err, &exit))
	assert.Equal(t, 2, exit.ExitCode())
	assert.Equal(t, "tablestakes: per-game: 9 is more than the 8 players\n", stderr.String())
}

// scheduleProcessArgs are the command lines TestScheduleProcess and BenchmarkScheduleProcess
// run: every 8-player schedule, plain and in rounds, and 32 players 4 a game.
func scheduleProcessArgs() [][]string {
	var all [][]string
	for k := 2; k <= 8; k++ {
		for _, rounds := range []string{"", "--rounds"} {
			args := []string{"schedule", "--players", "8", "--per-game", fmt.Sprint(k)}
			if rounds != "" {
				args = append(args, rounds)
			}
			all = append(all, args)
		}
	}
	return append(all, []string{"schedule", "--players", "32", "--per-game", "4"})
}

// BenchmarkScheduleProcess runs the built binary on each of scheduleProcessArgs, start-up
// included; the target is well under 2 s each.
func BenchmarkScheduleProcess(b *testing.B) {
	bin := tablestakesBinary(b)
	for _, args := range scheduleProcessArgs() {
		b.Run(strings.Join(args[1:], " "), func(b *testing.B) {
			for b.Loop() {
				if err := exec.Command(bin, args...).Run(); err != nil {
					b.Fatalf("%v: %v", args, err)
				}
			}
		})
	}
}
