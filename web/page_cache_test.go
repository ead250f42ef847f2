package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// Pages are "private, no-cache", so the back button brings a form back with what was typed
// in it (no-store bars a page from the browser's back-forward cache); a page showing a
// secret stays no-store (issue #24, trust review 3).
func TestPagesKeepTypedInputAndSecretsAreNotStored(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	c := app.logIn(org)
	cacheControl := func(client *http.Client, path string) string {
		t.Helper()
		res, _ := app.get(client, path)
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		return res.Header.Get("Cache-Control")
	}
	for _, page := range []struct {
		client *http.Client
		path   string
	}{
		{app.browser(), "/"},
		{app.browser(), "/login"},
		{app.browser(), "/signup"},
		{app.browser(), leaguePath(l)},
		{c, "/account"},
		{c, "/account/tokens"},
		{c, "/leagues/new"},
		{c, leaguePath(l) + "/manage"},
	} {
		assert.Equal(t, "private, no-cache", cacheControl(page.client, page.path), page.path)
	}

	// A new API token, shown once.
	res, doc := app.submit(c, "/account/tokens", "/account/tokens", url.Values{"name": {"results script"}})
	require.Equal(t, http.StatusCreated, res.StatusCode)
	require.NotEmpty(t, text(doc.Find(".new-token")))
	assert.Equal(t, "no-store", res.Header.Get("Cache-Control"), "the page showing a new token")

	// A private league's manage page shows its invite link.
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "no-store", cacheControl(c, leaguePath(l)+"/manage"), "the invite link")

	// The API and redirects keep no-store.
	res = app.apiSend("GET", "/api/v1/me/tokens", org.token, nil)
	res.Body.Close()
	assert.Equal(t, "no-store", res.Header.Get("Cache-Control"))

	// Logging out empties the browser's cache of the signed-in pages.
	res, _ = app.submit(c, "/account", "/logout", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, `"cache"`, res.Header.Get("Clear-Site-Data"))
}
