package httpx

import (
	"encoding/json"
	"net/url"

	"github.com/labstack/echo/v4"
)

// Every action answers (issue #24): a change that succeeds says so on the next page (a
// flash message kept in the session until it is shown), and a form refused by the rules
// sends the browser back to a page it may reload (Post/Redirect/Get) with the refusal kept
// beside the form that caused it and the values typed.

// sessionFlash is the session key of the confirmation shown on the next page.
const sessionFlash = "flash"

// sessionFormError is the session key of a refused form, shown by the page it returns to.
const sessionFormError = "form_error"

// KeptRefusal is a refused form kept for the page the browser is sent back to: which form
// (its section's id), the message in people's words, the field it concerns, and the values
// typed, to fill in again.
type KeptRefusal struct {
	Form    string     `json:"form"`
	Field   string     `json:"field,omitempty"`
	Message string     `json:"message"`
	Values  url.Values `json:"values,omitempty"`
}

// hasSession reports whether the request carries a loaded session of a signed-in user
// (pages, not the API). Anonymous pages may be served from the shared cache, so nothing
// personal is ever kept for them.
func hasSession(c echo.Context) bool {
	_, signedIn := CurrentUser(c)
	return signedIn && !outsideSessions(c)
}

// Flash keeps msg to show at the top of the next page this browser opens.
func (h *Server) Flash(c echo.Context, msg string) {
	if msg == "" || !hasSession(c) {
		return
	}
	h.Sessions.Put(c.Request().Context(), sessionFlash, Sentence(msg))
}

// popFlash takes the confirmation waiting for this page, if any.
func (h *Server) popFlash(c echo.Context) string {
	if !hasSession(c) {
		return ""
	}
	return h.Sessions.PopString(c.Request().Context(), sessionFlash)
}

// KeepRefusal keeps a refused form for the page the browser is redirected to.
func (h *Server) KeepRefusal(c echo.Context, r KeptRefusal) {
	if !hasSession(c) {
		return
	}
	b, err := json.Marshal(r)
	if err != nil {
		return
	}
	h.Sessions.Put(c.Request().Context(), sessionFormError, string(b))
}

// PopRefusal takes the refused form waiting for this page, if any.
func (h *Server) PopRefusal(c echo.Context) (KeptRefusal, bool) {
	var r KeptRefusal
	if !hasSession(c) {
		return r, false
	}
	s := h.Sessions.PopString(c.Request().Context(), sessionFormError)
	if s == "" || json.Unmarshal([]byte(s), &r) != nil {
		return r, false
	}
	return r, true
}
