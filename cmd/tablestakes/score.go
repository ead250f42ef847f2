package main

import (
	"encoding/json"
	"errors"
	"fmt"
	"io"

	"github.com/tablestakes/tablestakes/scoring"
)

// maxScoreInput bounds the JSON read by `tablestakes score` (one game's result) and the
// other commands that read one document on stdin.
const maxScoreInput = 1 << 20

// runScore scores one game result read on stdin and prints the scored result
// (CONTRACT section 1): `tablestakes score SYSTEM`.
func runScore(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 1 {
		return badInput(fmt.Errorf("score: want exactly one SYSTEM (placement, blue-max, wooden-ships, vortex, armada, arcs-ambition), got %d arguments", len(args)))
	}
	system, err := scoring.ParseSystem(args[0])
	if err != nil {
		return badInput(err)
	}
	input, err := readInput(stdin, "score")
	if err != nil {
		return err
	}
	result, err := scoring.Score(system, input)
	if err != nil {
		return badInput(err)
	}
	if err := writeJSON(stdout, result); err != nil {
		return fmt.Errorf("score: write result: %w", err)
	}
	return nil
}

// readInput reads the JSON document of an offline command (cmd names it in errors) from
// stdin, refusing more than maxScoreInput bytes.
func readInput(stdin io.Reader, cmd string) ([]byte, error) {
	input, err := io.ReadAll(io.LimitReader(stdin, maxScoreInput+1))
	if err != nil {
		return nil, fmt.Errorf("%s: read stdin: %w", cmd, err)
	}
	if len(input) > maxScoreInput {
		return nil, badInput(errors.New("input: larger than 1 MiB"))
	}
	return input, nil
}

// writeJSON writes v to w as indented JSON with a final newline, the way the offline
// commands answer on stdout.
func writeJSON(w io.Writer, v any) error {
	text, err := json.MarshalIndent(v, "", "  ")
	if err != nil {
		return fmt.Errorf("encode: %w", err)
	}
	_, err = w.Write(append(text, '\n'))
	return err
}
