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
	"golang.org/x/crypto/bcrypt"
)

// Account link lifetimes: a password-reset link lasts an hour, an address verification
// a day.
const (
	ResetLinkLifetime  = time.Hour
	VerifyLinkLifetime = 24 * time.Hour
)

// Account link purposes (account_links.purpose).
const (
	purposeVerifyEmail   = "verify-email"
	purposeResetPassword = "reset-password"
)

// ErrLinkInvalid refuses an account link that is unknown, used, expired, or for an
// address the account no longer has.
var ErrLinkInvalid = &Invalid{Reason: "token: this link is invalid, used or expired; ask for a new one"}

// ErrEmailTaken refuses to verify an address another account has verified.
var ErrEmailTaken = &Conflict{Reason: "email: another account uses this address"}

// Email is an account's e-mail address and whether it is verified.
type Email struct {
	Address  string
	Verified bool
}

// newLinkToken returns a fresh random link token and its SHA-256, which is all the
// database keeps.
func newLinkToken() (string, []byte, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, err
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	sum := sha256.Sum256([]byte(token))
	return token, sum[:], nil
}

// interval renders d for a Postgres ::interval parameter.
func interval(d time.Duration) string {
	return fmt.Sprintf("%d seconds", int64(d/time.Second))
}

const (
	emailSQL    = `SELECT coalesce(email, ''), email_verified_at IS NOT NULL FROM users WHERE id = $1`
	setEmailSQL = `
UPDATE users SET email = nullif($2, ''), email_verified_at = NULL
WHERE id = $1 AND deleted_at IS NULL`
	deleteLinksSQL = `DELETE FROM account_links WHERE user_id = $1 AND purpose = $2`
	insertLinkSQL  = `
INSERT INTO account_links (token_sha256, user_id, purpose, email, expires_at)
VALUES ($1, $2, $3, nullif($4, ''), now() + $5::interval)`
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

// SetEmail gives the user the (unverified) address, or none when address is "", and
// returns the token of the link that verifies it (VerifyEmail); earlier verification
// links end. Validate the address first.
func (s *Store) SetEmail(ctx context.Context, userID int64, address string) (string, error) {
	token, sum, err := newLinkToken()
	if err != nil {
		return "", fmt.Errorf("store: set email: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		tag, err := tx.Exec(ctx, setEmailSQL, userID, address)
		if err != nil {
			return err
		}
		if tag.RowsAffected() == 0 {
			return ErrNotFound
		}
		if _, err := tx.Exec(ctx, deleteLinksSQL, userID, purposeVerifyEmail); err != nil {
			return err
		}
		if address == "" {
			return nil
		}
		_, err = tx.Exec(ctx, insertLinkSQL, sum, userID, purposeVerifyEmail, address, interval(VerifyLinkLifetime))
		return err
	})
	if err != nil {
		return "", fmt.Errorf("store: set email: %w", err)
	}
	if address == "" {
		return "", nil
	}
	return token, nil
}

const (
	useLinkSQL = `
UPDATE account_links SET used_at = now()
WHERE token_sha256 = $1 AND purpose = $2 AND used_at IS NULL AND expires_at > now()
RETURNING user_id, coalesce(email, '')`
	verifyEmailSQL = `
UPDATE users SET email_verified_at = now()
WHERE id = $1 AND lower(email) = lower($2) AND deleted_at IS NULL
RETURNING ` + userColumns
)

// useLink spends a single-use link of purpose: its user and address, or ErrLinkInvalid.
func useLink(ctx context.Context, tx pgx.Tx, token, purpose string) (int64, string, error) {
	sum := sha256.Sum256([]byte(token))
	var (
		userID  int64
		address string
	)
	err := tx.QueryRow(ctx, useLinkSQL, sum[:], purpose).Scan(&userID, &address)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, "", ErrLinkInvalid
	}
	return userID, address, err
}

// VerifyEmail spends a verification link and marks its address verified, returning the
// account. A link for an address the account no longer has is ErrLinkInvalid; an address
// another account has verified is ErrEmailTaken.
func (s *Store) VerifyEmail(ctx context.Context, token string) (User, error) {
	var user User
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		userID, address, err := useLink(ctx, tx, token, purposeVerifyEmail)
		if err != nil {
			return err
		}
		user, err = collectOne[User](ctx, tx, verifyEmailSQL, userID, address)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrLinkInvalid
		}
		if isUniqueViolation(err, "users_email_lower_key") {
			return ErrEmailTaken
		}
		return err
	})
	if err != nil {
		return User{}, fmt.Errorf("store: verify email: %w", err)
	}
	return user, nil
}

const userByVerifiedEmailSQL = `
SELECT ` + userColumns + ` FROM users
WHERE lower(email) = lower($1) AND email_verified_at IS NOT NULL AND deleted_at IS NULL`

// CreateResetLinkByEmail returns the account whose verified address is address and the
// token of a fresh password-reset link for it, or ErrNotFound.
func (s *Store) CreateResetLinkByEmail(ctx context.Context, address string) (User, string, error) {
	if !postgresText(address) {
		return User{}, "", fmt.Errorf("store: reset link: %w", ErrNotFound)
	}
	user, err := collectOne[User](ctx, s.pool, userByVerifiedEmailSQL, address)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, "", fmt.Errorf("store: reset link: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, "", fmt.Errorf("store: reset link: %w", err)
	}
	token, err := s.CreateResetLink(ctx, user.ID)
	return user, token, err
}

// CreateResetLink returns the token of a fresh single-use password-reset link for the
// user, valid ResetLinkLifetime (for `tablestakes user reset-link` and the e-mail).
func (s *Store) CreateResetLink(ctx context.Context, userID int64) (string, error) {
	token, sum, err := newLinkToken()
	if err != nil {
		return "", fmt.Errorf("store: reset link: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var one int
		if err := tx.QueryRow(ctx, lockUserSQL, userID).Scan(&one); errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		} else if err != nil {
			return err
		}
		_, err := tx.Exec(ctx, insertLinkSQL, sum, userID, purposeResetPassword, "", interval(ResetLinkLifetime))
		return err
	})
	if err != nil {
		return "", fmt.Errorf("store: reset link: %w", err)
	}
	return token, nil
}

const resetLinkValidSQL = `
SELECT true FROM account_links
WHERE token_sha256 = $1 AND purpose = 'reset-password' AND used_at IS NULL AND expires_at > now()`

// ResetLinkValid reports whether a password-reset token may still be used.
func (s *Store) ResetLinkValid(ctx context.Context, token string) (bool, error) {
	sum := sha256.Sum256([]byte(token))
	var ok bool
	err := s.pool.QueryRow(ctx, resetLinkValidSQL, sum[:]).Scan(&ok)
	if errors.Is(err, pgx.ErrNoRows) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("store: reset link valid: %w", err)
	}
	return true, nil
}

// ResetPassword spends a password-reset link (ErrLinkInvalid when it cannot be used) and
// sets the new password; like ChangePassword it ends every session and API token, and
// every other reset link of the account.
func (s *Store) ResetPassword(ctx context.Context, token, password string) (User, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(password), s.passwordCost)
	if err != nil {
		return User{}, fmt.Errorf("store: reset password: hash: %w", err)
	}
	var user User
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		userID, _, err := useLink(ctx, tx, token, purposeResetPassword)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, deleteLinksSQL, userID, purposeResetPassword); err != nil {
			return err
		}
		return setPassword(ctx, tx, userID, string(hash), &user)
	})
	if err != nil {
		return User{}, fmt.Errorf("store: reset password: %w", err)
	}
	return user, nil
}

const deleteExpiredLinksSQL = `DELETE FROM account_links WHERE expires_at < now()`

// DeleteExpiredAccountLinks removes the account links past their expiry (used or not)
// and returns how many it removed. The server runs it with the session sweep.
func (s *Store) DeleteExpiredAccountLinks(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, deleteExpiredLinksSQL)
	if err != nil {
		return 0, fmt.Errorf("store: delete expired account links: %w", err)
	}
	return tag.RowsAffected(), nil
}
