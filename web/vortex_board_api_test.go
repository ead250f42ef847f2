package web_test

import (
	"fmt"
	"net/http"
	"testing"

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
	assert.Contains(t, first["explanation"], "board score 120 (tokens 120 + 0 + 0 + 0); winner")
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
