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
	"net/mail"
	"net/url"
	"os"
	"strconv"
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/sweep"
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
	// DatabasePoolSize is the most connections the server opens to the database
	// (TABLESTAKES_DB_POOL_SIZE, default defaultPoolSize).
	DatabasePoolSize int32
	// DatabaseReadURL is an optional read-only copy of the database, such as a streaming
	// replica, for anonymous reads (DATABASE_READ_URL).
	DatabaseReadURL string
	// Web is the web layer's deployment settings (TABLESTAKES_SECURE_COOKIES,
	// TABLESTAKES_TRUST_PROXY, TABLESTAKES_SMTP_*, TABLESTAKES_BASE_URL,
	// TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES).
	Web web.Config
	// Notify is the notification worker's: the same SMTP server, base address and
	// webhook addresses as Web's.
	Notify notify.Config
	// LogJSON writes the logs as JSON lines instead of logfmt (TABLESTAKES_LOG_FORMAT=json).
	LogJSON bool
	// LogLevel is the least severe level logged (TABLESTAKES_LOG_LEVEL: debug, info, warn
	// or error; default info). Debug adds each connection starting a request and the moment
	// a shutdown has stopped listening.
	LogLevel slog.Level
	// ShutdownTimeout bounds how long SIGTERM waits for in-flight requests.
	ShutdownTimeout time.Duration
}

// defaultPoolSize is the database connections a server opens by default: room for requests
// beside River's background work (its listener, fetches and jobs) and the cache's listener,
// well within
// Postgres's default of 100 connections for a few servers.
const defaultPoolSize = 10

// loadServeConfig reads the flags in args and the environment through getenv.
func loadServeConfig(cmd string, args []string, getenv func(string) string) (serveConfig, error) {
	cfg := serveConfig{
		DatabaseURL:      store.DefaultDatabaseURL,
		DatabasePoolSize: defaultPoolSize,
		ShutdownTimeout:  15 * time.Second,
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
	cfg.DatabaseReadURL = getenv("DATABASE_READ_URL")
	if v := getenv("TABLESTAKES_DB_POOL_SIZE"); v != "" {
		n, err := strconv.ParseInt(v, 10, 32)
		if err != nil || n < 2 || n > 1000 {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_DB_POOL_SIZE: want a number of connections from 2 to 1000, got %q", v))
		}
		cfg.DatabasePoolSize = int32(n)
	}
	for _, b := range []struct {
		name string
		dst  *bool
	}{
		{"TABLESTAKES_SECURE_COOKIES", &cfg.Web.SecureCookies},
		{"TABLESTAKES_TRUST_PROXY", &cfg.Web.TrustProxy},
		{"TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES", &cfg.Web.WebhooksToPrivateAddresses},
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
	cfg.Web.Mail = email.Config{
		Addr:     getenv("TABLESTAKES_SMTP_ADDR"),
		From:     getenv("TABLESTAKES_SMTP_FROM"),
		Username: getenv("TABLESTAKES_SMTP_USERNAME"),
		Password: getenv("TABLESTAKES_SMTP_PASSWORD"),
	}
	if cfg.Web.Mail.Addr != "" {
		if _, _, err := net.SplitHostPort(cfg.Web.Mail.Addr); err != nil {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_SMTP_ADDR: want HOST:PORT, got %q", cfg.Web.Mail.Addr))
		}
		if _, err := mail.ParseAddress(cfg.Web.Mail.From); err != nil {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_SMTP_FROM: want the sender's e-mail address, got %q", cfg.Web.Mail.From))
		}
	}
	cfg.Web.BaseURL = email.DefaultBaseURL
	if v := getenv("TABLESTAKES_BASE_URL"); v != "" {
		u, err := url.Parse(v)
		if err != nil || (u.Scheme != "http" && u.Scheme != "https") || u.Host == "" || u.RawQuery != "" || u.Fragment != "" {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_BASE_URL: want an http(s) address such as https://club.example, got %q", v))
		}
		cfg.Web.BaseURL = strings.TrimRight(v, "/")
	}
	for _, l := range []struct {
		name string
		dst  *web.Limit
	}{
		{"TABLESTAKES_LIMIT_SIGNUP", &cfg.Web.SignupPerIP},
		{"TABLESTAKES_LIMIT_LOGIN_ADDRESS", &cfg.Web.LoginPerIP},
		{"TABLESTAKES_LIMIT_LOGIN_ADDRESS_USER", &cfg.Web.LoginPerUser},
		{"TABLESTAKES_LIMIT_LOGIN_VENUE", &cfg.Web.LoginPerVenue},
		{"TABLESTAKES_LIMIT_LOGIN_ACCOUNT", &cfg.Web.LoginPerAccount},
	} {
		v := getenv(l.name)
		if v == "" {
			continue
		}
		lim, err := parseLimit(v)
		if err != nil {
			return cfg, badInput(fmt.Errorf("%s: %w", l.name, err))
		}
		*l.dst = lim
	}
	if v := getenv("TABLESTAKES_REQUEST_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < 100*time.Millisecond {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_REQUEST_TIMEOUT: want a duration of at least 100ms such as 10s, got %q", v))
		}
		cfg.Web.RequestTimeout = d
	}
	if v := getenv("TABLESTAKES_SESSION_IDLE_TIMEOUT"); v != "" {
		d, err := time.ParseDuration(v)
		if err != nil || d < time.Minute {
			return cfg, badInput(fmt.Errorf("TABLESTAKES_SESSION_IDLE_TIMEOUT: want a duration of at least 1m such as 12h, got %q", v))
		}
		cfg.Web.SessionIdleTimeout = d
	}
	cfg.Notify = notify.Config{Mail: cfg.Web.Mail, BaseURL: cfg.Web.BaseURL,
		WebhooksToPrivateAddresses: cfg.Web.WebhooksToPrivateAddresses}
	switch v := getenv("TABLESTAKES_LOG_FORMAT"); v {
	case "", "text":
	case "json":
		cfg.LogJSON = true
	default:
		return cfg, badInput(fmt.Errorf("TABLESTAKES_LOG_FORMAT: want text or json, got %q", v))
	}
	levels := map[string]slog.Level{"": slog.LevelInfo, "debug": slog.LevelDebug, "info": slog.LevelInfo,
		"warn": slog.LevelWarn, "error": slog.LevelError}
	level, ok := levels[getenv("TABLESTAKES_LOG_LEVEL")]
	if !ok {
		return cfg, badInput(fmt.Errorf("TABLESTAKES_LOG_LEVEL: want debug, info, warn or error, got %q", getenv("TABLESTAKES_LOG_LEVEL")))
	}
	cfg.LogLevel = level
	return cfg, nil
}

// parseLimit reads a rate limit written "N/PERIOD": 40/1h is 40 an hour, 5/1m five a minute.
func parseLimit(v string) (web.Limit, error) {
	n, per, ok := strings.Cut(v, "/")
	attempts, err := strconv.Atoi(n)
	if !ok || err != nil || attempts < 1 {
		return web.Limit{}, fmt.Errorf("want a number of attempts and a period such as 40/1h, got %q", v)
	}
	d, err := time.ParseDuration(per)
	if err != nil || d < time.Second {
		return web.Limit{}, fmt.Errorf("want a period of at least 1s such as 1h or 10m after the slash, got %q", v)
	}
	return web.Limit{Attempts: attempts, Per: d}, nil
}

// newLogger returns the structured logger the configuration asks for, writing to w.
func (cfg serveConfig) newLogger(w io.Writer) *slog.Logger {
	opts := &slog.HandlerOptions{Level: cfg.LogLevel}
	if cfg.LogJSON {
		return slog.New(slog.NewJSONHandler(w, opts))
	}
	return slog.New(slog.NewTextHandler(w, opts))
}

// runServe serves the web app and the JSON API (CONTRACT section 0) until ctx ends
// (SIGTERM or interrupt), then drains in-flight requests and returns nil. Logs go to
// standard error.
func runServe(ctx context.Context, args []string, _ io.Writer) error {
	cfg, err := loadServeConfig("serve", args, os.Getenv)
	if err != nil {
		return err
	}
	return serve(ctx, cfg, cfg.newLogger(os.Stderr))
}

// serve runs the server described by cfg until ctx ends.
func serve(ctx context.Context, cfg serveConfig, logger *slog.Logger) error {
	// The sessions' timeouts sit below the request's, so a locked table fails a request
	// with a 503 instead of holding the pool (trust review 4, finding 4).
	sessions := web.DatabaseSessions(cfg.DatabasePoolSize, cfg.Web.RequestTimeout)
	st, err := store.Open(ctx, cfg.DatabaseURL, store.WithSessions(sessions))
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer st.Close()
	// A database from an older release has its ladders brought up to date before it is served.
	if err := service.NewLadders(st).Upgrade(ctx); err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	if cfg.Demo {
		seeded, err := demo.Seed(ctx, st)
		if err != nil {
			return fmt.Errorf("serve: %w", err)
		}
		if seeded {
			logger.Info("seeded demo data", "password", demo.Password)
		}
	}

	// The cache of public pages listens for every server's writes on this database.
	handler := web.New(st, logger, cfg.Web)
	// The background work runs on River beside the HTTP server: every server delivers
	// notifications (the database hands each delivery to one of them), and the elected
	// leader runs the sweeps. River stops gracefully once the server has drained.
	stopBackground, err := startBackground(ctx, st, logger, cfg, handler)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	defer stopBackground()

	if cfg.DatabaseReadURL != "" {
		// A replica is read-only: nothing is created or migrated there.
		readPool, err := store.ConnectWith(ctx, cfg.DatabaseReadURL, sessions)
		if err != nil {
			return fmt.Errorf("serve: DATABASE_READ_URL: %w", err)
		}
		defer readPool.Close()
		handler.ReadFrom(store.New(readPool))
	}
	stopListening := background(ctx, handler.ListenForWrites)
	defer stopListening()

	srv := &http.Server{
		Handler:           handler.Routes(),
		ReadHeaderTimeout: 10 * time.Second,
		ReadTimeout:       30 * time.Second,
		WriteTimeout:      60 * time.Second,
		IdleTimeout:       2 * time.Minute,
		ErrorLog:          slog.NewLogLogger(logger.Handler(), slog.LevelWarn),
		// From here on a shutdown waits for the connection's request (http.StateActive).
		ConnState: func(conn net.Conn, state http.ConnState) {
			// Asked first, so that a server not at debug level formats nothing per request.
			if state == http.StateActive && logger.Enabled(context.Background(), slog.LevelDebug) {
				logger.Debug("request started", "remote", conn.RemoteAddr().String())
			}
		},
	}
	// Shutdown runs this once it has closed the listener, as it starts waiting.
	srv.RegisterOnShutdown(func() { logger.Debug("stopped listening; waiting for requests in flight") })
	ln, err := net.Listen("tcp", cfg.Addr)
	if err != nil {
		return fmt.Errorf("serve: %w", err)
	}
	logger.Info("serving", "addr", "http://"+ln.Addr().String())

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

// startBackground starts the server's River client: the notification deliveries and
// reminders (package notify) and the sweeps (package sweep) as periodic jobs of the
// elected leader. The returned stop lets the jobs in flight finish (up to 30 s) and then
// cancels them: a delivery cut off is a failed attempt, tried again by another server.
func startBackground(ctx context.Context, st *store.Store, logger *slog.Logger, cfg serveConfig, handler *web.Handler) (stop func(), err error) {
	if n, err := service.NewNotices(st).QueueLeftoverDeliveries(ctx); err != nil {
		return nil, err
	} else if n > 0 {
		logger.Info("queued deliveries written before River", "count", n)
	}
	var sweeps []sweep.Every
	for _, j := range sweep.Expired(st, time.Now) {
		sweeps = append(sweeps, sweep.Every{Period: sweep.ExpiredEvery, Job: j})
	}
	// Each result recorded is announced to every server's cache.
	sweeps = append(sweeps, sweep.Every{Period: sweep.ClosedProposalsEvery,
		Job: sweep.ClosedProposals(st, time.Now, logger, handler.Changed)})
	queues, register, periodic := sweep.Background(logger, sweeps...)
	client, err := notify.New(st, logger, cfg.Notify).NewClient(notify.Background{
		Queues: queues, Workers: register, Periodic: periodic, SoftStop: 30 * time.Second})
	if err != nil {
		return nil, err
	}
	// River's own context outlives ctx: the server stops it after draining its requests.
	if err := client.Start(context.WithoutCancel(ctx)); err != nil {
		return nil, err
	}
	return func() {
		if err := notify.Stop(client, 45*time.Second); err != nil {
			logger.Error("stop background work", "error", err.Error())
		}
	}, nil
}

// background runs work in a goroutine of its own until ctx ends or the returned stop is
// called; stop returns once the work has returned.
func background(ctx context.Context, work func(context.Context)) (stop func()) {
	ctx, cancel := context.WithCancel(ctx)
	done := make(chan struct{})
	go func() {
		defer close(done)
		work(ctx)
	}()
	return func() {
		cancel()
		<-done
	}
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
	if err := service.NewLadders(store.New(pool)).Upgrade(ctx); err != nil {
		return fmt.Errorf("migrate: %w", err)
	}
	_, err = fmt.Fprintf(stdout, "database at schema version %d\n", version)
	return err
}
