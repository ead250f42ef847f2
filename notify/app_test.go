package notify_test

import (
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/httptest"
	"os"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
	"github.com/tablestakes/tablestakes/web/webtest"
)

// TestMain runs this test binary as a notification worker when the killing test started it
// so (workerProcess); otherwise it runs the package's tests, dropping the databases of
// those that pass in the background (storetest.Main).
func TestMain(m *testing.M) {
	workerProcess()
	os.Exit(storetest.Main(m))
}

// testApp is a TableStakes server on a fresh database, for one test (webtest.App): the
// test causes the league's events through the services and the server's API, sees their
// outcome on its pages, and runs the workers that deliver the notifications the events
// wrote.
type testApp struct {
	*webtest.App
	t     *testing.T
	store *store.Store
}

// player is an account made through the services, with an API token.
type player = webtest.Player

// newTestApp starts the web app on a fresh database with the mail, base address and
// webhook addresses of cfg, as serve deploys both from one configuration.
func newTestApp(t *testing.T, cfg notify.Config) *testApp {
	t.Helper()
	app := webtest.Start(t, storetest.NewStore(t), web.Config{Mail: cfg.Mail, BaseURL: cfg.BaseURL,
		WebhooksToPrivateAddresses: cfg.WebhooksToPrivateAddresses})
	return &testApp{App: app, t: t, store: app.Store}
}

// newWorker is a server's notification worker on the app's database.
func newWorker(t *testing.T, app *testApp, cfg notify.Config) *notify.Worker {
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	return notify.New(app.store, logger, cfg)
}

// verifiedPlayers are n new players (prefix1..) with verified addresses <username>@club.example.
func (a *testApp) verifiedPlayers(prefix string, n int) []player {
	a.t.Helper()
	ps := a.NewPlayers(prefix, n)
	for _, p := range ps {
		a.VerifyEmails(p.User)
	}
	return ps
}

// newLeague creates an open league organised by organiser.
func (a *testApp) newLeague(organiser player, game string, perGame, minRecent int) store.League {
	a.t.Helper()
	return a.NewLeague(organiser.User, game, perGame, minRecent)
}

// join adds the players to the league.
func (a *testApp) join(l store.League, players []player) store.League {
	a.t.Helper()
	for _, p := range players {
		l = a.Join(l, p.User)
	}
	return l
}

// runningLeague makes a running league of game with perGame players per game: an organiser
// who does not play, eight members, and an outsider.
func runningLeague(t *testing.T, app *testApp, game string, perGame int) (store.League, player, []player, player) {
	t.Helper()
	org := app.NewPlayers("org", 1)[0]
	members := app.NewPlayers("player", 8)
	outsider := app.NewPlayers("outsider", 1)[0]
	l := app.join(app.newLeague(org, game, perGame, 0), members)
	require.Equal(t, store.LeagueRunning, l.Status)
	return l, org, members, outsider
}

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
		body, err := io.ReadAll(req.Body)
		if err != nil {
			t.Errorf("webhook receiver: %v", err)
		}
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
