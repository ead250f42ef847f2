package pages

import (
	"context"
	"errors"
	"net/http"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// webhooksView adds league l's webhooks to its manage page, their times in the league's
// zone like the rest of the page.
func (h *Handler) webhooksView(c echo.Context, l store.League, v *templates.ManageView) error {
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	hooks, err := h.Leagues.Webhooks(c.Request().Context(), l.ID, user.ID)
	if err != nil {
		return err
	}
	v.MaxWebhooks = store.MaxWebhooks
	if v.WebhookForm.Format == "" {
		v.WebhookForm.Format = "json"
	}
	lang := locales.From(c.Request().Context())
	clock := clockFor()
	for _, w := range hooks {
		last := ""
		switch w.LastStatus {
		case "sent":
			last = lang.T("manage.last.sent")
		case "pending":
			if w.LastError != "" {
				last = lang.T("manage.last.retry") + " " + w.LastError
			} else {
				last = lang.T("manage.last.waiting")
			}
		case "sending":
			last = lang.T("manage.last.sending")
		case "failed":
			last = lang.T("manage.last.failed") + " " + w.LastError
		case "unknown":
			last = lang.T("manage.last.unknown")
		}
		if w.PausedUntil != nil {
			last += lang.T("manage.last.paused", map[string]any{"Until": clock.showIn(lang, *w.PausedUntil, l.TimeZone, "2 Jan 15:04")})
		}
		v.Webhooks = append(v.Webhooks, templates.WebhookView{ID: w.ID, Host: w.Host, Format: w.Format, Secret: w.Secret, Last: last})
	}
	if !v.IsOrganiser {
		return nil
	}
	unknown, err := h.Leagues.UnknownDeliveries(c.Request().Context(), l.ID, user.ID)
	if err != nil {
		return err
	}
	hosts := map[int64]string{}
	for _, w := range hooks {
		hosts[w.ID] = w.Host
	}
	for _, d := range unknown {
		to := d.Recipient
		if d.Channel == store.ChannelWebhook {
			to = lang.T("manage.a_webhook")
			if d.WebhookID != nil {
				to = hosts[*d.WebhookID] + " (webhook " + strconv.FormatInt(*d.WebhookID, 10) + ")"
			}
		}
		v.Unknown = append(v.Unknown, templates.UnknownDeliveryView{ID: d.ID, What: noticeKindWords(lang, d.Kind), To: to,
			At: clock.showIn(lang, d.At, l.TimeZone, "2 Jan 15:04")})
	}
	return nil
}

// noticeKindWords names a notification's kind for people, in l.
func noticeKindWords(l locales.Lang, kind string) string {
	switch kind {
	case store.NoticeScheduleDrawn, store.NoticeResultRecorded, store.NoticeResultCorrected, store.NoticeGameSoon,
		store.NoticeLeagueFinished, store.NoticeResultProposed, store.NoticeResultDisputed, store.NoticeSeasonOpen,
		store.NoticeSeasonStarted, store.NoticeSeasonFinished:
		return l.T("manage.kind." + kind)
	}
	return l.T("manage.kind.other")
}

// resendDelivery is the manage page's "Send again" button of a notification that may not
// have arrived (POST /leagues/{id}/deliveries/{delivery}/resend), the organiser's only.
func (h *Handler) resendDelivery(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	raw := c.Param("delivery")
	deliveryID, perr := strconv.ParseInt(raw, 10, 64)
	if perr != nil || deliveryID <= 0 || strconv.FormatInt(deliveryID, 10) != raw {
		return httpx.ErrNoSuchPage
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Leagues.ResendDelivery(c.Request().Context(), id, deliveryID, user.ID)
	if errors.Is(err, store.ErrNotFound) {
		err = &store.Conflict{Reason: locales.T(c.Request().Context(), "manage.resent_already")}
	}
	if err == nil {
		h.Flash(c, locales.T(c.Request().Context(), "manage.resending"))
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage#webhooks")
	}
	return h.afterManageAction(c, id, err)
}

// addWebhook is the manage page's add form (POST /leagues/{id}/webhooks: url, format). A
// bad field shows the page again with the message under it.
func (h *Handler) addWebhook(c echo.Context) error {
	form := templates.WebhookForm{URL: c.FormValue("url"), Format: c.FormValue("format")}
	id, err := h.WebhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		_, form.Errors, err = h.AddWebhookChecked(ctx, leagueID, userID, form.URL, form.Format)
		return err
	})
	if id == 0 || (err != nil && !isRefusal(err)) {
		return err
	}
	if err == nil && len(form.Errors) == 0 {
		h.Flash(c, locales.T(c.Request().Context(), "manage.webhook_added"))
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage")
	}
	if err != nil {
		form.Errors = templates.FieldErrors{"url": fieldMessage(err, "url")}
	}
	v, verr := h.manageView(c, id)
	if verr != nil {
		return verr
	}
	v.WebhookForm = form
	v.Failed, v.FailedForm = notSaved(c), "webhooks"
	return h.Render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.manageTitle(c, v), v))
}

// fieldMessage is a refusal's message without its "field: " prefix.
func fieldMessage(err error, field string) string {
	msg := refusalMessage(err)
	return strings.TrimPrefix(msg, field+": ")
}

// deleteWebhook is the manage page's remove button (POST /leagues/{id}/webhooks/{hook}/delete).
func (h *Handler) deleteWebhook(c echo.Context) error {
	id, err := h.WebhookOp(c, func(ctx context.Context, leagueID, hookID, userID int64) error {
		return h.Leagues.DeleteWebhook(ctx, leagueID, hookID, userID)
	})
	if id == 0 {
		return err
	}
	return h.afterManageAction(c, id, err)
}
