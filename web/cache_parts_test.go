package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// A signed-in viewer's league and game pages come from parts cached until the next write:
// a result recorded through any route shows on the next view, on both pages, and on the
// desk, player page and ratings that had been read before it.
func TestSignedInPartsAreEmptiedByAWrite(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated := members[0]
	for _, m := range members {
		if m.Username == g.Seats[0].Username {
			seated = m
		}
	}
	c := app.logIn(seated)
	gamePage := fmt.Sprintf("/games/%d", g.ID)
	pages := []string{leaguePath(l), gamePage, "/", "/players/" + seated.Username, "/ratings", "/ratings/vampiring"}
	// Twice each, so the second view comes from the parts.
	for range 2 {
		for _, p := range pages {
			res, _ := app.get(c, p)
			require.Equal(t, http.StatusOK, res.StatusCode, p)
		}
	}
	_, doc := app.get(c, leaguePath(l))
	assert.Equal(t, "0", text(doc.Find("#standings .standings-table tbody tr").First().Find(".points")), "no result yet")
	_, doc = app.get(c, gamePage)
	assert.Zero(t, doc.Find("#result .result-table tbody tr").Length(), "no result yet")

	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)

	_, doc = app.get(c, leaguePath(l))
	top := doc.Find("#standings .standings-table tbody tr").First()
	assert.Equal(t, "12", text(top.Find(".points")), "the standings show the new result")
	assert.True(t, top.HasClass("is-viewer"), "the seat-1 winner is the viewer, marked as such")
	_, doc = app.get(c, gamePage)
	assert.Equal(t, 4, doc.Find("#result .result-table tbody tr").Length(), "the game page shows the result")
	_, doc = app.get(c, "/players/"+seated.Username)
	assert.Equal(t, 1, doc.Find("svg.rating-chart polyline").Length(), "the player page shows the rating")
	_, doc = app.get(c, "/ratings/vampiring")
	assert.Equal(t, 4, doc.Find(".ladder-table tbody tr").Length(), "the ladder shows the rated players")
	_, doc = app.get(c, "/ratings")
	assert.Contains(t, text(doc.Find(`a[href="/ratings/vampiring"]`)), "4 rated players")
}

// A private league's parts, read for its members, are never shown to anyone else: the
// privacy check runs before any part is used.
func TestPrivateLeaguePartsNeverReachOutsiders(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)

	member := app.logIn(members[0])
	pages := []string{leaguePath(l), fmt.Sprintf("/games/%d", g.ID)}
	for _, p := range pages {
		for range 2 { // the second view comes from the parts
			res, _ := app.get(member, p)
			require.Equal(t, http.StatusOK, res.StatusCode, p)
		}
	}
	stranger := app.logIn(outsider)
	for _, p := range pages {
		res, doc := app.get(stranger, p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
		assert.NotContains(t, doc.Text(), l.Name, p)
		res, _ = app.get(app.browser(), p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
	}
}

// The viewer's own parts are never shared through the cache: whoever reads a page first,
// the organiser's manage link and result buttons stay the organiser's, and each viewer's
// own line is marked for them alone.
func TestViewersOwnPartsAreNeverShared(t *testing.T) {
	t.Parallel()
	for _, organiserFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("organiser first %v", organiserFirst), func(t *testing.T) {
			t.Parallel()
			app := newTestApp(t, web.Config{})
			l, org, members, _ := runningLeague(t, app, "vampiring", 4)
			g := mustLeagueGames(t, app, l)[0]
			status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
			require.Equal(t, http.StatusCreated, status, out)
			gamePage := fmt.Sprintf("/games/%d", g.ID)
			organiser, member := app.logIn(org), app.logIn(members[0])
			view := func(c *http.Client, p string) *goquery.Document {
				res, doc := app.get(c, p)
				require.Equal(t, http.StatusOK, res.StatusCode, p)
				return doc
			}
			first, second := organiser, member
			if !organiserFirst {
				first, second = member, organiser
			}
			for _, p := range []string{leaguePath(l), gamePage} {
				view(first, p)
				view(second, p)
			}

			doc := view(member, leaguePath(l))
			assert.Zero(t, doc.Find(`a[href="`+leaguePath(l)+`/manage"]`).Length(), "no manage link for a member")
			marked := doc.Find("#standings tbody tr.is-viewer")
			require.Equal(t, 1, marked.Length(), "the member's own line only")
			assert.Contains(t, text(marked), members[0].Username)
			doc = view(member, gamePage)
			assert.NotContains(t, text(doc.Find("#result")), "Correct this result")

			doc = view(organiser, leaguePath(l))
			assert.Equal(t, 1, doc.Find(`a[href="`+leaguePath(l)+`/manage"]`).Length(), "the organiser manages")
			assert.Zero(t, doc.Find("#standings tbody tr.is-viewer").Length(), "the organiser does not play")
			doc = view(organiser, gamePage)
			assert.Contains(t, text(doc.Find("#result")), "Correct this result")
		})
	}
}

// A player page's content is kept per set of leagues hidden from the viewer: whoever reads
// it first, a private league's games and rating moves reach its members and never anyone
// else.
func TestPlayerPageContentKeepsPrivateLeaguesPrivate(t *testing.T) {
	t.Parallel()
	for _, memberFirst := range []bool{true, false} {
		t.Run(fmt.Sprintf("member first %v", memberFirst), func(t *testing.T) {
			t.Parallel()
			app := newTestApp(t, web.Config{})
			l, org, members, outsider := runningLeague(t, app, "vampiring", 4)
			g := mustLeagueGames(t, app, l)[0]
			status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
			require.Equal(t, http.StatusCreated, status, out)
			status, out = app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
			require.Equal(t, http.StatusOK, status, out)
			player := "/players/" + g.Seats[0].Username
			member, stranger := app.logIn(members[0]), app.logIn(outsider)
			view := func(c *http.Client) string {
				res, doc := app.get(c, player)
				require.Equal(t, http.StatusOK, res.StatusCode)
				return text(doc.Find("main"))
			}
			first, second := member, stranger
			if !memberFirst {
				first, second = stranger, member
			}
			view(first)
			view(second)
			assert.Contains(t, view(member), l.Name, "the member sees the private league's game")
			assert.NotContains(t, view(stranger), l.Name, "the outsider never does")
		})
	}
}

// A player page read on one server shows a result recorded through another at once: the
// write empties the kept content on every server.
func TestPlayerPageShowsAWriteThroughAnotherServer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	other := newTestAppOn(t, app.store, web.Config{})
	l, org, members, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	viewer := app.logIn(members[0])
	player := "/players/" + g.Seats[0].Username
	for range 2 { // the second view comes from the kept content
		_, doc := other.get(viewer, player)
		assert.Zero(t, doc.Find("svg.rating-chart polyline").Length(), "no rating yet")
	}
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	_, doc := other.get(viewer, player)
	assert.Equal(t, 1, doc.Find("svg.rating-chart polyline").Length(), "the rating recorded through the other server shows")
}

// The result form and the desk, read on one server, show a result recorded through another
// at once: the write empties their kept reads on every server.
func TestResultFormAndDeskShowAWriteThroughAnotherServer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	other := newTestAppOn(t, app.store, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	organiser := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	queued := fmt.Sprintf(`#queue a[href="%s"]`, formPath)
	for range 2 { // the second view comes from the kept reads
		_, doc := other.get(organiser, formPath)
		assert.Empty(t, doc.Find(`input[name="score-1"]`).AttrOr("value", ""), "no result yet")
		assert.Equal(t, "0", doc.Find(`input[name="version"]`).AttrOr("value", ""))
		_, doc = other.get(organiser, "/")
		assert.Equal(t, 1, doc.Find(queued).Length(), "the game waits for its result on the desk")
	}
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	_, doc := other.get(organiser, formPath)
	assert.Equal(t, "40", doc.Find(`input[name="score-1"]`).AttrOr("value", ""), "the correction form holds the result")
	assert.Equal(t, "1", doc.Find(`input[name="version"]`).AttrOr("value", ""))
	_, doc = other.get(organiser, "/")
	assert.Zero(t, doc.Find(queued).Length(), "the recorded game left the desk's queue")
}

// The league's game rows are built once for every viewer and each viewer's seats marked in
// a copy: whoever reads the page first, every viewer sees their own seats marked and no
// one else's.
func TestLeagueGameRowsMarkEachViewerAlone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, _ := runningLeague(t, app, "vampiring", 4)
	a, b := members[0], members[1]
	ca, cb := app.logIn(a), app.logIn(b)
	for _, round := range []string{"first", "from the kept rows"} {
		for _, viewer := range []struct {
			p player
			c *http.Client
		}{{a, ca}, {b, cb}, {a, ca}} {
			_, doc := app.get(viewer.c, leaguePath(l))
			marked := doc.Find("#games .seat.is-viewer")
			require.Positive(t, marked.Length(), "%s: %s sits at games", round, viewer.p.Username)
			marked.Each(func(_ int, s *goquery.Selection) {
				assert.Equal(t, viewer.p.DisplayName, text(s), "%s: only the viewer's own seats are marked", round)
			})
			assert.Equal(t, marked.Length(), doc.Find("#games tr.is-viewer").Length(), "%s: one marked game a marked seat", round)
			_, doc = app.get(app.browser(), leaguePath(l))
			assert.Zero(t, doc.Find("#games .is-viewer").Length(), "%s: an anonymous visitor sees no mark", round)
		}
	}
}
