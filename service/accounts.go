package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
)

// Accounts is the accounts area's service: an account's e-mail address and its
// verification, its password (changed, or reset through a link), its API tokens and its
// deletion. account decides; store saves.
type Accounts struct {
	store *store.Store
}

// NewAccounts returns the accounts service on st.
func NewAccounts(st *store.Store) *Accounts {
	return &Accounts{store: st}
}

// SetLanguage sets the language the user reads pages and e-mails in: the code of one of
// locales.Supported, or "" to follow the browser. Any other code is a *store.Invalid on
// "language", and changes nothing.
func (s *Accounts) SetLanguage(ctx context.Context, userID int64, code string) (store.User, error) {
	if _, ok := locales.Get(code); code != "" && !ok {
		return store.User{}, ErrLanguageUnknown
	}
	user, err := s.store.UpdateLanguage(ctx, userID, code)
	if err != nil {
		return store.User{}, fmt.Errorf("service: set language: %w", err)
	}
	return user, nil
}

// SetEmail gives the user the (unverified) address, or none when address is "", and
// returns the token of the link that verifies it (VerifyEmail); earlier verification links
// end. Validate the address first.
func (s *Accounts) SetEmail(ctx context.Context, userID int64, address string) (string, error) {
	token, sum, err := account.NewToken()
	if err != nil {
		return "", fmt.Errorf("service: set email: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.store.UpdateEmail(ctx, tx, userID, address); err != nil {
			return err
		}
		if err := s.store.DeleteLinks(ctx, tx, userID, store.VerifyEmailLink); err != nil {
			return err
		}
		if address == "" {
			return nil
		}
		now := time.Now()
		return s.store.InsertLink(ctx, tx, sum, userID, store.VerifyEmailLink, address, now, account.Expires(now, account.VerifyLinkLifetime))
	})
	if err != nil {
		return "", fmt.Errorf("service: set email: %w", err)
	}
	if address == "" {
		return "", nil
	}
	return token, nil
}

// VerifyEmail spends a verification link and marks its address verified, returning the
// account. A link for an address the account no longer has is store.ErrLinkInvalid; an
// address another account has verified is store.ErrEmailTaken.
func (s *Accounts) VerifyEmail(ctx context.Context, token string) (store.User, error) {
	var user store.User
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		userID, address, err := s.store.UseLink(ctx, tx, token, store.VerifyEmailLink, time.Now())
		if err != nil {
			return err
		}
		user, err = s.store.MarkEmailVerified(ctx, tx, userID, address)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("service: verify email: %w", err)
	}
	return user, nil
}

// CreateResetLinkByEmail returns the account whose verified address is address and the
// token of a fresh password-reset link for it, or store.ErrNotFound.
func (s *Accounts) CreateResetLinkByEmail(ctx context.Context, address string) (store.User, string, error) {
	user, err := s.store.UserByVerifiedEmail(ctx, address)
	if err != nil {
		return store.User{}, "", fmt.Errorf("service: reset link: %w", err)
	}
	token, err := s.CreateResetLink(ctx, user.ID)
	return user, token, err
}

// CreateResetLink returns the token of a fresh single-use password-reset link for the user,
// valid account.ResetLinkLifetime (for `tablestakes user reset-link` and the e-mail).
func (s *Accounts) CreateResetLink(ctx context.Context, userID int64) (string, error) {
	token, sum, err := account.NewToken()
	if err != nil {
		return "", fmt.Errorf("service: reset link: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.store.LockUser(ctx, tx, userID); err != nil {
			return err
		}
		now := time.Now()
		return s.store.InsertLink(ctx, tx, sum, userID, store.ResetPasswordLink, "", now, account.Expires(now, account.ResetLinkLifetime))
	})
	if err != nil {
		return "", fmt.Errorf("service: reset link: %w", err)
	}
	return token, nil
}

// ResetPassword spends a password-reset link (store.ErrLinkInvalid when it cannot be used)
// and sets the new password; like ChangePassword it ends every session and API token, and
// every other reset link of the account.
func (s *Accounts) ResetPassword(ctx context.Context, token, password string) (store.User, error) {
	hash, err := s.store.HashPassword(password)
	if err != nil {
		return store.User{}, fmt.Errorf("service: reset password: %w", err)
	}
	var user store.User
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		userID, _, err := s.store.UseLink(ctx, tx, token, store.ResetPasswordLink, time.Now())
		if err != nil {
			return err
		}
		if err := s.store.DeleteLinks(ctx, tx, userID, store.ResetPasswordLink); err != nil {
			return err
		}
		user, err = s.setPassword(ctx, tx, userID, hash)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("service: reset password: %w", err)
	}
	return user, nil
}

// ChangePassword replaces the user's password after checking the current one
// (store.ErrWrongPassword), and ends every other sign-in: all API tokens are revoked and
// the account's AuthVersion goes up, which ends the web sessions begun under the old one.
// It returns the account with its new AuthVersion, for the session that made the change.
func (s *Accounts) ChangePassword(ctx context.Context, userID int64, current, next string) (store.User, error) {
	hash, err := s.store.HashPassword(next)
	if err != nil {
		return store.User{}, fmt.Errorf("service: change password: %w", err)
	}
	var user store.User
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.checkPassword(ctx, tx, userID, current); err != nil {
			return err
		}
		user, err = s.setPassword(ctx, tx, userID, hash)
		return err
	})
	if err != nil {
		return store.User{}, fmt.Errorf("service: change password: %w", err)
	}
	return user, nil
}

// checkPassword locks the user's row and asks account.PasswordMatches whether password is
// theirs: store.ErrWrongPassword when it is not.
func (s *Accounts) checkPassword(ctx context.Context, tx pgx.Tx, userID int64, password string) error {
	hash, err := s.store.LockPasswordHash(ctx, tx, userID)
	if err != nil {
		return err
	}
	ok, err := account.PasswordMatches(hash, password)
	if err != nil {
		return err
	}
	if !ok {
		return store.ErrWrongPassword
	}
	return nil
}

// setPassword stores a new password hash, raising AuthVersion, and revokes the API tokens.
func (s *Accounts) setPassword(ctx context.Context, tx pgx.Tx, userID int64, hash string) (store.User, error) {
	user, err := s.store.UpdatePassword(ctx, tx, userID, hash)
	if err != nil {
		return store.User{}, err
	}
	if err := s.store.DeleteAPITokens(ctx, tx, userID); err != nil {
		return store.User{}, err
	}
	return user, nil
}

// DeleteAccount erases the user's personal data after checking their password
// (store.ErrWrongPassword): the username, display name, e-mail address and password go,
// with every API token, account link, calendar feed and log-in counter, and every session
// ends; stored results, their audit and league histories name the former player instead.
// The row stays, as "former player N" (account.FormerUsername, N the account's id), so that
// the games, results and ladders it played in stay whole and still sum to zero.
func (s *Accounts) DeleteAccount(ctx context.Context, userID int64, password string) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.checkPassword(ctx, tx, userID, password); err != nil {
			return err
		}
		username, err := s.store.Username(ctx, tx, userID)
		if err != nil {
			return err
		}
		return s.store.EraseAccount(ctx, tx, userID, username, account.FormerUsername(userID))
	})
	if err != nil {
		return fmt.Errorf("service: delete account: %w", err)
	}
	return nil
}

// CreateAPIToken issues a log-in token (POST /api/v1/login) for the user and returns it.
// An account at account.MaxAPITokens gives up its least recently used token for it
// (account.TokenRoom), so scripts that log in on every run keep working and tokens never
// pile up.
func (s *Accounts) CreateAPIToken(ctx context.Context, userID int64) (string, error) {
	return s.createAPIToken(ctx, userID, account.LoginTokenName, true)
}

// CreateNamedAPIToken issues a token named on the tokens page and returns it; at
// account.MaxAPITokens it is refused with store.ErrTooManyTokens.
func (s *Accounts) CreateNamedAPIToken(ctx context.Context, userID int64, name string) (string, error) {
	return s.createAPIToken(ctx, userID, name, false)
}

// createAPIToken issues a token, holding the account's row lock so that two at once cannot
// both pass the limit. Only the token's SHA-256 is stored; the token itself is shown once,
// to the caller.
func (s *Accounts) createAPIToken(ctx context.Context, userID int64, name string, login bool) (string, error) {
	token, sum, err := account.NewToken()
	if err != nil {
		return "", fmt.Errorf("service: create api token: %w", err)
	}
	err = pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if err := s.store.LockUser(ctx, tx, userID); err != nil {
			return err
		}
		now := time.Now()
		held, err := s.store.LiveAPITokens(ctx, tx, userID, now)
		if err != nil {
			return err
		}
		drop, ok := account.TokenRoom(held, login)
		if !ok {
			return store.ErrTooManyTokens
		}
		if err := s.store.DeleteLeastUsedAPITokens(ctx, tx, userID, drop); err != nil {
			return err
		}
		return s.store.InsertAPIToken(ctx, tx, userID, sum, name, now, account.Expires(now, account.APITokenLifetime))
	})
	if err != nil {
		return "", fmt.Errorf("service: create api token: %w", err)
	}
	return token, nil
}

// UserByAPIToken returns the account a bearer token belongs to, or store.ErrNotFound when
// the token is unknown or has expired (account.Expires); the token's use is recorded at
// most once a minute (account.TokenUseEvery).
func (s *Accounts) UserByAPIToken(ctx context.Context, token string) (store.User, error) {
	now := time.Now()
	user, err := s.store.UserByAPIToken(ctx, token, now, account.TokenUseSince(now))
	if err != nil {
		return store.User{}, fmt.Errorf("service: user by api token: %w", err)
	}
	return user, nil
}

// APITokens lists the user's live API tokens, newest first.
func (s *Accounts) APITokens(ctx context.Context, userID int64) ([]store.APIToken, error) {
	return s.store.APITokens(ctx, userID, time.Now())
}

// ResetLinkValid reports whether a password-reset token may still be used: known, unused
// and not expired (account.Expires).
func (s *Accounts) ResetLinkValid(ctx context.Context, token string) (bool, error) {
	return s.store.ResetLinkValid(ctx, token, time.Now())
}

// CalendarFeedToken returns the user's private calendar feed token, making one
// (account.NewToken) the first time; renew replaces it, so the old feed URL stops working.
func (s *Accounts) CalendarFeedToken(ctx context.Context, userID int64, renew bool) (string, error) {
	token, _, err := account.NewToken()
	if err != nil {
		return "", fmt.Errorf("service: calendar feed: %w", err)
	}
	return s.store.CalendarFeedToken(ctx, userID, token, renew, time.Now())
}
