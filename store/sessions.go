package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// A web session is live while now is before its row's expiry: one expiring exactly at now
// is over, for Session and for the sweep alike (as scs's own stores judge it).

const deleteExpiredSessionsSQL = `DELETE FROM sessions WHERE expiry <= $1`

// DeleteExpiredSessions removes the web sessions over at now (the sweep's clock) and
// returns how many it removed. The server runs it periodically (scs itself ignores
// expired rows).
func (s *Store) DeleteExpiredSessions(ctx context.Context, now time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredSessionsSQL, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired sessions: %w", err)
	}
	return tag.RowsAffected(), nil
}

const sessionSQL = `SELECT data, expiry FROM sessions WHERE token = $1 AND $2 < expiry`

// Session returns the stored data of the web session token and when its row expires (the
// sooner of its lifetime's end and its idle deadline), or ErrNotFound when there is no
// such session or it is over at now (the server's clock). It reads what scs's pgxstore
// stores, plus the expiry, so that a copy kept in memory knows when to stop answering.
func (s *Store) Session(ctx context.Context, token string, now time.Time) (data []byte, expiry time.Time, err error) {
	err = s.pool.QueryRow(ctx, sessionSQL, token, now).Scan(&data, &expiry)
	if errors.Is(err, pgx.ErrNoRows) {
		return nil, time.Time{}, ErrNotFound
	}
	if err != nil {
		return nil, time.Time{}, fmt.Errorf("store: session: %w", err)
	}
	return data, expiry, nil
}

const commitSessionSQL = `INSERT INTO sessions (token, data, expiry) VALUES ($1, $2, $3)
ON CONFLICT (token) DO UPDATE SET data = EXCLUDED.data, expiry = EXCLUDED.expiry
RETURNING xmax = 0`

// CommitSession stores the web session token's data and expiry (as scs's pgxstore does)
// and reports whether the session is new: a session stored before may be kept in some
// server's memory, which must then forget it.
func (s *Store) CommitSession(ctx context.Context, token string, data []byte, expiry time.Time) (inserted bool, err error) {
	if err := s.pool.QueryRow(ctx, commitSessionSQL, token, data, expiry).Scan(&inserted); err != nil {
		return false, fmt.Errorf("store: commit session: %w", err)
	}
	return inserted, nil
}

const deleteSessionSQL = `DELETE FROM sessions WHERE token = $1`

// DeleteSession removes the web session token and reports whether there was one.
func (s *Store) DeleteSession(ctx context.Context, token string) (deleted bool, err error) {
	tag, err := s.pool.Exec(ctx, deleteSessionSQL, token)
	if err != nil {
		return false, fmt.Errorf("store: delete session: %w", err)
	}
	return tag.RowsAffected() > 0, nil
}
