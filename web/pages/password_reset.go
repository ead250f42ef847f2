package pages

import (
	"context"
	"errors"
	"net/http"
	"net/url"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// Rate-limit kinds of the forgotten-password form: requests by address, and mails to
// one e-mail address, so that nobody can flood an inbox through TableStakes.
const (
	kindResetRequest = "reset-request"
	kindResetMail    = "reset-mail"
)

// Limits of the forgotten-password form, each an hour: requests from one address,
// mails to one inbox.
const (
	resetRequestsPerIP = 10
	resetMailsPerInbox = 3
	resetLimitPeriod   = time.Hour
)

// emailProblem says what is wrong with an e-mail address typed in a form, or "".
func emailProblem(l locales.Lang, addr string) string {
	switch {
	case addr == "":
		return l.T("field.required")
	case !email.ValidAddress(addr):
		return l.T("email.invalid")
	}
	return ""
}

// link is the absolute address of path with its query, for e-mails and the CLI.
func (h *Handler) link(path string, query url.Values) string {
	return h.Config.BaseURL + path + "?" + query.Encode()
}

// wordedMail is the mail id (its id+".subject" and id+".text") to user at addr, with link,
// in the user's language: their account's setting, English when they chose none (as every
// e-mail: notify words the others the same way).
func wordedMail(user store.User, addr, id, link string) email.Message {
	l := locales.ForAccount(user.Language)
	data := map[string]any{"Name": user.DisplayName, "Username": user.Username, "Link": link}
	return email.Message{To: addr, Subject: l.T(id+".subject", data), Body: l.T(id+".text", data)}
}

// sendMail sends m in the background and logs a failure: the answer does not wait for
// the SMTP server, nor reveal by its timing whether a mail was sent at all.
func (h *Handler) sendMail(m email.Message) {
	if !h.Mail.Configured() {
		return
	}
	go func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		if err := h.Mail.Send(ctx, m); err != nil {
			h.Logger.Error("send mail", "subject", m.Subject, "error", err.Error())
		}
	}()
}

// setEmail saves the signed-in user's e-mail address, unverified, and mails it a link
// that verifies it (POST /account/email); an empty address removes it.
func (h *Handler) setEmail(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	addr := strings.TrimSpace(c.FormValue("email"))
	v := templates.AccountView{Username: user.Username, DisplayName: user.DisplayName, Email: addr}
	if addr != "" {
		if msg := emailProblem(locales.From(c.Request().Context()), addr); msg != "" {
			return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, "email", msg)
		}
	}
	token, err := h.Accounts.SetEmail(c.Request().Context(), user.ID, addr)
	if err != nil {
		return err
	}
	if addr == "" {
		return c.Redirect(http.StatusSeeOther, "/account?done=no-email")
	}
	h.sendMail(wordedMail(user, addr, "mail.verify", h.link("/account/verify-email", url.Values{"token": {token}})))
	return c.Redirect(http.StatusSeeOther, "/account?done=email")
}

// verifyEmail spends an address-verification link (GET /account/verify-email?token=).
func (h *Handler) verifyEmail(c echo.Context) error {
	if _, err := h.Accounts.VerifyEmail(c.Request().Context(), c.QueryParam("token")); err != nil {
		return err // ErrLinkInvalid is 422, ErrEmailTaken 409, each with its message
	}
	if _, ok := httpx.CurrentUser(c); ok {
		return c.Redirect(http.StatusSeeOther, "/account?done=verified")
	}
	return c.Redirect(http.StatusSeeOther, "/login?verified=1")
}

// forgotPasswordPage asks for the account's e-mail address (GET /password/forgot).
func (h *Handler) forgotPasswordPage(c echo.Context) error {
	return h.Render(c, http.StatusOK, templates.ForgotPassword(h.Page(c, locales.T(c.Request().Context(), "forgot.title")), templates.ForgotForm{}))
}

// forgotPassword mails a password-reset link to the account with the verified address
// (POST /password/forgot). The answer is the same whether or not such an account exists.
func (h *Handler) forgotPassword(c echo.Context) error {
	ctx := c.Request().Context()
	addr := strings.TrimSpace(c.FormValue("email"))
	form := templates.ForgotForm{Email: addr}
	if msg := emailProblem(locales.From(c.Request().Context()), addr); msg != "" {
		form.Errors = templates.FieldErrors{"email": msg}
		return h.Render(c, http.StatusUnprocessableEntity, templates.ForgotPassword(h.Page(c, locales.T(c.Request().Context(), "forgot.title")), form))
	}
	n, err := h.Limits.Hit(ctx, kindResetRequest, httpx.ClientKey(c), resetLimitPeriod, h.Config.LimitClock())
	if err != nil {
		return err
	}
	if n > resetRequestsPerIP {
		return httpx.Refused(httpx.MsgTooManyResets, httpx.Limit{Attempts: resetRequestsPerIP, Per: resetLimitPeriod})
	}
	form.Sent = true
	sent, err := h.Limits.Hit(ctx, kindResetMail, strings.ToLower(addr), resetLimitPeriod, h.Config.LimitClock())
	if err != nil {
		return err
	}
	if sent > resetMailsPerInbox {
		h.Logger.WarnContext(ctx, "password-reset mail limited", "ip", c.RealIP())
		return h.Render(c, http.StatusOK, templates.ForgotPassword(h.Page(c, locales.T(c.Request().Context(), "forgot.title")), form))
	}
	user, token, err := h.Accounts.CreateResetLinkByEmail(ctx, addr)
	if errors.Is(err, store.ErrNotFound) {
		return h.Render(c, http.StatusOK, templates.ForgotPassword(h.Page(c, locales.T(c.Request().Context(), "forgot.title")), form))
	}
	if err != nil {
		return err
	}
	h.sendMail(wordedMail(user, addr, "mail.reset", h.link("/password/reset", url.Values{"token": {token}})))
	return h.Render(c, http.StatusOK, templates.ForgotPassword(h.Page(c, locales.T(c.Request().Context(), "forgot.title")), form))
}

// resetPasswordPage shows the form a reset link opens (GET /password/reset?token=).
func (h *Handler) resetPasswordPage(c echo.Context) error {
	token := c.QueryParam("token")
	ok, err := h.Accounts.ResetLinkValid(c.Request().Context(), token)
	if err != nil {
		return err
	}
	form := templates.ResetForm{Token: token, Invalid: !ok}
	status := http.StatusOK
	if !ok {
		status = http.StatusUnprocessableEntity
	}
	return h.Render(c, status, templates.ResetPassword(h.Page(c, locales.T(c.Request().Context(), "reset.title")), form))
}

// resetPassword spends a reset link and sets the new password (POST /password/reset);
// every session and API token of the account ends, and the visitor logs in afresh.
func (h *Handler) resetPassword(c echo.Context) error {
	form := templates.ResetForm{Token: c.FormValue("token")}
	password := c.FormValue("new_password")
	if msg := account.PasswordProblem(locales.From(c.Request().Context()), password); msg != "" {
		form.Errors = templates.FieldErrors{"new_password": msg}
		return h.Render(c, http.StatusUnprocessableEntity, templates.ResetPassword(h.Page(c, locales.T(c.Request().Context(), "reset.title")), form))
	}
	user, err := h.Accounts.ResetPassword(c.Request().Context(), form.Token, password)
	if errors.Is(err, store.ErrLinkInvalid) {
		form.Invalid = true
		return h.Render(c, http.StatusUnprocessableEntity, templates.ResetPassword(h.Page(c, locales.T(c.Request().Context(), "reset.title")), form))
	}
	if err != nil {
		return err
	}
	// The owner has proved who they are by mail: the account's failed log-ins are
	// forgotten and this browser becomes one of theirs, so the cap on guesses at the
	// account never keeps its owner out.
	if err := h.Limits.Forget(c.Request().Context(), httpx.KindLoginFailAccount, httpx.UsernameKey(user.Username)); err != nil {
		return err
	}
	if err := h.RememberDevice(c, user.ID); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/login?reset=1")
}
