package main

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net/url"
	"os"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// runUser runs `tablestakes user reset-link USERNAME`: it prints a single-use link, valid
// an hour, with which the account's owner chooses a new password. It is for servers
// without mail, where an administrator hands the link over by other means.
func runUser(ctx context.Context, args []string, stdout io.Writer) error {
	if len(args) == 0 || args[0] != "reset-link" {
		return badInput(errors.New("user: want `tablestakes user reset-link USERNAME`"))
	}
	if len(args) != 2 {
		return badInput(errors.New("user reset-link: want exactly one USERNAME"))
	}
	username := args[1]
	cfg, err := loadServeConfig("user", nil, os.Getenv)
	if err != nil {
		return err
	}
	if err := store.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	pool, err := store.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	defer pool.Close()
	if _, err := store.Migrate(ctx, pool); err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	st := store.New(pool)
	if err := service.NewLadders(st).Upgrade(ctx); err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	user, err := st.UserByUsername(ctx, username)
	if errors.Is(err, store.ErrNotFound) {
		return badInput(fmt.Errorf("USERNAME: no account named %q", username))
	}
	if err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	token, err := service.NewAccounts(st).CreateResetLink(ctx, user.ID)
	if err != nil {
		return fmt.Errorf("user reset-link: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "%s/password/reset?%s\n", cfg.Web.BaseURL, url.Values{"token": {token}}.Encode())
	return err
}
