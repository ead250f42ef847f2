package store

import (
	"context"
	"errors"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"
)

// ErrWrongPassword refuses a password change or an account deletion whose current
// password is wrong.
var ErrWrongPassword = &Invalid{Reason: "current_password: incorrect", ID: "refusal.wrong_password"}

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

const updateLanguageSQL = `
UPDATE users SET language = $2 WHERE id = $1 AND deleted_at IS NULL
RETURNING ` + userColumns

// UpdateLanguage sets the language the user reads pages and e-mails in (a locales code, or
// "" for the browser's) and returns the account.
func (s *Store) UpdateLanguage(ctx context.Context, userID int64, code string) (User, error) {
	user, err := collectOne[User](ctx, s.pool, updateLanguageSQL, userID, code)
	if errors.Is(err, pgx.ErrNoRows) {
		return User{}, fmt.Errorf("store: update language: %w", ErrNotFound)
	}
	if err != nil {
		return User{}, fmt.Errorf("store: update language: %w", err)
	}
	return user, nil
}

const lockPasswordSQL = `SELECT password_hash FROM users WHERE id = $1 AND deleted_at IS NULL AND member_kind IS NULL FOR UPDATE`

// LockPasswordHash locks the user's row for tx and returns its password hash, for
// account.PasswordMatches; a deleted account, a ladder member or no account is ErrNotFound.
func (s *Store) LockPasswordHash(ctx context.Context, tx pgx.Tx, userID int64) (string, error) {
	var hash string
	err := tx.QueryRow(ctx, lockPasswordSQL, userID).Scan(&hash)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	return hash, err
}

// HashPassword is the bcrypt hash of password at the store's cost, for UpdatePassword.
func (s *Store) HashPassword(password string) (string, error) {
	hash, err := s.passwords.Hash([]byte(password), s.passwordCost)
	if err != nil {
		return "", fmt.Errorf("store: hash password: %w", err)
	}
	return string(hash), nil
}

const (
	setPasswordSQL = `
UPDATE users SET password_hash = $2, auth_version = auth_version + 1 WHERE id = $1
RETURNING ` + userColumns
	deleteUserTokensSQL = `DELETE FROM api_tokens WHERE user_id = $1`
)

// UpdatePassword stores a new password hash (HashPassword) and raises the account's
// AuthVersion, which ends the web sessions begun under the old one; it returns the account.
func (s *Store) UpdatePassword(ctx context.Context, tx pgx.Tx, userID int64, hash string) (User, error) {
	return collectOne[User](ctx, tx, setPasswordSQL, userID, hash)
}

// DeleteAPITokens revokes every API token of the user.
func (s *Store) DeleteAPITokens(ctx context.Context, tx pgx.Tx, userID int64) error {
	_, err := tx.Exec(ctx, deleteUserTokensSQL, userID)
	return err
}

// erasedPasswordHash is stored for a deleted account: it looks like a bcrypt hash to the
// table's check but no password matches it (log-in also skips deleted accounts).
const erasedPasswordHash = "$2a$10$erased"

const (
	eraseUserSQL = `
UPDATE users SET username = $2, display_name = 'former player ' || id,
       password_hash = $3, email = NULL, email_verified_at = NULL,
       auth_version = auth_version + 1, deleted_at = now()
WHERE id = $1`
	deleteUserLinksSQL    = `DELETE FROM account_links WHERE user_id = $1`
	deleteUserCalendarSQL = `DELETE FROM calendar_feeds WHERE user_id = $1`
	// Stored result inputs and audits name players by username, in any letter case, as
	// "id" or "username" values and in an ARMADA result's "winners"; league histories name
	// them in words ("ada left") and in their message's data ({"Name": "ada"}). The name
	// becomes the former player's. Usernames hold only letters, digits, - and _, none
	// special in a pattern.
	eraseEventNamesSQL = `
UPDATE league_events SET detail = regexp_replace(detail, '(?<![A-Za-z0-9_-])' || $1 || '(?![A-Za-z0-9_-])', $2, 'gi'),
       message_data = (SELECT jsonb_object_agg(k, CASE WHEN jsonb_typeof(v) = 'string' AND lower(v #>> '{}') = lower($1)
                                                      THEN to_jsonb($2::text) ELSE v END)
                       FROM jsonb_each(message_data) AS d(k, v))
WHERE detail ~* ('(?<![A-Za-z0-9_-])' || $1 || '(?![A-Za-z0-9_-])')`
	eraseRateCountersSQL = `
DELETE FROM rate_counters WHERE kind LIKE 'login-fail-%' AND (key = lower($1) OR right(key, length($1) + 1) = ' ' || lower($1))`
)

// EraseAccount erases the personal data of the account username (userID), keeping its
// row under the name former (account.FormerUsername): the username, display name, e-mail
// address and password go, with every API token, account link, calendar feed and log-in
// counter, and every session ends (AuthVersion goes up); stored results, their audit and
// league histories name the former player instead. Lock the row first (LockPasswordHash).
func (s *Store) EraseAccount(ctx context.Context, tx pgx.Tx, userID int64, username, former string) error {
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
	if _, err := tx.Exec(ctx, eraseUserSQL, userID, former, erasedPasswordHash); err != nil {
		if isUniqueViolation(err, "users_username_lower_key") {
			return ErrFormerNameHeld
		}
		return err
	}
	for _, sql := range []string{deleteUserTokensSQL, deleteUserLinksSQL, deleteUserCalendarSQL} {
		if _, err := tx.Exec(ctx, sql, userID); err != nil {
			return err
		}
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

// ErrFormerNameHeld refuses a change that needs this account's former-player name while
// another account holds it.
var ErrFormerNameHeld = &Conflict{Reason: "username: another account holds this account's former-player name", ID: "refusal.former_name_held"}
