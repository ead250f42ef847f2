package web_test

import (
	"bytes"
	"context"
	"encoding/json"
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

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// testApp is a TableStakes server on a fresh database, for one test.
type testApp struct {
	t     *testing.T
	srv   *httptest.Server
	store *store.Store
	// handler is the app's Handler, for tests of its cache listener.
	handler *web.Handler
}

// limitTime is the time every test app's rate limits count at unless its test gives them a
// clock: stopped, so that no limit's window (aligned to the clock, store/ratelimits.go)
// ends in the middle of a test however slowly a loaded machine runs it, and halfway
// through a minute and an hour.
var limitTime = time.Date(2031, time.May, 6, 19, 30, 30, 0, time.UTC)

// stoppedLimitClock is the rate limits' clock of the test apps: always limitTime.
func stoppedLimitClock() time.Time { return limitTime }

// newTestApp starts the web app on a fresh database with the given configuration.
func newTestApp(t *testing.T, cfg web.Config) *testApp {
	t.Helper()
	return newTestAppOn(t, storetest.NewStore(t), cfg)
}

// newTestAppOn starts the web app on st, as one server of those sharing its database, and
// waits until its cache hears the other servers' writes.
// Each setup adjusts the Handler before its routes are built.
func newTestAppOn(t *testing.T, st *store.Store, cfg web.Config, setups ...func(*web.Handler)) *testApp {
	t.Helper()
	logger := slog.New(slog.NewTextHandler(t.Output(), &slog.HandlerOptions{Level: slog.LevelWarn}))
	if cfg.RequestTimeout == 0 {
		// A loaded machine running the race detector can take longer than a server's
		// default for one request; only the test of the timeout itself sets one.
		cfg.RequestTimeout = 5 * time.Minute
	}
	if cfg.LimitClock == nil {
		cfg.LimitClock = stoppedLimitClock
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
	return &testApp{t: t, srv: srv, store: st, handler: h}
}

// browser is an HTTP client with its own cookies that does not follow redirects, so
// tests see each response as it is.
func (a *testApp) browser() *http.Client {
	a.t.Helper()
	jar, err := cookiejar.New(nil)
	require.NoError(a.t, err)
	return &http.Client{
		Jar: jar,
		CheckRedirect: func(*http.Request, []*http.Request) error {
			return http.ErrUseLastResponse
		},
	}
}

// get fetches path and returns the response and its parsed HTML.
func (a *testApp) get(c *http.Client, path string) (*http.Response, *goquery.Document) {
	a.t.Helper()
	res, err := c.Get(a.srv.URL + path)
	require.NoError(a.t, err)
	return res, parse(a.t, res)
}

// csrfOf returns the CSRF token of the first form on the page.
func csrfOf(t *testing.T, doc *goquery.Document) string {
	t.Helper()
	token, ok := doc.Find(`form input[name="_csrf"]`).First().Attr("value")
	require.True(t, ok, "page has a form with a _csrf field")
	require.NotEmpty(t, token)
	return token
}

// submit loads formPage, fills in the form that posts to action with values plus the
// page's CSRF token, and posts it.
func (a *testApp) submit(c *http.Client, formPage, action string, values url.Values) (*http.Response, *goquery.Document) {
	a.t.Helper()
	_, doc := a.get(c, formPage)
	token, ok := doc.Find(`form[action="` + action + `"] input[name="_csrf"]`).Attr("value")
	require.True(a.t, ok, "%s has a form posting to %s with a CSRF token", formPage, action)
	values.Set("_csrf", token)
	// Like a browser, send the form's other hidden inputs (a result form's version) unless
	// the test sets them.
	doc.Find(`form[action="` + action + `"] input[type="hidden"]`).Each(func(_ int, s *goquery.Selection) {
		if name := s.AttrOr("name", ""); name != "" && !values.Has(name) {
			values.Set(name, s.AttrOr("value", ""))
		}
	})
	return a.post(c, action, values)
}

// post sends a form as-is (no CSRF token added).
func (a *testApp) post(c *http.Client, action string, values url.Values) (*http.Response, *goquery.Document) {
	a.t.Helper()
	res, err := c.PostForm(a.srv.URL+action, values)
	require.NoError(a.t, err)
	return res, parse(a.t, res)
}

// signUp creates an account through the sign-up form and returns the signed-in client.
func (a *testApp) signUp(username, displayName, password string) *http.Client {
	a.t.Helper()
	c := a.browser()
	res, _ := a.submit(c, "/signup", "/signup", url.Values{
		"username": {username}, "display_name": {displayName}, "password": {password},
	})
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode, "sign-up redirects")
	return c
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

// apiSend sends a JSON request (body marshalled, or sent as it is when it is []byte),
// authorised by token when there is one, and returns the answer for the caller to close.
func (a *testApp) apiSend(method, path, token string, body any) *http.Response {
	a.t.Helper()
	var r io.Reader
	switch b := body.(type) {
	case nil:
	case []byte:
		r = bytes.NewReader(b)
	default:
		j, err := json.Marshal(b)
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

// parse reads an HTML response body.
func parse(t *testing.T, res *http.Response) *goquery.Document {
	t.Helper()
	defer res.Body.Close()
	doc, err := goquery.NewDocumentFromReader(res.Body)
	require.NoError(t, err)
	return doc
}

// text is the whitespace-normalised text of the selection.
func text(s *goquery.Selection) string {
	return strings.Join(strings.Fields(s.Text()), " ")
}

// formOf fills values into the page's first form, with its CSRF token.
func formOf(doc *goquery.Document, values map[string]string) url.Values {
	form := url.Values{}
	form.Set("_csrf", doc.Find(`form input[name="_csrf"]`).First().AttrOr("value", ""))
	for k, v := range values {
		form.Set(k, v)
	}
	return form
}
