package notify_test

import (
	"context"
	"crypto/hmac"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"net/url"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/webtest"
	"github.com/tablestakes/tablestakes/webhook"
)

// The whole path: events of a league go out by e-mail over a real SMTP server and to a
// signed webhook, once each, whichever of two servers' workers delivers them.
func TestNotificationsByMailAndWebhook(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := notify.Config{Mail: smtp.Config(), BaseURL: "https://club.example", WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	org := app.NewPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.newLeague(org, "cartagena", 4, 0)
	hook := newHookReceiver(t)

	// Only the league's organisers manage its webhooks.
	path := fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID)
	status, _ := app.API(http.MethodPost, path, members[0].Token, map[string]any{"url": hook.URL})
	assert.Equal(t, http.StatusForbidden, status)
	status, body := app.API(http.MethodPost, path, org.Token, map[string]any{"url": "ftp://club.example", "format": "xml"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "url: must be an http or https address")
	assert.Contains(t, body["error"], "format: must be json, discord or slack")
	status, body = app.API(http.MethodPost, path, org.Token, map[string]any{"url": hook.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	secret := body["secret"].(string)
	assert.GreaterOrEqual(t, len(secret), 32)

	l = app.join(l, members)
	require.Equal(t, store.LeagueRunning, l.Status)

	// Two servers' workers deliver at once: every message goes out once.
	a, b := newWorker(t, app, cfg), newWorker(t, app, cfg)
	var wg sync.WaitGroup
	for _, n := range []*notify.Worker{a, b} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, err := n.RunOnce(ctx)
			assert.NoError(t, err)
		}()
	}
	wg.Wait()
	got := mails(t, smtp, 500*time.Millisecond)
	require.Len(t, got, 8, "every member with a verified address")
	for _, p := range members {
		require.Len(t, got[p.Username+"@club.example"], 1, p.Username)
	}
	m := got["player1@club.example"][0]
	assert.Equal(t, "The cartagena league: the schedule is drawn", m.Message.Header.Get("Subject"))
	text := bodyOf(t, m)
	assert.Contains(t, text, "The cartagena league is full and its schedule is drawn: 32 games of Cartagena.")
	assert.Contains(t, text, fmt.Sprintf("https://club.example/leagues/%d", l.ID))
	assert.Contains(t, text, "https://club.example/account#notifications")

	req := <-hook.got
	assert.Equal(t, "application/json", req.header.Get("Content-Type"))
	assert.Equal(t, "schedule_drawn", req.header.Get("X-TableStakes-Event"))
	ts := req.header.Get("X-TableStakes-Timestamp")
	want := "sha256=" + webhook.Sign(secret, ts, req.body)
	assert.True(t, hmac.Equal([]byte(want), []byte(req.header.Get("X-TableStakes-Signature"))), "the body is signed with the secret")
	var payload notify.WebhookBody
	require.NoError(t, json.Unmarshal(req.body, &payload))
	assert.Equal(t, "schedule_drawn", payload.Event)
	assert.Equal(t, l.ID, payload.Notice.LeagueID)
	assert.Equal(t, "The cartagena league", payload.Notice.LeagueName)
	select {
	case extra := <-hook.got:
		t.Fatalf("the webhook got a second request: %s", extra.body)
	default:
	}

	// A result: the league hears of it (its recorder, the organiser, has no address anyway).
	games := app.LeagueGames(l)
	g := games[0]
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.Token, webtest.ScoresFor(g, 40, 30, 30, 10))
	require.Equal(t, http.StatusCreated, status, body)
	sent, err := a.RunOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, 9, sent, "8 mails and a webhook")
	got = mails(t, smtp, 500*time.Millisecond)
	require.Len(t, got, 8)
	m = got[g.Seats[0].Username+"@club.example"][0]
	assert.Equal(t, fmt.Sprintf("Result recorded: game %d of The cartagena league", g.Number), m.Message.Header.Get("Subject"))
	text = bodyOf(t, m)
	assert.Contains(t, text, fmt.Sprintf("1st  %s  ", g.Seats[0].DisplayName))
	assert.Contains(t, text, fmt.Sprintf("2nd  %s  ", g.Seats[1].DisplayName), "tied players share the place")
	assert.Contains(t, text, fmt.Sprintf("https://club.example/games/%d", g.ID))
	<-hook.got

	// Nothing is sent twice, not even by a later run.
	sent, err = b.RunOnce(ctx)
	require.NoError(t, err)
	assert.Zero(t, sent)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		assert.Equal(t, "sent", r.Status, "%s to %s", r.EventKey, r.Recipient)
	}
}

// A webhook that fails is retried later; one that refuses the request, or stands on a
// private address when those are not allowed, is given up at once.
func TestWebhookFailuresAreRetriedOrGivenUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	busy := newHookReceiver(t, http.StatusServiceUnavailable)
	gone := newHookReceiver(t, http.StatusGone)
	for _, h := range []*hookReceiver{busy, gone} {
		status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token,
			map[string]any{"url": h.URL, "format": "discord"})
		require.Equal(t, http.StatusCreated, status, body)
	}
	games := app.LeagueGames(l)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.Token, webtest.ScoresFor(games[0], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)

	_, err := newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	req := <-busy.got
	var discord map[string]string
	require.NoError(t, json.Unmarshal(req.body, &discord))
	assert.Contains(t, discord["content"], "**Result recorded: game ")
	<-gone.got
	status, hooks := app.APIAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token, nil)
	require.Equal(t, http.StatusOK, status)
	list := hooks.([]any)
	require.Len(t, list, 2)
	busyHook, goneHook := list[0].(map[string]any), list[1].(map[string]any)
	assert.Equal(t, "pending", busyHook["last_status"], "503: tried again later")
	assert.Equal(t, "webhook answered 503 Service Unavailable", busyHook["last_error"])
	assert.Equal(t, "failed", goneHook["last_status"], "410: given up")

	// The same league's deliveries from a server that keeps webhooks off private addresses.
	games = app.LeagueGames(l)
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", games[1].ID), org.Token, webtest.ScoresFor(games[1], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	_, err = newWorker(t, app, notify.Config{}).RunOnce(ctx)
	require.NoError(t, err)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	last := rows[len(rows)-1]
	assert.Equal(t, "failed", last.Status)
	assert.Contains(t, last.LastError, "webhook address is not public")
	select {
	case r := <-busy.got:
		t.Fatalf("a private address was called: %s", r.body)
	default:
	}

	// The manage page shows each webhook's last delivery.
	c := app.LogIn(org.User)
	_, doc := app.Get(c, fmt.Sprintf("/leagues/%d/manage", l.ID))
	assert.Equal(t, 2, doc.Find("#webhooks .webhook-list li").Length())
	assert.Contains(t, webtest.Text(doc.Find("#webhooks")), "failed: webhook address is not public")
}

// A game starting within a day reminds its players once, by mail, in the league's zone.
func TestGameReminderMail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := notify.Config{Mail: smtp.Config(), BaseURL: "https://club.example"}
	app := newTestApp(t, cfg)
	org := app.NewPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.join(app.newLeague(org, "gonzaga", 4, 0), members)
	n := newWorker(t, app, cfg)
	_, err := n.RunOnce(ctx)
	require.NoError(t, err)
	mails(t, smtp, 300*time.Millisecond) // the schedule

	games := app.LeagueGames(l)
	g := games[0]
	start := time.Now().Add(3 * time.Hour).Truncate(time.Minute).UTC()
	status, body := app.API(http.MethodPut, "/api/v1/games/"+strconv.FormatInt(g.ID, 10)+"/schedule", org.Token,
		map[string]any{"starts_at": start.Format(time.RFC3339), "place": "The Meeple Café"})
	require.Equal(t, http.StatusOK, status, body)
	for range 2 {
		_, err = n.RunOnce(ctx)
		require.NoError(t, err)
	}
	got := mails(t, smtp, 500*time.Millisecond)
	require.Len(t, got, 4, "the game's four players, once each")
	m := got[g.Seats[0].Username+"@club.example"]
	require.Len(t, m, 1)
	assert.Equal(t, fmt.Sprintf("Reminder: game %d of The gonzaga league", g.Number), m[0].Message.Header.Get("Subject"))
	assert.Contains(t, bodyOf(t, m[0]), start.Format("Mon 2 Jan 2006, 15:04")+" (UTC), at The Meeple Café.")
}

// A webhook's URL is its key (finding 1 of trust review 3): the league's page and history,
// the manage page, the API's list and a delivery's error name it by host and id only, and
// a deleted webhook leaves its address nowhere.
func TestWebhookURLIsShownNowhere(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	closed := httptest.NewServer(http.NotFoundHandler())
	closed.Close() // nothing listens there any more: the delivery fails with a network error
	hookURL := closed.URL + "/api/webhooks/123/the-channel-key"
	host := strings.TrimPrefix(closed.URL, "http://")
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token,
		map[string]any{"url": hookURL, "format": "discord"})
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, hookURL, body["url"], "the answer to adding it holds the address typed")
	hookID := int64(body["id"].(float64))
	games := app.LeagueGames(l)
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.Token, webtest.ScoresFor(games[0], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	_, err := newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)

	noKey := func(where, s string) {
		t.Helper()
		assert.NotContains(t, s, "the-channel-key", where)
		assert.NotContains(t, s, "/api/webhooks/", where)
	}
	c := app.LogIn(org.User)
	_, doc := app.Get(c, fmt.Sprintf("/leagues/%d/manage", l.ID))
	manage := webtest.Text(doc.Find("main"))
	noKey("manage page", manage)
	assert.Contains(t, webtest.Text(doc.Find("#webhooks .webhook-url")), host)
	assert.Contains(t, webtest.Text(doc.Find("#webhooks .webhook-url")), fmt.Sprintf("webhook %d", hookID))
	assert.Contains(t, manage, "POST to "+host, "the delivery's error names the host")
	res := app.Send(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token, nil)
	listed, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	res.Body.Close()
	noKey("API list", string(listed))
	assert.Contains(t, string(listed), `"host":"`+host+`"`)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		noKey("outbox error", r.LastError)
	}

	res = app.Send(http.MethodDelete, fmt.Sprintf("/api/v1/leagues/%d/webhooks/%d", l.ID, hookID), org.Token, nil)
	res.Body.Close()
	require.Equal(t, http.StatusNoContent, res.StatusCode)
	anon := app.Browser()
	_, doc = app.Get(anon, fmt.Sprintf("/leagues/%d", l.ID))
	page := doc.Text()
	noKey("league page", page)
	assert.Contains(t, page, fmt.Sprintf("removed the webhook to %s (webhook %d)", host, hookID))
	res = app.Send(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/history", l.ID), "", nil)
	history, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	res.Body.Close()
	noKey("history API", string(history))
}

// E-mail and webhooks are delivered independently (trust review 3, finding 2): while one
// league's webhook receiver holds its request open (a tarpit), another league's e-mails
// all arrive, once each, and the webhook's delivery is recorded when it ends.
func TestTarpitWebhookDoesNotHoldUpMail(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := notify.Config{Mail: smtp.Config(), BaseURL: "https://club.example", WebhooksToPrivateAddresses: true,
		WebhookTimeout: 10 * time.Minute}
	app := newTestApp(t, cfg)
	release := make(chan struct{})
	held := make(chan struct{}, 10)
	tarpit := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		held <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(tarpit.Close)
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })

	// The slow league fills first, so its webhook is the older delivery.
	orgA := app.NewPlayers("orga", 1)[0]
	slow := app.newLeague(orgA, "cartagena", 4, 0)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", slow.ID), orgA.Token,
		map[string]any{"url": tarpit.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	app.join(slow, app.NewPlayers("slowplayer", 8))
	orgB := app.NewPlayers("orgb", 1)[0]
	members := app.verifiedPlayers("mailplayer", 8)
	app.join(app.newLeague(orgB, "gonzaga", 4, 0), members)

	n := newWorker(t, app, cfg)
	done := make(chan error, 1)
	go func() {
		_, err := n.RunOnce(ctx)
		done <- err
	}()
	select {
	case <-held:
	case <-time.After(time.Minute):
		t.Fatal("the webhook was never called")
	}
	got := map[string]int{}
	for range members {
		m, ok := smtp.Next(time.Minute) // a generous deadline for "eventually"
		require.True(t, ok, "every mail arrives while the webhook is held (got %v)", got)
		for _, to := range m.To {
			got[to]++
		}
	}
	for _, p := range members {
		assert.Equal(t, 1, got[p.Username+"@club.example"], p.Username)
	}
	once.Do(func() { close(release) })
	require.NoError(t, <-done)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		assert.Equal(t, "sent", r.Status, "%s to %s", r.EventKey, r.Recipient)
	}
	_, more := smtp.Next(200 * time.Millisecond)
	assert.False(t, more, "no mail twice")
}

// A server shutting down (its worker's context ends) leaves the e-mails it had not started
// ready for another server to send at once (River fetches no more than it works); the one
// it was sending is a failed attempt, tried again later.
func TestStoppedWorkerGivesBackWhatItDidNotStart(t *testing.T) {
	t.Parallel()
	silent := newSilentSMTP(t)
	cfg := notify.Config{Mail: email.Config{Addr: silent.addr, From: "league@club.example"}, BaseURL: "https://club.example"}
	app := newTestApp(t, cfg)
	org := app.NewPlayers("org", 1)[0]
	app.join(app.newLeague(org, "gonzaga", 4, 0), app.verifiedPlayers("player", 8))

	ctx, stop := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := newWorker(t, app, cfg).RunOnce(ctx)
		done <- err
	}()
	select {
	case <-silent.accepted:
	case <-time.After(time.Minute): // a generous deadline for "eventually"
		t.Fatal("the worker never started sending")
	}
	stop() // the SMTP server stays silent: the send gives up with the context
	require.ErrorIs(t, <-done, context.Canceled)

	rows, err := app.store.Outbox(context.Background())
	require.NoError(t, err)
	require.Len(t, rows, 8)
	tried := 0
	for _, r := range rows {
		assert.Equal(t, "pending", r.Status, "%s to %s", r.EventKey, r.Recipient)
		if r.Attempts == 1 {
			tried++
			continue
		}
		assert.Zero(t, r.Attempts, "a claim given back was no attempt")
	}
	assert.Equal(t, 1, tried, "the one being sent when the server stopped")
	var ready int
	require.NoError(t, app.store.Pool().QueryRow(context.Background(), `
		SELECT count(*) FROM river_job WHERE queue = $1 AND state = 'available' AND scheduled_at <= now()`,
		store.QueueMail).Scan(&ready))
	assert.Equal(t, 7, ready, "the rest are claimed again at once")
}

// A delivery a server handed over and then died before its answer (issue 35, item 9) is
// neither sent again by itself nor shown as failed: the league's manage page shows it to
// the organiser as unknown, with a button (POST, CSRF) that sends it again; only the
// organiser may, and only once.
func TestUnknownDeliveryIsShownWithAResendButton(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	hook := newHookReceiver(t)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token,
		map[string]any{"url": hook.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	games := app.LeagueGames(l)
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.Token, webtest.ScoresFor(games[0], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 1, "the webhook's delivery")
	id := rows[0].ID
	// A server started it and handed it over, then died.
	_, state, err := app.store.StartDelivery(ctx, id)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryToSend, state)
	require.NoError(t, app.store.DeliveryHandedOver(ctx, id))

	sent, err := newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	assert.Zero(t, sent, "not sent again by itself")
	select {
	case r := <-hook.got:
		t.Fatalf("the webhook got it again: %s", r.body)
	default:
	}
	rows, err = app.store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, "unknown", rows[0].Status)

	manage := fmt.Sprintf("/leagues/%d/manage", l.ID)
	resend := fmt.Sprintf("/leagues/%d/deliveries/%d/resend", l.ID, id)
	c := app.LogIn(org.User)
	_, doc := app.Get(c, manage)
	assert.Contains(t, webtest.Text(doc.Find("#webhooks .webhook-last")), "may or may not have arrived")
	unknown := doc.Find("#unknown-deliveries")
	assert.Contains(t, webtest.Text(unknown), "Result recorded to")
	form := unknown.Find(`form[action="` + resend + `"]`)
	require.Equal(t, 1, form.Length(), "a resend button")
	token := form.Find(`input[name="_csrf"]`).AttrOr("value", "")
	require.NotEmpty(t, token)

	// A member may not; nor a request without the form's token.
	m := app.LogIn(members[0].User)
	res, err := m.PostForm(app.Server.URL+resend, url.Values{"_csrf": {token}})
	require.NoError(t, err)
	res.Body.Close()
	assert.NotEqual(t, http.StatusSeeOther, res.StatusCode)
	res, err = c.PostForm(app.Server.URL+resend, url.Values{})
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	rows, err = app.store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, "unknown", rows[0].Status, "nothing resent")

	res, err = c.PostForm(app.Server.URL+resend, url.Values{"_csrf": {token}})
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.Get(c, manage)
	assert.Contains(t, webtest.Text(doc.Find("main")), "The notification is being sent again.")
	assert.Zero(t, doc.Find("#unknown-deliveries").Length())
	sent, err = newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, sent)
	r := <-hook.got
	assert.Equal(t, strconv.FormatInt(id, 10), r.header.Get("X-TableStakes-Delivery"), "the same delivery, for the receiver to tell")
	rows, err = app.store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, "sent", rows[0].Status)

	// Twice: refused, with a message on the page.
	res, err = c.PostForm(app.Server.URL+resend, url.Values{"_csrf": {token}})
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.Get(c, manage)
	assert.Contains(t, webtest.Text(doc.Find("#webhooks")), "sent again already")
}

// Each webhook is delivered apart (trust review 3, finding 2): while one league's webhook
// receiver holds its request open (a tarpit), another league's webhook gets its
// deliveries, and the tarpit gets one request at a time, never a second while the first
// is held.
func TestTarpitWebhookDoesNotHoldUpOtherWebhooks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true, WebhookTimeout: 10 * time.Minute}
	app := newTestApp(t, cfg)
	release := make(chan struct{})
	held := make(chan struct{}, 10)
	tarpit := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		held <- struct{}{}
		select {
		case <-release:
		case <-r.Context().Done():
		}
	}))
	t.Cleanup(tarpit.Close)
	var once sync.Once
	t.Cleanup(func() { once.Do(func() { close(release) }) })

	slow, orgA, _, _ := runningLeague(t, app, "cartagena", 4)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", slow.ID), orgA.Token,
		map[string]any{"url": tarpit.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	orgB := app.NewPlayers("orgb", 1)[0]
	fast := app.newLeague(orgB, "gonzaga", 4, 0)
	hook := newHookReceiver(t)
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", fast.ID), orgB.Token,
		map[string]any{"url": hook.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	// Two results for the tarpit, then the other league fills (its schedule drawn).
	games := app.LeagueGames(slow)
	for _, g := range games[:2] {
		status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), orgA.Token, webtest.ScoresFor(g, 4, 3, 2, 1))
		require.Equal(t, http.StatusCreated, status, body)
	}
	app.join(fast, app.NewPlayers("fastplayer", 8))

	n := newWorker(t, app, cfg)
	done := make(chan error, 1)
	go func() {
		_, err := n.RunOnce(ctx)
		done <- err
	}()
	select {
	case <-held:
	case <-time.After(time.Minute): // a generous deadline for "eventually"
		t.Fatal("the tarpit was never called")
	}
	select {
	case r := <-hook.got:
		assert.Equal(t, "schedule_drawn", r.header.Get("X-TableStakes-Event"))
	case <-time.After(time.Minute):
		t.Fatal("the other league's webhook waited for the tarpit")
	}
	select {
	case <-held:
		t.Fatal("the tarpit got a second request while the first was held")
	default:
	}
	once.Do(func() { close(release) })
	require.NoError(t, <-done)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	sent := 0
	for _, r := range rows {
		if r.Status == "sent" {
			sent++
		}
	}
	assert.GreaterOrEqual(t, sent, 2, "the tarpit's first delivery and the other webhook's")
}

// A server stopping (SIGTERM) stops River gracefully: the delivery in flight finishes and
// is recorded sent, not cut off and sent again later.
func TestRunStopsGracefully(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true, WebhookTimeout: time.Minute, Interval: 50 * time.Millisecond}
	app := newTestApp(t, cfg)
	release := make(chan struct{})
	held := make(chan struct{}, 10)
	slowHook := httptest.NewServer(http.HandlerFunc(func(w http.ResponseWriter, r *http.Request) {
		held <- struct{}{}
		<-release
	}))
	t.Cleanup(slowHook.Close)
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token,
		map[string]any{"url": slowHook.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	games := app.LeagueGames(l)
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.Token, webtest.ScoresFor(games[0], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)

	runCtx, stop := context.WithCancel(ctx)
	ran := make(chan error, 1)
	go func() { ran <- newWorker(t, app, cfg).Run(runCtx) }()
	select {
	case <-held:
	case <-time.After(time.Minute): // a generous deadline for "eventually"
		t.Fatal("the webhook was never called")
	}
	stop() // the server is told to stop while the delivery is in flight
	select {
	case err := <-ran:
		t.Fatalf("Run returned before its delivery in flight finished: %v", err)
	default:
	}
	close(release)
	require.NoError(t, <-ran)
	rows, err := app.store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 1)
	assert.Equal(t, "sent", rows[0].Status)
	assert.Equal(t, 1, rows[0].Attempts)
}

// Each e-mail is worded in its recipient's language (their account's setting): a German
// player's mails are German, with German plural forms and numbers, and a player who chose no
// language reads English.
func TestMailsInTheRecipientsLanguage(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := notify.Config{Mail: smtp.Config(), BaseURL: "https://club.example"}
	app := newTestApp(t, cfg)
	org := app.NewPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	_, err := app.store.UpdateLanguage(ctx, members[0].ID, "de")
	require.NoError(t, err)
	l := app.join(app.newLeague(org, "cartagena", 4, 0), members)
	require.Equal(t, store.LeagueRunning, l.Status)
	_, err = newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	got := mails(t, smtp, 500*time.Millisecond)
	require.Len(t, got, 8)
	german := got["player1@club.example"][0]
	assert.Equal(t, "The cartagena league: der Spielplan steht", german.Message.Header.Get("Subject"))
	text := bodyOf(t, german)
	assert.Contains(t, text, "The cartagena league ist voll und der Spielplan steht: 32 Partien Cartagena.")
	assert.Contains(t, text, "Du erhältst diese Nachricht, weil du bei TableStakes spielst.")
	assert.NotContains(t, text, "You receive this")
	english := got["player2@club.example"][0]
	assert.Equal(t, "The cartagena league: the schedule is drawn", english.Message.Header.Get("Subject"))
	assert.Contains(t, bodyOf(t, english), "32 games of Cartagena.")

	// The language is the recipient's when the mail goes out: one seat of a game chooses
	// German, another Italian, and the tied last places' single point says so. The first
	// seat is set to English: the draw may seat player1, who chose German above.
	g := app.LeagueGames(l)[0]
	for seat, code := range map[int]string{0: "en", 2: "de", 3: "it"} {
		_, err := app.store.UpdateLanguage(ctx, g.Seats[seat].UserID, code)
		require.NoError(t, err)
	}
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.Token, webtest.ScoresFor(g, 40, 30, 20, 20))
	require.Equal(t, http.StatusCreated, status, body)
	_, err = newWorker(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	got = mails(t, smtp, 500*time.Millisecond)
	name := func(i int) string { return g.Seats[i].DisplayName }
	de := got[g.Seats[2].Username+"@club.example"]
	require.Len(t, de, 1)
	assert.Equal(t, fmt.Sprintf("Ergebnis eingetragen: Partie %d von The cartagena league", g.Number), de[0].Message.Header.Get("Subject"))
	text = bodyOf(t, de[0])
	assert.Contains(t, text, fmt.Sprintf("1.  %s  12 Punkte\r\n", name(0)))
	assert.Contains(t, text, fmt.Sprintf("3.  %s  1 Punkt\r\n", name(2)))
	it := got[g.Seats[3].Username+"@club.example"]
	require.Len(t, it, 1)
	assert.Equal(t, fmt.Sprintf("Risultato registrato: partita %d di The cartagena league", g.Number), it[0].Message.Header.Get("Subject"))
	text = bodyOf(t, it[0])
	assert.Contains(t, text, fmt.Sprintf("3º  %s  1 punto\r\n", name(3)))
	assert.Contains(t, text, fmt.Sprintf("2º  %s  6 punti\r\n", name(1)))
	en := got[g.Seats[0].Username+"@club.example"]
	require.Len(t, en, 1)
	assert.Equal(t, fmt.Sprintf("Result recorded: game %d of The cartagena league", g.Number), en[0].Message.Header.Get("Subject"))
	assert.Contains(t, bodyOf(t, en[0]), fmt.Sprintf("3rd  %s  1 point\r\n", name(2)))
}

// TestWebhookBreakerPausesAndAPauseEndingNowIsOver: the webhook.BreakerFailures-th failure
// in a row pauses a webhook for a minute from the worker's clock; while the pause is to
// come its delivery waits, no request made, and at the instant it ends it is tried.
func TestWebhookBreakerPausesAndAPauseEndingNowIsOver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	cfg := notify.Config{WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	receiver := newHookReceiver(t)
	status, body := app.API(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.Token,
		map[string]any{"url": receiver.URL, "format": "json"})
	require.Equal(t, http.StatusCreated, status, body)
	g := app.LeagueGames(l)[0]
	status, body = app.API(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.Token, webtest.ScoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)
	var id, hookID int64
	require.NoError(t, app.store.Pool().QueryRow(ctx,
		`SELECT id, webhook_id FROM outbox WHERE channel = 'webhook' ORDER BY id DESC LIMIT 1`).Scan(&id, &hookID))

	now := time.Date(2026, 11, 28, 12, 0, 0, 0, time.UTC)
	n := newWorker(t, app, cfg)
	clock := now
	notify.SetClock(n, func() time.Time { return clock })
	pausedUntil := func() *time.Time {
		var until *time.Time
		require.NoError(t, app.store.Pool().QueryRow(ctx, `SELECT paused_until FROM league_webhooks WHERE id = $1`, hookID).Scan(&until))
		return until
	}
	for failure := 1; failure < webhook.BreakerFailures; failure++ {
		require.NoError(t, n.AttemptFailed(ctx, id, false))
		assert.Nil(t, pausedUntil(), "failure %d: not paused yet", failure)
	}
	require.NoError(t, n.AttemptFailed(ctx, id, false))
	until := pausedUntil()
	require.NotNil(t, until, "the breaker opens")
	assert.True(t, now.Add(time.Minute).Equal(*until), "a minute from the worker's clock: %v", *until)

	clock = until.Add(-time.Microsecond)
	assert.Error(t, n.Work(ctx, id), "snoozed while the pause is to come")
	select {
	case r := <-receiver.got:
		t.Fatalf("a paused webhook was called: %s", r.body)
	default:
	}
	clock = *until
	require.NoError(t, n.Work(ctx, id), "a pause that ends exactly now is over")
	<-receiver.got
	var sent bool
	require.NoError(t, app.store.Pool().QueryRow(ctx, `SELECT sent_at IS NOT NULL FROM outbox WHERE id = $1`, id).Scan(&sent))
	assert.True(t, sent)
	assert.Nil(t, pausedUntil(), "the delivery that went through closes the breaker")
}
