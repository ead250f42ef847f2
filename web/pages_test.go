package web_test

import (
	"context"
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestHomePageExplainsTableStakes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "TableStakes", doc.Find("title").Text())
	assert.Equal(t, "♜ TableStakes", text(doc.Find("header .brand")))
	assert.Equal(t, []string{"/leagues", "/seasons", "/games", "/ratings"}, doc.Find("header nav a").Map(func(_ int, a *goquery.Selection) string {
		return a.AttrOr("href", "")
	}))
	assert.Contains(t, text(doc.Find("main")), "runs leagues for multiplayer board games")
	assert.Equal(t, "Log in Sign up", text(doc.Find("header .account")))
	assert.Zero(t, doc.Find("script").Length(), "pages work without JavaScript")
}

func TestLeaguesPageEmptyState(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/leagues")
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Leagues · TableStakes", doc.Find("title").Text())
	assert.Equal(t, "Leagues", text(doc.Find(`nav a[aria-current="page"]`)))
	assert.Equal(t, "No leagues yet.", text(doc.Find(".empty-state .empty-title")))
}

func TestSecurityHeadersAndCookieFlags(t *testing.T) {
	t.Parallel()
	for _, secure := range []bool{false, true} {
		app := newTestApp(t, web.Config{SecureCookies: secure})
		res, _ := app.get(app.browser(), "/signup")
		h := res.Header
		assert.Contains(t, h.Get("Content-Security-Policy"), "default-src 'self'")
		assert.Contains(t, h.Get("Content-Security-Policy"), "frame-ancestors 'none'")
		assert.NotContains(t, h.Get("Content-Security-Policy"), "unsafe-inline")
		assert.Equal(t, "DENY", h.Get("X-Frame-Options"))
		assert.Equal(t, "nosniff", h.Get("X-Content-Type-Options"))
		assert.Equal(t, "same-origin", h.Get("Referrer-Policy"))
		assert.Equal(t, secure, h.Get("Strict-Transport-Security") != "")

		name := "_csrf"
		if secure {
			name = "__Host-csrf" // a sibling subdomain cannot set it
		}
		csrf := cookieNamed(res, name)
		require.NotNil(t, csrf, "the form page sets the CSRF cookie")
		assert.True(t, csrf.HttpOnly)
		assert.Equal(t, http.SameSiteLaxMode, csrf.SameSite)
		assert.Equal(t, secure, csrf.Secure)

		c := app.browser()
		_, doc := app.get(c, "/signup")
		res, _ = app.post(c, "/signup", formOf(doc, map[string]string{
			"username": "ada", "display_name": "Ada", "password": "analytical-engine",
		}))
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		session := cookieNamed(res, "tablestakes_session")
		require.NotNil(t, session, "signing up starts a session")
		assert.True(t, session.HttpOnly)
		assert.Equal(t, http.SameSiteLaxMode, session.SameSite)
		assert.Equal(t, secure, session.Secure)
	}
}

func TestNotFound(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/no/such/page")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	assert.Equal(t, "404", text(doc.Find(".error-status")))
	assert.Equal(t, "TableStakes", text(doc.Find("header .brand"))[len("♜ "):], "error pages keep the layout")

	status, body := app.api(http.MethodGet, "/api/v1/no/such/route", "", nil)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, map[string]any{"error": "not found"}, body)
}

func TestHealthzAndStylesheet(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	status, body := app.api(http.MethodGet, "/healthz", "", nil)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, map[string]any{"status": "ok"}, body)

	res, err := app.srv.Client().Get(app.srv.URL + "/static/style.css")
	require.NoError(t, err)
	defer res.Body.Close()
	css, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.True(t, strings.HasPrefix(res.Header.Get("Content-Type"), "text/css"))
	assert.Contains(t, string(css), ".site-header")
}

// cookieNamed returns the response's Set-Cookie with that name, or nil.
func cookieNamed(res *http.Response, name string) *http.Cookie {
	for _, c := range res.Cookies() {
		if c.Name == name {
			return c
		}
	}
	return nil
}

// A database that hangs makes requests answer 503 with Retry-After once RequestTimeout has
// passed, not wait as long as the database does (trust review 3, finding 6). The hang is a
// lock held on the leagues table for as long as the test wants.
func TestHungDatabaseAnswers503(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	app := newTestApp(t, web.Config{RequestTimeout: 300 * time.Millisecond})
	org := app.newPlayers("org", 1)[0]
	l := app.newLeague(org, "gonzaga", 4, 0)
	tx, err := app.store.Pool().Begin(ctx)
	require.NoError(t, err)
	_, err = tx.Exec(ctx, `LOCK TABLE leagues IN ACCESS EXCLUSIVE MODE`)
	require.NoError(t, err)

	res := app.apiSend(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d", l.ID), "", nil)
	res.Body.Close()
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
	res, doc := app.get(app.browser(), fmt.Sprintf("/leagues/%d", l.ID))
	assert.Equal(t, http.StatusServiceUnavailable, res.StatusCode, "%v %s", res.Header, doc.Find("main").Text())

	require.NoError(t, tx.Rollback(ctx))
	// Back: a server with the default timeout answers (the 300 ms above is for the hang
	// only; a loaded machine may take longer than that for a whole page).
	back := newTestAppOn(t, app.store, web.Config{})
	res = back.apiSend(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d", l.ID), "", nil)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode, "the database is back")
}

// Trust review 4, finding 4: with the pool's connections all held (requests waiting on a
// locked table), /healthz answered 503 while the database was up, and a load balancer would
// pull every server. It now asks on a connection of its own.
func TestHealthzAnswersWhileThePoolIsHeld(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	app := newTestApp(t, web.Config{})
	for range app.store.Pool().Config().MaxConns {
		conn, err := app.store.Pool().Acquire(ctx)
		require.NoError(t, err)
		t.Cleanup(conn.Release)
	}
	res, err := app.srv.Client().Get(app.srv.URL + "/healthz")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusOK, res.StatusCode)
}
