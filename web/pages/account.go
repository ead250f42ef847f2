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

// accountNotices are the message ids of the confirmations the account page shows after a
// change, by the ?done= value the change redirects with.
var accountNotices = map[string]string{
	"name":          "accountpage.done.name",
	"password":      "accountpage.done.password",
	"email":         "accountpage.done.email",
	"no-email":      "accountpage.done.no_email",
	"verified":      "accountpage.done.verified",
	"notifications": "accountpage.done.notifications",
}

// accountPage shows the signed-in user's account: display name, password, deletion.
func (h *Handler) accountPage(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	v := templates.AccountView{Username: user.Username, DisplayName: user.DisplayName}
	if id, ok := accountNotices[c.QueryParam("done")]; ok {
		v.Notice = locales.T(c.Request().Context(), id)
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
	return h.Render(c, status, templates.Account(h.Page(c, locales.T(c.Request().Context(), "accountpage.title")), v))
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
	if _, err := h.Accounts.Rename(c.Request().Context(), locales.From(c.Request().Context()), user, name); err != nil {
		return h.refuseAccount(c, templates.AccountView{Username: user.Username, DisplayName: name}, err)
	}
	return c.Redirect(http.StatusSeeOther, "/account?done=name")
}

// changePassword replaces the signed-in user's password (POST /account/password). The
// current password is required; every other session and every API token ends, and this
// browser carries on under a fresh session.
func (h *Handler) changePassword(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	l := locales.From(c.Request().Context())
	updated, err := h.Accounts.ReplacePassword(c.Request().Context(), l, user, c.FormValue("current_password"), c.FormValue("new_password"))
	if errors.Is(err, store.ErrWrongPassword) {
		err = &store.Invalid{Reason: "current_password: " + l.T("accountpage.incorrect")}
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
		return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, "delete_password", locales.T(c.Request().Context(), "field.required"))
	}
	err := h.Accounts.DeleteAccount(c.Request().Context(), user.ID, password)
	if errors.Is(err, store.ErrWrongPassword) {
		return h.refuseAccountForm(c, http.StatusUnprocessableEntity, v, "delete_password", locales.T(c.Request().Context(), "accountpage.incorrect"))
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
	tokens, err := h.Accounts.APITokens(ctx, user.ID)
	if err != nil {
		return err
	}
	zone, err := h.Store.UserZone(ctx, user.ID)
	if err != nil {
		return err
	}
	loc := league.ZoneOf(zone)
	l := locales.From(ctx)
	for _, t := range tokens {
		row := templates.TokenRow{
			ID: t.ID, Name: t.Name, Created: day(l, t.CreatedAt, loc), Expires: day(l, t.ExpiresAt, loc), LastUsed: l.T("tokens.never"),
		}
		if t.LastUsedAt != nil {
			row.LastUsed = t.LastUsedAt.In(loc).Format("2 Jan 2006 15:04")
			if l.Code != locales.Default().Code {
				row.LastUsed = l.DateTime(t.LastUsedAt.In(loc))
			}
		}
		v.Tokens = append(v.Tokens, row)
	}
	v.Max = store.MaxAPITokens
	return h.Render(c, status, templates.Tokens(h.Page(c, l.T("tokens.title")).In(loc.String()), v))
}

// day formats a moment as the day it falls on in loc, as the tokens page shows dates in l.
func day(l locales.Lang, t time.Time, loc *time.Location) string {
	if l.Code != locales.Default().Code {
		return l.ShortDate(t.In(loc))
	}
	return t.In(loc).Format("2 Jan 2006")
}

// tokenNameMax bounds a token's name (the CHECK of migration 00010).
const tokenNameMax = 64

// createToken issues a named API token (POST /account/tokens) and shows it once.
func (h *Handler) createToken(c echo.Context) error {
	user, _ := httpx.CurrentUser(c)
	name := strings.TrimSpace(c.FormValue("name"))
	l := locales.From(c.Request().Context())
	if msg := text.Problem(l, name, tokenNameMax, true); msg != "" {
		return h.renderTokens(c, http.StatusUnprocessableEntity, templates.TokensView{Name: name, Errors: templates.FieldErrors{"name": msg}})
	}
	token, err := h.Accounts.CreateNamedAPIToken(c.Request().Context(), user.ID, name)
	if errors.Is(err, store.ErrTooManyTokens) {
		msg := l.T("tokens.too_many", map[string]any{"Max": l.Int(store.MaxAPITokens)})
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
	h.Flash(c, locales.T(c.Request().Context(), "tokens.revoked"))
	return c.Redirect(http.StatusSeeOther, "/account/tokens")
}

// noticeLabels are the message ids saying each kind of notification as the account page
// offers it.
var noticeLabels = map[string]string{
	store.NoticeScheduleDrawn:   "accountpage.notice.schedule_drawn",
	store.NoticeResultRecorded:  "accountpage.notice.result_recorded",
	store.NoticeResultCorrected: "accountpage.notice.result_corrected",
	store.NoticeGameSoon:        "accountpage.notice.game_soon",
	store.NoticeLeagueFinished:  "accountpage.notice.league_finished",
	store.NoticeResultProposed:  "accountpage.notice.result_proposed",
	store.NoticeResultDisputed:  "accountpage.notice.result_disputed",
	store.NoticeSeasonOpen:      "accountpage.notice.season_open",
	store.NoticeSeasonStarted:   "accountpage.notice.season_started",
	store.NoticeSeasonFinished:  "accountpage.notice.season_finished",
}

// notificationPrefs are the user's notification choices for the account page.
func (h *Handler) notificationPrefs(ctx context.Context, userID int64) ([]templates.NotificationPref, error) {
	prefs, err := h.Store.NotificationPrefs(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]templates.NotificationPref, len(store.NoticeKinds))
	for i, k := range store.NoticeKinds {
		out[i] = templates.NotificationPref{Kind: k, Label: locales.T(ctx, noticeLabels[k]), On: prefs[k]}
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
