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

// A new club's first league is joinable by its own new members (issue #34): the create form
// offers 0 while the club has no finished game, and explains why; the organiser changes the
// activity rule while the league is open, with PATCH /api/v1/leagues/{id} as on the manage
// page; bad values are refused naming the field and change nothing; once running, 409.
func TestActivityRuleIsSafeForANewClub(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("pl", 9)
	org := ps[0]
	c := app.logIn(org)

	_, doc := app.get(c, "/leagues/new")
	assert.Equal(t, "0", doc.Find(`input[name="min_recent_games"]`).AttrOr("value", ""), "a club without finished games: 0")
	assert.Contains(t, text(doc.Find(".activity-new-club")), "no finished games yet")

	// A league created with the seed's rule (5 in 90 days) refuses the club's new members...
	status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token,
		map[string]any{"name": "First night", "game": "gonzaga", "players_per_game": 3})
	require.Equal(t, http.StatusCreated, status, body)
	id := int64(body["id"].(float64))
	path := fmt.Sprintf("/api/v1/leagues/%d", id)
	status, _ = app.api(http.MethodPost, path+"/join", ps[1].token, nil)
	assert.Equal(t, http.StatusForbidden, status)

	// ...until its organiser changes the rule; others may not, and bad values change nothing.
	status, _ = app.api(http.MethodPatch, path, ps[1].token, map[string]any{"min_recent_games": 0})
	assert.Equal(t, http.StatusForbidden, status)
	for _, tc := range []struct {
		body map[string]any
		want string
	}{
		{map[string]any{"min_recent_games": -1}, "min_recent_games: must be between 0 and 1000"},
		{map[string]any{"min_recent_games": 0, "recent_days": 0}, "recent_days: must be between 1 and 3650 days"},
		{map[string]any{"recent_days": "30"}, "recent_days"},
	} {
		status, body = app.api(http.MethodPatch, path, org.token, tc.body)
		assert.Contains(t, []int{http.StatusBadRequest, http.StatusUnprocessableEntity}, status, "%v", tc.body)
		assert.Contains(t, body["error"], tc.want)
	}
	status, body = app.api(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.EqualValues(t, 5, body["min_recent_games"], "nothing written")
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"min_recent_games": 0, "recent_days": 30})
	require.Equal(t, http.StatusOK, status, body)
	assert.EqualValues(t, 0, body["min_recent_games"])
	assert.EqualValues(t, 30, body["recent_days"])
	status, body = app.api(http.MethodPost, path+"/join", ps[1].token, nil)
	assert.Equal(t, http.StatusOK, status, body)

	// The manage page's form: a refusal at the top and beside the field, then a save.
	manage := fmt.Sprintf("/leagues/%d/manage", id)
	_, doc = app.get(c, manage)
	require.Equal(t, 1, doc.Find(`#activity form[action$="/activity"]`).Length(), "offered while open")
	assert.Equal(t, "0", doc.Find(`#activity input[name="min_recent_games"]`).AttrOr("value", ""))
	res, doc := app.submit(c, manage, fmt.Sprintf("/leagues/%d/activity", id), url.Values{"min_recent_games": {"lots"}, "recent_days": {"30"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Not saved: a value needs fixing. Fix it below", text(doc.Find("#content > .manage-failed")))
	assert.Equal(t, "must be a whole number", text(doc.Find("#activity #e-min_recent_games")))
	res, _ = app.submit(c, manage, fmt.Sprintf("/leagues/%d/activity", id), url.Values{"min_recent_games": {"2"}, "recent_days": {"60"}})
	assert.Equal(t, "Saved: players need 2 finished games in the last 60 days to join.", app.flashAfter(c, res))
	_, body = app.api(http.MethodGet, path, "", nil)
	assert.EqualValues(t, 2, body["min_recent_games"])
	assert.EqualValues(t, 60, body["recent_days"])
	res, _ = app.submit(c, manage, fmt.Sprintf("/leagues/%d/activity", id), url.Values{"min_recent_games": {"0"}, "recent_days": {"60"}})
	assert.Equal(t, "Saved: anyone may join, no finished games needed.", app.flashAfter(c, res))

	// Once running, the rule has done its work: 409 naming the field, and no form.
	for _, p := range ps[2:8] {
		status, body = app.api(http.MethodPost, path+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, body)
	}
	status, body = app.api(http.MethodPost, path+"/join", ps[8].token, nil)
	require.Equal(t, http.StatusOK, status, body)
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"recent_days": 10})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "recent_days: the activity rule changes only while the league is open for players to join", body["error"])
	_, doc = app.get(c, manage)
	assert.Zero(t, doc.Find("#activity").Length())

	// A club with a finished game is offered the seed's rule again.
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE games SET status = 'finished', finished_at = now()
		WHERE id = (SELECT min(id) FROM games WHERE league_id = $1)`, id)
	require.NoError(t, err)
	_, doc = app.get(c, "/leagues/new")
	assert.Equal(t, "5", doc.Find(`input[name="min_recent_games"]`).AttrOr("value", ""))
	assert.Zero(t, doc.Find(".activity-new-club").Length())
}
