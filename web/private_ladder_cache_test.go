package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// A private league's result names the league's own ladder, not the game's public one: every
// server keeps the public ladder's pages cached, and the league's members see the result on
// its own ladder through any server at once. Changing the league's privacy moves its games
// between the ladders, and every server shows the public ladder as it now is.
func TestAPrivateResultLeavesThePublicLadderCachedOnEveryServer(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	public, publicOrg := leagueOfItsOwn(t, a, "pub", "cartagena")
	private, privateOrg := leagueOfItsOwn(t, a, "priv", "cartagena")
	status, out := a.apiAny(http.MethodPut, fmt.Sprintf("/api/v1/leagues/%d/privacy", private.ID), privateOrg.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	pg := mustLeagueGames(t, a, public)[0]
	status, _ = a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", pg.ID), publicOrg.token, scoresFor(pg, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)

	member := b.logIn(privateOrg)
	_, doc := b.get(member, leaguePath(private))
	require.Contains(t, text(doc.Find("#own-ladder")), "No rated games yet", "the league's ladder before its first result")
	paths := []string{"/ratings/cartagena", "/api/v1/ratings/cartagena"}
	before := map[string]string{}
	for _, path := range paths {
		before[path] = warm(t, b, path)
	}

	g := mustLeagueGames(t, a, private)[0]
	status, _ = a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), privateOrg.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)
	for _, path := range paths {
		status, cache, body := anonymousGet(t, b, path)
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, "hit", cache, "B keeps %s", path)
		assert.Equal(t, before[path], body)
	}
	_, doc = b.get(member, leaguePath(private))
	assert.Equal(t, 4, doc.Find("#own-ladder tbody tr").Length(), "B shows the league's own ladder with the result recorded through A")

	// Made public, its game joins the public ladder on every server.
	status, out = a.apiAny(http.MethodPut, fmt.Sprintf("/api/v1/leagues/%d/privacy", private.ID), privateOrg.token, map[string]any{"private": false})
	require.Equal(t, http.StatusOK, status, out)
	status, list := b.apiAny(http.MethodGet, "/api/v1/ratings/cartagena", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, list, 8, "both leagues' players")
	_, doc = b.get(member, leaguePath(private))
	assert.Zero(t, doc.Find("#own-ladder").Length(), "a public league has no ladder of its own")

	// Private again, it leaves.
	status, out = a.apiAny(http.MethodPut, fmt.Sprintf("/api/v1/leagues/%d/privacy", private.ID), privateOrg.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	status, list = b.apiAny(http.MethodGet, "/api/v1/ratings/cartagena", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, list, 4, "the public league's players only")
}
