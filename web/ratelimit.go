package web

import (
	"context"
	"errors"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// Rate-limit counter kinds (store.RateHit). The counters live in Postgres, so that every
// serve process on one database shares them.
const (
	// kindLoginAttempt counts every log-in attempt by address, right or wrong: the
	// allowance of a venue where a whole club signs in behind one address.
	kindLoginAttempt = "login-attempt"
	// kindLoginFailIP counts failed log-ins by address.
	kindLoginFailIP = "login-fail-ip"
	// kindLoginFailPair counts failed log-ins by address and username.
	kindLoginFailPair = "login-fail-pair"
	// kindLoginFailUser counts failed log-ins by username from anywhere; it slows the
	// username down instead of locking its owner out.
	kindLoginFailUser = "login-fail-user"
	// kindSignup counts sign-ups by address.
	kindSignup = "signup"
)

// msgTooManyLogins is shown when the log-in rate limit refuses an attempt.
const msgTooManyLogins = "too many log-in attempts; wait a minute and try again"

// msgTooManySignups is shown when the sign-up rate limit refuses an account.
const msgTooManySignups = "too many sign-ups from your address; try again later"

// errTooManyLogins is a log-in refused by the rate limits, before its password is checked.
var errTooManyLogins = echo.NewHTTPError(http.StatusTooManyRequests, msgTooManyLogins)

// usernameKey is the counter key of a username: its letter case does not matter.
func usernameKey(username string) string {
	return strings.ToLower(username)
}

// authenticate checks a log-in against the rate limits and then the password, for the
// form and the API alike. It answers errTooManyLogins when the address has made too many
// attempts in all (LoginPerVenue), too many failed ones (LoginPerIP), or too many failed
// ones at this username (LoginPerUser); a username failed too often from anywhere is only
// slowed down (LoginSlowdown, LoginDelay), so that nobody can lock its owner out.
func (h *Handler) authenticate(c echo.Context, username, password string) (store.User, error) {
	ctx := c.Request().Context()
	ip, user := c.RealIP(), usernameKey(username)
	pair := ip + " " + user
	cfg := h.config

	attempts, err := h.store.RateHit(ctx, kindLoginAttempt, ip, cfg.LoginPerVenue.Per)
	if err != nil {
		return store.User{}, err
	}
	if attempts > float64(cfg.LoginPerVenue.Attempts) {
		return store.User{}, h.refuseLogin(ctx, "address", ip, username)
	}
	for _, lim := range []struct {
		kind, key string
		limit     Limit
	}{
		{kindLoginFailIP, ip, cfg.LoginPerIP},
		{kindLoginFailPair, pair, cfg.LoginPerUser},
	} {
		n, err := h.store.RateCount(ctx, lim.kind, lim.key, lim.limit.Per)
		if err != nil {
			return store.User{}, err
		}
		if n >= float64(lim.limit.Attempts) {
			return store.User{}, h.refuseLogin(ctx, lim.kind, ip, username)
		}
	}
	failed, err := h.store.RateCount(ctx, kindLoginFailUser, user, cfg.LoginSlowdown.Per)
	if err != nil {
		return store.User{}, err
	}
	if failed >= float64(cfg.LoginSlowdown.Attempts) {
		h.logger.WarnContext(ctx, "log-in slowed down", "ip", ip, "username", username)
		if err := wait(ctx, cfg.LoginDelay); err != nil {
			return store.User{}, err
		}
	}

	u, err := h.store.Authenticate(ctx, username, password)
	if !errors.Is(err, store.ErrBadCredentials) {
		return u, err
	}
	for _, f := range []struct {
		kind, key string
		per       time.Duration
	}{
		{kindLoginFailIP, ip, cfg.LoginPerIP.Per},
		{kindLoginFailPair, pair, cfg.LoginPerUser.Per},
		{kindLoginFailUser, user, cfg.LoginSlowdown.Per},
	} {
		if _, err := h.store.RateHit(ctx, f.kind, f.key, f.per); err != nil {
			return store.User{}, err
		}
	}
	return store.User{}, store.ErrBadCredentials
}

// refuseLogin logs a log-in refused by the limit named why and returns errTooManyLogins.
func (h *Handler) refuseLogin(ctx context.Context, why, ip, username string) error {
	h.logger.WarnContext(ctx, "log-in rate limited", "limit", why, "ip", ip, "username", username)
	return errTooManyLogins
}

// allowSignup counts a sign-up from the caller's address and reports whether the
// address is still within SignupPerIP.
func (h *Handler) allowSignup(c echo.Context) (bool, error) {
	n, err := h.store.RateHit(c.Request().Context(), kindSignup, c.RealIP(), h.config.SignupPerIP.Per)
	if err != nil {
		return false, err
	}
	if n > float64(h.config.SignupPerIP.Attempts) {
		h.logger.WarnContext(c.Request().Context(), "sign-up rate limited", "ip", c.RealIP())
		return false, nil
	}
	return true, nil
}

// wait pauses for d, or until ctx ends.
func wait(ctx context.Context, d time.Duration) error {
	t := time.NewTimer(d)
	defer t.Stop()
	select {
	case <-t.C:
		return nil
	case <-ctx.Done():
		return ctx.Err()
	}
}
