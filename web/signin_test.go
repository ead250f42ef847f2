package web_test

import (
	"context"
	"encoding/json"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestSignupLogsInAndLogoutLogsOut(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")

	_, doc := app.get(c, "/")
	assert.Equal(t, "Signed in as Ada Lovelace", text(doc.Find(".signed-in")))
	logout := doc.Find(`form[action="/logout"]`)
	assert.Equal(t, "post", logout.AttrOr("method", ""), "log-out is a POST form")
	assert.Equal(t, 1, logout.Find(`input[name="_csrf"]`).Length(), "log-out carries a CSRF token")

	res, _ := app.submit(c, "/", "/logout", url.Values{})
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/", res.Header.Get("Location"))

	_, doc = app.get(c, "/")
	assert.Zero(t, doc.Find(".signed-in").Length())
	assert.Equal(t, "Log in", text(doc.Find(`.account a[href="/login"]`)))
}

func TestLoginFormSignsIn(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.signUp("ada", "Ada Lovelace", "analytical-engine")

	c := app.browser()
	res, _ := app.submit(c, "/login?next=/leagues", "/login", url.Values{
		"username": {"ADA"}, "password": {"analytical-engine"}, "next": {"/leagues"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/leagues", res.Header.Get("Location"))
	_, doc := app.get(c, "/leagues")
	assert.Equal(t, "Signed in as Ada Lovelace", text(doc.Find(".signed-in")))
}

func TestLoginRedirectStaysOnSite(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.signUp("ada", "Ada Lovelace", "analytical-engine")
	for _, next := range []string{"//evil.example/", "https://evil.example/", `/\evil.example`} {
		c := app.browser()
		res, _ := app.submit(c, "/login", "/login", url.Values{
			"username": {"ada"}, "password": {"analytical-engine"}, "next": {next},
		})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "/", res.Header.Get("Location"), "next=%s", next)
	}
}

func TestLoginFormWrongPasswordIs401WithMessage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.signUp("ada", "Ada Lovelace", "analytical-engine")

	for _, tc := range []struct{ username, password string }{
		{"ada", "difference-engine"},
		{"nobody", "analytical-engine"},
	} {
		c := app.browser()
		res, doc := app.submit(c, "/login", "/login", url.Values{"username": {tc.username}, "password": {tc.password}})
		assert.Equal(t, http.StatusUnauthorized, res.StatusCode)
		assert.Equal(t, "Username or password is incorrect.", text(doc.Find(".alert")))
		assert.Equal(t, tc.username, doc.Find(`input[name="username"]`).AttrOr("value", ""), "username kept")
		assert.Empty(t, doc.Find(`input[name="password"]`).AttrOr("value", ""), "password never echoed")
		assert.Zero(t, doc.Find(".signed-in").Length())
	}
}

func TestLoginFormRequiresBothFields(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.submit(app.browser(), "/login", "/login", url.Values{})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "required", text(doc.Find("#e-username")))
	assert.Equal(t, "required", text(doc.Find("#e-password")))
}

func TestSignupFormShowsAnErrorPerField(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	for _, tc := range []struct {
		name                            string
		username, displayName, password string
		want                            map[string]string
	}{
		{
			name: "all empty",
			want: map[string]string{"username": "required", "display_name": "required", "password": "required"},
		},
		{
			name:     "too short",
			username: "ab", displayName: "Ab", password: "short",
			want: map[string]string{"username": "must be 3 to 32 characters", "password": "must be at least 8 characters"},
		},
		{
			name:     "bad characters",
			username: "ada lovelace", displayName: "Ada", password: "analytical-engine",
			want: map[string]string{"username": "may contain only letters, digits, - and _"},
		},
		{
			name:     "leading dash",
			username: "-ada", displayName: "Ada", password: "analytical-engine",
			want: map[string]string{"username": "must start with a letter or digit"},
		},
		{
			name:     "non-ASCII letters",
			username: "chloé", displayName: "Chloé", password: "analytical-engine",
			want: map[string]string{"username": "may contain only letters, digits, - and _"},
		},
		{
			name:     "too long",
			username: strings.Repeat("a", 33), displayName: strings.Repeat("d", 65), password: strings.Repeat("p", 73),
			want: map[string]string{
				"username": "must be 3 to 32 characters", "display_name": "must be at most 64 characters",
				"password": "must be at most 72 bytes",
			},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			res, doc := app.submit(app.browser(), "/signup", "/signup", url.Values{
				"username": {tc.username}, "display_name": {tc.displayName}, "password": {tc.password},
			})
			assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
			for _, field := range []string{"username", "display_name", "password"} {
				assert.Equal(t, tc.want[field], text(doc.Find("#e-"+field)), "error under %s", field)
			}
			assert.Equal(t, tc.username, doc.Find(`input[name="username"]`).AttrOr("value", ""), "entered username kept")
		})
	}
	n, err := app.store.UserCount(context.Background())
	require.NoError(t, err)
	assert.Zero(t, n, "refused sign-ups store nothing")
}

func TestSignupRefusesUsernameTakenInAnyCase(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.signUp("Ada", "Ada Lovelace", "analytical-engine")

	res, doc := app.submit(app.browser(), "/signup", "/signup", url.Values{
		"username": {"aDA"}, "display_name": {"Another Ada"}, "password": {"something-else"},
	})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "already taken", text(doc.Find("#e-username")))

	status, body := app.api(http.MethodPost, "/api/v1/signup", "", map[string]string{
		"username": "ADA", "display_name": "Third Ada", "password": "something-else",
	})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, map[string]any{"error": "username: already taken"}, body)
}

func TestCrossSiteFormPostIsRefused(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	signup := url.Values{"username": {"mallory"}, "display_name": {"Mallory"}, "password": {"let-me-in-please"}}

	t.Run("no token", func(t *testing.T) {
		res, doc := app.post(app.browser(), "/signup", signup)
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
		assert.Contains(t, text(doc.Find("h1")), "sent from another site")
	})
	t.Run("token of another browser", func(t *testing.T) {
		_, doc := app.get(app.browser(), "/signup")
		forged := url.Values{"_csrf": {csrfOf(t, doc)}}
		for k, v := range signup {
			forged[k] = v
		}
		res, _ := app.post(app.browser(), "/signup", forged)
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
	})
	t.Run("browser says cross-site", func(t *testing.T) {
		c := app.browser()
		_, doc := app.get(c, "/signup")
		values := url.Values{"_csrf": {csrfOf(t, doc)}}
		for k, v := range signup {
			values[k] = v
		}
		req, err := http.NewRequest(http.MethodPost, app.srv.URL+"/signup", strings.NewReader(values.Encode()))
		require.NoError(t, err)
		req.Header.Set("Content-Type", "application/x-www-form-urlencoded")
		req.Header.Set("Sec-Fetch-Site", "cross-site")
		req.Header.Set("Origin", "https://evil.example")
		res, err := c.Do(req)
		require.NoError(t, err)
		res.Body.Close()
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
	})
	t.Run("log-out", func(t *testing.T) {
		c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
		res, _ := app.post(c, "/logout", url.Values{})
		assert.Equal(t, http.StatusForbidden, res.StatusCode)
		_, doc := app.get(c, "/")
		assert.Equal(t, "Signed in as Ada Lovelace", text(doc.Find(".signed-in")), "still signed in")
	})

	_, err := app.store.UserByUsername(context.Background(), "mallory")
	assert.Error(t, err, "no refused post created an account")
}

func TestAPISignupAndLogin(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})

	status, body := app.api(http.MethodPost, "/api/v1/signup", "", map[string]string{
		"username": "ada", "display_name": "Ada Lovelace", "password": "analytical-engine",
	})
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, "ada", body["username"])
	assert.Equal(t, "Ada Lovelace", body["display_name"])
	assert.NotContains(t, body, "password")

	status, body = app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ada", "password": "wrong-password"})
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, map[string]any{"error": "username or password is incorrect"}, body)

	status, body = app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "Ada", "password": "analytical-engine"})
	require.Equal(t, http.StatusOK, status, body)
	token, _ := body["token"].(string)
	require.NotEmpty(t, token)

	status, body = app.api(http.MethodGet, "/api/v1/me", token, nil)
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "ada", body["username"])

	status, body = app.api(http.MethodGet, "/api/v1/me", "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Contains(t, body["error"], "bearer token is required")

	status, body = app.api(http.MethodGet, "/api/v1/me", token+"x", nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	assert.Equal(t, "Authorization: unknown or expired token", body["error"])
}

func TestAPISignupNamesTheBadField(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	for _, tc := range []struct {
		name   string
		body   any
		status int
		want   string
	}{
		{"missing username", map[string]string{"display_name": "Ada", "password": "analytical-engine"}, 422, "username: required"},
		{"bad username", map[string]string{"username": "a b", "display_name": "Ada", "password": "analytical-engine"}, 422, "username: may contain only letters, digits, - and _"},
		{"short password", map[string]string{"username": "ada", "display_name": "Ada", "password": "short"}, 422, "password: must be at least 8 characters"},
		{"missing display name", map[string]string{"username": "ada", "password": "analytical-engine"}, 422, "display_name: required"},
		{"wrong type", map[string]any{"username": 7, "display_name": "Ada", "password": "analytical-engine"}, 400, "username: must be a string, got a number"},
		{"not an object", []int{1}, 400, "body: must be an object, got an array"},
		{"not UTF-8", []byte(`{"username":"ada","display_name":"Ada ` + "\xff" + `","password":"analytical-engine"}`), 400, "display_name: must be valid UTF-8"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := app.api(http.MethodPost, "/api/v1/signup", "", tc.body)
			assert.Equal(t, tc.status, status)
			assert.Equal(t, map[string]any{"error": tc.want}, body)
		})
	}
}

func TestLoginIsRateLimited(t *testing.T) {
	t.Parallel()
	limit := web.Limit{Attempts: 3, Per: time.Hour}

	t.Run("API, per username", func(t *testing.T) {
		app := newTestApp(t, web.Config{LoginPerUser: limit})
		for i := range 3 {
			status, _ := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ada", "password": "guess-" + string(rune('a'+i))})
			assert.Equal(t, http.StatusUnauthorized, status, "attempt %d", i+1)
		}
		status, body := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ADA", "password": "guess-d"})
		assert.Equal(t, http.StatusTooManyRequests, status)
		assert.Equal(t, "too many log-in attempts; wait a minute and try again", body["error"])
	})
	t.Run("HTML, per username", func(t *testing.T) {
		app := newTestApp(t, web.Config{LoginPerUser: limit})
		app.signUp("ada", "Ada Lovelace", "analytical-engine")
		c := app.browser()
		for i := range 3 {
			res, _ := app.submit(c, "/login", "/login", url.Values{"username": {"ada"}, "password": {"wrong-" + string(rune('a'+i))}})
			assert.Equal(t, http.StatusUnauthorized, res.StatusCode, "attempt %d", i+1)
		}
		// Even the right password waits now: the limit is on guessing, not on failures.
		res, doc := app.submit(c, "/login", "/login", url.Values{"username": {"ada"}, "password": {"analytical-engine"}})
		assert.Equal(t, http.StatusTooManyRequests, res.StatusCode)
		assert.Equal(t, "Too many log-in attempts; wait a minute and try again.", text(doc.Find(".alert")))
	})
	t.Run("per address, across usernames", func(t *testing.T) {
		app := newTestApp(t, web.Config{LoginPerIP: limit})
		for i, name := range []string{"ada", "bruno", "chloe"} {
			status, _ := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": name, "password": "guess-guess"})
			assert.Equal(t, http.StatusUnauthorized, status, "attempt %d", i+1)
		}
		status, _ := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "dmitri", "password": "guess-guess"})
		assert.Equal(t, http.StatusTooManyRequests, status)
	})
}

func TestDatabaseHoldsNoPlainPassword(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	const htmlPassword, apiPassword = "correct-horse-battery", "tr0ub4dor-and-3"
	c := app.signUp("ada", "Ada Lovelace", htmlPassword)
	_, doc := app.get(c, "/")
	require.Equal(t, "Signed in as Ada Lovelace", text(doc.Find(".signed-in")))
	status, _ := app.api(http.MethodPost, "/api/v1/signup", "", map[string]string{
		"username": "bruno", "display_name": "Bruno", "password": apiPassword,
	})
	require.Equal(t, http.StatusCreated, status)
	status, body := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "bruno", "password": apiPassword})
	require.Equal(t, http.StatusOK, status)
	token := body["token"].(string)

	dump := dumpDatabase(t, app)
	require.Contains(t, dump, "Ada Lovelace", "the dump covers the users table")
	assert.NotContains(t, dump, htmlPassword)
	assert.NotContains(t, dump, apiPassword)
	assert.NotContains(t, dump, token, "API tokens are stored hashed")
}

// dumpDatabase renders every row of every table in the public schema as text.
func dumpDatabase(t *testing.T, app *testApp) string {
	t.Helper()
	ctx := context.Background()
	pool := app.store.Pool()
	rows, err := pool.Query(ctx, `SELECT quote_ident(table_name) FROM information_schema.tables WHERE table_schema = 'public'`)
	require.NoError(t, err)
	var tables []string
	for rows.Next() {
		var name string
		require.NoError(t, rows.Scan(&name))
		tables = append(tables, name)
	}
	require.NoError(t, rows.Err())
	require.Contains(t, tables, "users")
	var dump strings.Builder
	for _, table := range tables {
		rows, err := pool.Query(ctx, `SELECT t::text FROM `+table+` t`)
		require.NoError(t, err)
		for rows.Next() {
			var line string
			require.NoError(t, rows.Scan(&line))
			dump.WriteString(table + ": " + line + "\n")
		}
		require.NoError(t, rows.Err())
	}
	return dump.String()
}

func TestAPIRefusesOversizedBody(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	huge := strings.Repeat("x", 2<<20)
	req, err := http.NewRequest(http.MethodPost, app.srv.URL+"/api/v1/signup",
		io.MultiReader(strings.NewReader(`{"username":"`), strings.NewReader(huge), strings.NewReader(`"}`)))
	require.NoError(t, err)
	req.Header.Set("Content-Type", "application/json")
	res, err := app.srv.Client().Do(req)
	require.NoError(t, err)
	defer res.Body.Close()
	assert.Equal(t, http.StatusRequestEntityTooLarge, res.StatusCode)
	var body map[string]string
	require.NoError(t, json.NewDecoder(res.Body).Decode(&body))
	assert.Equal(t, "request entity too large", body["error"])
}

func TestSignupReportsEveryFieldAtOnce(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.signUp("ada", "Ada Lovelace", "analytical-engine")

	// A taken username and a short password: both said on the first try.
	res, doc := app.submit(app.browser(), "/signup", "/signup", url.Values{
		"username": {"ADA"}, "display_name": {""}, "password": {"short"},
	})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "already taken", text(doc.Find("#e-username")))
	assert.Equal(t, "required", text(doc.Find("#e-display_name")))
	assert.Equal(t, "must be at least 8 characters", text(doc.Find("#e-password")))

	status, body := app.api(http.MethodPost, "/api/v1/signup", "", map[string]string{
		"username": "x", "display_name": "", "password": "short",
	})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	msg, _ := body["error"].(string)
	assert.True(t, strings.HasPrefix(msg, "username: "), msg)
	assert.Contains(t, msg, "; display_name: required; password: must be at least 8 characters")
}
