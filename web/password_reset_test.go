package web_test

import (
	"context"
	"io"
	"mime"
	"mime/quotedprintable"
	"net/http"
	"net/url"
	"regexp"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/web"
)

// mailedLink waits for the next message and returns the first link in it to path.
func mailedLink(t *testing.T, smtp *emailtest.Server, to, path string) *url.URL {
	t.Helper()
	got, ok := smtp.Next(10 * time.Second)
	require.True(t, ok, "a message arrived")
	assert.Equal(t, []string{to}, got.To)
	body, err := io.ReadAll(quotedprintable.NewReader(got.Message.Body))
	require.NoError(t, err)
	m := regexp.MustCompile(`https://club\.example` + regexp.QuoteMeta(path) + `\?token=[A-Za-z0-9_-]+`).Find(body)
	require.NotNil(t, m, "the message holds a %s link:\n%s", path, body)
	u, err := url.Parse(string(m))
	require.NoError(t, err)
	return u
}

func TestEmailVerificationAndPasswordResetByMail(t *testing.T) {
	t.Parallel()
	smtp := emailtest.NewServer(t)
	app := newTestApp(t, web.Config{Mail: smtp.Config(), BaseURL: "https://club.example/"})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	token := app.loginToken("ada", "analytical-engine")

	res, doc := app.submit(c, "/account", "/account/email", url.Values{"email": {"Ada <ada@club.example>"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "must be an e-mail address such as ada@example.org", text(doc.Find("#e-email")))

	res, _ = app.submit(c, "/account", "/account/email", url.Values{"email": {"ada@club.example"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	verify := mailedLink(t, smtp, "ada@club.example", "/account/verify-email")
	_, doc = app.get(c, "/account")
	assert.Contains(t, text(doc.Find(".email-status")), "not verified yet")

	// An unverified address gets no reset link.
	res, doc = app.submit(app.browser(), "/password/forgot", "/password/forgot", url.Values{"email": {"ada@club.example"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	unknownAnswer := text(doc.Find(".notice"))
	_, ok := smtp.Next(300 * time.Millisecond)
	assert.False(t, ok, "no mail for an unverified address")

	res, err := c.Get(app.srv.URL + verify.RequestURI())
	require.NoError(t, err)
	res.Body.Close()
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, "/account")
	assert.Equal(t, "ada@club.example is verified.", text(doc.Find(".email-status")))
	res, err = c.Get(app.srv.URL + verify.RequestURI())
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "a verification link works once")

	// The same answer whether or not the address has an account.
	visitor := app.browser()
	res, doc = app.submit(visitor, "/password/forgot", "/password/forgot", url.Values{"email": {"nobody@club.example"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "If an account has the verified address nobody@club.example, a link to choose a new password is on its way. It works once, within an hour.", text(doc.Find(".notice")))
	_, ok = smtp.Next(300 * time.Millisecond)
	assert.False(t, ok, "no mail for an unknown address")
	res, doc = app.submit(visitor, "/password/forgot", "/password/forgot", url.Values{"email": {"ADA@club.example"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "If an account has the verified address ADA@club.example, a link to choose a new password is on its way. It works once, within an hour.", text(doc.Find(".notice")))
	assert.Equal(t, regexp.MustCompile(`ada@club\.example|ADA@club\.example`).ReplaceAllString(unknownAnswer, "X"),
		regexp.MustCompile(`ada@club\.example|ADA@club\.example`).ReplaceAllString(text(doc.Find(".notice")), "X"))
	reset := mailedLink(t, smtp, "ADA@club.example", "/password/reset")

	_, doc = app.get(visitor, reset.RequestURI())
	res, _ = app.post(visitor, "/password/reset", formOf(doc, map[string]string{"token": reset.Query().Get("token"), "new_password": "short"}))
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	res, _ = app.post(visitor, "/password/reset", formOf(doc, map[string]string{"token": reset.Query().Get("token"), "new_password": "difference-engine"}))
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/login?reset=1", res.Header.Get("Location"))

	status, _ := app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ada", "password": "analytical-engine"})
	assert.Equal(t, http.StatusUnauthorized, status, "the old password is gone")
	app.loginToken("ada", "difference-engine")
	status, _ = app.api(http.MethodGet, "/api/v1/me", token, nil)
	assert.Equal(t, http.StatusUnauthorized, status, "a reset ends the API tokens")
	_, doc = app.get(c, "/")
	assert.Zero(t, doc.Find(".signed-in").Length(), "a reset ends the sessions")

	// The link works once.
	res, doc = app.get(visitor, reset.RequestURI())
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".alert")), "This link is invalid, used or expired.")
	_, doc = app.get(visitor, "/password/forgot")
	res, _ = app.post(visitor, "/password/reset", formOf(doc, map[string]string{"token": reset.Query().Get("token"), "new_password": "third-password"}))
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	app.loginToken("ada", "difference-engine")
}

func TestResetLinkExpiresAfterAnHour(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	createUsers(t, app.store, "analytical-engine", "ada")
	ada, err := app.store.UserByUsername(context.Background(), "ada")
	require.NoError(t, err)
	token, err := service.NewAccounts(app.store).CreateResetLink(context.Background(), ada.ID)
	require.NoError(t, err)
	var lifetime time.Duration
	require.NoError(t, app.store.Pool().QueryRow(context.Background(),
		`SELECT extract(epoch FROM expires_at - created_at)::bigint * 1000000000 FROM account_links`).Scan(&lifetime))
	assert.Equal(t, time.Hour, lifetime)

	_, err = app.store.Pool().Exec(context.Background(), `UPDATE account_links SET expires_at = now() - interval '1 second'`)
	require.NoError(t, err)
	c := app.browser()
	res, doc := app.get(c, "/password/reset?token="+token)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".alert")), "invalid, used or expired")
	_, doc = app.get(c, "/password/forgot")
	res, _ = app.post(c, "/password/reset", formOf(doc, map[string]string{"token": token, "new_password": "difference-engine"}))
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	app.loginToken("ada", "analytical-engine")

	gone, err := app.store.DeleteExpiredAccountLinks(context.Background(), time.Now())
	require.NoError(t, err)
	assert.Equal(t, int64(1), gone, "the sweep removes the expired link")
}

// The mails an account gets from the web (the address's check, the password reset) are
// written in the account's language, English when it chose none, whatever language the
// page that sent them spoke.
func TestAccountMailsInTheAccountsLanguage(t *testing.T) {
	t.Parallel()
	smtp := emailtest.NewServer(t)
	app := newTestApp(t, web.Config{Mail: smtp.Config(), BaseURL: "https://club.example/"})
	next := func() (subject, body string) {
		t.Helper()
		got, ok := smtp.Next(10 * time.Second)
		require.True(t, ok, "a message arrived")
		b, err := io.ReadAll(quotedprintable.NewReader(got.Message.Body))
		require.NoError(t, err)
		subject, err = new(mime.WordDecoder).DecodeHeader(got.Message.Header.Get("Subject"))
		require.NoError(t, err)
		return subject, string(b)
	}

	ada := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	u, err := app.store.UserByUsername(t.Context(), "ada")
	require.NoError(t, err)
	_, err = app.store.UpdateLanguage(t.Context(), u.ID, "de")
	require.NoError(t, err)
	res, _ := app.submit(ada, "/account?lang=en", "/account/email", url.Values{"email": {"ada@club.example"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	subject, body := next()
	assert.Equal(t, "Bestätige deine E-Mail-Adresse für TableStakes", subject)
	assert.Contains(t, body, "Hallo Ada Lovelace,")
	assert.Contains(t, body, "(Konto @ada)")
	assert.NotContains(t, body, "Hello")

	bo := app.signUp("bodiddley", "Bo Diddley", "analytical-engine")
	res, _ = app.submit(bo, "/account?lang=fr", "/account/email", url.Values{"email": {"bo@club.example"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	subject, body = next()
	assert.Equal(t, "Verify your e-mail address for TableStakes", subject, "no language chosen: English")
	assert.Contains(t, body, "Hello Bo Diddley,")
}
