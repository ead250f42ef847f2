package web

import (
	"context"
	"crypto/rand"
	"net/http"
	"net/url"
	"slices"
	"strconv"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// webhookProblems checks a webhook's address and format as typed, by field.
func webhookProblems(raw, format string) templates.FieldErrors {
	errs := templates.FieldErrors{}
	u, err := url.Parse(raw)
	switch {
	case raw == "":
		errs["url"] = "required"
	case len(raw) > 500:
		errs["url"] = "at most 500 characters"
	case err != nil || (u.Scheme != "https" && u.Scheme != "http") || u.Host == "":
		errs["url"] = "must be an http or https address such as https://discord.com/api/webhooks/…"
	case u.User != nil:
		errs["url"] = "must not hold a user name or password"
	}
	if !slices.Contains(store.WebhookFormats, format) {
		errs["format"] = "must be json, discord or slack"
	}
	return errs
}

// webhookOp runs op on the league and webhook the path names, as the signed-in user: the
// one place the webhook handlers read their path.
func (h *Handler) webhookOp(c echo.Context, op func(ctx context.Context, leagueID, hookID, userID int64) error) (int64, error) {
	id, err := pathID(c)
	if err != nil {
		return 0, err
	}
	var hookID int64
	if raw := c.Param("hook"); raw != "" {
		hookID, err = strconv.ParseInt(raw, 10, 64)
		if err != nil || hookID <= 0 || strconv.FormatInt(hookID, 10) != raw {
			return id, errNoSuchPage
		}
	}
	user, _ := currentUser(c) // requireLogin and requireAPIUser guarantee it
	return id, op(c.Request().Context(), id, hookID, user.ID)
}

// addWebhookChecked checks and adds a webhook with a new secret.
func (h *Handler) addWebhookChecked(ctx context.Context, leagueID, userID int64, raw, format string) (store.Webhook, templates.FieldErrors, error) {
	raw = strings.TrimSpace(raw)
	errs := webhookProblems(raw, format)
	if _, bad := errs["url"]; !bad && !h.config.WebhooksToPrivateAddresses {
		// Checked when it is added too, not only on delivery, so that an organiser
		// learns at once that an address inside the network will never be called.
		u, _ := url.Parse(raw)
		if msg := hostProblem(ctx, u.Hostname()); msg != "" {
			errs["url"] = msg
		}
	}
	if len(errs) > 0 {
		return store.Webhook{}, errs, nil
	}
	hook, err := h.leagues.AddWebhook(ctx, leagueID, userID, raw, format, rand.Text()+rand.Text())
	return hook, nil, err
}

// webhooksView adds league l's webhooks to its manage page, their times in the league's
// zone like the rest of the page.
func (h *Handler) webhooksView(c echo.Context, l store.League, v *templates.ManageView) error {
	user, _ := currentUser(c) // requireLogin guarantees it
	hooks, err := h.leagues.Webhooks(c.Request().Context(), l.ID, user.ID)
	if err != nil {
		return err
	}
	v.MaxWebhooks = store.MaxWebhooks
	if v.WebhookForm.Format == "" {
		v.WebhookForm.Format = "json"
	}
	for _, w := range hooks {
		last := ""
		switch w.LastStatus {
		case "sent":
			last = "delivered"
		case "pending":
			if w.LastError != "" {
				last = "failed, will be retried: " + w.LastError
			} else {
				last = "waiting to be sent"
			}
		case "sending":
			last = "being sent"
		case "failed":
			last = "failed: " + w.LastError
		}
		if w.PausedUntil != nil {
			last += "; paused after failing again and again, until " + w.PausedUntil.In(leagueLocation(l)).Format("2 Jan 15:04 MST")
		}
		v.Webhooks = append(v.Webhooks, templates.WebhookView{ID: w.ID, Host: w.Host, Format: w.Format, Secret: w.Secret, Last: last})
	}
	return nil
}

// addWebhook is the manage page's add form (POST /leagues/{id}/webhooks: url, format). A
// bad field shows the page again with the message under it.
func (h *Handler) addWebhook(c echo.Context) error {
	form := templates.WebhookForm{URL: c.FormValue("url"), Format: c.FormValue("format")}
	id, err := h.webhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		_, form.Errors, err = h.addWebhookChecked(ctx, leagueID, userID, form.URL, form.Format)
		return err
	})
	if id == 0 || (err != nil && !isRefusal(err)) {
		return err
	}
	if err == nil && len(form.Errors) == 0 {
		h.flash(c, "The webhook is added: every league event is posted to it.")
		return c.Redirect(http.StatusSeeOther, "/leagues/"+strconv.FormatInt(id, 10)+"/manage#webhooks")
	}
	if err != nil {
		form.Errors = templates.FieldErrors{"url": fieldMessage(err, "url")}
	}
	v, verr := h.manageView(c, id)
	if verr != nil {
		return verr
	}
	v.WebhookForm = form
	return h.render(c, http.StatusUnprocessableEntity, templates.ManageLeague(h.page(c, "Manage "+v.League.Name), v))
}

// fieldMessage is a refusal's message without its "field: " prefix.
func fieldMessage(err error, field string) string {
	msg := refusalMessage(err)
	return strings.TrimPrefix(msg, field+": ")
}

// deleteWebhook is the manage page's remove button (POST /leagues/{id}/webhooks/{hook}/delete).
func (h *Handler) deleteWebhook(c echo.Context) error {
	id, err := h.webhookOp(c, func(ctx context.Context, leagueID, hookID, userID int64) error {
		return h.leagues.DeleteWebhook(ctx, leagueID, hookID, userID)
	})
	if id == 0 {
		return err
	}
	return h.afterManageAction(c, id, err)
}

// apiWebhooks lists the league's webhooks with their secrets, each named by its host (the
// whole address is a secret shown only once, in the answer to adding it):
// GET /api/v1/leagues/{id}/webhooks → 200 [{"id","host","format","secret","created_at","last_status","last_error"}].
func (h *Handler) apiWebhooks(c echo.Context) error {
	var hooks []store.Webhook
	if _, err := h.webhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		hooks, err = h.leagues.Webhooks(ctx, leagueID, userID)
		return err
	}); err != nil {
		return err
	}
	if hooks == nil {
		hooks = []store.Webhook{}
	}
	return c.JSON(http.StatusOK, hooks)
}

// apiAddWebhook adds a webhook: POST /api/v1/leagues/{id}/webhooks {"url","format"} → 201
// with the webhook and its secret; 422 naming the field for a bad address or format, 409
// beyond store.MaxWebhooks.
func (h *Handler) apiAddWebhook(c echo.Context) error {
	var body struct {
		URL    string `json:"url"`
		Format string `json:"format"`
	}
	if err := decodeJSON(c, &body); err != nil {
		return err
	}
	if body.Format == "" {
		body.Format = "json"
	}
	var hook store.Webhook
	var errs templates.FieldErrors
	if _, err := h.webhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		hook, errs, err = h.addWebhookChecked(ctx, leagueID, userID, body.URL, body.Format)
		return err
	}); err != nil {
		return err
	}
	if len(errs) > 0 {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, fieldErrorsLine(errs, "url", "format"))
	}
	return c.JSON(http.StatusCreated, hook)
}

// fieldErrorsLine is every field's error as one line, "url: required; format: …", in
// the order of fields.
func fieldErrorsLine(errs templates.FieldErrors, fields ...string) string {
	var parts []string
	for _, f := range fields {
		if msg, ok := errs[f]; ok {
			parts = append(parts, f+": "+msg)
		}
	}
	return strings.Join(parts, "; ")
}

// apiDeleteWebhook removes a webhook: DELETE /api/v1/leagues/{id}/webhooks/{hook} → 204.
func (h *Handler) apiDeleteWebhook(c echo.Context) error {
	if _, err := h.webhookOp(c, func(ctx context.Context, leagueID, hookID, userID int64) error {
		return h.leagues.DeleteWebhook(ctx, leagueID, hookID, userID)
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
