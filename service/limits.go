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

// Hit counts one hit of kind by key at the time at over period whatever the count, and
// returns the hits in the period up to at, this one included: the counts a caller compares
// with its limit itself (a slowdown, a cap that only counts).
func (s *Limits) Hit(ctx context.Context, kind, key string, period time.Duration, at time.Time) (float64, error) {
	return s.store.RateHit(ctx, kind, key, period, at)
}

// GiveBack uncounts one hit of kind by key taken (Take, Hit) at the time at over period: a
// log-in takes its slot of each failure limit before the password is checked, and gives it
// back when the password was right, since only failures count there.
func (s *Limits) GiveBack(ctx context.Context, kind, key string, period time.Duration, at time.Time) error {
	return s.store.RateGiveBack(ctx, kind, key, period, at)
}

// Forget drops every count of kind by key: a password reset clears the account's failed
// log-ins, since its owner has just proved who they are.
func (s *Limits) Forget(ctx context.Context, kind, key string) error {
	return s.store.RateForget(ctx, kind, key)
}

// RememberDevice records that the browser holding token has just logged in to the user's
// account, so that it stays known for account.DeviceKeptFor.
func (s *Limits) RememberDevice(ctx context.Context, userID int64, token string) error {
	return s.store.RememberDevice(ctx, userID, token, time.Now())
}

// KnownDevice reports whether the browser holding token has logged in to the account of
// username (any letter case) within account.DeviceKeptFor.
func (s *Limits) KnownDevice(ctx context.Context, username, token string) (bool, error) {
	return s.store.KnownDevice(ctx, username, token, account.DeviceKnownSince(time.Now()))
}
