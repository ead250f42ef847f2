// Package store is TableStakes' only door to Postgres: every SQL statement lives here, next
// to the method that runs it.
package store

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"net/url"
	"strconv"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"
	"github.com/jackc/pgx/v5/pgxpool"
	"golang.org/x/crypto/bcrypt"

	"github.com/tablestakes/tablestakes/league"
)

// DefaultDatabaseURL is the local Postgres TableStakes uses when DATABASE_URL is not set.
const DefaultDatabaseURL = "postgres://postgres@127.0.0.1:5432/tablestakes?sslmode=disable"

// ErrNotFound reports that the row asked for does not exist, or is not shown to the caller
// (league.ErrNotFound).
var ErrNotFound = league.ErrNotFound

// ErrConflict is what errors.Is matches for every write refused because it clashes with
// existing data (see Conflict).
var ErrConflict = league.ErrConflict

// Conflict is a write refused because it clashes with existing data or with the league's
// rules. Reason is a short message safe to show the user, naming the field when there is
// one ("username: already taken"). It is the league's refusal type (league.Conflict), so
// the rules decided in package league reach the web as every other conflict does.
type Conflict = league.Conflict

// Store is TableStakes' data access: one Postgres connection pool and the queries that use it.
type Store struct {
	pool         *pgxpool.Pool
	passwordCost int
	// passwords makes and checks the password hashes (WithPasswordHasher; bcrypt).
	passwords PasswordHasher
	// dummyHash is compared against for a log-in without an account (unknownUserHash).
	dummyHash []byte
	// sessions is how Open sets up the pool's connections (WithSessions).
	sessions Sessions
	// health is the connection the health check pings on, outside the pool (PingAlone).
	health *healthConn
}

// Sessions is how the app's connections to the database are set up: a database that hangs
// (a table locked, a query stuck) must fail a request before the request's own deadline and
// hold no more than the pool (trust review 4, finding 4).
type Sessions struct {
	// MaxConns is the pool's size; 0 keeps pgx's default (the larger of 4 and the CPUs).
	MaxConns int32
	// StatementTimeout and LockTimeout are every session's statement_timeout and
	// lock_timeout; 0 sets none.
	StatementTimeout, LockTimeout time.Duration
}

// WithSessions sets up the connections Open makes (the migrations run without its timeouts:
// a migration may rightly take longer than a request).
func WithSessions(sessions Sessions) Option {
	return func(s *Store) { s.sessions = sessions }
}

// Option adjusts a Store when it is made.
type Option func(*Store)

// WithPasswordCost sets the bcrypt cost of new password hashes (default bcrypt.DefaultCost).
// Tests use bcrypt.MinCost to stay fast.
func WithPasswordCost(cost int) Option {
	return func(s *Store) { s.passwordCost = cost }
}

// PasswordHasher makes and checks the bcrypt hashes a Store keeps of passwords. Outside
// tests it is always Bcrypt; tests set one that does the same work once per test process
// (storetest), because the race detector makes every bcrypt hash cost about a hundred
// times more.
type PasswordHasher interface {
	// Hash is a bcrypt hash of password at cost.
	Hash(password []byte, cost int) ([]byte, error)
	// Compare is nil when hash was made from password, and
	// bcrypt.ErrMismatchedHashAndPassword (or another error) when not.
	Compare(hash, password []byte) error
}

// Bcrypt is the PasswordHasher of every Store that sets no other: bcrypt itself.
type Bcrypt struct{}

// Hash is bcrypt.GenerateFromPassword.
func (Bcrypt) Hash(password []byte, cost int) ([]byte, error) {
	return bcrypt.GenerateFromPassword(password, cost)
}

// Compare is bcrypt.CompareHashAndPassword.
func (Bcrypt) Compare(hash, password []byte) error {
	return bcrypt.CompareHashAndPassword(hash, password)
}

// WithPasswordHasher sets what makes and checks password hashes (default Bcrypt). Only
// tests set it.
func WithPasswordHasher(h PasswordHasher) Option {
	return func(s *Store) { s.passwords = h }
}

// New returns a Store on an open pool. The caller keeps ownership of the pool.
func New(pool *pgxpool.Pool, opts ...Option) *Store {
	s := &Store{pool: pool, passwordCost: bcrypt.DefaultCost, passwords: Bcrypt{}, health: &healthConn{turn: make(chan struct{}, 1)}}
	for _, opt := range opts {
		opt(s)
	}
	s.dummyHash = unknownUserHash(s.passwords, s.passwordCost)
	return s
}

// Open connects to databaseURL, creating the database if it does not exist yet, and applies
// the embedded migrations. It refuses a database whose schema is newer than this binary
// knows (ErrSchemaTooNew). Close the Store when done.
func Open(ctx context.Context, databaseURL string, opts ...Option) (*Store, error) {
	if err := EnsureDatabase(ctx, databaseURL); err != nil {
		return nil, err
	}
	var settings Store
	for _, opt := range opts {
		opt(&settings)
	}
	if err := migrateAlone(ctx, databaseURL); err != nil {
		return nil, err
	}
	pool, err := ConnectWith(ctx, databaseURL, settings.sessions)
	if err != nil {
		return nil, err
	}
	return New(pool, opts...), nil
}

// migrateAlone applies the migrations on a pool of its own, closed after, whose sessions
// have no timeouts.
func migrateAlone(ctx context.Context, databaseURL string) error {
	pool, err := Connect(ctx, databaseURL)
	if err != nil {
		return err
	}
	defer pool.Close()
	_, err = Migrate(ctx, pool)
	return err
}

// Connect opens a connection pool on databaseURL and checks that the database answers.
// Its sessions run with Postgres' JIT compilation off: the app's queries are short, and
// on a database whose statistics are stale the planner's cost estimate can make Postgres
// compile one for seconds (issue #38: 3.3 s for the player page's query).
func Connect(ctx context.Context, databaseURL string) (*pgxpool.Pool, error) {
	return ConnectWith(ctx, databaseURL, Sessions{})
}

// ConnectWith opens a connection pool on databaseURL whose connections are set up as
// sessions says (JIT off unless the URL sets it, as Connect), and checks that the database
// answers.
func ConnectWith(ctx context.Context, databaseURL string, sessions Sessions) (*pgxpool.Pool, error) {
	cfg, err := pgxpool.ParseConfig(databaseURL)
	if err != nil {
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	if _, set := cfg.ConnConfig.RuntimeParams["jit"]; !set {
		cfg.ConnConfig.RuntimeParams["jit"] = "off"
	}
	if sessions.MaxConns > 0 {
		cfg.MaxConns = sessions.MaxConns
	}
	for name, d := range map[string]time.Duration{
		"statement_timeout": sessions.StatementTimeout,
		"lock_timeout":      sessions.LockTimeout,
	} {
		if d > 0 {
			cfg.ConnConfig.RuntimeParams[name] = strconv.FormatInt(max(1, d.Milliseconds()), 10)
		}
	}
	pool, err := pgxpool.NewWithConfig(ctx, cfg)
	if err != nil {
		return nil, fmt.Errorf("store: connect: %w", err)
	}
	if err := pool.Ping(ctx); err != nil {
		pool.Close()
		return nil, fmt.Errorf("store: connect to %s: %w", redact(databaseURL), err)
	}
	return pool, nil
}

// Close releases the Store's connections, the health check's too.
func (s *Store) Close() {
	s.pool.Close()
	s.health.turn <- struct{}{}
	if s.health.conn != nil {
		// Close only says goodbye to the server, which ends the session either way when the
		// connection goes; there is nothing to do about a failure.
		s.health.conn.Close(context.Background()) //nolint:errcheck // see above
		s.health.conn = nil
	}
	<-s.health.turn
}

// Pool is the Store's connection pool, for the services' transactions.
func (s *Store) Pool() *pgxpool.Pool { return s.pool }

// Ping checks that the database answers.
func (s *Store) Ping(ctx context.Context) error {
	if err := s.pool.Ping(ctx); err != nil {
		return fmt.Errorf("store: ping: %w", err)
	}
	return nil
}

// healthConn is one connection kept outside the pool for the health check, so a pool held
// by requests waiting on a lock does not make the database look down. One ping at a time
// uses it (turn).
type healthConn struct {
	turn chan struct{}
	conn *pgx.Conn
}

// PingAlone checks that the database answers on a connection of its own, outside the pool,
// made on first use and made again after a failure.
func (s *Store) PingAlone(ctx context.Context) error {
	select {
	case s.health.turn <- struct{}{}:
	case <-ctx.Done():
		return fmt.Errorf("store: ping: %w", ctx.Err())
	}
	defer func() { <-s.health.turn }()
	if s.health.conn == nil {
		conn, err := pgx.ConnectConfig(ctx, s.pool.Config().ConnConfig.Copy())
		if err != nil {
			return fmt.Errorf("store: ping: %w", err)
		}
		s.health.conn = conn
	}
	if err := s.health.conn.Ping(ctx); err != nil {
		// A connection that failed once is not trusted again: the next ping makes a new one.
		closeErr := s.health.conn.Close(context.WithoutCancel(ctx))
		s.health.conn = nil
		return fmt.Errorf("store: ping: %w", errors.Join(err, closeErr))
	}
	return nil
}

// TimedOut reports whether err is a query the session's limits stopped: its
// statement_timeout (SQLSTATE 57014, query_canceled) or its lock_timeout (55P03,
// lock_not_available). The database is up but busy; the request may be tried again.
func TimedOut(err error) bool {
	return isCode(err, "57014") || isCode(err, "55P03")
}

// EnsureDatabase creates the database named in databaseURL when it does not exist, by
// connecting to the server's "postgres" maintenance database.
func EnsureDatabase(ctx context.Context, databaseURL string) error {
	cfg, err := pgx.ParseConfig(databaseURL)
	if err != nil {
		return fmt.Errorf("store: DATABASE_URL: %w", err)
	}
	name := cfg.Database
	if name == "" || name == "postgres" {
		return nil
	}
	// Try the database itself first: it usually exists, and the role may not be allowed to
	// connect to "postgres".
	conn, err := pgx.ConnectConfig(ctx, cfg)
	if err == nil {
		return conn.Close(ctx)
	}
	var pgErr *pgconn.PgError
	if !errors.As(err, &pgErr) || pgErr.Code != "3D000" { // invalid_catalog_name
		return fmt.Errorf("store: connect to %s: %w", redact(databaseURL), err)
	}
	admin := cfg.Copy()
	admin.Database = "postgres"
	conn, err = pgx.ConnectConfig(ctx, admin)
	if err != nil {
		return fmt.Errorf("store: connect to maintenance database to create %q: %w", name, err)
	}
	// The maintenance connection is done with once the database exists; failing to close
	// it cleanly changes nothing for the caller, who connects to the new database next.
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "CREATE DATABASE "+pgx.Identifier{name}.Sanitize())
	if err != nil && !isCode(err, "42P04") { // duplicate_database: created meanwhile
		return fmt.Errorf("store: create database %q: %w", name, err)
	}
	return nil
}

// querier is what both a pool and a transaction can run queries on.
type querier interface {
	Query(ctx context.Context, sql string, args ...any) (pgx.Rows, error)
	QueryRow(ctx context.Context, sql string, args ...any) pgx.Row
	SendBatch(ctx context.Context, b *pgx.Batch) pgx.BatchResults
}

// collect runs a query and collects every row into a T by column name.
func collect[T any](ctx context.Context, q querier, sql string, args ...any) ([]T, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		return nil, err
	}
	return pgx.CollectRows(rows, pgx.RowToStructByName[T])
}

// collectOne runs a query that returns exactly one row (pgx.ErrNoRows when none) into a T.
func collectOne[T any](ctx context.Context, q querier, sql string, args ...any) (T, error) {
	rows, err := q.Query(ctx, sql, args...)
	if err != nil {
		var zero T
		return zero, err
	}
	return pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[T])
}

// isCode reports whether err is a Postgres error with the given SQLSTATE code.
func isCode(err error, code string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == code
}

// isUniqueViolation reports whether err is a unique-constraint violation on constraint.
func isUniqueViolation(err error, constraint string) bool {
	var pgErr *pgconn.PgError
	return errors.As(err, &pgErr) && pgErr.Code == "23505" && pgErr.ConstraintName == constraint
}

// redact drops the password from a database URL so it can appear in an error message.
func redact(databaseURL string) string {
	u, err := url.Parse(databaseURL)
	if err != nil || u.User == nil {
		if strings.Contains(databaseURL, "password") {
			return "the database"
		}
		return databaseURL
	}
	return u.Redacted()
}

// Unavailable reports whether err means the database could not be reached or is going
// away (refused or broken connections, a server shutting down or starting up): the request may succeed later, unlike one the database refused.
func Unavailable(err error) bool {
	var (
		connectErr *pgconn.ConnectError
		pgErr      *pgconn.PgError
		netErr     net.Error
	)
	switch {
	case errors.As(err, &connectErr), errors.As(err, &netErr):
		return true
	case errors.As(err, &pgErr):
		// Class 08: connection exception; 57P01..57P05: admin shutdown, crash shutdown,
		// cannot connect now, database dropped, idle session timeout.
		return strings.HasPrefix(pgErr.Code, "08") || strings.HasPrefix(pgErr.Code, "57P")
	case errors.Is(err, io.ErrUnexpectedEOF):
		return true
	}
	return pgconn.SafeToRetry(err)
}
