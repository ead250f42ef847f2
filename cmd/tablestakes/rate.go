package main

import (
	"errors"
	"io"
)

// runRate replays a ladder of scored games read on stdin (CONTRACT section 3).
func runRate(args []string, stdin io.Reader, stdout io.Writer) error {
	return errors.New("rate: not built yet")
}
