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

const createAPITokenSQL = `
INSERT INTO api_tokens (user_id, token_sha256, expires_at)
VALUES ($1, $2, now() + $3::interval)`

// CreateAPIToken issues a new random bearer token for the user and returns it. Only its
// SHA-256 is stored; the token itself is shown once, to the caller.
func (s *Store) CreateAPIToken(ctx context.Context, userID int64) (string, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", fmt.Errorf("store: create api token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	sum := sha256.Sum256([]byte(token))
	lifetime := fmt.Sprintf("%d seconds", int64(APITokenLifetime/time.Second))
	if _, err := s.pool.Exec(ctx, createAPITokenSQL, userID, sum[:], lifetime); err != nil {
		return "", fmt.Errorf("store: create api token: %w", err)
	}
	return token, nil
}

const userByAPITokenSQL = `
SELECT u.id, u.username, u.display_name, u.created_at
FROM api_tokens t JOIN users u ON u.id = t.user_id
WHERE t.token_sha256 = $1 AND t.expires_at > now()`

// UserByAPIToken returns the account a bearer token belongs to, or ErrNotFound when the
// token is unknown or expired.
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
