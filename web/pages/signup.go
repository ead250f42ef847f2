package pages

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// signupPage shows the sign-up form.
func (h *Handler) signupPage(c echo.Context) error {
	l := locales.From(c.Request().Context())
	if _, ok := httpx.CurrentUser(c); ok {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return h.Render(c, http.StatusOK, templates.Signup(h.Page(c, l.T("layout.signup")), templates.SignupForm{}))
}

// signup creates an account from the form, signs it in and goes to the front page. A
// refused sign-up shows the form again with a message under each wrong field.
func (h *Handler) signup(c echo.Context) error {
	l := locales.From(c.Request().Context())
	nu := store.NewUser{
		Username:    c.FormValue("username"),
		DisplayName: c.FormValue("display_name"),
		Password:    c.FormValue("password"),
	}
	form := templates.SignupForm{Username: nu.Username, DisplayName: nu.DisplayName}
	signup := account.Signup(nu)
	form.Errors = account.CheckSignup(l, &signup)
	if nu = store.NewUser(signup); len(form.Errors) > 0 {
		// Say at once that a well-formed username is taken too, not only after the other
		// fields are fixed (the store refuses it again below when it is).
		if _, bad := form.Errors["username"]; !bad {
			if _, err := h.Store.UserByUsername(c.Request().Context(), nu.Username); err == nil {
				form.Errors["username"] = l.T("username.taken")
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
		}
		return h.Render(c, http.StatusUnprocessableEntity, templates.Signup(h.Page(c, l.T("layout.signup")), form))
	}
	if ok, err := h.AllowSignup(c); err != nil || !ok {
		if err != nil {
			return err
		}
		form.Error = httpx.Sentence(httpx.SayError(l, h.ErrTooManySignups())) + "."
		c.Response().Header().Set("Retry-After", h.ErrTooManySignups().RetryAfter())
		return h.Render(c, http.StatusTooManyRequests, templates.Signup(h.Page(c, l.T("layout.signup")), form))
	}
	user, err := h.Accounts.SignUp(c.Request().Context(), nu)
	if errors.Is(err, store.ErrUsernameTaken) {
		form.Errors["username"] = l.T("username.taken")
		return h.Render(c, http.StatusConflict, templates.Signup(h.Page(c, l.T("layout.signup")), form))
	}
	if err != nil {
		return err
	}
	if err := h.startSession(c, user); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/")
}

// startSession signs user in on this browser, under a fresh session token and a fresh CSRF
// token (so tokens planted or read before log-in are worthless after it).
func (h *Handler) startSession(c echo.Context, user store.User) error {
	ctx := c.Request().Context()
	if err := h.Sessions.RenewToken(ctx); err != nil {
		return fmt.Errorf("web: start session: %w", err)
	}
	h.Sessions.Put(ctx, httpx.SessionUserID, user.ID)
	h.Sessions.Put(ctx, httpx.SessionAuthVersion, user.AuthVersion)
	// Stored now with a fresh idle deadline, so no renewal is due on the next page.
	h.Sessions.Put(ctx, httpx.SessionSeen, time.Now().Unix())
	h.RotateCSRF(c)
	return h.SaveSession(c)
}
