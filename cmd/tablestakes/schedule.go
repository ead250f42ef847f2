package main

import (
	"errors"
	"io"
)

// runSchedule prints a balanced league schedule (CONTRACT section 2).
func runSchedule(args []string, stdout io.Writer) error {
	return errors.New("schedule: not built yet")
}
