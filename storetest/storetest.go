// Package storetest gives tests a fresh, migrated TableStakes database of their own.
//
// The first caller (in any test process) migrates a template database named after a hash
// of the migration files; every test then clones it with CREATE DATABASE ... TEMPLATE,
// which takes milliseconds, and drops its clone when it passes. `go test ./...` runs
// packages in parallel processes, so the template is built under a Postgres advisory lock.
// A changed migration gets a new template name and so a freshly built template.
//
// The server is TABLESTAKES_TEST_DATABASE_URL, else DATABASE_URL, else the local default
// (store.DefaultDatabaseURL); only its host, port and credentials are used.
package storetest

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"sort"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tablestakes/tablestakes/migrations"
	"github.com/tablestakes/tablestakes/store"
)

// templateLockID is the advisory lock key that serialises building template databases.
const templateLockID = 7_402_113_950

// NewStore returns a Store on a fresh migrated database, closed and dropped when the test
// ends. Passwords are hashed at bcrypt's minimum cost, each once (QuickPasswords).
func NewStore(t testing.TB) *store.Store {
	t.Helper()
	return store.New(NewPool(t), QuickPasswords())
}

// NewPool returns a connection pool on a fresh migrated database, closed and dropped when
// the test ends.
func NewPool(t testing.TB) *pgxpool.Pool {
	t.Helper()
	url := NewDatabase(t)
	pool, err := pgxpool.New(context.Background(), url)
	if err != nil {
		t.Fatalf("storetest: connect to test database: %v", err)
	}
	// Registered after NewDatabase's cleanup, so it runs first: close, then drop.
	t.Cleanup(pool.Close)
	return pool
}

// NewDatabase creates a fresh database cloned from the migrated template and returns its
// URL. It is dropped when the test ends, unless the test failed (then its name is logged,
// to be inspected with psql).
func NewDatabase(t testing.TB) string {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	server, err := pgx.ParseConfig(serverURL())
	if err != nil {
		t.Fatalf("storetest: database URL: %v", err)
	}
	admin := server.Copy()
	admin.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, admin)
	if err != nil {
		t.Fatalf("storetest: connect to Postgres (is it running? scripts/ensure-postgres starts it): %v", err)
	}
	defer conn.Close(ctx)

	tpl, err := ensureTemplate(ctx, conn, server)
	if err != nil {
		t.Fatalf("storetest: %v", err)
	}
	return cloneDatabase(t, ctx, conn, server, tpl)
}

// cloneDatabase creates a fresh database cloned from tpl through conn and returns its URL;
// it is dropped when the test ends, unless the test failed (then its name is logged).
func cloneDatabase(t testing.TB, ctx context.Context, conn *pgx.Conn, server *pgx.ConnConfig, tpl string) string {
	t.Helper()
	name := "tablestakes_test_" + randomName()
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident(name)+" TEMPLATE "+ident(tpl)); err != nil {
		t.Fatalf("storetest: clone template: %v", err)
	}
	t.Cleanup(func() {
		if t.Failed() {
			t.Logf("storetest: kept database %s for inspection", name)
			return
		}
		if !dropLater(server, name) {
			drop(t, server, name)
		}
	})
	db := server.Copy()
	db.Database = name
	return urlFor(db)
}

// MissingDatabase returns the URL of a database that does not exist yet on the test
// server, for tests of database creation. It is dropped when the test ends if it was made.
func MissingDatabase(t testing.TB) string {
	t.Helper()
	server, err := pgx.ParseConfig(serverURL())
	if err != nil {
		t.Fatalf("storetest: database URL: %v", err)
	}
	name := "tablestakes_test_" + randomName()
	t.Cleanup(func() { drop(t, server, name) })
	db := server.Copy()
	db.Database = name
	return urlFor(db)
}

// background holds the drops of passed tests' databases that run while the other tests go
// on, when the package's TestMain is Main.
var background struct {
	sync.Mutex
	// on is set by Main, which waits for the drops before the test process exits.
	on     bool
	drops  sync.WaitGroup
	failed []string
}

// Main runs a package's tests (call it from TestMain: `os.Exit(storetest.Main(m))`) and
// drops the databases of the tests that passed in the background while the others run,
// waiting for the last drops (and dropping the databases NewSeededStore filled) before it
// returns. Postgres makes every DROP DATABASE wait for a checkpoint, seconds on a busy
// server; a test waiting for its own would hold its place for nothing, and drops that run
// at once share their checkpoints. A drop that fails is reported and makes the run fail.
func Main(m *testing.M) int {
	background.Lock()
	background.on = true
	background.Unlock()
	code := m.Run()
	background.drops.Wait()
	background.failed = append(background.failed, dropSeeded()...)
	for _, msg := range background.failed {
		fmt.Fprintln(os.Stderr, msg)
		code = 1
	}
	return code
}

// WaitForDrops returns once the background drops started so far are done (for a test of
// the dropping itself).
func WaitForDrops() { background.drops.Wait() }

// dropLater starts dropping the database name in the background and reports true, when the
// package runs under Main; otherwise it reports false and the caller drops it itself.
func dropLater(server *pgx.ConnConfig, name string) bool {
	background.Lock()
	defer background.Unlock()
	if !background.on {
		return false
	}
	background.drops.Add(1)
	go func() {
		defer background.drops.Done()
		if err := dropDatabase(server, name); err != nil {
			background.Lock()
			background.failed = append(background.failed, fmt.Sprintf("storetest: drop %s: %v", name, err))
			background.Unlock()
		}
	}()
	return true
}

// drop removes a test database, reporting a failure to do so.
func drop(t testing.TB, server *pgx.ConnConfig, name string) {
	if err := dropDatabase(server, name); err != nil {
		t.Errorf("storetest: drop %s: %v", name, err)
	}
}

// dropDatabase removes a test database.
func dropDatabase(server *pgx.ConnConfig, name string) error {
	ctx, cancel := context.WithTimeout(context.Background(), 2*time.Minute)
	defer cancel()
	admin := server.Copy()
	admin.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, admin)
	if err != nil {
		return err
	}
	defer conn.Close(ctx)
	_, err = conn.Exec(ctx, "DROP DATABASE IF EXISTS "+ident(name)+" WITH (FORCE)")
	return err
}

// ensureTemplate builds the migrated template database unless it already exists, and
// returns its name.
func ensureTemplate(ctx context.Context, conn *pgx.Conn, server *pgx.ConnConfig) (_ string, err error) {
	sum, err := migrationsHash()
	if err != nil {
		return "", err
	}
	tpl := "tablestakes_tpl_" + sum
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", templateLockID); err != nil {
		return "", fmt.Errorf("lock template: %w", err)
	}
	defer func() {
		if _, uerr := conn.Exec(context.Background(), "SELECT pg_advisory_unlock($1)", templateLockID); uerr != nil {
			err = errors.Join(err, fmt.Errorf("unlock template: %w", uerr))
		}
	}()

	var exists bool
	if err := conn.QueryRow(ctx, "SELECT EXISTS (SELECT 1 FROM pg_database WHERE datname = $1)", tpl).Scan(&exists); err != nil {
		return "", fmt.Errorf("look for template: %w", err)
	}
	if exists {
		return tpl, nil
	}
	// Build under a scratch name and rename when complete, so a crash half-way never leaves
	// a half-migrated template behind under the real name.
	scratch := tpl + "_building"
	if _, err := conn.Exec(ctx, "DROP DATABASE IF EXISTS "+ident(scratch)+" WITH (FORCE)"); err != nil {
		return "", fmt.Errorf("drop stale scratch template: %w", err)
	}
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident(scratch)); err != nil {
		return "", fmt.Errorf("create template: %w", err)
	}
	cfg := server.Copy()
	cfg.Database = scratch
	pool, err := pgxpool.New(ctx, urlFor(cfg))
	if err != nil {
		return "", fmt.Errorf("connect to template: %w", err)
	}
	_, err = store.Migrate(ctx, pool)
	pool.Close()
	if err != nil {
		return "", fmt.Errorf("migrate template: %w", err)
	}
	if _, err := conn.Exec(ctx, "ALTER DATABASE "+ident(scratch)+" RENAME TO "+ident(tpl)); err != nil {
		return "", fmt.Errorf("rename template: %w", err)
	}
	return tpl, nil
}

// migrationsHash is a short hash of every migration file's name and content.
func migrationsHash() (string, error) {
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return "", fmt.Errorf("list migrations: %w", err)
	}
	sort.Strings(names)
	h := sha256.New()
	for _, name := range names {
		b, err := fs.ReadFile(migrations.FS, name)
		if err != nil {
			return "", fmt.Errorf("read migration: %w", err)
		}
		fmt.Fprintf(h, "%s\x00%d\x00", name, len(b))
		h.Write(b)
	}
	fmt.Fprintf(h, "river\x00%d", store.RiverSchemaVersion())
	return hex.EncodeToString(h.Sum(nil))[:16], nil
}

// serverURL is the Postgres server the tests use.
func serverURL() string {
	for _, key := range []string{"TABLESTAKES_TEST_DATABASE_URL", "DATABASE_URL"} {
		if v := os.Getenv(key); v != "" {
			return v
		}
	}
	return store.DefaultDatabaseURL
}

// urlFor renders a connection config back into a URL (keyword/value form, which pgx and
// libpq both read). Test sessions commit without waiting for the WAL to reach the disk
// (synchronous_commit off): what a commit makes visible, and when, is unchanged, and only
// a crash of the test server could lose a test's last writes; on this machine a commit's
// fsync costs about 8 ms, ten times the commit itself.
func urlFor(cfg *pgx.ConnConfig) string {
	s := fmt.Sprintf("host=%s port=%d dbname=%s user=%s options='-c synchronous_commit=off'", cfg.Host, cfg.Port, cfg.Database, cfg.User)
	if cfg.Password != "" {
		s += " password=" + quote(cfg.Password)
	}
	if cfg.TLSConfig == nil {
		s += " sslmode=disable"
	}
	return s
}

// quote quotes a value for a keyword/value connection string.
func quote(v string) string {
	out := []byte{'\''}
	for i := 0; i < len(v); i++ {
		if v[i] == '\'' || v[i] == '\\' {
			out = append(out, '\\')
		}
		out = append(out, v[i])
	}
	return string(append(out, '\''))
}

// ident quotes a database name for SQL.
func ident(name string) string { return pgx.Identifier{name}.Sanitize() }

// randomName is a random lower-case suffix for a database name.
func randomName() string { return strings.ToLower(rand.Text()) }
