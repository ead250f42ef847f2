package storetest

import (
	"context"
	"fmt"
	"regexp"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgxpool"

	"github.com/tablestakes/tablestakes/store"
)

// seeded holds the databases filled once per test process (NewSeededStore), by key.
var seeded struct {
	sync.Mutex
	byKey map[string]*seededDatabase
	// names are the filled databases this process made, for Main to drop.
	names []string
}

// seededDatabase is one filled database that tests clone, or why it could not be made.
type seededDatabase struct {
	once sync.Once
	name string
	err  error
}

// NewSeededStore returns a Store on a fresh database of its own, cloned from a database
// filled by seed, closed and dropped when the test ends. The first call for key in the test
// process fills that database (a clone of the migrated template, seed run on it through a
// Store with QuickPasswords); later calls clone it, which takes milliseconds where filling
// it (the demo, through the services) takes seconds. Each test writes in its own clone, as
// with NewStore. Main drops the filled databases when the package's tests are done; in a
// package without Main they stay until scripts/clean-testdb.
func NewSeededStore(t testing.TB, key string, seed func(context.Context, *store.Store) error) *store.Store {
	t.Helper()
	seeded.Lock()
	if seeded.byKey == nil {
		seeded.byKey = map[string]*seededDatabase{}
	}
	db, ok := seeded.byKey[key]
	if !ok {
		db = &seededDatabase{}
		seeded.byKey[key] = db
	}
	seeded.Unlock()
	db.once.Do(func() { db.name, db.err = fillDatabase(key, seed) })
	if db.err != nil {
		t.Fatalf("storetest: seed %q: %v", key, db.err)
	}

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
		t.Fatalf("storetest: connect to Postgres: %v", err)
	}
	defer conn.Close(ctx)
	pool, err := pgxpool.New(context.Background(), cloneDatabase(t, ctx, conn, server, db.name))
	if err != nil {
		t.Fatalf("storetest: connect to test database: %v", err)
	}
	// Registered after cloneDatabase's cleanup, so it runs first: close, then drop.
	t.Cleanup(pool.Close)
	return store.New(pool, QuickPasswords())
}

// seedName keeps a key's letters and digits for a database name.
var seedName = regexp.MustCompile(`[^a-z0-9]+`)

// fillDatabase makes a database cloned from the migrated template, runs seed on it and
// closes every connection to it (a template being cloned must have none); it returns its
// name. A database left half-filled by a failing seed is dropped.
func fillDatabase(key string, seed func(context.Context, *store.Store) error) (string, error) {
	// Filling runs the services under the race detector on a machine that may be busy.
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Minute)
	defer cancel()
	server, err := pgx.ParseConfig(serverURL())
	if err != nil {
		return "", fmt.Errorf("database URL: %w", err)
	}
	admin := server.Copy()
	admin.Database = "postgres"
	conn, err := pgx.ConnectConfig(ctx, admin)
	if err != nil {
		return "", fmt.Errorf("connect to Postgres: %w", err)
	}
	defer conn.Close(ctx)
	tpl, err := ensureTemplate(ctx, conn, server)
	if err != nil {
		return "", err
	}
	name := "tablestakes_test_seed_" + seedName.ReplaceAllString(key, "_") + "_" + randomName()
	if _, err := conn.Exec(ctx, "CREATE DATABASE "+ident(name)+" TEMPLATE "+ident(tpl)); err != nil {
		return "", fmt.Errorf("clone template: %w", err)
	}
	cfg := server.Copy()
	cfg.Database = name
	pool, err := pgxpool.New(ctx, urlFor(cfg))
	if err == nil {
		err = seed(ctx, store.New(pool, QuickPasswords()))
		pool.Close()
	}
	if err != nil {
		if derr := dropDatabase(server, name); derr != nil {
			err = fmt.Errorf("%w (and drop %s: %v)", err, name, derr)
		}
		return "", err
	}
	seeded.Lock()
	seeded.names = append(seeded.names, name)
	seeded.Unlock()
	return name, nil
}

// dropSeeded drops the filled databases this process made and returns what failed.
func dropSeeded() []string {
	seeded.Lock()
	names := seeded.names
	seeded.names = nil
	seeded.Unlock()
	server, err := pgx.ParseConfig(serverURL())
	if err != nil {
		return []string{fmt.Sprintf("storetest: database URL: %v", err)}
	}
	var failed []string
	for _, name := range names {
		if err := dropDatabase(server, name); err != nil {
			failed = append(failed, fmt.Sprintf("storetest: drop %s: %v", name, err))
		}
	}
	return failed
}
