package httpx

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net/http"
	"strings"
	"time"

	"github.com/alexedwards/scs/v2"
	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/tablestakes/tablestakes/store"
)

// contentSecurityPolicy allows only the app's own resources: no inline scripts or styles,
// no framing, forms posting only back to TableStakes.
const contentSecurityPolicy = "default-src 'self'; script-src 'self'; style-src 'self'; img-src 'self' data:; " +
	"object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'"

// LogRequests writes one structured log line per request, after the error handler has
// settled the status.
func (h *Server) LogRequests(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		start := time.Now()
		if err := next(c); err != nil {
			c.Error(err)
		}
		req, res := c.Request(), c.Response()
		h.Logger.LogAttrs(req.Context(), slog.LevelInfo, "request",
			slog.String("method", req.Method),
			slog.String("path", req.URL.Path),
			slog.Int("status", res.Status),
			slog.Duration("duration", time.Since(start)),
			slog.Int64("bytes", res.Size),
			slog.String("ip", c.RealIP()),
		)
		return nil
	}
}

// PanicRecovery turns a panic in a handler into an error for the central error handler,
// which logs it with the stack and answers a plain 500.
func PanicRecovery() echo.MiddlewareFunc {
	return middleware.RecoverWithConfig(middleware.RecoverConfig{
		LogErrorFunc: func(_ echo.Context, err error, stack []byte) error {
			return fmt.Errorf("panic: %w\n%s", err, stack)
		},
	})
}

// SecurityHeaders sets the headers that keep browsers from framing, sniffing or leaking.
func (h *Server) SecurityHeaders(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		hdr := c.Response().Header()
		hdr.Set("Content-Security-Policy", contentSecurityPolicy)
		hdr.Set("X-Frame-Options", "DENY")
		hdr.Set("X-Content-Type-Options", "nosniff")
		hdr.Set("Referrer-Policy", "same-origin")
		hdr.Set("Cross-Origin-Opener-Policy", "same-origin")
		hdr.Set("Permissions-Policy", "camera=(), microphone=(), geolocation=()")
		// No answer is kept by browsers or proxies unless its handler says so (the static
		// files do, and the HTML pages through pageCacheControl): API tokens, webhook
		// secrets, invite links and calendar feed URLs travel in ordinary answers, which
		// must not outlive the moment (trust review 3).
		hdr.Set("Cache-Control", "no-store")
		if h.Config.SecureCookies {
			hdr.Set("Strict-Transport-Security", "max-age=31536000")
		}
		return next(c)
	}
}

// sessionSavedKey marks a request whose session was already saved by saveSession.
const sessionSavedKey = "web.session_saved"

// LoadSession loads the request's web session (alexedwards/scs, stored in Postgres) and
// saves it, with its cookie, just before the response header goes out.
func (h *Server) LoadSession(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if outsideSessions(c) {
			return next(c)
		}
		var token string
		if cookie, err := c.Cookie(h.Sessions.Cookie.Name); err == nil {
			token = cookie.Value
		}
		ctx, err := h.Sessions.Load(c.Request().Context(), token)
		if err != nil {
			return fmt.Errorf("web: load session: %w", err)
		}
		c.SetRequest(c.Request().WithContext(ctx))
		c.Set(sessionLoadedKey, h.sessionFingerprint(ctx))
		h.touchSession(ctx)
		c.Response().Header().Add("Vary", "Cookie")
		c.Response().Before(func() {
			if saved, _ := c.Get(sessionSavedKey).(bool); saved {
				return
			}
			// Too late to change the status here; handlers whose success depends on the
			// session (log-in, log-out) call saveSession themselves.
			if err := h.writeSession(c); err != nil {
				h.Logger.LogAttrs(ctx, slog.LevelError, "save session", slog.String("error", err.Error()))
			}
		})
		return next(c)
	}
}

// RequestDeadline gives each request RequestTimeout for its work: every query runs under
// the request's context, so a database that hangs turns into a 503 (Classify:
// context.DeadlineExceeded) once the deadline passes, not a request waiting as long as
// the database does (trust review 3, finding 6).
func (h *Server) RequestDeadline(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx, cancel := context.WithTimeout(c.Request().Context(), h.Config.RequestTimeout)
		defer cancel()
		c.SetRequest(c.Request().WithContext(ctx))
		err := next(c)
		// A query cut short by the deadline may report its own error (the connection
		// cancelled); the request's answer is the deadline's 503 all the same.
		if err != nil && errors.Is(ctx.Err(), context.DeadlineExceeded) && !errors.Is(err, context.DeadlineExceeded) {
			err = fmt.Errorf("%w: %w", context.DeadlineExceeded, err)
		}
		return err
	}
}

// SessionSeen is the session key holding when a signed-in session was last renewed
// against the idle timeout (Unix seconds).
const SessionSeen = "seen"

// sessionLoadedKey holds the session's fingerprint as loaded (sessionFingerprint).
const sessionLoadedKey = "web.session_loaded"

// sessionFingerprint is the session's token, deadline and values (scs lists the keys in
// order): equal fingerprints mean nothing in the session changed.
func (h *Server) sessionFingerprint(ctx context.Context) []byte {
	token := h.Sessions.Token(ctx)
	if token == "" {
		return nil
	}
	b := fmt.Appendf(nil, "%s\x00%d", token, h.Sessions.Deadline(ctx).UnixNano())
	for _, key := range h.Sessions.Keys(ctx) {
		b = fmt.Appendf(b, "\x00%q=%#v", key, h.Sessions.Get(ctx, key))
	}
	return b
}

// touchSession keeps a signed-in session in use alive past SessionIdleTimeout: every so
// often (a twentieth of the timeout, at least a minute) a request marks it, which stores
// it again with a fresh idle deadline; a session left alone ends at that deadline.
func (h *Server) touchSession(ctx context.Context) {
	if h.Sessions.GetInt64(ctx, SessionUserID) == 0 {
		return
	}
	now := time.Now().Unix()
	every := int64(max(time.Minute, h.Config.SessionIdleTimeout/20) / time.Second)
	if now-h.Sessions.GetInt64(ctx, SessionSeen) >= every {
		h.Sessions.Put(ctx, SessionSeen, now)
	}
}

// SaveSession stores the session now and sets its cookie, so that a failure becomes the
// request's error instead of a silently lost log-in.
func (h *Server) SaveSession(c echo.Context) error {
	if err := h.writeSession(c); err != nil {
		return err
	}
	c.Set(sessionSavedKey, true)
	return nil
}

// writeSession commits a modified session and writes (or, once destroyed, clears) its cookie.
func (h *Server) writeSession(c echo.Context) error {
	ctx := c.Request().Context()
	switch h.Sessions.Status(ctx) {
	case scs.Modified:
		// scs marks every session Modified on load when it has an idle timeout, which would
		// write the session row on every signed-in request. A session whose values are as
		// loaded is stored again only when touchSession renews it (a twentieth of the
		// timeout), so a page view is a read, not a write.
		if loaded, _ := c.Get(sessionLoadedKey).([]byte); loaded != nil && bytes.Equal(loaded, h.sessionFingerprint(ctx)) {
			return nil
		}
		token, expiry, err := h.Sessions.Commit(ctx)
		if err != nil {
			return fmt.Errorf("web: save session: %w", err)
		}
		h.Sessions.WriteSessionCookie(ctx, c.Response().Writer, token, expiry)
	case scs.Destroyed:
		h.Sessions.WriteSessionCookie(ctx, c.Response().Writer, "", time.Time{})
	}
	return nil
}

// userKey is where identify keeps the signed-in store.User in the echo context.
const userKey = "web.user"

// SessionUserID is the session key holding the signed-in user's id.
const SessionUserID = "user_id"

// Identify finds who is calling: from the bearer token on API routes, from the web session
// elsewhere. Anonymous callers pass through; RequireLogin and RequireAPIUser refuse them.
func (h *Server) Identify(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		ctx := c.Request().Context()
		if isAPI(c) {
			auth := c.Request().Header.Get(echo.HeaderAuthorization)
			if auth == "" {
				return next(c)
			}
			token, ok := strings.CutPrefix(auth, "Bearer ")
			if !ok || token == "" {
				return echo.NewHTTPError(http.StatusUnauthorized, "Authorization: expected \"Bearer <token>\"")
			}
			user, err := h.Accounts.UserByAPIToken(ctx, token)
			if errors.Is(err, store.ErrNotFound) {
				return echo.NewHTTPError(http.StatusUnauthorized, "Authorization: unknown or expired token")
			}
			if err != nil {
				return err
			}
			c.Set(userKey, user)
			return next(c)
		}
		if outsideSessions(c) {
			return next(c)
		}
		id := h.Sessions.GetInt64(ctx, SessionUserID)
		if id == 0 {
			return next(c)
		}
		// The account is read once until the next write (web/httpx/cache_parts.go): a password
		// change or deletion is a write, and empties every server's parts.
		// An account's own writes (name, password, deletion) name no keys and so empty every
		// cache; a result names its players, which drops it too, harmlessly.
		user, err := KeyedPart(h.Cache, PartKey("user", id), func() (store.User, []store.CacheKey, error) {
			u, err := h.Store.User(ctx, id)
			return u, []store.CacheKey{store.PlayerKey(u.Username)}, err
		})
		if errors.Is(err, store.ErrNotFound) {
			// The account is gone; forget it rather than fail every page.
			h.Sessions.Remove(ctx, SessionUserID)
			return next(c)
		}
		if err != nil {
			return err
		}
		if !sessionCurrent(h.Sessions.GetInt(ctx, SessionAuthVersion), user) {
			// The password changed or the account was deleted since this session began.
			h.Sessions.Remove(ctx, SessionUserID)
			return next(c)
		}
		c.Set(userKey, user)
		useLanguageOf(c, user.Language)
		return next(c)
	}
}

// SessionAuthVersion is the session key holding the account's AuthVersion at log-in.
const SessionAuthVersion = "auth_version"

// sessionCurrent reports whether a session begun under AuthVersion version still signs
// user in. Sessions from before versions were kept hold none (0) and count as version 1.
func sessionCurrent(version int, user store.User) bool {
	return version == user.AuthVersion || (version == 0 && user.AuthVersion == 1)
}

// CurrentUser returns the signed-in user, if there is one.
func CurrentUser(c echo.Context) (store.User, bool) {
	u, ok := c.Get(userKey).(store.User)
	return u, ok
}

// RequireLogin sends anonymous visitors of an HTML page to the log-in page, which brings
// them back afterwards.
func (h *Server) RequireLogin(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if _, ok := CurrentUser(c); ok {
			return next(c)
		}
		if c.Request().Method != http.MethodGet {
			return echo.NewHTTPError(http.StatusUnauthorized, "log in first")
		}
		return c.Redirect(http.StatusSeeOther, "/login?next="+urlQueryEscape(c.Request().URL.RequestURI()))
	}
}

// RequireAPIUser refuses API calls without a valid bearer token (401).
func (h *Server) RequireAPIUser(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		if _, ok := CurrentUser(c); !ok {
			return echo.NewHTTPError(http.StatusUnauthorized, "Authorization: a bearer token is required (POST /api/v1/login)")
		}
		return next(c)
	}
}

// outsideSessions reports whether the request is one that web sessions (and so CSRF
// tokens) do not concern: the API (bearer tokens, never cookies), the health check and
// static files.
func outsideSessions(c echo.Context) bool {
	p := c.Request().URL.Path
	return isAPI(c) || p == "/healthz" || strings.HasPrefix(p, "/static/")
}

// isAPI reports whether the request is for the JSON API.
func isAPI(c echo.Context) bool {
	return strings.HasPrefix(c.Request().URL.Path, "/api/")
}

// HeadAsGet answers a HEAD request with its GET route. The router sees a GET; the server's
// response writer, which holds the original request, still sends no body.
func HeadAsGet(next http.Handler) http.Handler {
	return http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		if r.Method == http.MethodHead {
			get := r.Clone(r.Context())
			get.Method = http.MethodGet
			r = get
		}
		next.ServeHTTP(w, r)
	})
}

// secretShownKey marks a request whose page shows a secret (ShowsSecret).
const secretShownKey = "web.secret_shown"

// ShowsSecret marks the page being answered as showing a secret (a new API token, a
// league's invite link or webhook secrets, a calendar feed address), so that no browser
// or proxy keeps it: pageCacheControl answers no-store for it.
func ShowsSecret(c echo.Context) { c.Set(secretShownKey, true) }

// pageCacheControl is the Cache-Control of an HTML page. A page showing a secret is
// no-store. Every other page is "private, no-cache": no shared cache keeps it, the browser
// asks again before reusing it, and the back button brings it back as it was left, typed
// input included (no-store would bar the page from the browser's back-forward cache and
// lose what was typed, issue #24).
func pageCacheControl(c echo.Context) string {
	if shown, _ := c.Get(secretShownKey).(bool); shown {
		return "no-store"
	}
	return "private, no-cache"
}
