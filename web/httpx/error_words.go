package httpx

import (
	"net/http"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
)

// errorIDs are the English error texts a page may show that have a message id: the page says
// them in its language. Other texts (the reasons of a refused action) show as they come. The
// API always answers with the English text, exactly.
var errorIDs = map[string]string{
	"not found":                             "error.not_found",
	"forbidden":                             "error.forbidden",
	"unauthorized":                          "error.unauthorized",
	"bad request":                           "error.bad_request",
	"method not allowed":                    "error.method_not_allowed",
	"request entity too large":              "error.too_large",
	"too many requests":                     "error.too_many_requests",
	"internal server error":                 "error.internal",
	"service unavailable":                   "error.unavailable",
	"the server is busy; try again shortly": "error.busy",
	errUnavailable:                          "error.database_unavailable",
	errCSRF.Message.(string):                "error.csrf",
	store.ErrBadCredentials.Error():         "error.bad_credentials",
	store.ErrNotOrganiser.Error():           "error.not_organiser",
	MsgTooManySignups:                       "error.too_many_signups",
	msgTooManyLogins:                        "error.too_many_logins",
	msgAccountGuessed:                       "error.account_guessed",
	MsgTooManyResets:                        "error.too_many_resets",
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

// SayError is an error's text (from Classify) as a page in l shows it: translated when it
// is one of the texts there are words for, else as it is.
func SayError(l locales.Lang, message string) string {
	if id, ok := errorIDs[message]; ok {
		return l.T(id)
	}
	return message
}

// StatusTitle is an error page's title in l: the status's name.
func StatusTitle(l locales.Lang, status int) string {
	if id, ok := statusIDs[status]; ok {
		return l.T(id)
	}
	return http.StatusText(status)
}
