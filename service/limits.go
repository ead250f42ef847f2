package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/store"
)

// Limits is the rate limits' service: the counters every server shares in the database,
// taken one key at a time.
type Limits struct {
	store *store.Store
}

// NewLimits returns the rate limits' service on st.
func NewLimits(st *store.Store) *Limits {
	return &Limits{store: st}
}

// Take counts one hit of kind by key at the time at over period only while the limit has
// room for it (account.RateRoom), and reports whether it counted it: a refused attempt
// does not count, so retrying never lengthens the wait. Concurrent takers of one key (on
// any server) are serialised by a lock on it for the transaction.
func (s *Limits) Take(ctx context.Context, kind, key string, period time.Duration, limit int, at time.Time) (bool, error) {
	taken := false
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.store.LockRate(ctx, tx, kind, key); err != nil {
			return err
		}
		n, err := s.store.LockedRateCount(ctx, tx, kind, key, period, at)
		if err != nil {
			return err
		}
		if !account.RateRoom(n, limit) {
			return nil
		}
		taken = true
		_, err = s.store.LockedRateHit(ctx, tx, kind, key, period, at)
		return err
	})
	if err != nil {
		return false, fmt.Errorf("service: rate take %s: %w", kind, err)
	}
	return taken, nil
}
