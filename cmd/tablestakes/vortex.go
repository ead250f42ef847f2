package main

import (
	"fmt"
	"io"

	"github.com/tablestakes/tablestakes/scoring"
)

// runVortex runs `tablestakes vortex position` (CONTRACT section 6): reads a Vortex board
// on stdin and prints every player's distance-minus-vulnerability score.
func runVortex(args []string, stdin io.Reader, stdout io.Writer) error {
	if len(args) != 1 || args[0] != "position" {
		return badInput(fmt.Errorf("vortex: want exactly the subcommand position, got %q", args))
	}
	input, err := readInput(stdin, "vortex position")
	if err != nil {
		return err
	}
	board, err := scoring.DecodeVortexBoard(input)
	if err != nil {
		return badInput(err)
	}
	pos, err := scoring.ScoreVortexPosition(board)
	if err != nil {
		return badInput(err)
	}
	if err := writeJSON(stdout, pos); err != nil {
		return fmt.Errorf("vortex position: write result: %w", err)
	}
	return nil
}
