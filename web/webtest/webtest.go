// Package webtest runs a TableStakes server on a test database and drives it as a player
// would: accounts and leagues made through the services, JSON requests to the API, and a
// browser of its own for the pages. The web tests and the notification worker's tests share
// it.
package webtest

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"io"
	"log/slog"
	"net/http"
	"net/http/cookiejar"
	"net/http/httptest"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// App is a TableStakes server on a database of its own, for one test.
type App struct {
	T      *testing.T
	Server *httptest.Server
	Store  *store.Store
	// Handler is the app's Handler, for tests of its cache listener.
	Handler *web.Handler
}

// Start starts the web app on st, as one server of those sharing its database, and waits
// until its cache hears the other servers' writes. Each setup adjusts the Handler before its
// routes are built.
func Start(t *testing.T, st *store.Store, cfg web.Config, setups ...func(*web.Handler)) *App {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	if cfg.RequestTimeout == 0 {
		// A loaded machine running the race detector can take longer than a server's
		// default for one request; only the test of the timeout itself sets one.
		cfg.RequestTimeout = 5 * time.Minute
	}
	h := web.New(st, logger, cfg)
	for _, setup := range setups {
		setup(h)
	}
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
	return &App{T: t, Server: srv, Store: st, Handler: h}
}

// Player is an account made through the services, with an API token.
type Player struct {
	store.User
	Token string
}

// NewPlayers creates n accounts prefix1..prefixN (password "password-1") with API tokens.
func (a *App) NewPlayers(prefix string, n int) []Player {
	a.T.Helper()
	ctx := context.Background()
	out := make([]Player, n)
	for i := range out {
		u, err := a.Store.CreateUser(ctx, store.NewUser{
			Username: fmt.Sprintf("%s%d", prefix, i+1), DisplayName: fmt.Sprintf("Player %d", i+1), Password: "password-1",
		})
		require.NoError(a.T, err)
		token, err := service.NewAccounts(a.Store).CreateAPIToken(ctx, u.ID)
		require.NoError(a.T, err)
		out[i] = Player{User: u, Token: token}
	}
	return out
}

// VerifyEmails gives each user a verified address <username>@club.example.
func (a *App) VerifyEmails(users ...store.User) {
	a.T.Helper()
	ctx := context.Background()
	for _, u := range users {
		token, err := service.NewAccounts(a.Store).SetEmail(ctx, u.ID, u.Username+"@club.example")
		require.NoError(a.T, err)
		_, err = service.NewAccounts(a.Store).VerifyEmail(ctx, token)
		require.NoError(a.T, err)
	}
}

// NewLeague creates an open league of game organised by organiser.
func (a *App) NewLeague(organiser store.User, game string, perGame, minRecent int) store.League {
	a.T.Helper()
	l, err := service.NewLeagues(a.Store).Create(context.Background(), store.NewLeague{
		Name: "The " + game + " league", Game: game, PlayersPerGame: perGame,
		MinRecentGames: minRecent, RecentDays: store.DefaultRecentDays, OrganiserID: organiser.ID,
	})
	require.NoError(a.T, err)
	return l
}

// Join adds the users to the league and returns it as it then stands.
func (a *App) Join(l store.League, users ...store.User) store.League {
	a.T.Helper()
	for _, u := range users {
		var err error
		l, err = service.NewLeagues(a.Store).Join(context.Background(), l.ID, u.ID)
		require.NoError(a.T, err)
	}
	return l
}

// LeagueGames returns the league's stored games (at least one).
func (a *App) LeagueGames(l store.League) []store.Game {
	a.T.Helper()
	games, err := a.Store.Games(a.T.Context(), l.ID)
	require.NoError(a.T, err)
	require.NotEmpty(a.T, games)
	return games
}

// ScoresFor is a placement body for the game's seats: seat 1 scores highest.
func ScoresFor(g store.Game, scores ...int) map[string]any {
	var players []map[string]any
	for i, s := range g.Seats {
		players = append(players, map[string]any{"id": s.Username, "score": scores[i]})
	}
	return map[string]any{"players": players}
}

// API sends a JSON request (as Send) and decodes the JSON answer into a map.
func (a *App) API(method, path, token string, body any) (int, map[string]any) {
	a.T.Helper()
	res := a.Send(method, path, token, body)
	defer res.Body.Close()
	require.Equal(a.T, "application/json", strings.Split(res.Header.Get("Content-Type"), ";")[0])
	var out map[string]any
	require.NoError(a.T, json.NewDecoder(res.Body).Decode(&out))
	return res.StatusCode, out
}

// APIAny sends a JSON request and decodes whatever JSON comes back (object or array).
func (a *App) APIAny(method, path, token string, body any) (int, any) {
	a.T.Helper()
	res := a.Send(method, path, token, body)
	defer res.Body.Close()
	var out any
	require.NoError(a.T, json.NewDecoder(res.Body).Decode(&out))
	return res.StatusCode, out
}

// Send sends a JSON request (body marshalled, or sent as it is when it is []byte),
// authorised by token when there is one, and returns the answer for the caller to close.
func (a *App) Send(method, path, token string, body any) *http.Response {
	a.T.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
		require.NoError(a.T, err)
		r = bytes.NewReader(j)
	}
	req, err := http.NewRequest(method, a.Server.URL+path, r)
	require.NoError(a.T, err)
	req.Header.Set("Content-Type", "application/json")
	if token != "" {
		req.Header.Set("Authorization", "Bearer "+token)
	}
	res, err := a.Server.Client().Do(req)
	require.NoError(a.T, err)
	return res
}

// Browser is an HTTP client with its own cookies that does not follow redirects, so tests
// see each response as it is.
func (a *App) Browser() *http.Client {
	a.T.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(a.T, err)
	return &http.Client{
		// The server's own transport: another test's server closing (httptest closes the
		// idle connections of http.DefaultTransport) cannot break this one's requests.
		Transport: a.Server.Client().Transport,
		Jar:       jar,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// Get fetches path and returns the response and its parsed HTML.
func (a *App) Get(c *http.Client, path string) (*http.Response, *goquery.Document) {
	a.T.Helper()
	res, err := c.Get(a.Server.URL + path)
	require.NoError(a.T, err)
	return res, Parse(a.T, res)
}

// LogIn signs the user in (password "password-1") through the log-in form and returns the
// browser.
func (a *App) LogIn(u store.User) *http.Client {
	a.T.Helper()
	c := a.Browser()
	_, doc := a.Get(c, "/login")
	token, ok := doc.Find(`form[action="/login"] input[name="_csrf"]`).Attr("value")
	require.True(a.T, ok, "the log-in page has a form with a CSRF token")
	res, err := c.PostForm(a.Server.URL+"/login", url.Values{"_csrf": {token}, "username": {u.Username}, "password": {"password-1"}})
	require.NoError(a.T, err)
	res.Body.Close()
	require.Equal(a.T, http.StatusSeeOther, res.StatusCode, "log-in redirects")
	return c
}

// Parse reads an HTML response body.
func Parse(t *testing.T, res *http.Response) *goquery.Document {
	t.Helper()
	defer res.Body.Close()
	doc, err := goquery.NewDocumentFromReader(res.Body)
	require.NoError(t, err)
	return doc
}

// Text is the whitespace-normalised text of the selection.
func Text(s *goquery.Selection) string {
	return strings.Join(strings.Fields(s.Text()), " ")
}
