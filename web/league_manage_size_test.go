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

// The manage page of an open league changes its size and games each (CONTRACT section 10),
// checked as PATCH /api/v1/leagues/{id} checks them: a bad value is named beside its field
// and nothing is written; once the league runs the form is gone.
func TestManagePageChangesAnOpenLeaguesSize(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("pl", 5)
	org := ps[0]
	c := app.logIn(org)
	status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token,
		map[string]any{"name": "Thursdays", "game": "cartagena", "players_per_game": 4, "min_recent_games": 0})
	require.Equal(t, http.StatusCreated, status, body)
	id := int64(body["id"].(float64))
	path := fmt.Sprintf("/api/v1/leagues/%d", id)
	manage := fmt.Sprintf("/leagues/%d/manage", id)
	size := fmt.Sprintf("/leagues/%d/size", id)
	defaultGames := fmt.Sprint(body["games_per_player"])

	_, doc := app.get(c, manage)
	require.Equal(t, 1, doc.Find(`#size form[action$="/size"]`).Length(), "offered while open")
	assert.Equal(t, "8", doc.Find(`#size input[name="players"]`).AttrOr("value", ""))
	assert.Equal(t, defaultGames, doc.Find(`#size input[name="games_per_player"]`).AttrOr("value", ""))

	for _, tc := range []struct {
		form         url.Values
		field, error string
	}{
		{url.Values{"players": {"many"}, "games_per_player": {defaultGames}}, "players", "must be a whole number"},
		{url.Values{"players": {"3"}, "games_per_player": {defaultGames}}, "players", ""},
		{url.Values{"players": {"33"}, "games_per_player": {defaultGames}}, "players", ""},
		{url.Values{"players": {"8"}, "games_per_player": {"lots"}}, "games_per_player", "must be a whole number"},
		{url.Values{"players": {"8"}, "games_per_player": {"0"}}, "games_per_player", "must be positive, got 0"},
	} {
		res, doc := app.submit(c, manage, size, tc.form)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, "%v", tc.form)
		assert.Equal(t, "Not saved: a value needs fixing. Fix it below", text(doc.Find("#content > .manage-failed")))
		got := text(doc.Find("#size #e-" + tc.field))
		assert.NotEmpty(t, got, "%v: the error beside %s", tc.form, tc.field)
		if tc.error != "" {
			assert.Equal(t, tc.error, got)
		}
		// The API's message for the same value is the page's.
		if tc.field == "players" && tc.error == "" {
			var n int
			_, err := fmt.Sscan(tc.form.Get("players"), &n)
			require.NoError(t, err)
			status, body := app.api(http.MethodPatch, path, org.token, map[string]any{"players": n})
			assert.Equal(t, http.StatusUnprocessableEntity, status)
			assert.Equal(t, "players: "+got, body["error"])
		}
	}
	_, body = app.api(http.MethodGet, path, "", nil)
	assert.EqualValues(t, 8, body["players"], "nothing written")

	res, _ := app.submit(c, manage, size, url.Values{"players": {"4"}, "games_per_player": {defaultGames}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "Saved the league's size.", app.flashAfter(c, res))
	_, body = app.api(http.MethodGet, path, "", nil)
	assert.EqualValues(t, 4, body["players"])
	assert.NotEqual(t, defaultGames, fmt.Sprint(body["games_per_player"]), "games each left as shown follows the new size")

	for _, p := range ps[1:5] {
		status, body := app.api(http.MethodPost, path+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, body)
	}
	_, doc = app.get(c, manage)
	assert.Zero(t, doc.Find("#size").Length(), "no size once the schedule is drawn")
}
