package store

import (
	"context"
	"fmt"
	"strings"
	"time"
)

// A rate counter counts hits of one kind (a failed log-in from an address, a sign-up, ...)
// by one key in fixed windows of a period, in Postgres so that every serve process on the
// database shares it. The count reported is the sliding-window estimate: the hits of the
// current window plus those of the previous window weighted by how much of it still
// overlaps the last period.

const rateHitSQL = `
WITH w AS (
    SELECT to_timestamp(floor(extract(epoch FROM now()) / $3) * $3) AS start
), hit AS (
    INSERT INTO rate_counters (kind, key, window_start, hits, expires_at)
    SELECT $1, $2, w.start, 1, w.start + 2 * make_interval(secs => $3) FROM w
    ON CONFLICT (kind, key, window_start) DO UPDATE SET hits = rate_counters.hits + 1
    RETURNING hits
)
SELECT (SELECT hits FROM hit) + coalesce((
    SELECT p.hits * (1 - extract(epoch FROM now() - w.start) / $3)
    FROM rate_counters p
    WHERE p.kind = $1 AND p.key = $2 AND p.window_start = w.start - make_interval(secs => $3)
), 0)::float8
FROM w`

// RateHit counts one hit of kind by key over period and returns the hits in the last
// period, this one included.
func (s *Store) RateHit(ctx context.Context, kind, key string, period time.Duration) (float64, error) {
	var n float64
	if err := s.pool.QueryRow(ctx, rateHitSQL, kind, rateKey(key), period.Seconds()).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate hit %s: %w", kind, err)
	}
	return n, nil
}

const rateCountSQL = `
WITH w AS (
    SELECT to_timestamp(floor(extract(epoch FROM now()) / $3) * $3) AS start
)
SELECT coalesce(sum(CASE WHEN c.window_start = w.start THEN c.hits
                         ELSE c.hits * (1 - extract(epoch FROM now() - w.start) / $3) END), 0)::float8
FROM w JOIN rate_counters c
  ON c.kind = $1 AND c.key = $2
 AND c.window_start IN (w.start, w.start - make_interval(secs => $3))`

// RateCount returns the hits of kind by key in the last period, without counting one.
func (s *Store) RateCount(ctx context.Context, kind, key string, period time.Duration) (float64, error) {
	var n float64
	if err := s.pool.QueryRow(ctx, rateCountSQL, kind, rateKey(key), period.Seconds()).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: rate count %s: %w", kind, err)
	}
	return n, nil
}

const deleteExpiredRateCountersSQL = `DELETE FROM rate_counters WHERE expires_at < now()`

// DeleteExpiredRateCounters removes the counters no limiter reads any more and returns
// how many it removed. The server runs it with the session sweep.
func (s *Store) DeleteExpiredRateCounters(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredRateCountersSQL)
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
