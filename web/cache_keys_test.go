package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// leagueOfItsOwn makes a running league of game on app's database with players of its own
// (usernames starting with prefix), and returns it and its organiser.
func leagueOfItsOwn(t *testing.T, app *testApp, prefix, game string) (store.League, player) {
	t.Helper()
	org := app.newPlayers(prefix+"org", 1)[0]
	l := app.join(app.newLeague(org, game, 4, 0), app.newPlayers(prefix+"p", 8))
	require.Equal(t, store.LeagueRunning, l.Status)
	return l, org
}

// warm fetches path anonymously from app until it is a cache hit, and returns its body.
func warm(t *testing.T, app *testApp, path string) string {
	t.Helper()
	_, _, body := anonymousGet(t, app, path)
	status, cache, again := anonymousGet(t, app, path)
	require.Equal(t, http.StatusOK, status, path)
	require.Equal(t, "hit", cache, "%s is kept", path)
	require.Equal(t, body, again)
	return body
}

// A result recorded in league A through one server leaves league B's cached pages in place
// on every server, B playing the same game (its pages show no ratings), while A's pages and
// the game's ladder are computed again everywhere at once (issue #38).
func TestAWriteToOneLeagueLeavesAnothersPagesCachedOnEveryServer(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	leagueA, orgA := leagueOfItsOwn(t, a, "a", "cartagena")
	leagueB, _ := leagueOfItsOwn(t, a, "b", "cartagena")
	pathsB := []string{leaguePath(leagueB), fmt.Sprintf("/api/v1/leagues/%d/standings", leagueB.ID)}
	pathsA := []string{leaguePath(leagueA), fmt.Sprintf("/api/v1/leagues/%d/standings", leagueA.ID), "/ratings/cartagena",
		"/api/v1/ratings/cartagena"}
	servers := map[string]*testApp{"A": a, "B": b}
	before := map[string]string{}
	for name, app := range servers {
		for _, path := range append(pathsA, pathsB...) {
			before[name+path] = warm(t, app, path)
		}
	}

	g := mustLeagueGames(t, a, leagueA)[0]
	status, _ := a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), orgA.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)

	for name, app := range servers {
		for _, path := range pathsB {
			status, cache, body := anonymousGet(t, app, path)
			require.Equal(t, http.StatusOK, status)
			assert.Equal(t, "hit", cache, "server %s keeps %s", name, path)
			assert.Equal(t, before[name+path], body)
		}
		for _, path := range pathsA {
			status, cache, body := anonymousGet(t, app, path)
			require.Equal(t, http.StatusOK, status)
			assert.Empty(t, cache, "server %s computes %s again", name, path)
			assert.NotEqual(t, before[name+path], body, "server %s shows the result on %s", name, path)
		}
	}
	_, _, standings := anonymousGet(t, b, fmt.Sprintf("/api/v1/leagues/%d/standings", leagueA.ID))
	assert.Contains(t, standings, `"games":1`, "B's standings count the game recorded through A")
}

// A signed-in viewer's pages, built from parts kept on each server, show a write made
// through another server in the very next request: the league page, the player page of a
// seated player and the desk of the league's organiser.
func TestAWriteIsSeenAtOnceOnAnotherServerBySignedInViewers(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	l, org := leagueOfItsOwn(t, a, "s", "gonzaga")
	g := mustLeagueGames(t, a, l)[0]
	seated := g.Seats[0].Username
	viewer := b.logIn(org)
	sections := []struct{ path, selector string }{
		{leaguePath(l), "#standings"},
		{leaguePath(l), "#games"},
		{"/players/" + seated, "#games"},
		{"/", "main"},
	}
	before := map[int]string{}
	for i, s := range sections {
		for range 2 { // the second view comes from the parts
			_, doc := b.get(viewer, s.path)
			before[i] = text(doc.Find(s.selector))
		}
		require.NotEmpty(t, before[i], "%s %s", s.path, s.selector)
	}

	status, _ := a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)

	for i, s := range sections {
		_, doc := b.get(viewer, s.path)
		assert.NotEqual(t, before[i], text(doc.Find(s.selector)), "B's %s %s shows the result recorded through A", s.path, s.selector)
	}
}

// A league made private through one server is never served from another's cache, neither
// whole to anonymous visitors nor in parts, and a keyed write elsewhere brings nothing back.
func TestAPrivateLeagueIsNeverServedStaleFromAnotherServer(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	a := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	b := newTestAppOn(t, storeOn(t, url, nil), web.Config{})
	l, org := leagueOfItsOwn(t, a, "p", "cartagena")
	other, otherOrg := leagueOfItsOwn(t, a, "o", "cartagena")
	paths := []string{leaguePath(l), fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID)}
	for _, path := range paths {
		warm(t, b, path)
	}
	g := mustLeagueGames(t, a, l)[0]
	_, doc := b.get(b.browser(), fmt.Sprintf("/games/%d", g.ID))
	require.NotEmpty(t, text(doc.Find("main")), "the game page's parts are kept on B")

	status, out := a.apiAny(http.MethodPut, fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	check := func(when string) {
		t.Helper()
		for _, path := range append(paths, fmt.Sprintf("/games/%d", g.ID)) {
			status, cache, _ := anonymousGet(t, b, path)
			assert.Equal(t, http.StatusNotFound, status, "%s: B hides %s", when, path)
			assert.Empty(t, cache, "%s: %s", when, path)
		}
	}
	check("at once")
	// A result in another league names its keys only; the private league stays hidden.
	og := mustLeagueGames(t, a, other)[0]
	status, _ = a.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", og.ID), otherOrg.token, scoresFor(og, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)
	check("after a write elsewhere")
	// Its organiser still sees it, through either server.
	res, _ := b.get(b.logIn(org), leaguePath(l))
	assert.Equal(t, http.StatusOK, res.StatusCode)
}
