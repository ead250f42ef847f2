package api

import (
	"context"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiWebhooks lists the league's webhooks with their secrets, each named by its host (the
// whole address is a secret shown only once, in the answer to adding it):
// GET /api/v1/leagues/{id}/webhooks → 200 [{"id","host","format","secret","created_at","last_status","last_error"}].
func (h *Handler) apiWebhooks(c echo.Context) error {
	var hooks []store.Webhook
	if _, err := h.WebhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		hooks, err = h.Leagues.Webhooks(ctx, leagueID, userID)
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
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Format == "" {
		body.Format = "json"
	}
	var hook store.Webhook
	var errs templates.FieldErrors
	if _, err := h.WebhookOp(c, func(ctx context.Context, leagueID, _, userID int64) error {
		var err error
		hook, errs, err = h.AddWebhookChecked(ctx, leagueID, userID, body.URL, body.Format)
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
	if _, err := h.WebhookOp(c, func(ctx context.Context, leagueID, hookID, userID int64) error {
		return h.Leagues.DeleteWebhook(ctx, leagueID, hookID, userID)
	}); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}
