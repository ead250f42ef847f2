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

func TestAPIVortexResultFromTheBoard(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vortex", 4)
	g := mustLeagueGames(t, app, l)[0]
	// Each seat's start corner and four token distances, and the die: the app scores each
	// board position (vortex-mechanics.txt, "The Algorithm"), then the winner's differential.
	tokens := [][]int{{18, 0, 0, 0}, {0, 0, 0, 0}, {5, 0, 0, 0}, {0, 0, 0, 0}}
	var players []map[string]any
	for i, s := range g.Seats {
		players = append(players, map[string]any{"id": s.Username, "start": 4 * i, "tokens": tokens[i]})
	}
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, map[string]any{"die": 6, "players": players})
	require.Equal(t, http.StatusCreated, status, "%v", out)
	results := out["results"].([]any)
	first := results[0].(map[string]any)
	// Seat 1's token 18 in is bumped by seat 3's 5 behind and by a new token from seat 4's
	// start with a 6: 180 × 4/6 = 120; seat 3's token is on a safe square: 50.
	assert.Equal(t, float64(3100), first["points"], "10 × (120 + 70 + 120)")
	assert.Contains(t, first["explanation"], "board score 120 (tokens 120 + 0 + 0 + 0; threatened: token 1 by "+g.Seats[2].Username+" rolling 5, token 1 by "+g.Seats[3].Username+" rolling 6); winner")
	for _, r := range results[1:] {
		assert.Equal(t, float64(0), r.(map[string]any)["points"])
	}

	// A token beyond the centre is refused, naming the field.
	tokens[1][2] = 26
	players[1]["tokens"] = tokens[1]
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, map[string]any{"players": players})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, out["error"], "players[1].tokens[2]: must be 0..25, got 26")
}

func TestResultFormVortexFromTheBoard(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vortex", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)

	// The form offers the board with each seat's corner: Red, Cyan, Blue, Green.
	_, doc := app.get(c, formPath)
	assert.Equal(t, []string{"0", "4", "8", "12"}, doc.Find(`select[name^="start-"] option[selected]`).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("value", "") }))
	assert.Equal(t, "6", doc.Find(`input[name="die"]`).AttrOr("value", ""))

	values := url.Values{"action": {"preview"}, "vortex_from": {"board"}, "die": {"6"}, "t1-1": {"18"}, "t1-3": {"5"}}
	for _, s := range g.Seats {
		values.Set(fmt.Sprintf("start-%d", s.Position), fmt.Sprint(4*(s.Position-1)))
	}
	res, doc := app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, "%s %s", text(doc.Find(".alert")), text(doc.Find(".field-error")))
	assert.Equal(t, "3100", text(doc.Find("#preview tbody tr").First().Find(".points")))
	assert.Contains(t, text(doc.Find("#preview")), "board score 120 (tokens 120 + 0 + 0 + 0; threatened: token 1 by")

	// A token past the centre lands on its field.
	values.Set("t3-2", "26")
	values.Set("action", "save")
	res, doc = app.submit(c, formPath, formPath, values)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "true", doc.Find(`input[name="t3-2"]`).AttrOr("aria-invalid", ""))
	assert.Contains(t, text(doc.Find("#e-t3-2")), "0..25")

	values.Set("t3-2", "0")
	res, _ = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	// The correction form starts from the recorded board.
	_, doc = app.get(c, formPath)
	assert.Equal(t, "board", doc.Find(`input[name="vortex_from"][checked]`).AttrOr("value", ""))
	assert.Equal(t, "18", doc.Find(`input[name="t1-1"]`).AttrOr("value", ""))
	assert.Equal(t, "5", doc.Find(`input[name="t1-3"]`).AttrOr("value", ""))
}

func TestVortexBoardsTheSeedForbidsAreRefusedAndChangeNothing(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vortex", 4)
	g := mustLeagueGames(t, app, l)[0]
	resultPath := fmt.Sprintf("/api/v1/games/%d/result", g.ID)
	board := func(tokens [][]int) []map[string]any {
		var players []map[string]any
		for i, s := range g.Seats {
			players = append(players, map[string]any{"id": s.Username, "start": 4 * i, "tokens": tokens[i]})
		}
		return players
	}
	seat := func(i int) string { return g.Seats[i].Username }

	// The API: seat 2 (start 4) has two tokens 7 cells in; then seat 3 (start 8) 2 cells in
	// stands on seat 1's cell 10. vortex-mechanics.txt, "Rules of the Game".
	status, out := app.api("POST", resultPath, org.token, map[string]any{"die": 6, "players": board([][]int{{0, 0, 0, 0}, {7, 0, 7, 0}, {0, 0, 0, 0}, {0, 0, 0, 0}})})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, `players[1].tokens[2]: `+seat(1)+`'s token 3 is 7 cells in, where its token 1 (players[1].tokens[0]) already is: "You can't have two of your own tokens in the same space, safe or not"`, out["error"])
	status, out = app.api("POST", resultPath, org.token, map[string]any{"die": 6, "players": board([][]int{{10, 0, 0, 0}, {0, 0, 0, 0}, {2, 0, 0, 0}, {0, 0, 0, 0}})})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, out["error"], `players[2].tokens[0]: `+seat(2)+`'s token 1, 2 cells in, stands on the same space (loop cell 10, not a safe one) as `+seat(0)+`'s token 1, 10 cells in`)
	assert.Contains(t, out["error"], "One token per space, except the safe corner spaces")
	status, _ = app.api("GET", resultPath, org.token, nil)
	assert.Equal(t, http.StatusNotFound, status, "nothing was recorded")

	// The result form: the same board lands on the token's input, nothing is saved.
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	// Inputs are named t{token}-{seat}: seat 2's tokens 1 and 3.
	values := url.Values{"action": {"save"}, "vortex_from": {"board"}, "die": {"6"}, "t1-2": {"7"}, "t3-2": {"7"}}
	for _, s := range g.Seats {
		values.Set(fmt.Sprintf("start-%d", s.Position), fmt.Sprint(4*(s.Position-1)))
	}
	res, doc := app.submit(c, formPath, formPath, values)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "true", doc.Find(`input[name="t3-2"]`).AttrOr("aria-invalid", ""))
	assert.Contains(t, text(doc.Find("#e-t3-2")), "You can't have two of your own tokens in the same space, safe or not")
	status, _ = app.api("GET", resultPath, org.token, nil)
	assert.Equal(t, http.StatusNotFound, status, "nothing was recorded")

	// Recorded from an allowed board (rivals on a safe square, tokens in the centre), a
	// correction to a forbidden one is refused and the result stays.
	status, out = app.api("POST", resultPath, org.token, map[string]any{"die": 6, "players": board([][]int{{13, 25, 25, 0}, {9, 0, 0, 0}, {5, 0, 0, 0}, {1, 0, 0, 0}})})
	require.Equal(t, http.StatusCreated, status, "%v", out)
	status, before := app.api("GET", resultPath, org.token, nil)
	require.Equal(t, http.StatusOK, status)
	status, _ = app.api("PUT", resultPath, org.token, map[string]any{"die": 6, "players": board([][]int{{10, 0, 0, 0}, {0, 0, 0, 0}, {2, 0, 0, 0}, {0, 0, 0, 0}})})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	status, after := app.api("GET", resultPath, org.token, nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, before, after, "the refused correction changed nothing")
}
