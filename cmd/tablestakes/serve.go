package main

import (
	"context"
	"errors"
	"io"
)

// runServe serves the web app and the JSON API (CONTRACT section 0).
func runServe(ctx context.Context, args []string, stdout io.Writer) error {
	return errors.New("serve: not built yet")
}

// runMigrate applies pending migrations and exits (CONTRACT section 0).
func runMigrate(ctx context.Context, args []string, stdout io.Writer) error {
	return errors.New("migrate: not built yet")
}
