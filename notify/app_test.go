package notify_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"mime/quotedprintable"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/notify"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// TestMain runs this test binary as a notification worker when the killing test started it
// so (workerProcess); otherwise it runs the package's tests, dropping the databases of
// those that pass in the background (storetest.Main).
func TestMain(m *testing.M) {
	workerProcess()
	os.Exit(storetest.Main(m))
}

// testApp is a TableStakes server on a fresh database, for one test: the test causes the
// league's events through the store and the server's API, sees their outcome on its
// pages, and runs the workers that deliver the notifications the events wrote.
type testApp struct {
	t     *testing.T
	srv   *httptest.Server
	store *store.Store
}

// newTestApp starts the web app on a fresh database with the mail, base address and
// webhook addresses of cfg, as serve deploys both from one configuration.
func newTestApp(t *testing.T, cfg notify.Config) *testApp {
	t.Helper()
	st := storetest.NewStore(t)
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	h := web.New(st, logger, web.Config{Mail: cfg.Mail, BaseURL: cfg.BaseURL,
		WebhooksToPrivateAddresses: cfg.WebhooksToPrivateAddresses, RequestTimeout: 5 * time.Minute})
	ctx, cancel := context.WithCancel(context.Background())
	listened := make(chan struct{})
	go func() {
		defer close(listened)
		h.ListenForWrites(ctx)
	}()
	srv := httptest.NewServer(h.Routes())
	t.Cleanup(func() {
		srv.Close()
		cancel()
		<-listened
	})
	require.Eventually(t, h.CacheListening, 10*time.Second, 5*time.Millisecond, "the cache listener connects")
	return &testApp{t: t, srv: srv, store: st}
}

// newWorker is a server's notification worker on the app's database.
func newWorker(t *testing.T, app *testApp, cfg notify.Config) *notify.Worker {
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelError}))
	return notify.New(app.store, logger, cfg)
}

// player is an account made through the store, with an API token.
type player struct {
	store.User
	token string
}

// newPlayers creates n accounts prefix1..prefixN (password "password-1") with API tokens.
func (a *testApp) newPlayers(prefix string, n int) []player {
	a.t.Helper()
	ctx := context.Background()
	out := make([]player, n)
	for i := range out {
		u, err := a.store.CreateUser(ctx, store.NewUser{
			Username: fmt.Sprintf("%s%d", prefix, i+1), DisplayName: fmt.Sprintf("Player %d", i+1), Password: "password-1",
		})
		require.NoError(a.t, err)
		token, err := service.NewAccounts(a.store).CreateAPIToken(ctx, u.ID)
		require.NoError(a.t, err)
		out[i] = player{User: u, token: token}
	}
	return out
}

// verifiedPlayers are n new players (prefix1..) with verified addresses <username>@club.example.
func (a *testApp) verifiedPlayers(prefix string, n int) []player {
	a.t.Helper()
	ctx := context.Background()
	ps := a.newPlayers(prefix, n)
	for _, p := range ps {
		token, err := service.NewAccounts(a.store).SetEmail(ctx, p.ID, p.Username+"@club.example")
		require.NoError(a.t, err)
		_, err = service.NewAccounts(a.store).VerifyEmail(ctx, token)
		require.NoError(a.t, err)
	}
	return ps
}

// newLeague creates an open league through the store.
func (a *testApp) newLeague(organiser player, game string, perGame, minRecent int) store.League {
	a.t.Helper()
	l, err := service.NewLeagues(a.store).Create(context.Background(), store.NewLeague{
		Name: "The " + game + " league", Game: game, PlayersPerGame: perGame,
		MinRecentGames: minRecent, RecentDays: store.DefaultRecentDays, OrganiserID: organiser.ID,
	})
	require.NoError(a.t, err)
	return l
}

// join adds the players to the league through the store.
func (a *testApp) join(l store.League, players []player) store.League {
	a.t.Helper()
	for _, p := range players {
		var err error
		l, err = service.NewLeagues(a.store).Join(context.Background(), l.ID, p.ID)
		require.NoError(a.t, err)
	}
	return l
}

// runningLeague makes a running league of game with perGame players per game: an organiser
// who does not play, eight members, and an outsider.
func runningLeague(t *testing.T, app *testApp, game string, perGame int) (store.League, player, []player, player) {
	t.Helper()
	org := app.newPlayers("org", 1)[0]
	members := app.newPlayers("player", 8)
	outsider := app.newPlayers("outsider", 1)[0]
	l := app.join(app.newLeague(org, game, perGame, 0), members)
	require.Equal(t, store.LeagueRunning, l.Status)
	return l, org, members, outsider
}

// mustLeagueGames returns the league's stored games.
func mustLeagueGames(t *testing.T, app *testApp, l store.League) []store.Game {
	t.Helper()
	games, err := app.store.Games(t.Context(), l.ID)
	require.NoError(t, err)
	require.NotEmpty(t, games)
	return games
}

// scoresFor is a placement body for the game's seats: seat 1 scores highest.
func scoresFor(g store.Game, scores ...int) map[string]any {
	var players []map[string]any
	for i, s := range g.Seats {
		players = append(players, map[string]any{"id": s.Username, "score": scores[i]})
	}
	return map[string]any{"players": players}
}

// api sends a JSON request (as apiSend) and decodes the JSON answer into a map.
func (a *testApp) api(method, path, token string, body any) (int, map[string]any) {
	a.t.Helper()
	res := a.apiSend(method, path, token, body)
	defer res.Body.Close()
	require.Equal(a.t, "application/json", strings.Split(res.Header.Get("Content-Type"), ";")[0])
	var out map[string]any
	require.NoError(a.t, json.NewDecoder(res.Body).Decode(&out))
	return res.StatusCode, out
}

// apiAny sends a JSON request and decodes whatever JSON comes back (object or array).
func (a *testApp) apiAny(method, path, token string, body any) (int, any) {
	a.t.Helper()
	res := a.apiSend(method, path, token, body)
	defer res.Body.Close()
	var out any
	require.NoError(a.t, json.NewDecoder(res.Body).Decode(&out))
	return res.StatusCode, out
}

// apiSend sends a JSON request (body marshalled), authorised by token when there is one,
// and returns the answer for the caller to close.
func (a *testApp) apiSend(method, path, token string, body any) *http.Response {
	a.t.Helper()
	var r io.Reader
	if body != nil {
		j, err := json.Marshal(body)
		require.NoError(a.t, err)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.srv.URL+path, r)
	require.NoError(a.t, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := http.DefaultClient.Do(req)
	require.NoError(a.t, err)
	return res
}

// browser is an HTTP client with its own cookies that does not follow redirects.
func (a *testApp) browser() *http.Client {
	a.t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(a.t, err)
	return &http.Client{Jar: jar, CheckRedirect: func(*http.Request, []*http.Request) error { return http.ErrUseLastResponse }}
}

// get fetches path and returns the response and its parsed HTML.
func (a *testApp) get(c *http.Client, path string) (*http.Response, *goquery.Document) {
	a.t.Helper()
	res, err := c.Get(a.srv.URL + path)
	require.NoError(a.t, err)
	defer res.Body.Close()
	doc, err := goquery.NewDocumentFromReader(res.Body)
	require.NoError(a.t, err)
	return res, doc
}

// logIn signs p in through the log-in form and returns the browser.
func (a *testApp) logIn(p player) *http.Client {
	a.t.Helper()
	c := a.browser()
	_, doc := a.get(c, "/login")
	token, ok := doc.Find(`form[action="/login"] input[name="_csrf"]`).Attr("value")
	require.True(a.t, ok, "the log-in page has a form with a CSRF token")
	res, err := c.PostForm(a.srv.URL+"/login", url.Values{"_csrf": {token}, "username": {p.Username}, "password": {"password-1"}})
	require.NoError(a.t, err)
	res.Body.Close()
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode, "log-in redirects")
	return c
}

// text is the whitespace-normalised text of the selection.
func text(s *goquery.Selection) string {
	return strings.Join(strings.Fields(s.Text()), " ")
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
