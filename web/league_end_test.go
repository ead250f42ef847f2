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

// Deleting a league: the organiser may while nothing is recorded, through the API and the
// manage page's form (a box to tick); co-organisers and members are refused; a league with
// a result says to close or archive it.
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

	// The co-organiser's manage page has no delete form; the organiser's has one.
	_, doc := app.get(app.logIn(outsider), leaguePath(l)+"/manage")
	assert.Zero(t, doc.Find("#delete").Length())
	c := app.logIn(org)
	_, doc = app.get(c, leaguePath(l)+"/manage")
	require.Equal(t, 1, doc.Find(`#delete form[action="`+leaguePath(l)+`/delete"] input[name="confirm"][required]`).Length())

	// Without the tick the form is refused with the reason; with it the league is gone.
	res, _ := app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/delete", url.Values{})
	_, refusal := app.refusedTo(c, res, "delete")
	assert.Equal(t, "Tick the box to delete the league for good", refusal)
	res, _ = app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/delete", url.Values{"confirm": {"yes"}})
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
