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

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Rate-limit counter kinds (service.Limits). The counters live in Postgres, so that every
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
	Msg string
	// ID is Msg's message in the locales files (Worded), "" when it has none.
	ID    string
	retry time.Duration
}

// Words is the refusal's message id (Worded).
func (e *RateLimited) Words() (string, map[string]any) { return e.ID, nil }

func (e *RateLimited) Error() string { return e.Msg }

// RetryAfter is a 429's Retry-After in whole seconds, at least 1.
func (e *RateLimited) RetryAfter() string {
	return strconv.Itoa(max(1, int((e.retry+time.Second-1)/time.Second)))
}

// Refused is the RateLimited error of lim: trying again after about one attempt's share
// of its period finds room for one more (the counts are sliding windows).
func Refused(msg string, lim Limit) *RateLimited {
	return &RateLimited{Msg: msg, ID: limitIDs[msg], retry: lim.Per / time.Duration(max(1, lim.Attempts))}
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
// ones at this username (LoginPerUser), unless the browser has logged in to the account
// before (its device cookie). A username failed too often from anywhere is
// slowed down (LoginSlowdown, LoginDelay); one failed LoginPerAccount times (100 an hour)
// has its password checked only for a browser that logged in to it before, after the
// delay, so guessing stops while the owner still logs in (trust review 3, finding 4).
//
// Every failure limit is a slot taken, in one atomic step per limit, before the password
// is checked, so requests in flight at once cannot all pass a limit checked before and
// counted after (trust review 4, finding 1). A right password gives the failure slots back
// (only failures count there); the venue's count of attempts, right or wrong, keeps it.
func (h *Server) Authenticate(c echo.Context, username, password string) (_ store.User, err error) {
	ctx := c.Request().Context()
	ip, user := ClientKey(c), UsernameKey(username)
	pair := ip + " " + user
	cfg := h.Config
	// One time for the whole attempt: its checks, its counts and its give-backs fall in the
	// same windows.
	now := cfg.LimitClock()
	slots := &loginSlots{limits: h.Limits, at: now}
	// Only a wrong password is a failure: every other ending (a refusal, a right password,
	// an attempt that never got an answer) gives the failure slots back.
	wrong := false
	defer func() {
		if !wrong {
			err = errors.Join(err, slots.giveBack(ctx))
		}
	}()

	var token string
	if ck, err := c.Cookie(deviceCookie); err == nil {
		token = ck.Value
	}
	known, err := h.Limits.KnownDevice(ctx, username, token)
	if err != nil {
		return store.User{}, err
	}

	// A browser that has logged in to this account before is not held by the address's
	// limits: at a club night behind one address, others' typos must not lock its owner
	// out (trust review 4, finding 5). The account's own limits still hold it.
	if err := h.takeAddressSlots(ctx, slots, known, ip, username, pair); err != nil {
		return store.User{}, err
	}
	// The account's limits: the slowdown and a known browser's attempts beyond the cap are
	// counted, never refused; an unknown browser takes a slot of the cap or is refused.
	failed, err := slots.hit(ctx, kindLoginFailUser, user, cfg.LoginSlowdown)
	if err != nil {
		return store.User{}, err
	}
	beyondCap := false
	if known {
		n, err := slots.hit(ctx, KindLoginFailAccount, user, cfg.LoginPerAccount)
		if err != nil {
			return store.User{}, err
		}
		beyondCap = n > float64(cfg.LoginPerAccount.Attempts)
	} else {
		took, err := slots.take(ctx, KindLoginFailAccount, user, cfg.LoginPerAccount)
		if err != nil {
			return store.User{}, err
		}
		beyondCap = !took
	}
	if failed > float64(cfg.LoginSlowdown.Attempts) || beyondCap {
		h.Logger.WarnContext(ctx, "log-in slowed down", "ip", ip, "username", username)
		if err := wait(ctx, cfg.LoginDelay); err != nil {
			return store.User{}, err
		}
	}
	if beyondCap && !known {
		return store.User{}, h.refuseLogin(ctx, KindLoginFailAccount, ip, username, msgAccountGuessed, cfg.LoginPerAccount)
	}

	u, err := h.Store.Authenticate(ctx, username, password)
	if err != nil {
		wrong = errors.Is(err, store.ErrBadCredentials)
		return store.User{}, err
	}
	return u, h.RememberDevice(c, u.ID)
}

// takeAddressSlots counts a log-in attempt from the address ip against the address's
// limits (LoginPerVenue, LoginPerIP, LoginPerUser), taking the failure slots into slots,
// and answers a *RateLimited refusal when one is full; a known browser is not counted.
func (h *Server) takeAddressSlots(ctx context.Context, slots *loginSlots, known bool, ip, username, pair string) error {
	if known {
		return nil
	}
	cfg := h.Config
	attempts, err := h.Limits.Hit(ctx, kindLoginAttempt, ip, cfg.LoginPerVenue.Per, slots.at)
	if err != nil {
		return err
	}
	if attempts > float64(cfg.LoginPerVenue.Attempts) {
		return h.refuseLogin(ctx, "address", ip, username, msgTooManyLogins, cfg.LoginPerVenue)
	}
	for _, lim := range []struct {
		kind, key string
		limit     Limit
	}{
		{kindLoginFailIP, ip, cfg.LoginPerIP},
		{kindLoginFailPair, pair, cfg.LoginPerUser},
	} {
		took, err := slots.take(ctx, lim.kind, lim.key, lim.limit)
		if err != nil {
			return err
		}
		if !took {
			return h.refuseLogin(ctx, lim.kind, ip, username, msgTooManyLogins, lim.limit)
		}
	}
	return nil
}

// loginSlots are the failure-limit slots one log-in attempt has taken, to give back when it
// turns out not to be a failure.
type loginSlots struct {
	limits *service.Limits
	at     time.Time
	taken  []loginSlot
}

// loginSlot is one counted hit of a failure limit.
type loginSlot struct {
	kind, key string
	per       time.Duration
}

// take takes a slot of lim for kind and key if the limit has room, and reports whether it did.
func (s *loginSlots) take(ctx context.Context, kind, key string, lim Limit) (bool, error) {
	took, err := s.limits.Take(ctx, kind, key, lim.Per, lim.Attempts, s.at)
	if took {
		s.taken = append(s.taken, loginSlot{kind, key, lim.Per})
	}
	return took, err
}

// hit counts one hit of kind by key over lim's period whatever the count, and returns the
// count with it.
func (s *loginSlots) hit(ctx context.Context, kind, key string, lim Limit) (float64, error) {
	n, err := s.limits.Hit(ctx, kind, key, lim.Per, s.at)
	if err == nil {
		s.taken = append(s.taken, loginSlot{kind, key, lim.Per})
	}
	return n, err
}

// giveBack uncounts every slot taken. It runs even when the request has been cancelled, so
// a client hanging up does not leave failures counted that never happened.
func (s *loginSlots) giveBack(ctx context.Context) error {
	ctx = context.WithoutCancel(ctx)
	for _, sl := range s.taken {
		if err := s.limits.GiveBack(ctx, sl.kind, sl.key, sl.per, s.at); err != nil {
			return err
		}
	}
	s.taken = nil
	return nil
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
	if err := h.Limits.RememberDevice(c.Request().Context(), userID, token); err != nil {
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
	ok, err := h.Limits.Take(c.Request().Context(), kindSignup, ClientKey(c), h.Config.SignupPerIP.Per, h.Config.SignupPerIP.Attempts,
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
