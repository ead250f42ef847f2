package httpx

import (
	"context"
	"errors"
	"log/slog"
	"net/http"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// errCSRF is the refusal of a form that did not come from a TableStakes page.
var errCSRF = echo.NewHTTPError(http.StatusForbidden,
	"this form was sent from another site or has expired; go back, reload the page and try again")

// csrfRefused answers every CSRF failure (missing token, wrong token, cross-site post) with 403.
func csrfRefused(_ error, _ echo.Context) error { return errCSRF }

// errUnavailable is what a visitor reads while the database cannot be reached.
const errUnavailable = "the database is unavailable; try again in a few seconds"

// retryAfter is the Retry-After of a 503: the seconds after which the database may be back.
const retryAfter = "5"

// Classify maps an error to the status and the message the client may see. Errors not
// known here are 500s whose details stay in the log.
func Classify(err error) (int, string) {
	var (
		he        *echo.HTTPError
		conflict  *store.Conflict
		forbidden *store.Forbidden
		invalid   *store.Invalid
		limited   *RateLimited
	)
	switch {
	case errors.As(err, &limited):
		return http.StatusTooManyRequests, limited.Msg
	case errors.As(err, &he):
		if he.Code >= 500 {
			return he.Code, strings.ToLower(http.StatusText(he.Code))
		}
		if msg, ok := he.Message.(string); ok && msg != "" && msg != http.StatusText(he.Code) {
			return he.Code, msg
		}
		return he.Code, strings.ToLower(http.StatusText(he.Code))
	case errors.Is(err, store.ErrNotFound):
		return http.StatusNotFound, "not found"
	case errors.As(err, &conflict):
		return http.StatusConflict, conflict.Reason
	case errors.As(err, &forbidden):
		return http.StatusForbidden, forbidden.Reason
	case errors.As(err, &invalid):
		return http.StatusUnprocessableEntity, invalid.Reason
	case errors.Is(err, store.ErrBadCredentials):
		return http.StatusUnauthorized, store.ErrBadCredentials.Error()
	case errors.Is(err, context.DeadlineExceeded), store.TimedOut(err):
		return http.StatusServiceUnavailable, "the server is busy; try again shortly"
	case store.Unavailable(err):
		return http.StatusServiceUnavailable, errUnavailable
	}
	return http.StatusInternalServerError, "internal server error"
}

// HandleError is the one HTTPErrorHandler: it logs the error (5xx as errors, 4xx as
// warnings) and answers {"error": "..."} on API routes or an error page elsewhere.
func (h *Server) HandleError(err error, c echo.Context) {
	status, message := Classify(err)
	req := c.Request()
	level := slog.LevelWarn
	// A 503 is the database or the server being away for a while, which healthz and the
	// operator see; every request during an outage would otherwise log an error.
	if status >= 500 && status != http.StatusServiceUnavailable {
		level = slog.LevelError
	}
	if status == http.StatusServiceUnavailable {
		c.Response().Header().Set("Retry-After", retryAfter)
	}
	// Every 429 says when to come back (trust review 3, finding 5): the limit's own
	// estimate, or a minute.
	if status == http.StatusTooManyRequests {
		var limited *RateLimited
		if errors.As(err, &limited) {
			c.Response().Header().Set("Retry-After", limited.RetryAfter())
		} else if c.Response().Header().Get("Retry-After") == "" {
			c.Response().Header().Set("Retry-After", "60")
		}
	}
	h.Logger.LogAttrs(req.Context(), level, "request failed",
		slog.String("method", req.Method),
		slog.String("path", req.URL.Path),
		slog.Int("status", status),
		slog.String("error", err.Error()),
	)
	if c.Response().Committed {
		return
	}
	// The answer is written even when the request's deadline has passed (a 503 for a
	// database that hangs): the page renders under a context that is not cancelled.
	c.SetRequest(req.WithContext(context.WithoutCancel(req.Context())))
	var werr error
	switch {
	case req.Method == http.MethodHead:
		werr = c.NoContent(status)
	case isAPI(c):
		werr = c.JSON(status, map[string]string{"error": message})
	default:
		l := locales.From(req.Context())
		werr = h.Render(c, status, templates.ErrorPage(h.Page(c, StatusTitle(l, status)), status, Sentence(SayError(l, err))))
	}
	if werr != nil {
		h.Logger.LogAttrs(req.Context(), slog.LevelError, "write error response", slog.String("error", werr.Error()))
	}
}

// Sentence capitalises a message's first letter for display on a page.
func Sentence(s string) string {
	r, n := utf8.DecodeRuneInString(s)
	if n == 0 {
		return s
	}
	return string(unicode.ToUpper(r)) + s[n:]
}
