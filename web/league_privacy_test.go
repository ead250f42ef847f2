package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// A private league: the organiser makes it private on the manage page; it leaves the lists;
// its pages and API answers are 404 to others; the invite link joins without JavaScript
// (with the CSRF token), its token through the API too; renewing kills the old link.
func TestPrivateLeagueInviteLink(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	ps := app.newPlayers("pl", 9)
	l := app.newLeague(org, "gonzaga", 4, 0)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, out := app.api("POST", path+"/co-organisers", org.token, map[string]string{"username": "pl9"})
	require.Equal(t, http.StatusOK, status, out)

	// The organiser's manage page makes it private; the co-organiser may not.
	status, out = app.api("PUT", path+"/privacy", ps[8].token, map[string]any{"private": true})
	assert.Equal(t, http.StatusForbidden, status)
	status, out = app.api("PUT", path+"/privacy", org.token, map[string]any{})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "private: required (true or false)", out["error"])
	c := app.logIn(org)
	res, _ := app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/privacy", url.Values{"private": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(c, leaguePath(l)+"/manage")
	link := text(doc.Find("#privacy .invite-link"))
	require.Contains(t, link, leaguePath(l)+"/invite/")
	invite := link[strings.Index(link, "/leagues/"):]
	token := invite[strings.LastIndex(invite, "/")+1:]
	_, doc = app.get(app.logIn(ps[8]), leaguePath(l)+"/manage")
	assert.Equal(t, link, text(doc.Find("#privacy .invite-link")), "the co-organiser sees the link to share it")
	assert.Zero(t, doc.Find(`#privacy form`).Length(), "but neither renews it nor changes the privacy")
	status, out = app.api("GET", path+"/invite", ps[8].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, token, out["invite_token"])
	assert.Equal(t, true, out["private"])

	// Hidden from the lists and from whoever was not invited.
	_, doc = app.get(app.browser(), "/leagues")
	assert.Zero(t, doc.Find(`a[href="`+leaguePath(l)+`"]`).Length(), "not listed")
	outsider := app.logIn(ps[0])
	for _, p := range []string{leaguePath(l), leaguePath(l) + "/calendar.ics", leaguePath(l) + "/standings.csv"} {
		res, _ = app.get(app.browser(), p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
		res, _ = app.get(outsider, p)
		assert.Equal(t, http.StatusNotFound, res.StatusCode, p)
	}
	for _, p := range []string{path, path + "/games", path + "/standings", path + "/history"} {
		status, _ = app.api("GET", p, ps[0].token, nil)
		assert.Equal(t, http.StatusNotFound, status, p)
	}
	_, doc = app.get(c, leaguePath(l))
	assert.Contains(t, text(doc.Find(".private-league")), "Private league", "the organiser sees it")
	_, doc = app.get(c, "/leagues")
	assert.Equal(t, 1, doc.Find(`a[href="`+leaguePath(l)+`"]`).Length(), "in the organiser's own list")
	assert.Equal(t, "private", text(doc.Find(`a[href="`+leaguePath(l)+`"]`).Parent().Find(".private-tag")))

	// Joining without the token: as if there were no league.
	_, doc = app.get(outsider, "/leagues/new")
	res, _ = app.post(outsider, leaguePath(l)+"/join", url.Values{"_csrf": {csrfOf(t, doc)}})
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	res, _ = app.post(outsider, leaguePath(l)+"/join", url.Values{"_csrf": {csrfOf(t, doc)}, "invite": {"guess"}})
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "a wrong token: as if there were no league")
	status, _ = app.api("POST", path+"/join", ps[1].token, nil)
	assert.Equal(t, http.StatusNotFound, status)

	// The invite link: an anonymous visitor is asked to log in and come back to it.
	_, doc = app.get(app.browser(), invite)
	assert.Equal(t, "/login?next="+invite, doc.Find("#join a").First().AttrOr("href", ""))
	res, _ = app.post(outsider, leaguePath(l)+"/join", url.Values{"invite": {token}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode, "no CSRF token, no join")
	res, doc = app.submit(outsider, invite, leaguePath(l)+"/join", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, text(doc.Find(".alert")))
	_, doc = app.get(outsider, leaguePath(l))
	assert.Contains(t, text(doc.Find("#join")), "You play in this league.")
	res, _ = app.get(outsider, invite)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "a member goes straight to the league")

	// The API join takes the token.
	status, out = app.api("POST", path+"/join", ps[1].token, map[string]string{"invite": token})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, true, out["private"])
	status, out = app.api("POST", path+"/join", ps[2].token, map[string]string{"invite": "nope"})
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, "not found", out["error"])

	// A new link kills the old one, on the page and in the API.
	res, _ = app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/invite/renew", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.get(app.logIn(ps[2]), invite)
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "an old link: as if there were no league")
	status, _ = app.api("POST", path+"/join", ps[2].token, map[string]string{"invite": token})
	assert.Equal(t, http.StatusNotFound, status)
	status, out = app.api("POST", path+"/invite/renew", org.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	fresh := out["invite_token"].(string)
	assert.NotEqual(t, token, fresh)
	assert.Equal(t, "http://127.0.0.1:8080"+leaguePath(l)+"/invite/"+fresh, out["invite_url"], "from the configured base URL")
	for _, p := range ps[2:8] {
		status, out = app.api("POST", path+"/join", p.token, map[string]string{"invite": fresh})
		require.Equal(t, http.StatusOK, status, out)
	}
	assert.Equal(t, "running", out["status"])

	// The games are as hidden as the league; its players see them.
	games := mustLeagueGames(t, app, l)
	res, _ = app.get(app.browser(), fmt.Sprintf("/games/%d", games[0].ID))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	status, _ = app.api("GET", fmt.Sprintf("/api/v1/games/%d", games[0].ID), ps[8].token, nil)
	assert.Equal(t, http.StatusOK, status, "a co-organiser sees them")
	status, _ = app.api("GET", fmt.Sprintf("/api/v1/games/%d", games[0].ID), "", nil)
	assert.Equal(t, http.StatusNotFound, status)

	// A player's page does not name the private league to others.
	_, doc = app.get(app.browser(), "/players/pl2")
	assert.NotContains(t, doc.Text(), l.Name)
	_, doc = app.get(app.logIn(ps[1]), "/players/pl2")
	assert.Contains(t, doc.Text(), l.Name, "the player sees their own league")

	// Public again: listed, the link dead.
	status, out = app.api("PUT", path+"/privacy", org.token, map[string]any{"private": false})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, false, out["private"])
	_, doc = app.get(app.browser(), "/leagues")
	assert.Equal(t, 1, doc.Find(`a[href="`+leaguePath(l)+`"]`).Length())
	res, _ = app.get(app.browser(), leaguePath(l)+"/invite/"+fresh)
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "a public league's old link leads to its page")
}

// A wrong invite token answers exactly as a league that does not exist (trust review 3,
// finding 3): the same status and the same body, on the page and in the API, so guessing
// at links tells nothing.
func TestWrongInviteIsLikeNoLeague(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	guesser := app.newPlayers("guess", 1)[0]
	l := app.newLeague(org, "gonzaga", 4, 0)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	missing := l.ID + 1000

	answer := func(c *http.Client, method, path, token string, body any) (int, string) {
		t.Helper()
		var res *http.Response
		if c == nil {
			res = app.apiSend(method, path, token, body)
		} else {
			var err error
			res, err = c.Get(app.srv.URL + path)
			require.NoError(t, err)
		}
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.StatusCode, string(b)
	}
	for _, c := range []*http.Client{app.browser(), app.logIn(guesser)} {
		wrongPath := fmt.Sprintf("/leagues/%d/invite/%s", l.ID, "guessed-token")
		nonePath := fmt.Sprintf("/leagues/%d/invite/%s", missing, "guessed-token")
		wrongStatus, wrongBody := answer(c, "GET", wrongPath, "", nil)
		noneStatus, noneBody := answer(c, "GET", nonePath, "", nil)
		assert.Equal(t, http.StatusNotFound, wrongStatus)
		assert.Equal(t, noneStatus, wrongStatus)
		// The footer's language links repeat the address asked for, and nothing else differs.
		assert.Equal(t, strings.ReplaceAll(noneBody, nonePath, "{asked}"), strings.ReplaceAll(wrongBody, wrongPath, "{asked}"))
	}
	wrongStatus, wrongBody := answer(nil, "POST", fmt.Sprintf("/api/v1/leagues/%d/join", l.ID), guesser.token, map[string]string{"invite": "guessed"})
	noneStatus, noneBody := answer(nil, "POST", fmt.Sprintf("/api/v1/leagues/%d/join", missing), guesser.token, map[string]string{"invite": "guessed"})
	assert.Equal(t, http.StatusNotFound, wrongStatus)
	assert.Equal(t, noneStatus, wrongStatus)
	assert.Equal(t, noneBody, wrongBody)
}

// A player's page judges each game and ledger line by its own league (trust review 3,
// finding 3): a replaced or withdrawn player no longer belongs to the private league, and
// its name, games and rating ledger stay hidden from others on their pages all the same.
func TestPlayerPagesHideEachPrivateGame(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, out := app.api("PUT", path+"/privacy", org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	replaced, withdrawn := g.Seats[0].Username, g.Seats[1].Username
	sub := app.newPlayers("sub", 1)[0]
	status, out = app.api("POST", path+"/replace", org.token, map[string]string{"from": replaced, "to": sub.Username})
	require.Equal(t, http.StatusOK, status, out)
	status, out = app.api("POST", path+"/withdraw", org.token, map[string]string{"username": withdrawn})
	require.Equal(t, http.StatusOK, status, out)

	for _, who := range []string{replaced, withdrawn, sub.Username, g.Seats[2].Username} {
		_, doc := app.get(app.browser(), "/players/"+who)
		page := doc.Find("main").Text()
		assert.NotContains(t, page, l.Name, who)
		assert.Zero(t, doc.Find(fmt.Sprintf(`a[href="/games/%d"]`, g.ID)).Length(), "%s: the game is not linked", who)
		assert.Zero(t, doc.Find(`a[href="`+leaguePath(l)+`"]`).Length(), who)
	}
	// Those in the league see it on the same pages.
	_, doc := app.get(app.logIn(members[7]), "/players/"+replaced)
	assert.Contains(t, doc.Find("main").Text(), l.Name)
}
