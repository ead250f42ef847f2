package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
	"golang.org/x/crypto/bcrypt"
)

// FormerPlayerPrefix starts the username a deleted account is kept under
// ("former-17"); sign-ups may not take it.
const FormerPlayerPrefix = "former-"

// ErrWrongPassword refuses a password change or an account deletion whose current
// password is wrong.
var ErrWrongPassword = &Invalid{Reason: "current_password: incorrect"}

const updateDisplayNameSQL = `
UPDATE users SET display_name = $2 WHERE id = $1 AND deleted_at IS NULL
RETURNING ` + userColumns

// UpdateDisplayName changes the name the user appears under and returns the account.
func (s *Store) UpdateDisplayName(ctx context.Context, userID int64, name string) (User, error) {
	user, err := collectOne[User](ctx, s.pool, updateDisplayNameSQL, userID, name)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: update display name: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: update display name: %w", err)
	}
	return user, nil
}

const lockPasswordSQL = `SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL AND member_kind IS NULL FOR UPDATE`

// checkPassword locks the user's row and compares password with its hash: ErrWrongPassword
// when it does not match.
func checkPassword(ctx context.Context, tx pgx.Tx, userID int64, password string) error {
	var hash string
	if err := tx.QueryRow(ctx, lockPasswordSQL, userID).Scan(&hash); errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	} else if err != nil {
		return err
	}
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password))
	if errors.Is(err, bcrypt.ErrMismatchedHashAndPassword) {
		return ErrWrongPassword
	}
	return err
}

const (
	setPasswordSQL = `
UPDATE users SET password_hash = $2, auth_version = auth_version + 1 WHERE id = $1
RETURNING ` + userColumns
	deleteUserTokensSQL = `DELETE FROM api_tokens WHERE user_id = $1`
)

// ChangePassword replaces the user's password after checking the current one
// (ErrWrongPassword), and ends every other sign-in: all API tokens are revoked and the
// account's AuthVersion goes up, which ends the web sessions begun under the old one.
// It returns the account with its new AuthVersion, for the session that made the change.
func (s *Store) ChangePassword(ctx context.Context, userID int64, current, next string) (User, error) {
	hash, err := bcrypt.GenerateFromPassword([]byte(next), s.passwordCost)
	if err != nil {
		return User{}, fmt.Errorf("store: change password: hash: %w", err)
	}
	var user User
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := checkPassword(ctx, tx, userID, current); err != nil {
			return err
		}
		return setPassword(ctx, tx, userID, string(hash), &user)
	})
	if err != nil {
		return User{}, fmt.Errorf("store: change password: %w", err)
	}
	return user, nil
}

// setPassword stores a new password hash, raises AuthVersion and revokes the API tokens.
func setPassword(ctx context.Context, tx pgx.Tx, userID int64, hash string, user *User) error {
	u, err := collectOne[User](ctx, tx, setPasswordSQL, userID, hash)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, deleteUserTokensSQL, userID); err != nil {
		return err
	}
	*user = u
	return nil
}

// erasedPasswordHash is stored for a deleted account: it looks like a bcrypt hash to the
// table's check but no password matches it (log-in also skips deleted accounts).
const erasedPasswordHash = "$2a$10$erased"

const (
	eraseUserSQL = `
UPDATE users SET username = $2 || id, display_name = 'former player ' || id,
       password_hash = $3, email = NULL, email_verified_at = NULL,
       auth_version = auth_version + 1, deleted_at = now()
WHERE id = $1`
	deleteUserLinksSQL    = `DELETE FROM account_links WHERE user_id = $1`
	deleteUserCalendarSQL = `DELETE FROM calendar_feeds WHERE user_id = $1`
	// Stored result inputs and audits name players by username, in any letter case, as
	// "id" or "username" values and in an ARMADA result's "winners"; league histories name
	// them in words ("ada left"). The name becomes the former player's. Usernames hold only
	// letters, digits, - and _, none special in a pattern.
	eraseEventNamesSQL = `
UPDATE league_events SET detail = regexp_replace(detail, '(?<![A-Za-z0-9_-])' || $1 || '(?![A-Za-z0-9_-])', $2, 'gi')
WHERE detail ~* ('(?<![A-Za-z0-9_-])' || $1 || '(?![A-Za-z0-9_-])')`
	eraseRateCountersSQL = `
DELETE FROM rate_counters WHERE kind LIKE 'login-fail-%' AND (key = lower($1) OR right(key, length($1) + 1) = ' ' || lower($1))`
)

// DeleteAccount erases the user's personal data after checking their password
// (ErrWrongPassword): the username, display name, e-mail address and password go, with
// every API token, account link, calendar feed and log-in counter, and every session
// ends; stored results, their audit and league histories name the former player instead.
// The row stays, as "former player N" (username former-N, N the account's id), so that
// the games, results and ladders it played in stay whole and still sum to zero.
func (s *Store) DeleteAccount(ctx context.Context, userID int64, password string) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := checkPassword(ctx, tx, userID, password); err != nil {
			return err
		}
		var username string
		if err := tx.QueryRow(ctx, usernameSQL, userID).Scan(&username); err != nil {
			return err
		}
		former := fmt.Sprintf("%s%d", FormerPlayerPrefix, userID)
		for _, q := range []struct {
			sql  string
			args []any
		}{
			{renamePlayerSQL("results", "input", "output"), []any{username, former}},
			{renamePlayerSQL("result_audit", "input", "changes"), []any{username, former}},
			{eraseEventNamesSQL, []any{username, former}},
			{eraseRateCountersSQL, []any{username}},
		} {
			if _, err := tx.Exec(ctx, q.sql, q.args...); err != nil {
				return err
			}
		}
		if _, err := tx.Exec(ctx, eraseUserSQL, userID, FormerPlayerPrefix, erasedPasswordHash); err != nil {
			if isUniqueViolation(err, "users_username_lower_key") {
				return &Conflict{Reason: "username: another account holds this account's former-player name"}
			}
			return err
		}
		for _, sql := range []string{deleteUserTokensSQL, deleteUserLinksSQL, deleteUserCalendarSQL} {
			if _, err := tx.Exec(ctx, sql, userID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return fmt.Errorf("store: delete account: %w", err)
	}
	return nil
}

// renamePlayerSQL is the statement renaming the username $1 to $2 in table's jsonb
// columns wherever it names a player: "id" and "username" values and elements of
// "winners" (Postgres prints jsonb as `"key": "value"`, one space after the colon).
func renamePlayerSQL(table string, cols ...string) string {
	var set, where []string
	for _, col := range cols {
		set = append(set, col+` = regexp_replace(regexp_replace(`+col+`::text,
        '"(id|username)": "' || $1 || '"', '"\1": "' || $2 || '"', 'gi'),
        '("winners": \[[^]]*)"' || $1 || '"', '\1"' || $2 || '"', 'i')::jsonb`)
		where = append(where, col+`::text ~* ('"' || $1 || '"')`)
	}
	return `UPDATE ` + table + ` SET ` + strings.Join(set, ", ") + ` WHERE ` + strings.Join(where, " OR ")
}
