package pages

import (
	"context"
	"errors"
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// accountNotices are the confirmations the account page shows after a change, by the
// ?done= value the change redirects with.
var accountNotices = map[string]string{
	"name":          "Display name saved.",
	"password":      "Password changed. Your other sessions and API tokens have ended.",
	"email":         "Address saved. Follow the link we sent to it to verify it.",
	"no-email":      "Address removed.",
	"verified":      "Address verified: you can now reset a forgotten password by e-mail.",
	"notifications": "Notification choices saved.",
}

// accountPage shows the signed-in user's account: display name, password, deletion.
func (h *Handler) accountPage(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	v := templates.AccountView{
		Username:    user.Username,
		DisplayName: user.DisplayName,
		Notice:      accountNotices[c.QueryParam("done")],
	}
	if c.QueryParam("done") == "language" {
		lang := locales.From(c.Request().Context())
		v.Notice = lang.T("account.language.saved", map[string]any{"Language": lang.Name()})
	}
	return h.renderAccount(c, http.StatusOK, v)
}

// renderAccount shows the account page with v, adding the account's e-mail address
// unless v already holds the one just typed.
func (h *Handler) renderAccount(c echo.Context, status int, v templates.AccountView) error {
	user, _ := httpx.CurrentUser(c)
	addr, err := h.Store.UserEmail(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	if _, typed := v.Errors["email"]; !typed {
		v.Email = addr.Address
	}
	v.EmailVerified = addr.Verified && v.Email == addr.Address
	v.MailEnabled = h.Mail.Configured()
	v.Language = user.Language
	if v.Notifications, err = h.notificationPrefs(c.Request().Context(), user.ID); err != nil {
		return err
	}
	return h.Render(c, status, templates.Account(h.Page(c, "Your account"), v))
}

// refuseAccount shows the account page again with a refusal (a *store.Invalid naming its
// field) under its field; any other error goes to the error page.
func (h *Handler) refuseAccount(c echo.Context, v templates.AccountView, err error) error {
	var invalid *store.Invalid
	if !errors.As(err, &invalid) {
		return err
	}
	field, msg := splitField(invalid.Reason)
	return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, field, msg)
}

// refuseAccountForm shows the account page again with one field's error.
func (h *Handler) refuseAccountForm(c echo.Context, status int, v templates.AccountView, field, msg string) error {
	v.Errors = templates.FieldErrors{field: msg}
	return h.renderAccount(c, status, v)
}

// updateDisplayName changes the signed-in user's display name (POST /account/name).
func (h *Handler) updateDisplayName(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	name := strings.TrimSpace(c.FormValue("display_name"))
	if _, err := h.Accounts.Rename(c.Request().Context(), user, name); err != nil {
		return h.refuseAccount(c, templates.AccountView{Username: user.Username, DisplayName: name}, err)
	}
	return c.Redirect(http.StatusSeeOther, "/account?done=name")
}

// changePassword replaces the signed-in user's password (POST /account/password). The
// current password is required; every other session and every API token ends, and this
// browser carries on under a fresh session.
func (h *Handler) changePassword(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	updated, err := h.Accounts.ReplacePassword(c.Request().Context(), user, c.FormValue("current_password"), c.FormValue("new_password"))
	if errors.Is(err, store.ErrWrongPassword) {
		err = &store.Invalid{Reason: "current_password: incorrect"}
	}
	if err != nil {
		return h.refuseAccount(c, templates.AccountView{Username: user.Username, DisplayName: user.DisplayName}, err)
	}
	if err := h.startSession(c, updated); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/account?done=password")
}

// deleteAccount erases the signed-in user's account (POST /account/delete) after checking
// their password, signs them out and goes to the front page.
func (h *Handler) deleteAccount(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	password := c.FormValue("delete_password")
	v := templates.AccountView{Username: user.Username, DisplayName: user.DisplayName}
	if password == "" {
		return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, "delete_password", "required")
	}
	err := h.Accounts.DeleteAccount(c.Request().Context(), user.ID, password)
	if errors.Is(err, store.ErrWrongPassword) {
		return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, "delete_password", "incorrect")
	}
	if err != nil {
		return err
	}
	return h.logout(c)
}

// tokensPage lists the signed-in user's API tokens (GET /account/tokens).
func (h *Handler) tokensPage(c echo.Context) error {
	return h.renderTokens(c, http.StatusOK, templates.TokensView{})
}

// renderTokens shows the tokens page with v's new token, name and errors, its times in the
// viewer's zone (store.UserZone: their leagues'), named once at the top of the page.
func (h *Handler) renderTokens(c echo.Context, status int, v templates.TokensView) error {
	user, _ := httpx.CurrentUser(c)
	ctx := c.Request().Context()
	tokens, err := h.Store.APITokens(ctx, user.ID)
	if err != nil {
		return err
	}
	zone, err := h.Store.UserZone(ctx, user.ID)
	if err != nil {
		return err
	}
	loc := league.ZoneOf(zone)
	for _, t := range tokens {
		row := templates.TokenRow{
			ID: t.ID, Name: t.Name, Created: day(t.CreatedAt, loc), Expires: day(t.ExpiresAt, loc), LastUsed: "never",
		}
		if t.LastUsedAt != nil {
			row.LastUsed = t.LastUsedAt.In(loc).Format("2 Jan 2006 15:04")
		}
		v.Tokens = append(v.Tokens, row)
	}
	v.Max = store.MaxAPITokens
	return h.Render(c, status, templates.Tokens(h.Page(c, "API tokens").In(loc.String()), v))
}

// day formats a moment as the day it falls on in loc, as the tokens page shows dates.
func day(t time.Time, loc *time.Location) string { return t.In(loc).Format("2 Jan 2006") }

// tokenNameMax bounds a token's name (the CHECK of migration 00010).
const tokenNameMax = 64

// createToken issues a named API token (POST /account/tokens) and shows it once.
func (h *Handler) createToken(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	name := strings.TrimSpace(c.FormValue("name"))
	if msg := text.Problem(locales.Default(), name, tokenNameMax, true); msg != "" {
		return h.renderTokens(c, http.StatusUnprocessableEntity, templates.TokensView{Name: name, Errors: templates.FieldErrors{"name": msg}})
	}
	token, err := h.Accounts.CreateNamedAPIToken(c.Request().Context(), user.ID, name)
	if errors.Is(err, store.ErrTooManyTokens) {
		msg := strings.TrimPrefix(store.ErrTooManyTokens.Reason, "name: ")
		return h.renderTokens(c, http.StatusConflict, templates.TokensView{Name: name, Errors: templates.FieldErrors{"name": msg}})
	}
	if err != nil {
		return err
	}
	httpx.ShowsSecret(c)
	return h.renderTokens(c, http.StatusCreated, templates.TokensView{NewToken: token})
}

// revokeToken ends one of the signed-in user's API tokens (POST /account/tokens/{id}/revoke).
func (h *Handler) revokeToken(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	id, err := httpx.PathTokenID(c)
	if err != nil {
		return err
	}
	if !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/account/tokens/%d/revoke", id))
	}
	if err := h.Accounts.RevokeAPIToken(c.Request().Context(), user.ID, id); err != nil {
		return err
	}
	h.Flash(c, "The token is revoked: scripts using it are refused from now on.")
	return c.Redirect(http.StatusSeeOther, "/account/tokens")
}

// noticeLabels say each kind of notification as the account page offers it.
var noticeLabels = map[string]string{
	store.NoticeScheduleDrawn:   "a league I play in or organise draws its schedule",
	store.NoticeResultRecorded:  "a result is recorded in a league I play in or organise, or at a table I sat at",
	store.NoticeResultCorrected: "such a result is corrected",
	store.NoticeGameSoon:        "a game of mine starts within 24 hours",
	store.NoticeLeagueFinished:  "a league I play in or organise is finished or closed",
	store.NoticeResultProposed:  "a player at my table proposes its result, for me to confirm or dispute",
	store.NoticeResultDisputed:  "a proposed result of a game I sit at or organise is disputed",
	store.NoticeSeasonOpen:      "a season I played in opens its next season, with me signed up",
	store.NoticeSeasonStarted:   "a season I signed up for starts: my division and my first games",
	store.NoticeSeasonFinished:  "a season I play in is finished: whether I go up, down or stay",
}

// notificationPrefs are the user's notification choices for the account page.
func (h *Handler) notificationPrefs(ctx context.Context, userID int64) ([]templates.NotificationPref, error) {
	prefs, err := h.Store.NotificationPrefs(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]templates.NotificationPref, len(store.NoticeKinds))
	for i, k := range store.NoticeKinds {
		out[i] = templates.NotificationPref{Kind: k, Label: noticeLabels[k], On: prefs[k]}
	}
	return out, nil
}

// setLanguage saves the language the account reads pages and e-mails in (POST
// /account/language): one of locales.Supported, or "" for the browser's. This browser's
// language cookie follows, so the choice shows at once.
func (h *Handler) setLanguage(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	code := c.FormValue("language")
	if _, err := h.Accounts.SetLanguage(c.Request().Context(), user.ID, code); err != nil {
		var invalid *store.Invalid
		if errors.As(err, &invalid) {
			return h.refuseAccountForm(c, http.StatusUnprocessableEntity,
				templates.AccountView{Username: user.Username, DisplayName: user.DisplayName},
				"language", locales.T(c.Request().Context(), "account.language.unknown"))
		}
		return err
	}
	h.RememberLanguage(c, code)
	return c.Redirect(http.StatusSeeOther, "/account?done=language")
}

// setNotifications saves the account page's notification choices (POST
// /account/notifications): each kind's checkbox, unticked meaning off.
func (h *Handler) setNotifications(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	prefs := make(map[string]bool, len(store.NoticeKinds))
	for _, k := range store.NoticeKinds {
		prefs[k] = c.FormValue(k) == "on"
	}
	if err := h.Accounts.SetNotificationPrefs(c.Request().Context(), user.ID, prefs); err != nil {
		return err
	}
	return c.Redirect(http.StatusSeeOther, "/account?done=notifications#notifications")
}
