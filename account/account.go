// Package account holds the rules of a TableStakes account, apart from any league: how long
// its links and API tokens last, how many tokens it may hold, how a link or token is made
// and remembered, whether a password matches, and the name a deleted account is kept
// under. It is pure Go: no SQL, no HTTP; service.Accounts asks it and store saves.
package account

import (
	"crypto/rand"
	"crypto/sha256"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"golang.org/x/crypto/bcrypt"
)

// Link lifetimes: a password-reset link lasts an hour, an address verification a day.
const (
	ResetLinkLifetime  = time.Hour
	VerifyLinkLifetime = 24 * time.Hour
)

// APITokenLifetime is how long an API token stays valid after it is issued.
const APITokenLifetime = 90 * 24 * time.Hour

// Expires is when a link or an API token issued at now with lifetime ends: it is live
// while the time is before it, and expired from that instant on (the store's reads of a
// link or token at a time compare with it so).
func Expires(now time.Time, lifetime time.Duration) time.Time { return now.Add(lifetime) }

// TokenUseEvery is how often an API token's last use is recorded: a token used again
// within it keeps the use recorded before (one write a minute per token, not one a request).
const TokenUseEvery = time.Minute

// TokenUseSince is the time since which an API token's recorded use is recent enough that a
// use at now records nothing new (TokenUseEvery).
func TokenUseSince(now time.Time) time.Time { return now.Add(-TokenUseEvery) }

// DeviceKeptFor is how long a browser that logged in to an account stays known (and so
// passes the address's log-in limits and the account's cap) without logging in again.
const DeviceKeptFor = 365 * 24 * time.Hour

// DeviceKnownSince is the time since which a browser must have logged in to an account to
// be known at now (DeviceKeptFor).
func DeviceKnownSince(now time.Time) time.Time { return now.Add(-DeviceKeptFor) }

// MaxAPITokens is how many live API tokens one account may hold.
const MaxAPITokens = 20

// LoginTokenName names the tokens POST /api/v1/login hands out.
const LoginTokenName = "API log-in"

// FormerPlayerPrefix starts the username a deleted account is kept under ("former-17");
// sign-ups may not take it.
const FormerPlayerPrefix = "former-"

// NewToken returns a fresh random token for a link or an API token (32 random bytes,
// base64url) and its SHA-256 (Sum), which is all the database keeps.
func NewToken() (string, []byte, error) {
	raw := make([]byte, 32)
	if _, err := rand.Read(raw); err != nil {
		return "", nil, fmt.Errorf("account: new token: %w", err)
	}
	token := base64.RawURLEncoding.EncodeToString(raw)
	return token, Sum(token), nil
}

// Sum is the SHA-256 a token is remembered and looked up by.
func Sum(token string) []byte {
	sum := sha256.Sum256([]byte(token))
	return sum[:]
}

// TokenRoom decides a new API token for an account holding held live tokens: how many of
// its least recently used tokens give way (drop), or that it is refused (ok false). A log-in
// token (login) always gets room, so scripts that log in on every run keep working and
// tokens never pile up; a token named on the tokens page is refused at MaxAPITokens.
func TokenRoom(held int, login bool) (drop int, ok bool) {
	if held < MaxAPITokens {
		return 0, true
	}
	if !login {
		return 0, false
	}
	return held - MaxAPITokens + 1, true
}

// PasswordMatches reports whether password is the one hash was made from. An error is one
// that is not a mismatch (a hash bcrypt cannot read).
func PasswordMatches(hash, password string) (bool, error) {
	err := bcrypt.CompareHashAndPassword([]byte(hash), []byte(password))
	if errors.Is(err, bcrypt.ErrMismatchedHashAndPassword) {
		return false, nil
	}
	if err != nil {
		return false, fmt.Errorf("account: compare password: %w", err)
	}
	return true, nil
}

// FormerUsername is the username a deleted account is kept under: FormerPlayerPrefix and
// the account's id ("former-17"), so the games, results and ladders it played in stay whole.
func FormerUsername(userID int64) string {
	return fmt.Sprintf("%s%d", FormerPlayerPrefix, userID)
}

// RateRoom reports whether a limited attempt (a log-in failure slot, a sign-up from one
// address) may be counted: the hits already counted in its period are fewer than limit.
// A refused attempt is not counted, so retrying never lengthens the wait.
func RateRoom(hits float64, limit int) bool { return hits < float64(limit) }
