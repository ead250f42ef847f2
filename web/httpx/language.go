package httpx

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
)

// languageCookie remembers the language a visitor chose with ?lang=.
const languageCookie = "lang"

// languageChosen is set in the echo context when the request's language came from ?lang= or
// the cookie, which an account's own setting does not override.
const languageChosen = "web.language_chosen"

// Language chooses the language of every word said in answer to the request, before the
// cache is asked (its entries are kept per language): `?lang=xx` (remembered in a cookie for
// a year), then that cookie, then Accept-Language, then English. Identify then lets a
// signed-in account's own setting come before Accept-Language (useLanguageOf). A code
// TableStakes has no file for is ignored. JSON and CSV answers do not change with it.
func (h *Server) Language(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		lang, chosen := locales.Default(), false
		if code := req.URL.Query().Get("lang"); code != "" {
			if l, ok := locales.Get(code); ok {
				lang, chosen = l, true
				h.RememberLanguage(c, l.Code)
			}
		}
		if !chosen {
			if ck, err := req.Cookie(languageCookie); err == nil {
				lang, chosen = locales.Get(ck.Value)
			}
		}
		if !chosen {
			lang = locales.Match(req.Header.Get("Accept-Language"))
		}
		c.Set(languageChosen, chosen)
		c.Response().Header().Add(echo.HeaderVary, "Accept-Language")
		c.SetRequest(req.WithContext(locales.With(req.Context(), lang)))
		return next(c)
	}
}

// useLanguageOf makes the signed-in account's language the request's, unless the visitor
// chose one with ?lang= or its cookie.
func useLanguageOf(c echo.Context, code string) {
	if code == "" {
		return
	}
	if chosen, _ := c.Get(languageChosen).(bool); chosen {
		return
	}
	if l, ok := locales.Get(code); ok {
		req := c.Request()
		c.SetRequest(req.WithContext(locales.With(req.Context(), l)))
	}
}

// RememberLanguage makes code (a locales code) this browser's language from the next
// request on, or forgets the browser's choice when code is "" (the account's setting, then
// Accept-Language, decide again).
func (h *Server) RememberLanguage(c echo.Context, code string) {
	ck := &http.Cookie{Name: languageCookie, Value: code, Path: "/", MaxAge: 365 * 24 * 3600,
		HttpOnly: true, Secure: h.Config.SecureCookies, SameSite: http.SameSiteLaxMode}
	if code == "" {
		ck.MaxAge = -1
	}
	c.SetCookie(ck)
}
