package main

import (
	"fmt"
	"io"

	"github.com/tablestakes/tablestakes/scoring"
)

// runSupercat runs `tablestakes supercat turn` (CONTRACT section 5): reads a SUPERCAT bot's
// state on stdin and prints the deterministic start of its turn.
func runSupercat(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "turn" {
		return badInput(fmt.Errorf("supercat: want exactly the subcommand turn, got %q", args))
	}
	input, err := readInput(stdin, "supercat turn")
	if err != nil {
		return err
	}
	state, err := scoring.DecodeSupercatState(input)
	if err != nil {
		return badInput(err)
	}
	turn, err := scoring.SupercatStartTurn(state)
	if err != nil {
		return badInput(err)
	}
	if err := writeJSON(stdout, turn); err != nil {
		return fmt.Errorf("supercat turn: write result: %w", err)
	}
	return nil
}
