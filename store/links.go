package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/account"
)

// LinkPurpose is what an account link is for (account_links.purpose).
type LinkPurpose string

// Account link purposes.
const (
	VerifyEmailLink   LinkPurpose = "verify-email"
	ResetPasswordLink LinkPurpose = "reset-password"
)

// ErrLinkInvalid refuses an account link that is unknown, used, expired, or for an
// address the account no longer has.
var ErrLinkInvalid = &Invalid{Reason: "token: this link is invalid, used or expired; ask for a new one", ID: "refusal.link_invalid"}

// ErrEmailTaken refuses to verify an address another account has verified.
var ErrEmailTaken = &Conflict{Reason: "email: another account uses this address", ID: "refusal.email_taken"}

// Email is an account's e-mail address and whether it is verified.
type Email struct {
	Address  string
	Verified bool
}

const (
	emailSQL    = `SELECT coalesce(email, ''), email_verified_at IS NOT NULL FROM users WHERE id = $1`
	setEmailSQL = `
UPDATE users SET email = nullif($2, ''), email_verified_at = NULL
WHERE id = $1 AND deleted_at IS NULL`
	deleteLinksSQL = `DELETE FROM account_links WHERE user_id = $1 AND purpose = $2`
	insertLinkSQL  = `
INSERT INTO account_links (token_sha256, user_id, purpose, email, created_at, expires_at)
VALUES ($1, $2, $3, nullif($4, ''), $5, $6)`
)

// UserEmail returns the user's e-mail address ("" when none) and whether it is verified.
func (s *Store) UserEmail(ctx context.Context, userID int64) (Email, error) {
	var e Email
	err := s.pool.QueryRow(ctx, emailSQL, userID).Scan(&e.Address, &e.Verified)
	if errors.Is(err, pgx.ErrNoRows) {
		return Email{}, fmt.Errorf("store: user email: %w", ErrNotFound)
	}
	if err != nil {
		return Email{}, fmt.Errorf("store: user email: %w", err)
	}
	return e, nil
}

// UpdateEmail gives the user the unverified address, or none when address is "" (a deleted
// or unknown account: ErrNotFound). Validate the address first.
func (s *Store) UpdateEmail(ctx context.Context, tx pgx.Tx, userID int64, address string) error {
	tag, err := tx.Exec(ctx, setEmailSQL, userID, address)
	if err != nil {
		return err
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	return nil
}

// DeleteLinks ends the user's links of purpose.
func (s *Store) DeleteLinks(ctx context.Context, tx pgx.Tx, userID int64, purpose LinkPurpose) error {
	_, err := tx.Exec(ctx, deleteLinksSQL, userID, string(purpose))
	return err
}

// InsertLink stores a single-use link of purpose for the user, remembered by its token's
// SHA-256 (sum, account.NewToken), for address when it verifies one, made at createdAt and
// valid until expiresAt (account.Expires).
func (s *Store) InsertLink(ctx context.Context, tx pgx.Tx, sum []byte, userID int64, purpose LinkPurpose, address string, createdAt, expiresAt time.Time) error {
	_, err := tx.Exec(ctx, insertLinkSQL, sum, userID, string(purpose), address, createdAt, expiresAt)
	return err
}

const (
	useLinkSQL = `
UPDATE account_links SET used_at = $3
WHERE token_sha256 = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > $3
RETURNING user_id, coalesce(email, '')`
	verifyEmailSQL = `
UPDATE users SET email_verified_at = now()
WHERE id = $1 AND lower(email) = lower($2) AND deleted_at IS NULL
RETURNING ` + userColumns
)

// UseLink spends, at now, the single-use link of purpose whose token is token: its user and
// address, or ErrLinkInvalid when it is unknown, used or expired at now (its expiry is now
// or before).
func (s *Store) UseLink(ctx context.Context, tx pgx.Tx, token string, purpose LinkPurpose, now time.Time) (int64, string, error) {
	var (
		userID  int64
		address string
	)
	err := tx.QueryRow(ctx, useLinkSQL, account.Sum(token), string(purpose), now).Scan(&userID, &address)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", ErrLinkInvalid
	}
	return userID, address, err
}

// MarkEmailVerified marks the user's address verified and returns the account. An address
// the account no longer has is ErrLinkInvalid; an address another account has verified is
// ErrEmailTaken.
func (s *Store) MarkEmailVerified(ctx context.Context, tx pgx.Tx, userID int64, address string) (User, error) {
	user, err := collectOne[User](ctx, tx, verifyEmailSQL, userID, address)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, ErrLinkInvalid
	}
	if isUniqueViolation(err, "users_email_lower_key") {
		return User{}, ErrEmailTaken
	}
	return user, err
}

const userByVerifiedEmailSQL = `
SELECT ` + userColumns + ` FROM users
WHERE lower(email) = lower($1) AND email_verified_at IS NOT NULL AND deleted_at IS NULL`

// UserByVerifiedEmail returns the account whose verified address is address, or
// ErrNotFound.
func (s *Store) UserByVerifiedEmail(ctx context.Context, address string) (User, error) {
	if !postgresText(address) {
		return User{}, fmt.Errorf("store: user by email: %w", ErrNotFound)
	}
	user, err := collectOne[User](ctx, s.pool, userByVerifiedEmailSQL, address)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: user by email: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: user by email: %w", err)
	}
	return user, nil
}

const resetLinkValidSQL = `
SELECT true FROM account_links
WHERE token_sha256 = $1 AND purpose = 'reset-password' AND used_at IS NULL AND expires_at > $2`

// ResetLinkValid reports whether a password-reset token may still be used at now.
func (s *Store) ResetLinkValid(ctx context.Context, token string, now time.Time) (bool, error) {
	var ok bool
	err := s.pool.QueryRow(ctx, resetLinkValidSQL, account.Sum(token), now).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: reset link valid: %w", err)
	}
	return true, nil
}

const deleteExpiredLinksSQL = `DELETE FROM account_links WHERE expires_at <= $1`

// DeleteExpiredAccountLinks removes the account links expired at now (used or not) and
// returns how many it removed. The server runs it with the session sweep.
func (s *Store) DeleteExpiredAccountLinks(ctx context.Context, now time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredLinksSQL, now)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired account links: %w", err)
	}
	return tag.RowsAffected(), nil
}
