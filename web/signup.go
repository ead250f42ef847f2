package web

import (
	"errors"
	"fmt"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// signupPage shows the sign-up form.
func (h *Handler) signupPage(c echo.Context) error {
	if _, ok := currentUser(c); ok {
		return c.Redirect(http.StatusSeeOther, "/")
	}
	return h.render(c, http.StatusOK, templates.Signup(h.page(c, "Sign up"), templates.SignupForm{}))
}

// signup creates an account from the form, signs it in and goes to the front page. A
// refused sign-up shows the form again with a message under each wrong field.
func (h *Handler) signup(c echo.Context) error {
	nu := store.NewUser{
		Username:    c.FormValue("username"),
		DisplayName: c.FormValue("display_name"),
		Password:    c.FormValue("password"),
	}
	form := templates.SignupForm{Username: nu.Username, DisplayName: nu.DisplayName}
	if form.Errors = validateSignup(&nu); len(form.Errors) > 0 {
		// Say at once that a well-formed username is taken too, not only after the other
		// fields are fixed (the store refuses it again below when it is).
		if _, bad := form.Errors["username"]; !bad {
			if _, err := h.store.UserByUsername(c.Request().Context(), nu.Username); err == nil {
				form.Errors["username"] = "already taken"
			} else if !errors.Is(err, store.ErrNotFound) {
				return err
			}
		}
		return h.render(c, http.StatusUnprocessableEntity, templates.Signup(h.page(c, "Sign up"), form))
	}
	if ok, err := h.allowSignup(c); err != nil || !ok {
		if err != nil {
			return err
		}
		form.Error = sentence(msgTooManySignups) + "."
		c.Response().Header().Set("Retry-After", h.errTooManySignups().retryAfter())
		return h.render(c, http.StatusTooManyRequests, templates.Signup(h.page(c, "Sign up"), form))
	}
	user, err := h.store.CreateUser(c.Request().Context(), nu)
	if errors.Is(err, store.ErrUsernameTaken) {
		form.Errors["username"] = "already taken"
		return h.render(c, http.StatusConflict, templates.Signup(h.page(c, "Sign up"), form))
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
	if err := h.sessions.RenewToken(ctx); err != nil {
		return fmt.Errorf("web: start session: %w", err)
	}
	h.sessions.Put(ctx, sessionUserID, user.ID)
	h.sessions.Put(ctx, sessionAuthVersion, user.AuthVersion)
	// Stored now with a fresh idle deadline, so no renewal is due on the next page.
	h.sessions.Put(ctx, sessionSeen, time.Now().Unix())
	h.rotateCSRF(c)
	return h.saveSession(c)
}
