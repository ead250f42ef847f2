package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// Deleting a league: the organiser may while nothing is recorded, through the API and the
// manage page's link to a page of its own that asks first; co-organisers and members are
// refused; a league with a result says to close or archive it.
func TestDeleteALeague(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, out := app.api("POST", path+"/co-organisers", org.token, map[string]string{"username": outsider.Username})
	require.Equal(t, http.StatusOK, status, out)

	for _, p := range []player{outsider, members[0]} {
		status, out = app.api("DELETE", path, p.token, nil)
		assert.Equal(t, http.StatusForbidden, status, p.Username)
		assert.Equal(t, "only the league's organiser may do this", out["error"])
	}
	status, _ = app.api("DELETE", path, "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)

	// The co-organiser's manage page has no delete link; the organiser's has one, to the
	// page that asks.
	_, doc := app.get(app.logIn(outsider), leaguePath(l)+"/manage")
	assert.Zero(t, doc.Find("#delete").Length())
	c := app.logIn(org)
	_, doc = app.get(c, leaguePath(l)+"/manage")
	require.Equal(t, 1, doc.Find(`#delete a[href="`+leaguePath(l)+`/delete"]`).Length())
	assert.Zero(t, doc.Find(`#delete form`).Length(), "nothing is deleted from the manage page itself")

	// A post without confirm=yes (an old manage page) is sent to the page that asks; the
	// page's own form deletes the league.
	res, _ := app.post(c, leaguePath(l)+"/delete", url.Values{"_csrf": {csrfOf(t, doc)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, leaguePath(l)+"/delete", res.Header.Get("Location"))
	res, _ = app.submit(c, leaguePath(l)+"/delete", leaguePath(l)+"/delete", url.Values{"confirm": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/leagues", res.Header.Get("Location"))
	res, _ = app.get(app.browser(), leaguePath(l))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	status, _ = app.api("GET", path, "", nil)
	assert.Equal(t, http.StatusNotFound, status)

	// A league with a recorded result stays, and says what to do instead.
	org2 := app.newPlayers("boss", 1)[0]
	l2 := app.join(app.newLeague(org2, "gonzaga", 4, 0), app.newPlayers("second", 8))
	g := mustLeagueGames(t, app, l2)[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org2.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, out)
	status, out = app.api("DELETE", fmt.Sprintf("/api/v1/leagues/%d", l2.ID), org2.token, nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "league: 1 result is recorded, and results stay in the players' ratings, so the league cannot be deleted; close it early (its standings are frozen) instead", out["error"])
	_, doc = app.get(app.logIn(org2), leaguePath(l2)+"/manage")
	assert.Zero(t, doc.Find("#delete form").Length())
	assert.Contains(t, text(doc.Find("#delete")), "Close it early instead.")

	// An open league goes through the API with 204.
	open := app.newLeague(org, "gonzaga", 4, 0)
	res = app.apiSend("DELETE", fmt.Sprintf("/api/v1/leagues/%d", open.ID), org.token, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
}

// The delete page says what goes with the league (its players by name, its co-organisers,
// its games, that nothing recorded is lost and that nobody is told) and deletes it only
// from its own form, with CSRF; a result recorded while the page is open is refused beside
// its button, at an address a reload does not post again, and the league stays.
func TestDeletePageSaysWhatGoes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("boss", 1)[0]
	helper := app.newPlayers("helper", 1)[0]
	open := app.join(app.newLeague(org, "gonzaga", 4, 0), app.newPlayers("early", 3))
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/co-organisers", open.ID), org.token, map[string]string{"username": helper.Username})
	require.Equal(t, http.StatusOK, status, out)
	page := leaguePath(open) + "/delete"

	c := app.logIn(org)
	res, doc := app.get(c, page)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Delete The gonzaga league?", text(doc.Find("main h1")))
	var what []string
	doc.Find(".confirm-what").Each(func(_ int, s *goquery.Selection) { what = append(what, text(s)) })
	assert.Equal(t, []string{
		"The league is deleted for good, with no way back: its page, its history, its invite link and its webhooks go with it.",
		"3 players have joined (Player 1, Player 2, Player 3) and lose their place.",
		"helper1 no longer co-organises it.",
		"No game has been drawn yet: the games are drawn when the 8th player joins.",
		"Nothing has been recorded, so no result, standing or rating is lost.",
		"Nobody is told: TableStakes sends its players no message about a deletion. To have them told, cancel the league instead: its members are told, and you can reopen it within 7 days.",
	}, what)
	form := doc.Find(`form[method="post"][action="` + page + `"]`)
	require.Equal(t, 1, form.Length())
	assert.NotEmpty(t, form.Find(`input[name="_csrf"]`).AttrOr("value", ""))
	assert.Equal(t, "yes", form.Find(`input[name="confirm"]`).AttrOr("value", ""))
	assert.Equal(t, "Delete the league", text(form.Find("button.button-danger")))
	assert.Equal(t, leaguePath(open)+"/manage", form.Find("a").AttrOr("href", ""), "a way back without deleting")

	// Only the organiser sees it; opening it deletes nothing; a post without the page's
	// CSRF token is refused.
	res, _ = app.get(app.logIn(helper), page)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	res, _ = app.post(c, page, url.Values{"confirm": {"yes"}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	res, _ = app.get(app.browser(), leaguePath(open))
	require.Equal(t, http.StatusOK, res.StatusCode, "still there")

	// Its button deletes it, and the leagues list says so.
	res, _ = app.submit(c, page, page, url.Values{})
	assert.Equal(t, "The gonzaga league is deleted.", app.flashAfter(c, res))
	res, _ = app.get(app.browser(), leaguePath(open))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	// A running league, nothing played: its games are counted and closing early is offered.
	l, org2, _, _ := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	c = app.logIn(org2)
	page = leaguePath(l) + "/delete"
	_, doc = app.get(c, page)
	body := text(doc.Find("main"))
	assert.Contains(t, body, fmt.Sprintf("Its %d games, none played, go with their dates and places.", len(games)))
	assert.Contains(t, body, "8 players have joined (")
	assert.Contains(t, body, "To have them told, close it early instead")
	token := csrfOf(t, doc)

	// A result recorded while the page is open: the press is refused beside the button.
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org2.token, scoresFor(games[0], 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, out)
	res, _ = app.post(c, page, url.Values{"_csrf": {token}, "confirm": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	require.Equal(t, page, res.Header.Get("Location"))
	res, doc = app.get(c, page)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "1 result is recorded, and results stay in the players' ratings, so the league cannot be deleted; close it early (its standings are frozen) instead",
		text(doc.Find(".confirm-page .form-refusal")))
	assert.Zero(t, doc.Find(`form[action="`+page+`"]`).Length(), "nothing left to press")
	assert.Contains(t, text(doc.Find("main")), "Close it early instead")
	res, _ = app.get(app.browser(), leaguePath(l))
	assert.Equal(t, http.StatusOK, res.StatusCode, "the league stays")
}
