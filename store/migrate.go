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

	"github.com/tablestakes/tablestakes/migrations"
)

// ErrSchemaTooNew reports a database migrated by a newer TableStakes than this binary.
var ErrSchemaTooNew = errors.New("database schema is newer than this binary knows")

// Migrate applies the embedded goose migrations that the database lacks and returns the
// schema version it ends at. Concurrent callers are serialised by a Postgres advisory lock.
// Migrations are numbered by feature and may land out of order: one missing below the
// database's version is applied too. Then every rating ladder still on an older rating
// rule is rebuilt under the current one (rating.PotRule), one transaction per ladder, and
// every league's games rated on a ladder its privacy does not give them move to the one it
// does (a private league's own, rating.LeagueLadder), both ladders replayed.
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
	if _, err := moveLaddersToPotRule(ctx, pool); err != nil {
		return current, fmt.Errorf("store: migrate: %w", err)
	}
	if _, err := sortPrivateLadders(ctx, pool); err != nil {
		return current, fmt.Errorf("store: migrate: %w", err)
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
