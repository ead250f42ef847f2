package store

import (
	"context"
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// APITokenLifetime is how long an API token stays valid after it is issued.
const APITokenLifetime = 90 * 24 * time.Hour

// MaxAPITokens is how many live API tokens one account may hold.
const MaxAPITokens = 20

// ErrTooManyTokens refuses a named API token to an account that holds MaxAPITokens.
var ErrTooManyTokens = &Conflict{Reason: fmt.Sprintf("name: an account holds at most %d API tokens; revoke one first", MaxAPITokens)}

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

// loginTokenName names the tokens POST /api/v1/login hands out.
const loginTokenName = "API log-in"

// CreateAPIToken issues a log-in token (POST /api/v1/login) for the user and returns it.
// An account at MaxAPITokens gives up its least recently used token for it, so scripts
// that log in on every run keep working and tokens never pile up.
func (s *Store) CreateAPIToken(ctx context.Context, userID int64) (string, error) {
	return s.createAPIToken(ctx, userID, loginTokenName, true)
}

// CreateNamedAPIToken issues a token named on the tokens page and returns it; at
// MaxAPITokens it is refused with ErrTooManyTokens.
func (s *Store) CreateNamedAPIToken(ctx context.Context, userID int64, name string) (string, error) {
	return s.createAPIToken(ctx, userID, name, false)
}

const (
	lockUserSQL          = `SELECT 1 FROM users WHERE id = $1 AND deleted_at IS NULL AND member_kind IS NULL FOR UPDATE`
	deleteExpiredTokens  = `DELETE FROM api_tokens WHERE user_id = $1 AND expires_at <= now()`
	countTokensSQL       = `SELECT count(*) FROM api_tokens WHERE user_id = $1`
	deleteLeastUsedToken = `
DELETE FROM api_tokens WHERE id IN (
    SELECT id FROM api_tokens WHERE user_id = $1
    ORDER BY coalesce(last_used_at, created_at), id LIMIT $2)`
	createAPITokenSQL = `
INSERT INTO api_tokens (user_id, token_sha256, name, expires_at)
VALUES ($1, $2, $3, now() + $4::interval)`
)

// createAPIToken issues a token, holding the account's row lock so that two at once
// cannot both pass the limit. Only the token's SHA-256 is stored; the token itself is
// shown once, to the caller.
func (s *Store) createAPIToken(ctx context.Context, userID int64, name string, makeRoom bool) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("store: create api token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	sum := sha256.Sum256([]byte(token))
	lifetime := fmt.Sprintf("%d seconds", int64(APITokenLifetime/time.Second))
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one int
		if err := tx.QueryRow(ctx, lockUserSQL, userID).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, deleteExpiredTokens, userID); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, countTokensSQL, userID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxAPITokens {
			if !makeRoom {
				return ErrTooManyTokens
			}
			if _, err := tx.Exec(ctx, deleteLeastUsedToken, userID, n-MaxAPITokens+1); err != nil {
				return err
			}
		}
		_, err := tx.Exec(ctx, createAPITokenSQL, userID, sum[:], name, lifetime)
		return err
	})
	if err != nil {
		return "", fmt.Errorf("store: create api token: %w", err)
	}
	return token, nil
}

const userByAPITokenSQL = `
WITH t AS (
    SELECT id, user_id, last_used_at FROM api_tokens
    WHERE token_sha256 = $1 AND expires_at > now()
), touched AS (
    -- Remember the use, at most once a minute per token.
    UPDATE api_tokens a SET last_used_at = now() FROM t
    WHERE a.id = t.id AND (t.last_used_at IS NULL OR t.last_used_at < now() - interval '1 minute')
)
SELECT u.id, u.username, u.display_name, u.created_at, u.auth_version
FROM t JOIN users u ON u.id = t.user_id
WHERE u.deleted_at IS NULL`

// UserByAPIToken returns the account a bearer token belongs to, or ErrNotFound when the
// token is unknown or expired. It records when the token was last used.
func (s *Store) UserByAPIToken(ctx context.Context, token string) (User, error) {
	sum := sha256.Sum256([]byte(token))
	rows, err := s.pool.Query(ctx, userByAPITokenSQL, sum[:])
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
FROM api_tokens WHERE user_id = $1 AND expires_at > now()
ORDER BY created_at DESC, id DESC`

// APITokens lists the user's live API tokens, newest first.
func (s *Store) APITokens(ctx context.Context, userID int64) ([]APIToken, error) {
	tokens, err := collect[APIToken](ctx, s.pool, apiTokensSQL, userID)
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
