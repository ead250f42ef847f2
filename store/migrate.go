package store

import (
	"context"
	"errors"
	"fmt"
	"io/fs"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/pressly/goose/v3/lock"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/riverqueue/river/rivermigrate"

	"github.com/tablestakes/tablestakes/migrations"
)

// ErrSchemaTooNew reports a database migrated by a newer TableStakes than this binary.
var ErrSchemaTooNew = errors.New("database schema is newer than this binary knows")

// Migrate applies the embedded goose migrations that the database lacks and returns the
// schema version it ends at. Concurrent callers are serialised by a Postgres advisory lock.
// Migrations are numbered by feature and may land out of order: one missing below the
// database's version is applied too. The ladders the schema leaves on an older rating rule
// or on the wrong ladder are brought up to date after it by service.Ladders.Upgrade.
// River's tables (the queue of background work) are made and upgraded by River's own
// migrator right after, in the same step (MigrateRiver).
// It refuses (ErrSchemaTooNew) a database whose version is beyond the newest embedded
// migration, since serving it could misread data written by a newer release.
func Migrate(ctx context.Context, pool *pgxpool.Pool) (int64, error) {
	db := stdlib.OpenDBFromPool(pool)
	// Closing the wrapper only hands its connections back to pool, which stays open; it
	// has no error worth reporting over the migration's own.
	defer db.Close()
	locker, err := lock.NewPostgresSessionLocker()
	if err != nil {
		return 0, fmt.Errorf("store: migrate: %w", err)
	}
	provider, err := goose.NewProvider(goose.DialectPostgres, db, migrations.FS,
		goose.WithSessionLocker(locker), goose.WithAllowOutofOrder(true))
	if err != nil {
		return 0, fmt.Errorf("store: migrate: %w", err)
	}
	var known int64
	for _, src := range provider.ListSources() {
		known = max(known, src.Version)
	}
	current, err := provider.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: migrate: read schema version: %w", err)
	}
	if current > known {
		return current, fmt.Errorf("store: migrate: database is at version %d, this binary knows up to %d: %w",
			current, known, ErrSchemaTooNew)
	}
	if _, err := provider.Up(ctx); err != nil {
		return 0, fmt.Errorf("store: migrate: %w", err)
	}
	current, err = provider.GetDBVersion(ctx)
	if err != nil {
		return 0, fmt.Errorf("store: migrate: read schema version: %w", err)
	}
	if err := MigrateRiver(ctx, pool); err != nil {
		return current, err
	}
	return current, nil
}

// LatestSchemaVersion is the version of the newest migration embedded in this binary.
func LatestSchemaVersion() (int64, error) {
	names, err := fs.Glob(migrations.FS, "*.sql")
	if err != nil {
		return 0, fmt.Errorf("store: list migrations: %w", err)
	}
	var latest int64
	for _, name := range names {
		v, err := goose.NumericComponent(name)
		if err != nil {
			return 0, fmt.Errorf("store: migration %s: %w", name, err)
		}
		latest = max(latest, v)
	}
	return latest, nil
}

// riverLockID is the advisory lock key that serialises River's migrator across servers
// starting at once.
const riverLockID = 7_402_113_951

// MigrateRiver applies River's own migrations (rivermigrate) that the database lacks: its
// job, leader and queue tables. Servers starting at once take turns under an advisory lock.
func MigrateRiver(ctx context.Context, pool *pgxpool.Pool) (err error) {
	conn, err := pool.Acquire(ctx)
	if err != nil {
		return fmt.Errorf("store: migrate River: %w", err)
	}
	defer conn.Release()
	if _, err := conn.Exec(ctx, "SELECT pg_advisory_lock($1)", riverLockID); err != nil {
		return fmt.Errorf("store: migrate River: lock: %w", err)
	}
	defer func() {
		if _, uerr := conn.Exec(context.WithoutCancel(ctx), "SELECT pg_advisory_unlock($1)", riverLockID); uerr != nil {
			err = errors.Join(err, fmt.Errorf("store: migrate River: unlock: %w", uerr))
		}
	}()
	migrator, err := rivermigrate.New(riverpgxv5.New(pool), nil)
	if err != nil {
		return fmt.Errorf("store: migrate River: %w", err)
	}
	if _, err := migrator.Migrate(ctx, rivermigrate.DirectionUp, nil); err != nil {
		return fmt.Errorf("store: migrate River: %w", err)
	}
	return nil
}

// RiverSchemaVersion is the newest of River's migrations this binary holds: the test
// template databases are named after it too, so a River upgrade builds new ones.
func RiverSchemaVersion() int {
	migrator, err := rivermigrate.New(riverpgxv5.New(nil), nil)
	if err != nil {
		return 0
	}
	all := migrator.AllVersions()
	if len(all) == 0 {
		return 0
	}
	return all[len(all)-1].Version
}
