package web_test

import (
	"net/http"
	"net/http/httptest"
	"net/url"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
	"github.com/tablestakes/tablestakes/web/webtest"
)

// testApp is a TableStakes server on a fresh database, for one test (webtest.App, which the
// notification worker's tests share), with the page helpers of these tests.
type testApp struct {
	*webtest.App
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
// waits until its cache hears the other servers' writes (webtest.Start).
// Each setup adjusts the Handler before its routes are built.
func newTestAppOn(t *testing.T, st *store.Store, cfg web.Config, setups ...func(*web.Handler)) *testApp {
	t.Helper()
	if cfg.LimitClock == nil {
		cfg.LimitClock = stoppedLimitClock
	}
	app := webtest.Start(t, st, cfg, setups...)
	return &testApp{App: app, t: t, srv: app.Server, store: st, handler: app.Handler}
}

// browser is an HTTP client with its own cookies that does not follow redirects
// (webtest.App.Browser).
func (a *testApp) browser() *http.Client { return a.Browser() }

// get fetches path and returns the response and its parsed HTML (webtest.App.Get).
func (a *testApp) get(c *http.Client, path string) (*http.Response, *goquery.Document) {
	a.t.Helper()
	return a.Get(c, path)
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

// api sends a JSON request and decodes the JSON answer into a map (webtest.App.API).
func (a *testApp) api(method, path, token string, body any) (int, map[string]any) {
	a.t.Helper()
	return a.API(method, path, token, body)
}

// apiSend sends a JSON request (body marshalled, or sent as it is when it is []byte),
// authorised by token when there is one (webtest.App.Send).
func (a *testApp) apiSend(method, path, token string, body any) *http.Response {
	a.t.Helper()
	return a.Send(method, path, token, body)
}

// parse reads an HTML response body (webtest.Parse).
func parse(t *testing.T, res *http.Response) *goquery.Document {
	t.Helper()
	return webtest.Parse(t, res)
}

// text is the whitespace-normalised text of the selection (webtest.Text).
func text(s *goquery.Selection) string { return webtest.Text(s) }

// formOf fills values into the page's first form, with its CSRF token.
func formOf(doc *goquery.Document, values map[string]string) url.Values {
	form := url.Values{}
	form.Set("_csrf", doc.Find(`form input[name="_csrf"]`).First().AttrOr("value", ""))
	for k, v := range values {
		form.Set(k, v)
	}
	return form
}
