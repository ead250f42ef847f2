package store

import (
	"context"
	"crypto/sha256"
	"fmt"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
)

// A rate counter counts hits of one kind (a failed log-in from an address, a sign-up, ...)
// by one key in fixed windows of a period, in Postgres so that every serve process on the
// database shares it. The count reported is the sliding-window estimate: the hits of the
// current window plus those of the previous window weighted by how much of it still
// overlaps the last period. The time of a hit or a count is the caller's (at): every server
// passes its own clock, and the counts stay in the database they share.

const rateHitSQL = `
WITH w AS (
    SELECT to_timestamp(floor(extract(epoch FROM $4::timestamptz) / $3) * $3) AS start
), hit AS (
    INSERT INTO rate_counters (kind, key, window_start, hits, expires_at)
    SELECT $1, $2, w.start, 1, w.start + 2 * make_interval(secs => $3) FROM w
    ON CONFLICT (kind, key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
    RETURNING hits
)
SELECT (SELECT hits FROM hit) + coalesce((
    SELECT p.hits * (1 - extract(epoch FROM $4::timestamptz - w.start) / $3)
    FROM rate_counters p
    WHERE p.kind = $1 AND p.key = $2 AND p.window_start = w.start - make_interval(secs => $3)
), 0)::float8
FROM w`

// RateHit counts one hit of kind by key at the time at over period and returns the hits in
// the period up to at, this one included.
func (s *Store) RateHit(ctx context.Context, kind, key string, period time.Duration, at time.Time) (float64, error) {
	var n float64
	if err := s.pool.QueryRow(ctx, rateHitSQL, kind, rateKey(key), period.Seconds(), at).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate hit %s: %w", kind, err)
	}
	return n, nil
}

const rateCountSQL = `
WITH w AS (
    SELECT to_timestamp(floor(extract(epoch FROM $4::timestamptz) / $3) * $3) AS start
)
SELECT coalesce(sum(CASE WHEN c.window_start = w.start THEN c.hits
                         ELSE c.hits * (1 - extract(epoch FROM $4::timestamptz - w.start) / $3) END), 0)::float8
FROM w JOIN rate_counters c
  ON c.kind = $1 AND c.key = $2
 AND c.window_start IN (w.start, w.start - make_interval(secs => $3))`

// RateCount returns the hits of kind by key in the period up to the time at, without
// counting one.
func (s *Store) RateCount(ctx context.Context, kind, key string, period time.Duration, at time.Time) (float64, error) {
	var n float64
	if err := s.pool.QueryRow(ctx, rateCountSQL, kind, rateKey(key), period.Seconds(), at).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate count %s: %w", kind, err)
	}
	return n, nil
}

const deleteExpiredRateCountersSQL = `
WITH devices AS (DELETE FROM login_devices WHERE last_used_at < $2)
DELETE FROM rate_counters WHERE expires_at < $1`

// DeleteExpiredRateCounters removes the counters no limiter reads any more at now (and the
// browsers not logged in with since devicesSince, account.DeviceKnownSince) and returns how
// many counters it removed. The server runs it with the session sweep.
func (s *Store) DeleteExpiredRateCounters(ctx context.Context, now, devicesSince time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredRateCountersSQL, now, devicesSince)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired rate counters: %w", err)
	}
	return tag.RowsAffected(), nil
}

// maxRateKey bounds a counter's key: a key built from a made-up username must not grow
// the table by its length.
const maxRateKey = 200

// rateKey makes key storable: valid text for Postgres, at most maxRateKey bytes.
func rateKey(key string) string {
	if !postgresText(key) {
		key = fmt.Sprintf("%q", key)
	}
	if len(key) > maxRateKey {
		key = strings.ToValidUTF8(key[:maxRateKey], "")
	}
	return key
}

// LockRate takes, inside tx, the transaction-scoped advisory lock on kind's counter of key:
// concurrent takers of one key (on any server) wait for each other's count and hit.
func (s *Store) LockRate(ctx context.Context, tx pgx.Tx, kind, key string) error {
	if _, err := tx.Exec(ctx, `SELECT pg_advisory_xact_lock(hashtextextended($1 || ' ' || $2, 0))`, kind, rateKey(key)); err != nil {
		return fmt.Errorf("store: rate lock %s: %w", kind, err)
	}
	return nil
}

// LockedRateCount is RateCount inside tx, under LockRate.
func (s *Store) LockedRateCount(ctx context.Context, tx pgx.Tx, kind, key string, period time.Duration, at time.Time) (float64, error) {
	var n float64
	if err := tx.QueryRow(ctx, rateCountSQL, kind, rateKey(key), period.Seconds(), at).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate count %s: %w", kind, err)
	}
	return n, nil
}

// LockedRateHit is RateHit inside tx, under LockRate.
func (s *Store) LockedRateHit(ctx context.Context, tx pgx.Tx, kind, key string, period time.Duration, at time.Time) (float64, error) {
	var n float64
	if err := tx.QueryRow(ctx, rateHitSQL, kind, rateKey(key), period.Seconds(), at).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate hit %s: %w", kind, err)
	}
	return n, nil
}

// A counter holds at least one hit (its table's check), so giving back the last one deletes
// the row. Each statement sees the row as committed when it starts: a hit counted between
// the two is found by the next round.
const (
	rateGiveBackSQL = `
UPDATE rate_counters SET hits = hits - 1
WHERE kind = $1 AND key = $2 AND hits > 1
  AND window_start = to_timestamp(floor(extract(epoch FROM $4::timestamptz) / $3) * $3)`
	rateGiveBackLastSQL = `
DELETE FROM rate_counters
WHERE kind = $1 AND key = $2 AND hits = 1
  AND window_start = to_timestamp(floor(extract(epoch FROM $4::timestamptz) / $3) * $3)`
	rateWindowExistsSQL = `
SELECT EXISTS (SELECT 1 FROM rate_counters WHERE kind = $1 AND key = $2
  AND window_start = to_timestamp(floor(extract(epoch FROM $4::timestamptz) / $3) * $3))`
)

// RateGiveBack uncounts one hit of kind by key taken (RateTake, RateHit) at the time at over
// period: a log-in takes its slot of each failure limit before the password is checked, and
// gives it back when the password was right, since only failures count there.
func (s *Store) RateGiveBack(ctx context.Context, kind, key string, period time.Duration, at time.Time) error {
	args := []any{kind, rateKey(key), period.Seconds(), at}
	for {
		for _, q := range []string{rateGiveBackSQL, rateGiveBackLastSQL} {
			tag, err := s.pool.Exec(ctx, q, args...)
			if err != nil {
				return fmt.Errorf("store: rate give back %s: %w", kind, err)
			}
			if tag.RowsAffected() == 1 {
				return nil
			}
		}
		var exists bool
		if err := s.pool.QueryRow(ctx, rateWindowExistsSQL, args...).Scan(&exists); err != nil {
			return fmt.Errorf("store: rate give back %s: %w", kind, err)
		}
		if !exists {
			return nil
		}
	}
}

// RateForget drops every count of kind by key: a password reset clears the account's
// failed log-ins, since its owner has just proved who they are.
func (s *Store) RateForget(ctx context.Context, kind, key string) error {
	if _, err := s.pool.Exec(ctx, `DELETE FROM rate_counters WHERE kind = $1 AND key = $2`, kind, rateKey(key)); err != nil {
		return fmt.Errorf("store: rate forget %s: %w", kind, err)
	}
	return nil
}

// RememberDevice records that the browser holding token logged in to the user's account at
// at (only the token's SHA-256 is kept).
func (s *Store) RememberDevice(ctx context.Context, userID int64, token string, at time.Time) error {
	sum := sha256.Sum256([]byte(token))
	if _, err := s.pool.Exec(ctx, `
		INSERT INTO login_devices (token_hash, user_id, last_used_at) VALUES ($1, $2, $3)
		ON CONFLICT (token_hash, user_id) DO UPDATE SET last_used_at = EXCLUDED.last_used_at`, sum[:], userID, at); err != nil {
		return fmt.Errorf("store: remember device of user %d: %w", userID, err)
	}
	return nil
}

// KnownDevice reports whether the browser holding token has logged in to the account of
// username (any letter case) after since (account.DeviceKnownSince).
func (s *Store) KnownDevice(ctx context.Context, username, token string, since time.Time) (bool, error) {
	if token == "" {
		return false, nil
	}
	sum := sha256.Sum256([]byte(token))
	var known bool
	if err := s.pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM login_devices d JOIN users u ON u.id = d.user_id
		               WHERE d.token_hash = $1 AND lower(u.username) = lower($2)
		                 AND d.last_used_at > $3)`, sum[:], username, since).Scan(&known); err != nil {
		return false, fmt.Errorf("store: known device: %w", err)
	}
	return known, nil
}
