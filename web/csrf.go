package web

import (
	"crypto/rand"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// csrfCookie is the cookie holding the browser's CSRF token (the double-submit cookie of
// echo's CSRF middleware).
const csrfCookie = "_csrf"

// csrf is the CSRF middleware: every form post outside the API must carry the token of
// the browser's csrfCookie.
func (h *Handler) csrf() echo.MiddlewareFunc {
	return middleware.CSRFWithConfig(middleware.CSRFConfig{
		Skipper:        outsideSessions,
		TokenLookup:    "form:_csrf,header:X-CSRF-Token",
		CookieName:     csrfCookie,
		CookiePath:     "/",
		CookieHTTPOnly: true,
		CookieSameSite: http.SameSiteLaxMode,
		CookieSecure:   h.config.SecureCookies,
		ErrorHandler:   csrfRefused,
	})
}

// rotateCSRF gives the browser a fresh CSRF token along with its new session (log-in,
// log-out), so that a token read or planted before cannot forge a form after.
func (h *Handler) rotateCSRF(c echo.Context) {
	hdr := c.Response().Header()
	cookies := hdr.Values("Set-Cookie")
	hdr.Del("Set-Cookie")
	for _, v := range cookies {
		if !strings.HasPrefix(v, csrfCookie+"=") { // the old token's cookie goes
			hdr.Add("Set-Cookie", v)
		}
	}
	token := rand.Text()
	c.SetCookie(&http.Cookie{
		Name:     csrfCookie,
		Value:    token,
		Path:     "/",
		MaxAge:   middleware.DefaultCSRFConfig.CookieMaxAge,
		HttpOnly: true,
		SameSite: http.SameSiteLaxMode,
		Secure:   h.config.SecureCookies,
	})
	c.Set(middleware.DefaultCSRFConfig.ContextKey, token)
}
