package main

import (
	"errors"
	"io"
)

// runScore scores one game result read on stdin (CONTRACT section 1).
func runScore(args []string, stdin io.Reader, stdout io.Writer) error {
	return errors.New("score: not built yet")
}
