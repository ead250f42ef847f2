package main

import (
	"context"
	"errors"
	"flag"
	"fmt"
	"io"
	"log/slog"
	"net"
	"net/http"
	"os"
	"strconv"
	"time"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// serveConfig is everything `serve` and `migrate` read from flags and the environment,
// read once at start.
type serveConfig struct {
	// Addr is the HOST:PORT to listen on (--addr).
	Addr string
	// Demo seeds demo data into a database without accounts (--demo).
	Demo bool
	// DatabaseURL is the Postgres URL (DATABASE_URL, else the local default).
	DatabaseURL string
	// Web is the web layer's deployment settings (TABLESTAKES_SECURE_COOKIES,
	// TABLESTAKES_TRUST_PROXY).
	Web web.Config
	// ShutdownTimeout bounds how long SIGTERM waits for in-flight requests.
	ShutdownTimeout time.Duration
}

// loadServeConfig reads the flags in args and the environment through getenv.
func loadServeConfig(cmd string, args []string, getenv func(string) string) (serveConfig, error) {
	cfg := serveConfig{
		DatabaseURL:     store.DefaultDatabaseURL,
		ShutdownTimeout: 15 * time.Second,
	}
	fs := flag.NewFlagSet(cmd, flag.ContinueOnError)
	fs.SetOutput(io.Discard)
	if cmd == "serve" {
		fs.StringVar(&cfg.Addr, "addr", "127.0.0.1:8080", "HOST:PORT to listen on")
		fs.BoolVar(&cfg.Demo, "demo", false, "seed demo accounts into an empty database")
	}
	if err := fs.Parse(args); err != nil {
		return cfg, badInput(fmt.Errorf("%s: %w", cmd, err))
	}
	if fs.NArg() > 0 {
		return cfg, badInput(fmt.Errorf("%s: unexpected argument %q", cmd, fs.Arg(0)))
	}
	if cmd == "serve" {
		if _, _, err := net.SplitHostPort(cfg.Addr); err != nil {
			return cfg, badInput(fmt.Errorf("--addr: %w", err))
		}
	}
	if v := getenv("DATABASE_URL"); v != "" {
		cfg.DatabaseURL = v
	}
	for _, b := range []struct {
		name string
		dst  *bool
	}{
		{"TABLESTAKES_SECURE_COOKIES", &cfg.Web.SecureCookies},
		{"TABLESTAKES_TRUST_PROXY", &cfg.Web.TrustProxy},
	} {
		v := getenv(b.name)
		if v == "" {
			continue
		}
		on, err := strconv.ParseBool(v)
		if err != nil {
			return cfg, badInput(fmt.Errorf("%s: want true or false, got %q", b.name, v))
		}
		*b.dst = on
	}
	return cfg, nil
}

// runServe serves the web app and the JSON API (CONTRACT section 0) until ctx ends
// (SIGTERM or interrupt), then drains in-flight requests and returns nil.
func runServe(ctx context.Context, args []string, stdout io.Writer) error {
	cfg, err := loadServeConfig("serve", args, os.Getenv)
	if err != nil {
		return err
	}
	logger := slog.New(slog.NewJSONHandler(stdout, nil))
	return serve(ctx, cfg, logger, nil)
}

// serve runs the server described by cfg. When ready is not nil it receives the listening
// address once requests can be served.
func serve(ctx context.Context, cfg serveConfig, logger *slog.Logger, ready chan<- string) error {
	st, err := store.Open(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer st.Close()
	if cfg.Demo {
		seeded, err := demo.Seed(ctx, st)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		if seeded {
			logger.Info("seeded demo data", "password", demo.Password)
		}
	}

	h := web.New(st, logger, cfg.Web)
	defer h.Close()
	srv := &http.Server{
		Handler:           h.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
	}
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("serving", "addr", "http://"+ln.Addr().String())
	if ready != nil {
		ready <- ln.Addr().String()
	}

	served := make(chan error, 1)
	go func() { served <- srv.Serve(ln) }()
	select {
	case err := <-served:
		return fmt.Errorf("serve: %w", err)
	case <-ctx.Done():
	}
	logger.Info("shutting down: draining in-flight requests")
	drain, cancel := context.WithTimeout(context.Background(), cfg.ShutdownTimeout)
	defer cancel()
	if err := srv.Shutdown(drain); err != nil {
		return fmt.Errorf("serve: shut down: %w", err)
	}
	if err := <-served; !errors.Is(err, http.ErrServerClosed) {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("stopped")
	return nil
}

// runMigrate applies pending migrations and exits (CONTRACT section 0).
func runMigrate(ctx context.Context, args []string, stdout io.Writer) error {
	cfg, err := loadServeConfig("migrate", args, os.Getenv)
	if err != nil {
		return err
	}
	if err := store.EnsureDatabase(ctx, cfg.DatabaseURL); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	pool, err := store.Connect(ctx, cfg.DatabaseURL)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	defer pool.Close()
	version, err := store.Migrate(ctx, pool)
	if err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "database at schema version %d\n", version)
	return err
}
