package httpx

import (
	"context"
	"errors"
	"net/http"
	"strings"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Worded is an error that carries its message's id in the locales files and the blanks it
// fills: the refusals of the domain and the store (league.Conflict, Invalid and Forbidden),
// the scorers' field problems (scoring.FieldError) and the rate limits (RateLimited). Pages
// say it in their reader's language; the API answers with the error's English text, which
// the English message repeats word for word (the tests hold them together).
type Worded interface {
	Words() (id string, data map[string]any)
}

// sentinelIDs are the message ids of errors that are values rather than types: a page finds
// them with errors.Is.
var sentinelIDs = []struct {
	err error
	id  string
}{
	{errCSRF, "error.csrf"},
	{store.ErrBadCredentials, "error.bad_credentials"},
	{store.ErrNotOrganiser, "error.not_organiser"},
	{store.ErrNotFound, "error.not_found"},
}

// limitIDs are the message ids of the rate limits' refusals (RateLimited.ID), by message.
var limitIDs = map[string]string{
	MsgTooManySignups: "error.too_many_signups",
	msgTooManyLogins:  "error.too_many_logins",
	msgAccountGuessed: "error.account_guessed",
	MsgTooManyResets:  "error.too_many_resets",
}

// statusMessageIDs are the message ids of the errors that say no more than their status
// ("not found", "forbidden").
var statusMessageIDs = map[int]string{
	http.StatusNotFound:              "error.not_found",
	http.StatusForbidden:             "error.forbidden",
	http.StatusUnauthorized:          "error.unauthorized",
	http.StatusBadRequest:            "error.bad_request",
	http.StatusMethodNotAllowed:      "error.method_not_allowed",
	http.StatusRequestEntityTooLarge: "error.too_large",
	http.StatusTooManyRequests:       "error.too_many_requests",
	http.StatusInternalServerError:   "error.internal",
	http.StatusServiceUnavailable:    "error.unavailable",
}

// statusIDs are the titles of the error pages, by status.
var statusIDs = map[int]string{
	http.StatusBadRequest:            "status.400",
	http.StatusUnauthorized:          "status.401",
	http.StatusForbidden:             "status.403",
	http.StatusNotFound:              "status.404",
	http.StatusMethodNotAllowed:      "status.405",
	http.StatusConflict:              "status.409",
	http.StatusRequestEntityTooLarge: "status.413",
	http.StatusUnprocessableEntity:   "status.422",
	http.StatusTooManyRequests:       "status.429",
	http.StatusInternalServerError:   "status.500",
	http.StatusServiceUnavailable:    "status.503",
}

// MsgTooManyResets refuses a password-reset request over the limit of an address.
const MsgTooManyResets = "too many password-reset requests from your address; try again later"

// SayError is err's message (Classify's text) as a page in l shows it: said by the message
// id err carries (Worded, or a known error value) and in l, else Classify's English as it is.
// Every field problem of a result is said, each after its field, as the English joins them.
func SayError(l locales.Lang, err error) string {
	if all := scoring.AllFieldErrors(err); len(all) > 0 {
		parts := make([]string, len(all))
		for i, fe := range all {
			parts[i] = SayProblem(l, fe)
			if fe.Field != "" {
				parts[i] = fe.Field + ": " + parts[i]
			}
		}
		return strings.Join(parts, "; ")
	}
	var w Worded
	if errors.As(err, &w) {
		if id, data := w.Words(); id != "" {
			return l.T(id, data)
		}
	}
	for _, s := range sentinelIDs {
		if errors.Is(err, s.err) {
			return l.T(s.id)
		}
	}
	status, message := Classify(err)
	switch {
	case errors.Is(err, context.DeadlineExceeded), store.TimedOut(err):
		return l.T("error.busy")
	case store.Unavailable(err):
		return l.T("error.database_unavailable")
	}
	if id, ok := statusMessageIDs[status]; ok && message == strings.ToLower(http.StatusText(status)) {
		return l.T(id)
	}
	return message
}

// SayProblem is a field problem as a page in l shows it beside its field: said by its
// message id in l, else its English as it is.
func SayProblem(l locales.Lang, fe *scoring.FieldError) string {
	if id, data := fe.Words(); id != "" {
		return l.T(id, data)
	}
	return fe.Problem
}

// StatusTitle is an error page's title in l: the status's name.
func StatusTitle(l locales.Lang, status int) string {
	if id, ok := statusIDs[status]; ok {
		return l.T(id)
	}
	return http.StatusText(status)
}
