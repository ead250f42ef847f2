package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/account"
)

// MaxAPITokens is how many live API tokens one account may hold (account.MaxAPITokens).
const MaxAPITokens = account.MaxAPITokens

// ErrTooManyTokens refuses a named API token to an account that holds MaxAPITokens.
var ErrTooManyTokens = &Conflict{Reason: fmt.Sprintf("name: an account holds at most %d API tokens; revoke one first", MaxAPITokens),
	ID: "refusal.too_many_tokens", Data: map[string]any{"Count": MaxAPITokens}}

// APIToken is an API token as its owner sees it on the tokens page: never the token
// itself, which only its SHA-256 remembers.
type APIToken struct {
	ID        int64     `db:"id"`
	Name      string    `db:"name"`
	CreatedAt time.Time `db:"created_at"`
	ExpiresAt time.Time `db:"expires_at"`
	// LastUsedAt is when the token last authorised a request (to the minute), or nil.
	LastUsedAt *time.Time `db:"last_used_at"`
}

const (
	lockUserSQL          = `SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL AND member_kind IS NULL FOR UPDATE`
	deleteExpiredTokens  = `DELETE FROM api_tokens WHERE user_id = $1 AND expires_at <= $2`
	countTokensSQL       = `SELECT count(*) FROM api_tokens WHERE user_id = $1`
	deleteLeastUsedToken = `
DELETE FROM api_tokens WHERE id IN (
    SELECT id FROM api_tokens WHERE user_id = $1
    ORDER BY coalesce(last_used_at, created_at), id LIMIT $2)`
	createAPITokenSQL = `
INSERT INTO api_tokens (user_id, token_sha256, name, created_at, expires_at)
VALUES ($1, $2, $3, $4, $5)`
)

// LockUser locks the account's row for tx, so that its tokens and links are handed out
// one at a time; a deleted account, a ladder member or no account is ErrNotFound.
func (s *Store) LockUser(ctx context.Context, tx pgx.Tx, userID int64) error {
	var one int
	err := tx.QueryRow(ctx, lockUserSQL, userID).Scan(&one)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	return err
}

// LiveAPITokens deletes the user's API tokens expired at now (those expiring at now or
// before) and counts the live ones.
func (s *Store) LiveAPITokens(ctx context.Context, tx pgx.Tx, userID int64, now time.Time) (int, error) {
	if _, err := tx.Exec(ctx, deleteExpiredTokens, userID, now); err != nil {
		return 0, err
	}
	var n int
	err := tx.QueryRow(ctx, countTokensSQL, userID).Scan(&n)
	return n, err
}

// DeleteLeastUsedAPITokens revokes the user's n least recently used API tokens.
func (s *Store) DeleteLeastUsedAPITokens(ctx context.Context, tx pgx.Tx, userID int64, n int) error {
	if n <= 0 {
		return nil
	}
	_, err := tx.Exec(ctx, deleteLeastUsedToken, userID, n)
	return err
}

// InsertAPIToken stores an API token named name for the user, remembered only by its
// SHA-256 (sum, account.NewToken), issued at createdAt and valid until expiresAt
// (account.Expires).
func (s *Store) InsertAPIToken(ctx context.Context, tx pgx.Tx, userID int64, sum []byte, name string, createdAt, expiresAt time.Time) error {
	_, err := tx.Exec(ctx, createAPITokenSQL, userID, sum, name, createdAt, expiresAt)
	return err
}

const userByAPITokenSQL = `
WITH t AS (
    SELECT id, user_id, last_used_at FROM api_tokens
    WHERE token_sha256 = $1 AND expires_at > $2
), touched AS (
    -- Remember the use at $2, unless one is remembered since $3.
    UPDATE api_tokens a SET last_used_at = $2 FROM t
    WHERE a.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < $3)
)
SELECT u.id, u.username, u.display_name, u.created_at, u.auth_version, u.language
FROM t JOIN users u ON u.id = t.user_id
WHERE u.deleted_at IS NULL`

// UserByAPIToken returns the account a bearer token belongs to, or ErrNotFound when the
// token is unknown or expired at now (its expiry is now or before). It records the use at
// now when none is recorded since touchedSince (account.TokenUseSince).
func (s *Store) UserByAPIToken(ctx context.Context, token string, now, touchedSince time.Time) (User, error) {
	rows, err := s.pool.Query(ctx, userByAPITokenSQL, account.Sum(token), now, touchedSince)
	if err != nil {
		return User{}, fmt.Errorf("store: user by api token: %w", err)
	}
	user, err := pgx.CollectExactlyOneRow(rows, pgx.RowToStructByName[User])
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: user by api token: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: user by api token: %w", err)
	}
	return user, nil
}

const apiTokensSQL = `
SELECT id, name, created_at, expires_at, date_trunc('minute', last_used_at) AS last_used_at
FROM api_tokens WHERE user_id = $1 AND expires_at > $2
ORDER BY created_at DESC, id DESC`

// APITokens lists the user's API tokens live at now, newest first.
func (s *Store) APITokens(ctx context.Context, userID int64, now time.Time) ([]APIToken, error) {
	tokens, err := collect[APIToken](ctx, s.pool, apiTokensSQL, userID, now)
	if err != nil {
		return nil, fmt.Errorf("store: api tokens: %w", err)
	}
	return tokens, nil
}

const revokeAPITokenSQL = `DELETE FROM api_tokens WHERE id = $1 AND user_id = $2`

// RevokeAPIToken ends one of the user's API tokens; another user's token or an unknown
// one is ErrNotFound.
func (s *Store) RevokeAPIToken(ctx context.Context, userID, tokenID int64) error {
	tag, err := s.pool.Exec(ctx, revokeAPITokenSQL, tokenID, userID)
	if err != nil {
		return fmt.Errorf("store: revoke api token: %w", err)
	}
	if tag.RowsAffected() == 0 {
		return fmt.Errorf("store: revoke api token: %w", ErrNotFound)
	}
	return nil
}

// userZoneSQL is the time zone of most of the leagues a user plays in or organises (the
// newest league's among equals); no row for a user in no league.
const userZoneSQL = `
SELECT l.time_zone FROM leagues l
WHERE l.organiser_id = $1 OR EXISTS (SELECT 1 FROM memberships m WHERE m.league_id = l.id AND m.user_id = $1)
GROUP BY l.time_zone
ORDER BY count(*) DESC, max(l.id) DESC
LIMIT 1`

// UserZone is the time zone a user's own times (an API token's) are shown in: the zone of
// most of the leagues they play in or organise, UTC for a user in no league.
func (s *Store) UserZone(ctx context.Context, userID int64) (string, error) {
	var zone string
	err := s.pool.QueryRow(ctx, userZoneSQL, userID).Scan(&zone)
	if errors.Is(err, pgx.ErrNoRows) {
		return "UTC", nil
	}
	if err != nil {
		return "", fmt.Errorf("store: time zone of user %d: %w", userID, err)
	}
	return zone, nil
}
