package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// loginToken logs in through the API and returns the token (the test fails otherwise).
func (a *testApp) loginToken(username, password string) string {
	a.t.Helper()
	status, body := a.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": username, "password": password})
	require.Equal(a.t, http.StatusOK, status, body)
	return body["token"].(string)
}

func TestAccountPageChangesTheDisplayName(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")

	_, doc := app.get(c, "/")
	assert.Equal(t, "/account", doc.Find(`.account a[href="/account"]`).AttrOr("href", ""), "the header links the account page")

	res, doc := app.submit(c, "/account", "/account/name", url.Values{"display_name": {"Ada \u202eecalevoL"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "must not contain invisible or text-direction characters", text(doc.Find("#e-display_name")))

	res, _ = app.submit(c, "/account", "/account/name", url.Values{"display_name": {"  Countess of Lovelace "}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/account?done=name", res.Header.Get("Location"))
	_, doc = app.get(c, "/account?done=name")
	assert.Equal(t, "Display name saved.", text(doc.Find(".notice")))
	assert.Equal(t, "Signed in as Countess of Lovelace", text(doc.Find(".signed-in")))

	token := app.loginToken("ada", "analytical-engine")
	status, body := app.api(http.MethodPatch, "/api/v1/me", token, map[string]string{"display_name": ""})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "display_name: required", body["error"])
	status, body = app.api(http.MethodPatch, "/api/v1/me", token, map[string]string{"display_name": "Ada"})
	assert.Equal(t, http.StatusOK, status)
	assert.Equal(t, "Ada", body["display_name"])
}

func TestPasswordChangeEndsOtherSessionsAndTokens(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	here := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	elsewhere := app.browser()
	res, _ := app.submit(elsewhere, "/login", "/login", url.Values{"username": {"ada"}, "password": {"analytical-engine"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	token := app.loginToken("ada", "analytical-engine")

	for _, tc := range []struct {
		current, next, field, want string
	}{
		{"", "new-password-1", "current_password", "required"},
		{"wrong-password", "new-password-1", "current_password", "incorrect"},
		{"analytical-engine", "short", "new_password", "must be at least 8 characters"},
	} {
		res, doc := app.submit(here, "/account", "/account/password", url.Values{"current_password": {tc.current}, "new_password": {tc.next}})
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
		assert.Equal(t, tc.want, text(doc.Find("#e-"+tc.field)))
	}
	status, _ := app.api(http.MethodGet, "/api/v1/me", token, nil)
	require.Equal(t, http.StatusOK, status, "refused changes end nothing")

	res, _ = app.submit(here, "/account", "/account/password", url.Values{"current_password": {"analytical-engine"}, "new_password": {"difference-engine"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(here, "/account?done=password")
	assert.Equal(t, "Signed in as Ada Lovelace", text(doc.Find(".signed-in")), "the browser that changed it stays signed in")
	assert.Contains(t, text(doc.Find(".notice")), "Password changed.")

	_, doc = app.get(elsewhere, "/")
	assert.Zero(t, doc.Find(".signed-in").Length(), "the other session has ended")
	status, _ = app.api(http.MethodGet, "/api/v1/me", token, nil)
	assert.Equal(t, http.StatusUnauthorized, status, "API tokens have ended")

	status, _ = app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": "ada", "password": "analytical-engine"})
	assert.Equal(t, http.StatusUnauthorized, status, "the old password is gone")
	token = app.loginToken("ada", "difference-engine")

	// The API does the same, ending the caller's own token too.
	status, body := app.api(http.MethodPost, "/api/v1/me/password", token, map[string]string{"current_password": "nope-nope", "new_password": "third-password"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "current_password: incorrect", body["error"])
	res = app.apiSend(http.MethodPost, "/api/v1/me/password", token, map[string]string{"current_password": "difference-engine", "new_password": "third-password"})
	res.Body.Close()
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	status, _ = app.api(http.MethodGet, "/api/v1/me", token, nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	_, doc = app.get(here, "/")
	assert.Zero(t, doc.Find(".signed-in").Length(), "web sessions end on an API change too")
	app.loginToken("ada", "third-password")
}

func TestTokensPageListsNamesAndRevokes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	login := app.loginToken("ada", "analytical-engine")

	res, doc := app.submit(c, "/account/tokens", "/account/tokens", url.Values{"name": {""}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "required", text(doc.Find("#e-name")))

	res, doc = app.submit(c, "/account/tokens", "/account/tokens", url.Values{"name": {"results script"}})
	require.Equal(t, http.StatusCreated, res.StatusCode)
	named := text(doc.Find(".new-token"))
	require.NotEmpty(t, named)
	status, _ := app.api(http.MethodGet, "/api/v1/me", named, nil)
	require.Equal(t, http.StatusOK, status)

	_, doc = app.get(c, "/account/tokens")
	assert.Zero(t, doc.Find(".new-token").Length(), "a token is shown once")
	rows := doc.Find("table.tokens tbody tr")
	require.Equal(t, 2, rows.Length())
	assert.Equal(t, "results script", text(rows.Eq(0).Find(".token-name")))
	assert.NotEqual(t, "never", text(rows.Eq(0).Find("td").Eq(2)), "last use is recorded")
	assert.Equal(t, "API log-in", text(rows.Eq(1).Find(".token-name")))

	// The API lists the same tokens; nobody else can revoke them.
	status, list := app.apiAny(http.MethodGet, "/api/v1/me/tokens", login, nil)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, list, 2)
	namedID := int64(list.([]any)[0].(map[string]any)["id"].(float64))
	mallory := app.newPlayers("mallory", 1)[0]
	res = app.apiSend(http.MethodDelete, fmt.Sprintf("/api/v1/me/tokens/%d", namedID), mallory.token, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	action := fmt.Sprintf("/account/tokens/%d/revoke", namedID)
	// The tokens page asks first, on a page of its own.
	_, doc = app.get(c, "/account/tokens")
	require.Equal(t, action, doc.Find("a.revoke-link").AttrOr("href", ""))
	res, _ = app.post(c, action, url.Values{"_csrf": {csrfOf(t, doc)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, action, res.Header.Get("Location"), "a post without the confirmation goes to the page that asks")
	status, _ = app.api(http.MethodGet, "/api/v1/me", named, nil)
	require.Equal(t, http.StatusOK, status, "not revoked yet")
	res, _ = app.submit(c, action, action, url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	status, _ = app.api(http.MethodGet, "/api/v1/me", named, nil)
	assert.Equal(t, http.StatusUnauthorized, status, "a revoked token no longer works")
	res = app.apiSend(http.MethodDelete, fmt.Sprintf("/api/v1/me/tokens/%d", namedID), login, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "already revoked")
}

func TestAPITokensAreLimitedPerAccount(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	ctx := context.Background()
	ada, err := app.store.UserByUsername(ctx, "ada")
	require.NoError(t, err)
	first := app.loginToken("ada", "analytical-engine")
	for i := 1; i < store.MaxAPITokens; i++ {
		_, err := service.NewAccounts(app.store).CreateNamedAPIToken(ctx, ada.ID, fmt.Sprintf("script %d", i))
		require.NoError(t, err)
	}
	res, doc := app.submit(c, "/account/tokens", "/account/tokens", url.Values{"name": {"one too many"}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, fmt.Sprintf("an account holds at most %d API tokens; revoke one first", store.MaxAPITokens), text(doc.Find("#e-name")))

	// A log-in at the limit replaces the least recently used token: here the first one,
	// never used since.
	latest := app.loginToken("ada", "analytical-engine")
	tokens, err := app.store.APITokens(ctx, ada.ID, time.Now())
	require.NoError(t, err)
	assert.Len(t, tokens, store.MaxAPITokens)
	status, _ := app.api(http.MethodGet, "/api/v1/me", first, nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = app.api(http.MethodGet, "/api/v1/me", latest, nil)
	assert.Equal(t, http.StatusOK, status)
}

func TestDeleteAccountKeepsResultsUnderAFormerPlayer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ctx := context.Background()
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	for _, g := range games[:4] {
		status, out := app.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
		require.Equal(t, http.StatusCreated, status, out)
	}
	before, err := service.NewLeagues(app.store).Standings(ctx, l.ID)
	require.NoError(t, err)

	leaver := members[0]
	c := app.logIn(leaver)
	res, doc := app.submit(c, "/account", "/account/delete", url.Values{"delete_password": {"wrong-password"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "incorrect", text(doc.Find("#e-delete_password")))

	res, _ = app.submit(c, "/account", "/account/delete", url.Values{"delete_password": {"password-1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/", res.Header.Get("Location"))
	_, doc = app.get(c, "/")
	assert.Zero(t, doc.Find(".signed-in").Length(), "signed out")

	former := fmt.Sprintf("former-%d", leaver.ID)
	u, err := app.store.User(ctx, leaver.ID)
	require.NoError(t, err)
	assert.Equal(t, former, u.Username)
	assert.Equal(t, fmt.Sprintf("former player %d", leaver.ID), u.DisplayName)
	dump := dumpDatabase(t, app)
	assert.NotContains(t, dump, `"`+leaver.Username+`"`, "the username is erased")
	assert.NotContains(t, dump, ","+leaver.Username+",", "the username is erased")

	status, _ := app.api(http.MethodGet, "/api/v1/me", leaver.token, nil)
	assert.Equal(t, http.StatusUnauthorized, status, "tokens end")
	status, _ = app.api(http.MethodPost, "/api/v1/login", "", map[string]string{"username": former, "password": "password-1"})
	assert.Equal(t, http.StatusUnauthorized, status, "nobody logs in as a former player")

	after, err := service.NewLeagues(app.store).Standings(ctx, l.ID)
	require.NoError(t, err)
	require.Len(t, after, len(before))
	for i := range before {
		assert.Equal(t, before[i].Points, after[i].Points, "standing %d keeps its points", i)
	}
	ratings, err := app.store.Ratings(ctx, "cartagena")
	require.NoError(t, err)
	var sum rating.Micros
	var seen bool
	for _, r := range ratings {
		sum += r.Rating
		seen = seen || r.Username == former
	}
	assert.True(t, seen, "the ladder keeps the former player's rating")
	assert.Zero(t, sum, "the ladder still sums to zero")

	_, doc = app.get(app.browser(), leaguePath(l))
	assert.Contains(t, text(doc.Find("main")), fmt.Sprintf("former player %d", leaver.ID))

	// The API deletes too, with the password.
	other := members[1]
	status, body := app.api(http.MethodDelete, "/api/v1/me", other.token, map[string]string{"password": "wrong-password"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "password: incorrect", body["error"])
	res = app.apiSend(http.MethodDelete, "/api/v1/me", other.token, map[string]string{"password": "password-1"})
	res.Body.Close()
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	u, err = app.store.User(ctx, other.ID)
	require.NoError(t, err)
	assert.Equal(t, fmt.Sprintf("former-%d", other.ID), u.Username)
	ratings, err = app.store.Ratings(ctx, "cartagena")
	require.NoError(t, err)
	sum = 0
	for _, r := range ratings {
		sum += r.Rating
	}
	assert.Zero(t, sum, "the ladder still sums to zero")

	// Sign-ups may not take a former player's name.
	status, body = app.api(http.MethodPost, "/api/v1/signup", "", map[string]string{"username": "Former-99", "display_name": "X", "password": "long-enough"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "username: must not start with former- (kept for deleted accounts)", body["error"])
}
