package httpx

import (
	"crypto/rand"
	"crypto/subtle"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// csrfCookie is the cookie holding an anonymous browser's CSRF token (the double-submit
// cookie of echo's CSRF middleware) on plain HTTP; csrfHostCookie is its name over HTTPS,
// where the __Host- prefix makes browsers refuse it from a sibling subdomain (which could
// otherwise plant a token of its choosing for the whole domain).
const (
	csrfCookie     = "_csrf"
	csrfHostCookie = "__Host-csrf"
)

// sessionCSRF is the session key holding a signed-in browser's CSRF token.
const sessionCSRF = "csrf"

// csrfCookieName is the anonymous CSRF cookie's name as deployed.
func (h *Server) csrfCookieName() string {
	if h.Config.SecureCookies {
		return csrfHostCookie
	}
	return csrfCookie
}

// CSRF is the CSRF middleware: every form post outside the API must carry the browser's
// token. A signed-in browser's token is kept in its server-side session, made anew at
// log-in, so no cookie planted beside the session can stand in for it (trust review 3,
// finding 6); an anonymous browser's (log-in, sign-up, password forms) is the
// double-submit cookie.
func (h *Server) CSRF() echo.MiddlewareFunc {
	anonymous := middleware.CSRFWithConfig(middleware.CSRFConfig{
		Skipper:        outsideSessions,
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     h.csrfCookieName(),
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteLaxMode,
		CookieSecure:   h.Config.SecureCookies,
		ErrorHandler:   csrfRefused,
	})
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		forAnonymous := anonymous(next)
		return func(c echo.Context) error {
			if outsideSessions(c) {
				return next(c)
			}
			ctx := c.Request().Context()
			if h.Sessions.GetInt64(ctx, SessionUserID) == 0 {
				return forAnonymous(c)
			}
			token := h.Sessions.GetString(ctx, sessionCSRF)
			if token == "" { // a session begun before tokens were kept in sessions
				token = rand.Text()
				h.Sessions.Put(ctx, sessionCSRF, token)
			}
			switch c.Request().Method {
			case http.MethodGet, http.MethodHead, http.MethodOptions, http.MethodTrace:
			default:
				presented := c.Request().Header.Get("X-CSRF-Token")
				if presented == "" {
					presented = c.FormValue("_csrf")
				}
				if subtle.ConstantTimeCompare([]byte(presented), []byte(token)) != 1 {
					return errCSRF
				}
			}
			c.Set(middleware.DefaultCSRFConfig.ContextKey, token)
			return next(c)
		}
	}
}

// RotateCSRF gives the browser fresh CSRF tokens along with its new session (log-in,
// log-out), so that a token read or planted before cannot forge a form after: a new
// anonymous cookie, and for a signed-in session a new token kept in it.
func (h *Server) RotateCSRF(c echo.Context) {
	name := h.csrfCookieName()
	hdr := c.Response().Header()
	cookies := hdr.Values("Set-Cookie")
	hdr.Del("Set-Cookie")
	for _, v := range cookies {
		if !strings.HasPrefix(v, name+"=") { // the old token's cookie goes
			hdr.Add("Set-Cookie", v)
		}
	}
	token := rand.Text()
	c.SetCookie(&http.Cookie{
		Name:     name,
		Value:    token,
		Path:     "/",
		MaxAge:   middleware.DefaultCSRFConfig.CookieMaxAge,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   h.Config.SecureCookies,
	})
	ctx := c.Request().Context()
	if h.Sessions.GetInt64(ctx, SessionUserID) != 0 {
		token = rand.Text()
		h.Sessions.Put(ctx, sessionCSRF, token)
	}
	c.Set(middleware.DefaultCSRFConfig.ContextKey, token)
}
