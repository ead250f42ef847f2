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

// Solo Arcs against SUPERCAT (issue 13): a table opened with bots seats them at once, the
// player records the result, and the bots are marked as such wherever they appear.
func TestSoloArcsTableWithSupercatBots(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	me := app.newPlayers("solo", 1)[0]

	for _, tc := range []struct{ body, problem string }{
		{`{"game":"vortex","seats":2,"bots":["normal"]}`, "bots: only Arcs has a bot to play against: SUPERCAT, the solo Arcs bot"},
		{`{"game":"arcs","seats":2,"bots":["easy"]}`, `bots: bots[0]: must be "normal" or "hard", got "easy"`},
		{`{"game":"arcs","seats":3,"bots":["normal","normal"]}`, "bots: at most one SUPERCAT bot of each difficulty (normal, hard) at a table"},
		{`{"game":"arcs","seats":2,"bots":["normal","hard"]}`, "bots: 2 bots leave no seat for a person at a table of 2"},
	} {
		status, out := app.api(http.MethodPost, "/api/v1/games", me.token, []byte(tc.body))
		assert.Equal(t, http.StatusUnprocessableEntity, status, tc.body)
		assert.Equal(t, tc.problem, out["error"], tc.body)
	}

	status, out := app.api(http.MethodPost, "/api/v1/games", me.token, map[string]any{"game": "arcs", "seats": 3, "bots": []string{"normal", "hard"}})
	require.Equal(t, http.StatusCreated, status, "%v", out)
	assert.Equal(t, []any{"supercat-normal:arcs", "supercat-hard:arcs"}, out["seats"], "the bots take the first seats")
	id := fmt.Sprint(out["id"])
	status, out = app.api(http.MethodPost, "/api/v1/games/"+id+"/join", me.token, nil)
	require.Equal(t, http.StatusOK, status, "%v", out)
	assert.Equal(t, "ready", out["status"])
	status, out = app.api(http.MethodPost, "/api/v1/games/"+id+"/result", me.token, map[string]any{"players": []map[string]any{
		{"id": "supercat-normal:arcs", "score": 28}, {"id": "supercat-hard:arcs", "score": 33}, {"id": me.Username, "score": 30}}})
	require.Equal(t, http.StatusCreated, status, "%v", out)

	_, doc := app.get(app.browser(), "/games/"+id)
	page := text(doc.Find("main"))
	assert.Contains(t, page, "SUPERCAT (normal) bot")
	assert.Contains(t, page, "SUPERCAT (hard) bot")
	_, doc = app.get(app.browser(), "/ratings/arcs")
	assert.Contains(t, text(doc.Find("main")), "SUPERCAT (hard) bot", "the bots are members of the Arcs ladder")
	res, doc := app.get(app.browser(), "/players/supercat-hard:arcs")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find(".member-note")), "Not a person: a SUPERCAT bot")

	// The open-a-table form seats the bots too, and names the field of a refusal.
	c := app.logIn(me)
	res, doc = app.submit(c, "/games/new", "/games", url.Values{"game": {"cartagena"}, "seats": {"2"}, "bot_hard": {"1"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "only Arcs has a bot to play against: SUPERCAT, the solo Arcs bot", text(doc.Find("#e-bots")))
	res, _ = app.submit(c, "/games/new", "/games", url.Values{"game": {"arcs"}, "seats": {"2"}, "bot_hard": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, res.Header.Get("Location"))
	assert.Contains(t, text(doc.Find("main")), "SUPERCAT (hard) bot")
}
