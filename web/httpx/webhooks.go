package httpx

import (
	"context"
	"crypto/rand"
	"net/url"
	"slices"
	"strconv"
	"strings"
	"unicode"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/text"
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
	case hiddenInPath(u):
		// A path that reads like another's (a zero-width space in a Discord channel key, a
		// text-direction control reordering it) hides where the league's news goes (trust
		// review 4, finding 8).
		errs["url"] = "the path must not contain invisible, text-direction, blank-looking or control characters"
	}
	if !slices.Contains(store.WebhookFormats, format) {
		errs["format"] = "must be json, discord or slack"
	}
	return errs
}

// hiddenInPath reports whether u's path, query or fragment, as typed or percent-decoded,
// holds a character that does not show (text.Invisible, text.BlankLooking) or a control
// character.
func hiddenInPath(u *url.URL) bool {
	hidden := func(r rune) bool { return text.Invisible(r) || text.BlankLooking(r) || unicode.IsControl(r) }
	query, err := url.QueryUnescape(u.RawQuery)
	if err != nil {
		query = u.RawQuery
	}
	for _, s := range []string{u.Path, u.RawPath, u.RawQuery, query, u.Fragment} {
		if strings.ContainsFunc(s, hidden) {
			return true
		}
	}
	return false
}

// WebhookOp runs op on the league and webhook the path names, as the signed-in user: the
// one place the webhook handlers read their path.
func (h *Server) WebhookOp(c echo.Context, op func(ctx context.Context, leagueID, hookID, userID int64) error) (int64, error) {
	id, err := PathID(c)
	if err != nil {
		return 0, err
	}
	var hookID int64
	if raw := c.Param("hook"); raw != "" {
		hookID, err = strconv.ParseInt(raw, 10, 64)
		if err != nil || hookID <= 0 || strconv.FormatInt(hookID, 10) != raw {
			return id, ErrNoSuchPage
		}
	}
	user, _ := CurrentUser(c) // RequireLogin and RequireAPIUser guarantee it
	return id, op(c.Request().Context(), id, hookID, user.ID)
}

// AddWebhookChecked checks and adds a webhook with a new secret.
func (h *Server) AddWebhookChecked(ctx context.Context, leagueID, userID int64, raw, format string) (store.Webhook, templates.FieldErrors, error) {
	raw = strings.TrimSpace(raw)
	errs := webhookProblems(raw, format)
	if _, bad := errs["url"]; !bad && !h.Config.WebhooksToPrivateAddresses {
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
	hook, err := h.Leagues.AddWebhook(ctx, leagueID, userID, raw, format, rand.Text()+rand.Text())
	return hook, nil, err
}
