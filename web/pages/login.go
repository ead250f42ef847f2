package pages

import (
	"errors"
	"net/http"
	"net/url"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// loginPage shows the log-in form.
func (h *Handler) loginPage(c echo.Context) error {
	next := localPath(c.QueryParam("next"))
	if _, ok := httpx.CurrentUser(c); ok {
		return c.Redirect(http.StatusSeeOther, next)
	}
	l := locales.From(c.Request().Context())
	form := templates.LoginForm{}
	switch {
	case c.QueryParam("reset") != "":
		form.Notice = l.T("login.password_changed")
	case c.QueryParam("verified") != "":
		form.Notice = l.T("login.verified")
	}
	if next != "/" {
		form.Next = next
	}
	return h.Render(c, http.StatusOK, templates.Login(h.Page(c, l.T("layout.login")), form))
}

// login checks the form's username and password and signs the browser in. Wrong
// credentials get 401 and the form again; too many attempts get 429.
func (h *Handler) login(c echo.Context) error {
	l := locales.From(c.Request().Context())
	form := templates.LoginForm{
		Username: strings.TrimSpace(c.FormValue("username")),
		Next:     c.FormValue("next"),
		Errors:   templates.FieldErrors{},
	}
	password := c.FormValue("password")
	if form.Username == "" {
		form.Errors["username"] = l.T("field.required")
	}
	if password == "" {
		form.Errors["password"] = l.T("field.required")
	}
	if len(form.Errors) > 0 {
		return h.Render(c, http.StatusUnprocessableEntity, templates.Login(h.Page(c, l.T("layout.login")), form))
	}
	user, err := h.Authenticate(c, form.Username, password)
	var limited *httpx.RateLimited
	if errors.As(err, &limited) {
		form.Error = httpx.Sentence(httpx.SayError(l, limited)) + "."
		c.Response().Header().Set("Retry-After", limited.RetryAfter())
		return h.Render(c, http.StatusTooManyRequests, templates.Login(h.Page(c, l.T("layout.login")), form))
	}
	if errors.Is(err, store.ErrBadCredentials) {
		form.Error = httpx.Sentence(httpx.SayError(l, store.ErrBadCredentials)) + "."
		return h.Render(c, http.StatusUnauthorized, templates.Login(h.Page(c, l.T("layout.login")), form))
	}
	if err != nil {
		return err
	}
	if err := h.startSession(c, user); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, localPath(form.Next))
}

// localPath returns next if it is a path on this site, else "/". It keeps the log-in
// redirect from sending people elsewhere: browsers drop tabs and newlines from a
// Location and read a backslash as a slash, so "/\t/evil.example" or "/\\evil.example"
// would mean "//evil.example", another site. Only a parsed path without a scheme or host
// is accepted, whose path starts with exactly one slash once percent-decoded, and which
// holds no control character or backslash anywhere.
func localPath(next string) string {
	if !strings.HasPrefix(next, "/") || strings.ContainsFunc(next, func(r rune) bool {
		return r == '\\' || unicode.IsControl(r) || unicode.IsSpace(r) || text.Invisible(r)
	}) {
		return "/"
	}
	u, err := url.Parse(next)
	if err != nil || u.Scheme != "" || u.Host != "" || u.User != nil || u.Opaque != "" {
		return "/"
	}
	path, err := url.PathUnescape(u.EscapedPath())
	if err != nil || !strings.HasPrefix(path, "/") || strings.HasPrefix(path, "//") ||
		strings.ContainsFunc(path, func(r rune) bool { return r == '\\' || unicode.IsControl(r) }) {
		return "/"
	}
	return u.RequestURI()
}
