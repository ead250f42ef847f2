package web_test

import (
	"bytes"
	"context"
	"encoding/json"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// New passwords are checked against the common and breached ones (trust review 3, finding
// 4): on sign-up, on a change of password, through the form and the API alike, with a
// message saying why.
func TestCommonPasswordsAreRefused(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	for _, tc := range []struct{ password, why string }{
		{"password", "password: too easy to guess: it is one of the most common passwords"},
		{"12345678", "password: too easy to guess: it is one of the most common passwords"},
		{"aaaaaaaa", `password: too easy to guess: it repeats "a"`},
		{"iloveyou1", "password: too easy to guess: it is one of the most common passwords"},
		{"zoe12345", "password: too easy to guess: it is built on your username or display name"},
	} {
		status, out := app.api(http.MethodPost, "/api/v1/signup", "",
			map[string]string{"username": "zoe", "display_name": "Zoë", "password": tc.password})
		assert.Equal(t, http.StatusUnprocessableEntity, status, tc.password)
		assert.Contains(t, out["error"], tc.why, tc.password)
	}
	status, out := app.api(http.MethodPost, "/api/v1/signup", "",
		map[string]string{"username": "zoe", "display_name": "Zoë", "password": "analytical-engine"})
	require.Equal(t, http.StatusCreated, status, out)

	// The sign-up form shows the reason under the field.
	c := app.browser()
	res, doc := app.submit(c, "/signup", "/signup", url.Values{"username": {"yan"}, "display_name": {"Yan"}, "password": {"qwertyuiop"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "too easy to guess")

	// A change of password, through the API.
	token := app.loginToken("zoe", "analytical-engine")
	status, out = app.api(http.MethodPost, "/api/v1/me/password", token,
		map[string]string{"current_password": "analytical-engine", "new_password": "12345678"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, out["error"], "new_password: too easy to guess")
}

// longPeriod is the period of the limits these tests configure: longer than any test runs
// (the test apps' limit clock is stopped besides, limitTime).
const longPeriod = 1000 * time.Hour

// apiFrom sends a JSON POST from the address ip (the app trusts X-Forwarded-For) through
// the client c, and returns the answer's status and Retry-After.
func apiFrom(t *testing.T, app *testApp, c *http.Client, ip, path string, body any) (int, string) {
	t.Helper()
	j, err := json.Marshal(body)
	require.NoError(t, err)
	req, err := http.NewRequest(http.MethodPost, app.srv.URL+path, bytes.NewReader(j))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	req.Header.Set("X-Forwarded-For", ip)
	res, err := c.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	return res.StatusCode, res.Header.Get("Retry-After")
}

// Failed log-ins at one account are capped from everywhere (trust review 3, finding 4):
// beyond the cap, guesses from any address are refused without their password being
// checked, while the owner, from a browser that has logged in before, still gets in.
func TestFailedLoginsAtOneAccountAreCappedFromEverywhere(t *testing.T) {
	t.Parallel()
	app := proxiedApp(t, web.Config{LoginPerAccount: web.Limit{Attempts: 3, Per: longPeriod}, LoginDelay: 10 * time.Millisecond})
	createUsers(t, app.store, "analytical-engine", "ada")
	owner := app.browser()
	status, _ := apiFrom(t, app, owner, "198.51.100.7", "/api/v1/login", map[string]string{"username": "ada", "password": "analytical-engine"})
	require.Equal(t, http.StatusOK, status, "the owner's browser logs in once")

	for i := range 3 {
		ip := fmt.Sprintf("203.0.113.%d", i+1)
		status, _ := apiFrom(t, app, app.srv.Client(), ip, "/api/v1/login", map[string]string{"username": "ADA", "password": fmt.Sprintf("guess-%d-guess", i)})
		assert.Equal(t, http.StatusUnauthorized, status, ip)
	}
	// The cap is reached: from a new address even the right password is not checked.
	for i := range 5 {
		ip := fmt.Sprintf("192.0.2.%d", i+1)
		status, retry := apiFrom(t, app, app.srv.Client(), ip, "/api/v1/login", map[string]string{"username": "ada", "password": "analytical-engine"})
		assert.Equal(t, http.StatusTooManyRequests, status, ip)
		assert.NotEmpty(t, retry, "a 429 says when to come back")
	}
	n, err := app.store.RateCount(context.Background(), "login-fail-account", "ada", longPeriod, limitTime)
	require.NoError(t, err)
	assert.Equal(t, 3.0, n, "refused attempts are not guesses")
	// The owner's browser still logs in, wherever it is; its wrong passwords still fail.
	status, _ = apiFrom(t, app, owner, "192.0.2.77", "/api/v1/login", map[string]string{"username": "ada", "password": "wrong-wrong-wrong"})
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = apiFrom(t, app, owner, "192.0.2.77", "/api/v1/login", map[string]string{"username": "ada", "password": "analytical-engine"})
	assert.Equal(t, http.StatusOK, status, "never a lock-out")
}

// An IPv6 client is counted by its /64 (trust review 3, finding 4): one machine may use
// any of 2^64 addresses.
func TestIPv6AddressesAreCountedByTheirSlash64(t *testing.T) {
	t.Parallel()
	app := proxiedApp(t, web.Config{LoginPerIP: web.Limit{Attempts: 3, Per: longPeriod}})
	for i := range 3 {
		ip := fmt.Sprintf("2001:db8:1:2::%x", i+1)
		status, _ := apiFrom(t, app, app.srv.Client(), ip, "/api/v1/login", map[string]string{"username": fmt.Sprintf("nobody%d", i), "password": "guess-guess-guess"})
		assert.Equal(t, http.StatusUnauthorized, status, ip)
	}
	status, retry := apiFrom(t, app, app.srv.Client(), "2001:db8:1:2:ffff:ffff:ffff:ffff", "/api/v1/login", map[string]string{"username": "other", "password": "guess-guess-guess"})
	assert.Equal(t, http.StatusTooManyRequests, status, "the same /64")
	assert.NotEmpty(t, retry)
	status, _ = apiFrom(t, app, app.srv.Client(), "2001:db8:1:3::1", "/api/v1/login", map[string]string{"username": "other", "password": "guess-guess-guess"})
	assert.Equal(t, http.StatusUnauthorized, status, "the next /64 is someone else")
}

// A club signs up at one venue (trust review 3, finding 5): refused sign-ups do not count,
// so retrying never lengthens the wait, and every 429 carries Retry-After.
func TestSignupsAtOneVenue(t *testing.T) {
	t.Parallel()
	app := proxiedApp(t, web.Config{SignupPerIP: web.Limit{Attempts: 3, Per: longPeriod}})
	const venue = "203.0.113.50"
	signup := func(i int) (int, string) {
		return apiFrom(t, app, app.srv.Client(), venue, "/api/v1/signup",
			map[string]string{"username": fmt.Sprintf("club%d", i), "display_name": fmt.Sprintf("Club %d", i), "password": "analytical-engine"})
	}
	for i := range 3 {
		status, _ := signup(i)
		require.Equal(t, http.StatusCreated, status, i)
	}
	for i := range 10 {
		status, retry := signup(3)
		assert.Equal(t, http.StatusTooManyRequests, status, "retry %d", i)
		assert.NotEmpty(t, retry, "retry %d", i)
	}
	n, err := app.store.RateCount(context.Background(), "signup", venue, longPeriod, limitTime)
	require.NoError(t, err)
	assert.Equal(t, 3.0, n, "the refusals did not count")

	// The form says the same, with Retry-After too.
	c := app.browser()
	_, doc := app.get(c, "/signup")
	req, err := http.NewRequest(http.MethodPost, app.srv.URL+"/signup", strings.NewReader(url.Values{
		"_csrf": {csrfOf(t, doc)}, "username": {"club9"}, "display_name": {"Club 9"}, "password": {"analytical-engine"}}.Encode()))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
	req.Header.Set("X-Forwarded-For", venue)
	res, err := c.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
	assert.NotEmpty(t, res.Header.Get("Retry-After"))
}

// Trust review 4, finding 5: after 20 failed log-ins from one address (a club night's
// typos), correct passwords from it got 429. A browser that has logged in to the account
// before is not held by the address's limits; a new browser there still is.
func TestAKnownBrowserIsNotHeldByTheAddressLimits(t *testing.T) {
	t.Parallel()
	app := proxiedApp(t, web.Config{})
	createUsers(t, app.store, "analytical-engine", "ada", "bruno")
	const venue = "192.0.2.50"
	ada := app.browser()
	status, _ := apiFrom(t, app, ada, venue, "/api/v1/login", map[string]string{"username": "ada", "password": "analytical-engine"})
	require.Equal(t, http.StatusOK, status, "ada's browser logs in once")

	for i := range 20 { // others' typos at the venue, one each
		status, _ := apiFrom(t, app, app.srv.Client(), venue, "/api/v1/login", map[string]string{"username": fmt.Sprintf("player%02d", i), "password": "typo-typo-typo"})
		require.Equal(t, http.StatusUnauthorized, status, i)
	}
	status, _ = apiFrom(t, app, app.srv.Client(), venue, "/api/v1/login", map[string]string{"username": "bruno", "password": "analytical-engine"})
	assert.Equal(t, http.StatusTooManyRequests, status, "a browser new to bruno's account is held by the address's limit")
	status, _ = apiFrom(t, app, ada, venue, "/api/v1/login", map[string]string{"username": "ada", "password": "analytical-engine"})
	assert.Equal(t, http.StatusOK, status, "ada's own browser is not")
	status, _ = apiFrom(t, app, ada, venue, "/api/v1/login", map[string]string{"username": "bruno", "password": "analytical-engine"})
	assert.Equal(t, http.StatusTooManyRequests, status, "the browser is known to ada's account only")
}
