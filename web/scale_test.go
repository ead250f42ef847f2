package web_test

import (
	"compress/gzip"
	"context"
	"fmt"
	"io"
	"net"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// storeOn opens a second Store on the database at url, as another server would; through
// proxy when it is not nil.
func storeOn(t *testing.T, url string, proxy *dbProxy) *store.Store {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(url)
	require.NoError(t, err)
	if proxy != nil {
		host, port, err := net.SplitHostPort(proxy.addr)
		require.NoError(t, err)
		p, err := strconv.Atoi(port)
		require.NoError(t, err)
		cfg.ConnConfig.Host, cfg.ConnConfig.Port = host, uint16(p)
	}
	pool, err := pgxpool.NewWithConfig(context.Background(), cfg)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	return store.New(pool, storetest.QuickPasswords())
}

// anonymousGet fetches path without cookies and returns the X-Cache header and the body.
func anonymousGet(t *testing.T, app *testApp, path string) (status int, cache, body string) {
	t.Helper()
	res, err := app.srv.Client().Get(app.srv.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	b, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	return res.StatusCode, res.Header.Get("X-Cache"), string(b)
}

func TestTwoServersOnOneDatabaseShareEveryWrite(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	l, org, _, _ := runningLeague(t, a, "cartagena", 4)
	g := mustLeagueGames(t, a, l)[0]
	page := fmt.Sprintf("/leagues/%d", l.ID)
	standings := fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID)

	for _, path := range []string{page, standings} {
		_, cache, _ := anonymousGet(t, b, path)
		assert.Empty(t, cache, "B computes %s the first time", path)
		_, cache, _ = anonymousGet(t, b, path)
		require.Equal(t, "hit", cache, "B keeps %s", path)
	}
	_, _, before := anonymousGet(t, b, page)

	status, _ := a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, "the result is recorded through A")

	// The very next request on B shows it: A's response came back only once B had flushed.
	status, cache, after := anonymousGet(t, b, page)
	require.Equal(t, http.StatusOK, status)
	assert.Empty(t, cache, "B's league page is computed again")
	assert.NotEqual(t, before, after, "B's league page shows the result")
	_, cache, body := anonymousGet(t, b, standings)
	assert.Empty(t, cache)
	assert.Contains(t, body, `"games":1`, "B's standings count the game recorded through A")
}

func TestCacheKeysOnTheCanonicalAddress(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, _, _ := runningLeague(t, app, "cartagena", 4)
	_, cache, _ := anonymousGet(t, app, fmt.Sprintf("/leagues/%d", l.ID))
	require.Empty(t, cache)
	for _, alias := range []string{"/leagues/0%d", "/leagues/000%d", "/leagues/+%d", "/api/v1/leagues/0%d/standings", "/games/0%d"} {
		path := fmt.Sprintf(alias, l.ID)
		status, cache, _ := anonymousGet(t, app, path)
		assert.Equal(t, http.StatusNotFound, status, "%s is not an address of league %d", path, l.ID)
		assert.Empty(t, cache, path)
	}
	_, cache, _ = anonymousGet(t, app, fmt.Sprintf("/leagues/%d", l.ID))
	assert.Equal(t, "hit", cache, "the canonical address still hits")
}

// dbProxy is a TCP proxy in front of the test Postgres, which a test can take down (every
// connection cut, new ones refused) and bring back on the same address.
type dbProxy struct {
	t      *testing.T
	addr   string
	target string
	mu     sync.Mutex
	ln     net.Listener
	conns  []net.Conn
}

// newDBProxy starts a proxy to the Postgres server of url.
func newDBProxy(t *testing.T, url string) *dbProxy {
	t.Helper()
	cfg, err := pgxpool.ParseConfig(url)
	require.NoError(t, err)
	p := &dbProxy{t: t, target: net.JoinHostPort(cfg.ConnConfig.Host, strconv.Itoa(int(cfg.ConnConfig.Port)))}
	ln, err := net.Listen("tcp", "127.0.0.1:0")
	require.NoError(t, err)
	p.addr = ln.Addr().String()
	p.serve(ln)
	t.Cleanup(p.down)
	return p
}

// serve accepts connections on ln and pipes each to Postgres.
func (p *dbProxy) serve(ln net.Listener) {
	p.mu.Lock()
	p.ln = ln
	p.mu.Unlock()
	go func() {
		for {
			client, err := ln.Accept()
			if err != nil {
				return
			}
			server, err := net.Dial("tcp", p.target)
			if err != nil {
				client.Close()
				continue
			}
			p.mu.Lock()
			p.conns = append(p.conns, client, server)
			p.mu.Unlock()
			go func() { _, _ = io.Copy(server, client); server.Close() }() // ends when either side closes
			go func() { _, _ = io.Copy(client, server); client.Close() }()
		}
	}()
}

// down cuts every connection and refuses new ones.
func (p *dbProxy) down() {
	p.mu.Lock()
	defer p.mu.Unlock()
	if p.ln != nil {
		p.ln.Close()
		p.ln = nil
	}
	for _, c := range p.conns {
		c.Close()
	}
	p.conns = nil
}

// up listens again on the proxy's address.
func (p *dbProxy) up() {
	p.t.Helper()
	var ln net.Listener
	require.Eventually(p.t, func() bool {
		var err error
		ln, err = net.Listen("tcp", p.addr)
		return err == nil
	}, 5*time.Second, 10*time.Millisecond, "listen again on %s", p.addr)
	p.serve(ln)
}

func TestDatabaseOutageAnswers503AndTheCacheCatchesUpAfter(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	proxy := newDBProxy(t, url)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, proxy), web.Config{})
	l, org, _, _ := runningLeague(t, a, "cartagena", 4)
	g := mustLeagueGames(t, a, l)[0]
	standings := fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID)
	anonymousGet(t, b, standings)
	_, cache, _ := anonymousGet(t, b, standings)
	require.Equal(t, "hit", cache)

	proxy.down()
	require.Eventually(t, func() bool { return !b.handler.CacheListening() }, 10*time.Second, 5*time.Millisecond,
		"B notices its listener is gone")
	for _, path := range []string{fmt.Sprintf("/leagues/%d", l.ID), standings, "/leagues"} {
		res, err := b.srv.Client().Get(b.srv.URL + path)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode, "%s during the outage", path)
		assert.Equal(t, "5", res.Header.Get("Retry-After"), path)
	}
	code, body := b.api(http.MethodGet, standings, "", nil)
	assert.Equal(t, http.StatusServiceUnavailable, code)
	assert.Contains(t, body["error"], "database is unavailable")

	// A write B cannot hear: B must not serve its old copy once the database is back.
	status, _ := a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)
	proxy.up()
	require.Eventually(t, b.handler.CacheListening, 10*time.Second, 10*time.Millisecond, "B's listener reconnects")
	require.Eventually(t, func() bool {
		status, _, body := anonymousGet(t, b, standings)
		return status == http.StatusOK && strings.Contains(body, `"games":1`)
	}, 10*time.Second, 20*time.Millisecond, "B answers again, with the result recorded while it was cut off")
}

func TestHeadIsAnsweredOnGetRoutes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, _, _ := runningLeague(t, app, "cartagena", 4)
	for _, path := range []string{"/", "/leagues", fmt.Sprintf("/leagues/%d", l.ID), "/ratings/cartagena",
		fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "/healthz", "/static/style.css", "/login"} {
		for range 2 { // computed, then (where cached) from the cache
			res, err := app.srv.Client().Head(app.srv.URL + path)
			require.NoError(t, err)
			b, err := io.ReadAll(res.Body)
			require.NoError(t, err)
			res.Body.Close()
			assert.Equal(t, http.StatusOK, res.StatusCode, "HEAD %s", path)
			assert.Empty(t, b, "HEAD %s has no body", path)
		}
	}
	res, err := app.srv.Client().Head(app.srv.URL + "/leagues/999999")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// TestGzipWhenAsked covers answers of 1 KiB or more; smaller ones are not worth it and go
// out plain.
func TestGzipWhenAsked(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, _, _ := runningLeague(t, app, "cartagena", 4)
	// A transport that does not ask for gzip by itself, so the test sees what is sent.
	client := &http.Client{Transport: &http.Transport{DisableCompression: true}}
	for _, path := range []string{fmt.Sprintf("/leagues/%d", l.ID), fmt.Sprintf("/leagues/%d", l.ID), "/leagues",
		fmt.Sprintf("/api/v1/leagues/%d/games", l.ID), "/static/style.css"} {
		plain, err := client.Get(app.srv.URL + path)
		require.NoError(t, err)
		want, err := io.ReadAll(plain.Body)
		require.NoError(t, err)
		plain.Body.Close()
		assert.Empty(t, plain.Header.Get("Content-Encoding"), "%s unasked", path)

		req, err := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
		require.NoError(t, err)
		req.Header.Set("Accept-Encoding", "gzip")
		res, err := client.Do(req)
		require.NoError(t, err)
		assert.Equal(t, "gzip", res.Header.Get("Content-Encoding"), "%s asked (X-Cache %q)", path, res.Header.Get("X-Cache"))
		zr, err := gzipReader(res.Body)
		require.NoError(t, err, path)
		got, err := io.ReadAll(zr)
		require.NoError(t, err, path)
		res.Body.Close()
		assert.Equal(t, len(want), len(got), "%s unzips to the plain answer", path)
	}
}

func TestStaticAssetsCarryTheirHashAndLongCaching(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	_, doc := app.get(app.browser(), "/")
	href, ok := doc.Find(`link[rel="stylesheet"]`).Attr("href")
	require.True(t, ok)
	require.Regexp(t, `^/static/style\.css\?v=[0-9a-f]{12}$`, href)
	res, err := app.srv.Client().Get(app.srv.URL + href)
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "public, max-age=31536000, immutable", res.Header.Get("Cache-Control"))
	assert.Contains(t, res.Header.Get("Content-Type"), "text/css")
	etag := res.Header.Get("ETag")
	require.NotEmpty(t, etag)

	req, err := http.NewRequest(http.MethodGet, app.srv.URL+"/static/style.css", nil)
	require.NoError(t, err)
	req.Header.Set("If-None-Match", etag)
	res, err = app.srv.Client().Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotModified, res.StatusCode, "an unchanged asset is revalidated with a 304")
	assert.Equal(t, "no-cache", res.Header.Get("Cache-Control"), "an address without the hash is revalidated")

	res, err = app.srv.Client().Get(app.srv.URL + "/static/missing.css")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// gzipReader unzips a gzip-encoded body.
func gzipReader(r io.Reader) (io.Reader, error) { return gzip.NewReader(r) }
