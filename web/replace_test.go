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

func TestReplaceAMemberThroughTheAPIAndThePages(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	app.newPlayers("sub", 2)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	leaver := g.Seats[0].Username // won game 1
	path := fmt.Sprintf("/api/v1/leagues/%d/replace", l.ID)

	for _, tc := range []struct {
		token string
		body  map[string]string
		code  int
		msg   string
	}{
		{members[1].token, map[string]string{"from": leaver, "to": "sub1"}, 403, "only the league's organiser may do this"},
		{org.token, map[string]string{"to": "sub1"}, 422, "from: required"},
		{org.token, map[string]string{"from": leaver}, 422, "to: required"},
		{org.token, map[string]string{"from": outsider.Username, "to": "sub1"}, 409, "from: outsider1 is not a member of this league"},
		{org.token, map[string]string{"from": leaver, "to": "ghost"}, 422, `to: no player named "ghost"`},
	} {
		status, out := app.api("POST", path, tc.token, tc.body)
		assert.Equal(t, tc.code, status, "%v", tc.body)
		assert.Equal(t, tc.msg, out["error"], "%v", tc.body)
	}
	status, out = app.api("POST", path, org.token, map[string]string{"from": leaver, "to": "sub1"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Contains(t, out["members"], "sub1")
	assert.NotContains(t, out["members"], leaver)

	// Standings list both, with notes; the leaver keeps the win.
	status, standings := app.apiAny("GET", fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	rows := map[string]map[string]any{}
	for _, r := range standings.([]any) {
		row := r.(map[string]any)
		rows[row["username"].(string)] = row
	}
	require.Len(t, rows, 9)
	assert.Equal(t, "replaced by sub1", rows[leaver]["note"])
	assert.Equal(t, float64(1), rows[leaver]["rank"])
	assert.Equal(t, float64(1), rows[leaver]["games"])
	assert.Equal(t, "substitute for "+leaver, rows["sub1"]["note"])
	assert.Equal(t, float64(0), rows["sub1"]["games"])

	// The substitute sits in the leaver's unplayed games; the played game is unchanged.
	status, list := app.apiAny("GET", fmt.Sprintf("/api/v1/leagues/%d/games", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	for _, item := range list.([]any) {
		game := item.(map[string]any)
		if game["number"] == float64(1) {
			assert.Contains(t, game["seats"], leaver)
		} else {
			assert.NotContains(t, game["seats"], leaver)
		}
	}

	// The league page notes the replacement under the standings; the fairness report still
	// counts the slot's games as one player's.
	_, doc := app.get(app.browser(), leaguePath(l))
	assert.Contains(t, text(doc.Find("#replacements")), "sub1 replaced "+leaver+" after 1 game")
	assert.Equal(t, 9, doc.Find(".standings tbody tr").Length())

	// The manage page replaces again: the substitute by another.
	c := app.logIn(org)
	page := leaguePath(l)
	res, _ := app.submit(c, page+"/manage", page+"/replace", url.Values{"from": {"sub1"}, "to": {""}})
	_, refusal := app.refusedTo(c, res, "replace")
	assert.Equal(t, "Required; the username of the substitute", refusal)
	res, _ = app.submit(c, page+"/manage", page+"/replace", url.Values{"from": {"sub1"}, "to": {"sub2"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	ms, err := app.store.Members(t.Context(), l.ID)
	require.NoError(t, err)
	var names []string
	for _, m := range ms {
		names = append(names, m.Username)
	}
	assert.Contains(t, names, "sub2")
	assert.NotContains(t, names, "sub1")
}
