package httpx

import (
	"context"
	"crypto/rand"
	"errors"
	"net"
	"net/http"
	"strconv"
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
	// KindLoginFailAccount counts failed log-ins by username from anywhere over an hour:
	// the per-account cap (LoginPerAccount).
	KindLoginFailAccount = "login-fail-account"
	// kindSignup counts sign-ups by address.
	kindSignup = "signup"
)

// msgTooManyLogins is shown when the log-in rate limit refuses an attempt.
const msgTooManyLogins = "too many log-in attempts; wait a minute and try again"

// msgAccountGuessed is shown when an account has failed too many log-ins from everywhere
// and the attempt does not come from a browser that has logged in to it before.
const msgAccountGuessed = "too many failed log-ins at this account; log in from a browser you have used " +
	"with it before, choose a new password through \"Forgot your password?\", or try again in an hour"

// MsgTooManySignups is shown when the sign-up rate limit refuses an account.
const MsgTooManySignups = "too many sign-ups from your address; try again later"

// RateLimited is a request refused by a rate limit: a 429 whose Retry-After says when to
// try again (the error handler sends it).
type RateLimited struct {
	Msg   string
	retry time.Duration
}

func (e *RateLimited) Error() string { return e.Msg }

// RetryAfter is a 429's Retry-After in whole seconds, at least 1.
func (e *RateLimited) RetryAfter() string {
	return strconv.Itoa(max(1, int((e.retry+time.Second-1)/time.Second)))
}

// Refused is the RateLimited error of lim: trying again after about one attempt's share
// of its period finds room for one more (the counts are sliding windows).
func Refused(msg string, lim Limit) *RateLimited {
	return &RateLimited{Msg: msg, retry: lim.Per / time.Duration(max(1, lim.Attempts))}
}

// UsernameKey is the counter key of a username: its letter case does not matter.
func UsernameKey(username string) string {
	return strings.ToLower(username)
}

// ClientKey is the counter key of the caller's address: an IPv4 address as it is, an IPv6
// address by its /64, the block one subscriber or one machine holds whole (one IPv6 host
// can use any of 2^64 addresses, so counting single addresses would count nothing).
func ClientKey(c echo.Context) string {
	ip := net.ParseIP(c.RealIP())
	switch {
	case ip == nil:
		return c.RealIP()
	case ip.To4() != nil:
		return ip.To4().String()
	}
	return ip.Mask(net.CIDRMask(64, 128)).String() + "/64"
}

// deviceCookie holds a random token naming the browser, set at every log-in; beyond an
// account's cap on failed log-ins, only browsers that logged in to it before are let try.
const deviceCookie = "tablestakes_device"

// Authenticate checks a log-in against the rate limits and then the password, for the
// form and the API alike. It answers a *RateLimited refusal when the address has made too many
// attempts in all (LoginPerVenue), too many failed ones (LoginPerIP), or too many failed
// ones at this username (LoginPerUser). A username failed too often from anywhere is
// slowed down (LoginSlowdown, LoginDelay); one failed LoginPerAccount times (100 an hour)
// has its password checked only for a browser that logged in to it before, after the
// delay, so guessing stops while the owner still logs in (trust review 3, finding 4).
func (h *Server) Authenticate(c echo.Context, username, password string) (store.User, error) {
	ctx := c.Request().Context()
	ip, user := ClientKey(c), UsernameKey(username)
	pair := ip + " " + user
	cfg := h.Config
	// One time for the whole attempt: its checks and its counts fall in the same windows.
	now := cfg.LimitClock()

	attempts, err := h.Store.RateHit(ctx, kindLoginAttempt, ip, cfg.LoginPerVenue.Per, now)
	if err != nil {
		return store.User{}, err
	}
	if attempts > float64(cfg.LoginPerVenue.Attempts) {
		return store.User{}, h.refuseLogin(ctx, "address", ip, username, msgTooManyLogins, cfg.LoginPerVenue)
	}
	for _, lim := range []struct {
		kind, key string
		limit     Limit
	}{
		{kindLoginFailIP, ip, cfg.LoginPerIP},
		{kindLoginFailPair, pair, cfg.LoginPerUser},
	} {
		n, err := h.Store.RateCount(ctx, lim.kind, lim.key, lim.limit.Per, now)
		if err != nil {
			return store.User{}, err
		}
		if n >= float64(lim.limit.Attempts) {
			return store.User{}, h.refuseLogin(ctx, lim.kind, ip, username, msgTooManyLogins, lim.limit)
		}
	}
	capped, err := h.Store.RateCount(ctx, KindLoginFailAccount, user, cfg.LoginPerAccount.Per, now)
	if err != nil {
		return store.User{}, err
	}
	failed, err := h.Store.RateCount(ctx, kindLoginFailUser, user, cfg.LoginSlowdown.Per, now)
	if err != nil {
		return store.User{}, err
	}
	if failed >= float64(cfg.LoginSlowdown.Attempts) || capped >= float64(cfg.LoginPerAccount.Attempts) {
		h.Logger.WarnContext(ctx, "log-in slowed down", "ip", ip, "username", username)
		if err := wait(ctx, cfg.LoginDelay); err != nil {
			return store.User{}, err
		}
	}
	if capped >= float64(cfg.LoginPerAccount.Attempts) {
		var token string
		if ck, err := c.Cookie(deviceCookie); err == nil {
			token = ck.Value
		}
		known, err := h.Store.KnownDevice(ctx, username, token)
		if err != nil {
			return store.User{}, err
		}
		if !known {
			return store.User{}, h.refuseLogin(ctx, KindLoginFailAccount, ip, username, msgAccountGuessed, cfg.LoginPerAccount)
		}
	}

	u, err := h.Store.Authenticate(ctx, username, password)
	if err == nil {
		return u, h.RememberDevice(c, u.ID)
	}
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
		{KindLoginFailAccount, user, cfg.LoginPerAccount.Per},
	} {
		if _, err := h.Store.RateHit(ctx, f.kind, f.key, f.per, now); err != nil {
			return store.User{}, err
		}
	}
	return store.User{}, store.ErrBadCredentials
}

// RememberDevice marks this browser as one that logged in to the account: its device
// cookie (made now if it has none) is recorded for the user.
func (h *Server) RememberDevice(c echo.Context, userID int64) error {
	token := ""
	if ck, err := c.Cookie(deviceCookie); err == nil && len(ck.Value) >= 32 && len(ck.Value) <= 64 {
		token = ck.Value
	} else {
		token = rand.Text() + rand.Text()
	}
	if err := h.Store.RememberDevice(c.Request().Context(), userID, token); err != nil {
		return err
	}
	c.SetCookie(&http.Cookie{Name: deviceCookie, Value: token, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: h.Config.SecureCookies, SameSite: http.SameSiteLaxMode})
	return nil
}

// refuseLogin logs a log-in refused by the limit named why and returns the refusal.
func (h *Server) refuseLogin(ctx context.Context, why, ip, username, msg string, lim Limit) error {
	h.Logger.WarnContext(ctx, "log-in rate limited", "limit", why, "ip", ip, "username", username)
	return Refused(msg, lim)
}

// AllowSignup reports whether the caller's address is still within SignupPerIP, counting
// this sign-up if it is. Refused sign-ups are not counted, so a club signing up at one
// venue waits no longer for retrying (trust review 3, finding 5); the caller answers a
// refusal with ErrTooManySignups.
func (h *Server) AllowSignup(c echo.Context) (bool, error) {
	ok, err := h.Store.RateTake(c.Request().Context(), kindSignup, ClientKey(c), h.Config.SignupPerIP.Per, h.Config.SignupPerIP.Attempts,
		h.Config.LimitClock())
	if err != nil {
		return false, err
	}
	if !ok {
		h.Logger.WarnContext(c.Request().Context(), "sign-up rate limited", "ip", ClientKey(c))
	}
	return ok, nil
}

// ErrTooManySignups is the refusal of a sign-up beyond SignupPerIP.
func (h *Server) ErrTooManySignups() *RateLimited {
	return Refused(MsgTooManySignups, h.Config.SignupPerIP)
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
