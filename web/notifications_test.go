package web_test

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"net/url"
	"sync"
	"testing"
	"time"

	"github.com/chromedp/chromedp"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// hookRequest is one request a webhook receiver got.
type hookRequest struct {
	header http.Header
	body   []byte
}

// hookReceiver is a webhook endpoint for a test: it answers each request with the next
// status of statuses (200 once they run out) and hands the requests over.
type hookReceiver struct {
	*httptest.Server
	mu       sync.Mutex
	statuses []int
	got      chan hookRequest
}

func newHookReceiver(t *testing.T, statuses ...int) *hookReceiver {
	r := &hookReceiver{statuses: statuses, got: make(chan hookRequest, 100)}
	r.Server = httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, req *http.Request) {
		body, _ := io.ReadAll(req.Body)
		r.got <- hookRequest{header: req.Header.Clone(), body: body}
		r.mu.Lock()
		status := http.StatusOK
		if len(r.statuses) > 0 {
			status, r.statuses = r.statuses[0], r.statuses[1:]
		}
		r.mu.Unlock()
		w.WriteHeader(status)
	}))
	t.Cleanup(r.Close)
	return r
}

// verifiedPlayers are n new players (prefix1..) with verified addresses <username>@club.example.
func (a *testApp) verifiedPlayers(prefix string, n int) []player {
	a.t.Helper()
	ps := a.newPlayers(prefix, n)
	for _, p := range ps {
		a.VerifyEmails(p.User)
	}
	return ps
}

// mails collects every message the server receives within wait, by recipient.
func mails(t *testing.T, smtp *emailtest.Server, wait time.Duration) map[string][]emailtest.Received {
	t.Helper()
	out := map[string][]emailtest.Received{}
	for {
		m, ok := smtp.Next(wait)
		if !ok {
			return out
		}
		for _, to := range m.To {
			out[to] = append(out[to], m)
		}
	}
}

// bodyOf is a message's decoded text.
func bodyOf(t *testing.T, m emailtest.Received) string {
	t.Helper()
	b, err := io.ReadAll(quotedprintable.NewReader(m.Message.Body))
	require.NoError(t, err)
	return string(b)
}

// newNotifier is a server's notification worker on the app's database, deployed with the
// mail, base address and webhook addresses of the app's cfg, as serve deploys both.
func newNotifier(t *testing.T, app *testApp, cfg web.Config) *notify.Worker {
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	return notify.New(app.store, logger, notify.Config{Mail: cfg.Mail, BaseURL: cfg.BaseURL,
		WebhooksToPrivateAddresses: cfg.WebhooksToPrivateAddresses})
}

func TestNotificationChoices(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	p := app.newPlayers("ada", 1)[0]

	status, prefs := app.api(http.MethodGet, "/api/v1/me/notifications", p.token, nil)
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, prefs, len(store.NoticeKinds))
	for k, on := range prefs {
		assert.Equal(t, true, on, k)
	}
	status, prefs = app.api(http.MethodPut, "/api/v1/me/notifications", p.token, map[string]any{"game_soon": false})
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, false, prefs["game_soon"])
	assert.Equal(t, true, prefs["result_recorded"])
	status, body := app.api(http.MethodPut, "/api/v1/me/notifications", p.token, map[string]any{"result_recorded": false, "everything": false})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "everything: no such notification")
	status, body = app.api(http.MethodPut, "/api/v1/me/notifications", p.token, []byte(`{"game_soon": "no"}`))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "game_soon: must be true or false, got a string", body["error"])
	status, body = app.api(http.MethodPut, "/api/v1/me/notifications", p.token, []byte(`{"game_soon": null}`))
	assert.Equal(t, http.StatusBadRequest, status)
	assert.Equal(t, "game_soon: must be true or false, got null", body["error"])
	_, prefs = app.api(http.MethodGet, "/api/v1/me/notifications", p.token, nil)
	assert.Equal(t, true, prefs["result_recorded"], "a refused change changes nothing")
	status, _ = app.api(http.MethodGet, "/api/v1/me/notifications", "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)

	// The account page's form: an unticked box turns a kind off.
	c := app.logIn(p)
	_, doc := app.get(c, "/account")
	assert.Equal(t, len(store.NoticeKinds)-1, doc.Find(`form[action="/account/notifications"] input[type=checkbox][checked]`).Length())
	assert.Equal(t, 0, doc.Find(`input[name="game_soon"][checked]`).Length())
	res, doc := app.submit(c, "/account", "/account/notifications", url.Values{"schedule_drawn": {"on"}, "game_soon": {"on"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, text(doc.Find("main")))
	_, prefs = app.api(http.MethodGet, "/api/v1/me/notifications", p.token, nil)
	assert.Equal(t, map[string]any{"schedule_drawn": true, "result_recorded": false, "result_corrected": false,
		"game_soon": true, "league_finished": false, "result_proposed": false, "result_disputed": false,
		"season_open": false, "season_started": false, "season_finished": false}, prefs)
}

// On a phone: the notification choices on the account page and the webhooks on a
// league's manage page fit the screen.
func TestBrowserNotificationPages(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.token,
		map[string]any{"url": "https://discord.com/api/webhooks/123456789012345678/a-very-long-token-that-must-wrap-on-a-phone", "format": "discord"})
	require.Equal(t, http.StatusCreated, status, body)
	ctx := newBrowser(t)
	browserLogIn(t, ctx, app, org.Username, 390, 844)

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+"/account"),
		chromedp.WaitVisible(css(`form[action="/account/notifications"]`)),
		chromedp.Click(css(`input[name="game_soon"]`)),
		chromedp.Click(css(`form[action="/account/notifications"] button[type="submit"]`)),
		chromedp.WaitVisible(css(".notice")),
	), "turn reminders off")
	assert.Equal(t, "Notification choices saved.", visibleText(t, ctx, ".notice"))
	checked, err := chromedp.Run(ctx, chromedp.Evaluate[bool](`document.querySelector('input[name="game_soon"]').checked`))
	require.NoError(t, err)
	assert.False(t, checked)
	screenshot(t, ctx, "account-notifications-390.png")

	require.NoError(t, chromedp.Do(ctx,
		chromedp.Navigate(app.srv.URL+fmt.Sprintf("/leagues/%d/manage#webhooks", l.ID)),
		chromedp.WaitVisible(css(`#webhooks .webhook-list`)),
	))
	assert.Contains(t, visibleText(t, ctx, "#webhooks .webhook-url"), "discord.com (webhook 1, discord)", "by host and id")
	assert.NotContains(t, visibleText(t, ctx, "#webhooks"), "a-very-long-token", "never the whole address")
	screenshot(t, ctx, "manage-webhooks-390.png")
}

// A webhook to a special-use address is refused when it is added, not only on delivery
// (trust review 3, finding 6).
func TestWebhookToSpecialAddressIsRefusedWhenAdded(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	for _, u := range []string{"http://100.64.0.1/hook", "http://198.18.0.1/hook", "http://[64:ff9b::a00:1]/hook",
		"http://[2002:a00:1::]/hook", "http://0.0.0.0:8080/hook", "http://localhost:8080/hook"} {
		status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.token,
			map[string]any{"url": u, "format": "json"})
		assert.Equal(t, http.StatusUnprocessableEntity, status, u)
		assert.Contains(t, body["error"], "url: must reach a public address", u)
	}
	hooks, err := service.NewLeagues(app.store).Webhooks(context.Background(), l.ID, org.ID)
	require.NoError(t, err)
	assert.Empty(t, hooks)
}
