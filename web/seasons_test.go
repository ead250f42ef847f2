package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// newSeason creates a season of cartagena through the API with the given extra fields,
// organised by org, and returns its id.
func (a *testApp) newSeason(org player, fields map[string]any) int64 {
	a.t.Helper()
	body := map[string]any{"name": "Spring", "game": "cartagena", "players_per_game": 4}
	for k, v := range fields {
		body[k] = v
	}
	status, out := a.api(http.MethodPost, "/api/v1/seasons", org.token, body)
	require.Equal(a.t, http.StatusCreated, status, "%v", out)
	return int64(out["id"].(float64))
}

// seasonSignUp signs every player up for the season through the API.
func (a *testApp) seasonSignUp(seasonID int64, players []player) {
	a.t.Helper()
	for _, p := range players {
		status, out := a.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/signup", seasonID), p.token, nil)
		require.Equal(a.t, http.StatusOK, status, "%s: %v", p.Username, out)
	}
}

func (a *testApp) seasonCount() int {
	a.t.Helper()
	var n int
	require.NoError(a.t, a.store.Pool().QueryRow(a.t.Context(), `SELECT count(*) FROM seasons`).Scan(&n))
	return n
}

func TestAPICreateSeason(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]

	status, body := app.api(http.MethodPost, "/api/v1/seasons", org.token, map[string]any{
		"name": " Spring ", "game": "cartagena", "players_per_game": 4,
	})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	assert.NotZero(t, body["id"])
	assert.Equal(t, "Spring", body["name"])
	assert.Equal(t, "open", body["status"])
	assert.Equal(t, "standard", body["version"])
	assert.Equal(t, float64(8), body["division_size"], "divisions of 8 by default")
	assert.Equal(t, float64(2), body["promote"], "2 up and 2 down by default")
	assert.Nil(t, body["previous"])
	assert.Equal(t, []any{}, body["signed_up"])
	assert.Equal(t, []any{}, body["divisions"])
	assert.Equal(t, "organiser1", body["organiser"])

	id := int64(body["id"].(float64))
	status, read := app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, body, read)

	status, _ = app.api(http.MethodGet, "/api/v1/seasons/999999", "", nil)
	assert.Equal(t, http.StatusNotFound, status)
	status, _ = app.api(http.MethodPost, "/api/v1/seasons", "", map[string]any{"name": "x", "game": "cartagena", "players_per_game": 4})
	assert.Equal(t, http.StatusUnauthorized, status)
}

func TestAPICreateSeasonRefusesBadSettings(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]
	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		err    string
	}{
		{"a division under a table", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 5, "division_size": 4},
			http.StatusUnprocessableEntity, "division_size: from 5 (max(3, players_per_game)) to 32"},
		{"a division under 3", map[string]any{"name": "S", "game": "king-me", "players_per_game": 2, "division_size": 2},
			http.StatusUnprocessableEntity, "division_size: from 3 (max(3, players_per_game)) to 32"},
		{"a division over 32", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "division_size": 33},
			http.StatusUnprocessableEntity, "division_size: from 4 (max(3, players_per_game)) to 32"},
		{"promote half a division", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "promote": 4},
			http.StatusUnprocessableEntity, "promote: must be under half a division (4 of 8)"},
		{"promote more than half", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "division_size": 6, "promote": 5},
			http.StatusUnprocessableEntity, "promote: must be under half a division (5 of 6)"},
		{"promote negative", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "promote": -1},
			http.StatusUnprocessableEntity, "promote: 0 or more"},
		{"no name", map[string]any{"game": "cartagena", "players_per_game": 4},
			http.StatusUnprocessableEntity, "name: required"},
		{"an unknown version", map[string]any{"name": "S", "game": "cartagena", "version": "9th", "players_per_game": 4},
			http.StatusUnprocessableEntity, ""},
		{"an unknown field", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "divisions": 3},
			http.StatusBadRequest, ""},
		{"promote of the wrong type", map[string]any{"name": "S", "game": "cartagena", "players_per_game": 4, "promote": "two"},
			http.StatusBadRequest, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			status, body := app.api(http.MethodPost, "/api/v1/seasons", org.token, tc.body)
			assert.Equal(t, tc.status, status, "%v", body)
			if tc.err != "" {
				assert.Equal(t, tc.err, body["error"])
			}
		})
	}
	status, body := app.api(http.MethodPost, "/api/v1/seasons", org.token, map[string]any{
		"name": "Spring and summer and autumn and winter, and the spring after it", "game": "cartagena", "players_per_game": 4})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "name: must be at most 60 characters", body["error"])
	assert.Zero(t, app.seasonCount(), "nothing written")
}

func TestAPISeasonSignUp(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 9)
	id := app.newSeason(ps[0], map[string]any{"division_size": 8})
	path := fmt.Sprintf("/api/v1/seasons/%d/signup", id)

	status, body := app.api(http.MethodPost, path, ps[1].token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, []any{"player2"}, body["signed_up"])
	status, body = app.api(http.MethodPost, path, ps[1].token, nil)
	assert.Equal(t, http.StatusConflict, status, "a second sign-up")
	assert.Equal(t, "season: you are signed up already", body["error"])

	res := app.apiSend(http.MethodDelete, path, ps[1].token, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	status, body = app.api(http.MethodDelete, path, ps[1].token, nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "season: you are not signed up", body["error"])
	status, _ = app.api(http.MethodPost, path, "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = app.api(http.MethodPost, "/api/v1/seasons/999999/signup", ps[1].token, nil)
	assert.Equal(t, http.StatusNotFound, status)

	app.seasonSignUp(id, ps[1:])
	status, body = app.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/start", id), ps[0].token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	status, body = app.api(http.MethodPost, path, ps[0].token, nil)
	assert.Equal(t, http.StatusConflict, status, "sign-up once the season has started")
	assert.Contains(t, body["error"], "season: running; sign-up is closed")
	status, _ = app.api(http.MethodDelete, path, ps[1].token, nil)
	assert.Equal(t, http.StatusConflict, status, "withdrawing from the season once it has started")
}

func TestAPISeasonStart(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 17)
	org := ps[16]
	id := app.newSeason(org, map[string]any{"promote": 2, "face_to_face": true, "results_by": "organisers"})
	start := fmt.Sprintf("/api/v1/seasons/%d/start", id)

	app.seasonSignUp(id, ps[:3])
	status, body := app.api(http.MethodPost, start, org.token, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, status, "too few players for one division")
	assert.Equal(t, "signed_up: 3 players make 1 division of 3; a division needs at least 4 players", body["error"])
	status, body = app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "open", body["status"], "nothing written")
	assert.Equal(t, []any{}, body["divisions"])

	app.seasonSignUp(id, ps[3:16])
	status, body = app.api(http.MethodPost, start, ps[0].token, nil)
	assert.Equal(t, http.StatusForbidden, status, "only its organiser starts a season")
	assert.Equal(t, "only the season's organiser may do this", body["error"])

	status, body = app.api(http.MethodPost, start, org.token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, "running", body["status"])
	divs := body["divisions"].([]any)
	require.Len(t, divs, 2, "16 in divisions of 8")
	for d, raw := range divs {
		div := raw.(map[string]any)
		assert.Equal(t, float64(d+1), div["number"], "division 1 on top")
		members := div["members"].([]any)
		require.Len(t, members, 8)
		for i, m := range members {
			assert.Equal(t, fmt.Sprintf("player%d", 8*d+i+1), m, "unrated newcomers in sign-up order, from the top")
		}
		status, l := app.api(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%v", div["league_id"]), "", nil)
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, fmt.Sprintf("Spring — Division %d", d+1), l["name"])
		assert.Equal(t, "running", l["status"], "running at once")
		assert.Equal(t, "player17", l["organiser"], "organised by the season's organiser")
		assert.Equal(t, "cartagena", l["game"])
		assert.Equal(t, float64(4), l["players_per_game"])
		assert.Equal(t, true, l["face_to_face"])
		assert.Equal(t, "organisers", l["results_by"])
		assert.Equal(t, float64(0), l["min_recent_games"], "the activity rule does not apply to players a season places")
		assert.Equal(t, members, l["members"])
		status, games := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%v/games", div["league_id"]), "", nil)
		require.Equal(t, http.StatusOK, status)
		assert.NotEmpty(t, games, "its schedule drawn")
	}
	status, body = app.api(http.MethodPost, start, org.token, nil)
	assert.Equal(t, http.StatusConflict, status, "a season starts once")
	assert.Equal(t, "season: started; its divisions are drawn", body["error"])
}

func TestAPISeasonMovementsAndNext(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 16)
	org := ps[0]
	id := app.newSeason(org, map[string]any{"promote": 1})
	app.seasonSignUp(id, ps)
	movements := fmt.Sprintf("/api/v1/seasons/%d/movements", id)
	next := fmt.Sprintf("/api/v1/seasons/%d/next", id)

	status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/start", id), org.token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	status, body = app.api(http.MethodGet, movements, "", nil)
	assert.Equal(t, http.StatusConflict, status, "no movements before every division has finished")
	assert.Equal(t, "season: running; it finishes when every division has finished", body["error"])
	status, _ = app.api(http.MethodPost, next, org.token, map[string]any{"name": "Summer"})
	assert.Equal(t, http.StatusConflict, status, "no next season before every division has finished")

	// Division 2's first game: its first seat wins; then both divisions close early.
	_, season := app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	var leagueIDs []int64
	for _, raw := range season["divisions"].([]any) {
		leagueIDs = append(leagueIDs, int64(raw.(map[string]any)["league_id"].(float64)))
	}
	_, games := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/games", leagueIDs[1]), "", nil)
	first := games.([]any)[0].(map[string]any)
	seats := first["seats"].([]any)
	status, body = app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%v/result", first["id"]), org.token, map[string]any{
		"players": []map[string]any{{"id": seats[0], "score": 40}, {"id": seats[1], "score": 30}, {"id": seats[2], "score": 20}, {"id": seats[3], "score": 10}},
	})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	for _, l := range leagueIDs {
		status, body = app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/close", l), org.token, nil)
		require.Equal(t, http.StatusOK, status, "%v", body)
	}

	status, body = app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "finished", body["status"], "finished when every division's league is")

	status, got := app.apiAny(http.MethodGet, movements, "", nil)
	require.Equal(t, http.StatusOK, status, "%v", got)
	ms := got.([]any)
	require.Len(t, ms, 16, "every player")
	where := map[string][2]float64{}
	for _, raw := range ms {
		m := raw.(map[string]any)
		where[m["username"].(string)] = [2]float64{m["from"].(float64), m["to"].(float64)}
	}
	// Division 1 played nothing: all level and unrated, so the last to sign up goes down.
	assert.Equal(t, [2]float64{1, 1}, where["player1"])
	assert.Equal(t, [2]float64{1, 1}, where["player7"])
	assert.Equal(t, [2]float64{1, 2}, where["player8"])
	assert.Equal(t, [2]float64{2, 1}, where[seats[0].(string)], "the top of division 2 goes up")
	assert.Equal(t, [2]float64{2, 2}, where[seats[1].(string)])

	status, body = app.api(http.MethodPost, next, ps[1].token, map[string]any{"name": "Summer"})
	assert.Equal(t, http.StatusForbidden, status, "only its organiser opens the next season")
	status, body = app.api(http.MethodPost, next, org.token, map[string]any{"name": ""})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "name: required", body["error"])
	status, body = app.api(http.MethodPost, next, org.token, map[string]any{"name": "Summer"})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	assert.Equal(t, "Summer", body["name"])
	assert.Equal(t, "open", body["status"])
	assert.Equal(t, float64(id), body["previous"])
	assert.Equal(t, float64(1), body["promote"], "the same settings")
	assert.Len(t, body["signed_up"], 16, "every player of the season signed up")
	nextID := int64(body["id"].(float64))
	status, _ = app.api(http.MethodPost, next, org.token, map[string]any{"name": "Autumn"})
	assert.Equal(t, http.StatusConflict, status, "one next season")

	// Newcomers are welcome, and each player may withdraw.
	newcomer := app.newPlayers("newcomer", 1)[0]
	app.seasonSignUp(nextID, []player{newcomer})
	res := app.apiSend(http.MethodDelete, fmt.Sprintf("/api/v1/seasons/%d/signup", nextID), ps[2].token, nil)
	res.Body.Close()
	require.Equal(t, http.StatusNoContent, res.StatusCode)

	status, body = app.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/start", nextID), org.token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	divs := body["divisions"].([]any)
	top := divs[0].(map[string]any)["members"].([]any)
	bottom := divs[1].(map[string]any)["members"].([]any)
	assert.Contains(t, top, seats[0], "promoted")
	assert.Contains(t, bottom, "player8", "relegated")
	// player3 withdrew: division 1 takes the best-placed of division 2 who was not sent
	// down, and the newcomer fills division 2.
	assert.NotContains(t, top, "player3")
	assert.Contains(t, bottom, "newcomer1")
	assert.Len(t, top, 8)
	assert.Len(t, bottom, 8)
}

func TestAPISeasonStartSplitsIntoDivisionsOfAnySize(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 11)
	id := app.newSeason(ps[0], map[string]any{"division_size": 6, "promote": 2})
	app.seasonSignUp(id, ps)

	status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/start", id), ps[0].token, nil)
	require.Equal(t, http.StatusOK, status, "%v", body)
	divs := body["divisions"].([]any)
	require.Len(t, divs, 2, "round-half-up(11 / 6) = 2 divisions")
	for d, want := range []int{6, 5} {
		div := divs[d].(map[string]any)
		assert.Len(t, div["members"], want, "the larger on top")
		status, l := app.api(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%v", div["league_id"]), "", nil)
		require.Equal(t, http.StatusOK, status)
		assert.Equal(t, float64(want), l["players"], "a league of the division's size")
		assert.Equal(t, "running", l["status"])
	}
}

func TestAPISeasonStartRefusesADivisionOverThirtyTwo(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 47)
	id := app.newSeason(ps[0], map[string]any{"division_size": 32})
	app.seasonSignUp(id, ps)

	status, body := app.api(http.MethodPost, fmt.Sprintf("/api/v1/seasons/%d/start", id), ps[0].token, nil)
	assert.Equal(t, http.StatusUnprocessableEntity, status, "47 in divisions of 32 make one division of 47")
	assert.Equal(t, "signed_up: 47 players make 1 division of 47; a division holds at most 32 players", body["error"])
	status, body = app.api(http.MethodGet, fmt.Sprintf("/api/v1/seasons/%d", id), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "open", body["status"], "nothing written")
}
