package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/web"
)

// leagueCount counts every league stored, to show a refused creation wrote nothing.
func (a *testApp) leagueCount() int {
	a.t.Helper()
	var n int
	require.NoError(a.t, a.store.Pool().QueryRow(a.t.Context(), `SELECT count(*) FROM leagues`).Scan(&n))
	return n
}

// scheduleGamesEach is what `tablestakes schedule --players n --per-game k` plays: the
// games of player 1 in the schedule the command prints (it calls scheduler.Build with the
// same options and no games per player).
func scheduleGamesEach(t *testing.T, n, k int) int {
	t.Helper()
	s, err := scheduler.Build(scheduler.Options{Players: n, PerGame: k, Seed: 1})
	require.NoError(t, err)
	each := 0
	for _, g := range s.Games {
		for _, p := range g.Seats {
			if p == 1 {
				each++
			}
		}
	}
	return each
}

// CONTRACT section 10: "players" from max(3, K) to 32, default 8; "games_per_player" a
// positive multiple of K as `tablestakes schedule --games-per-player` accepts, default what
// the schedule command plays; 422 naming the field and nothing written otherwise.
func TestAPICreateLeagueOfAnySize(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]

	for _, tc := range []struct {
		name    string
		body    map[string]any
		players int
		each    int // 0: what the schedule command plays for players and per game
	}{
		{"default 8, the seed's table", map[string]any{"players_per_game": 3}, 8, 0},
		{"12 players, 4 a game", map[string]any{"players_per_game": 4, "players": 12}, 12, 0},
		{"5 players, 3 a game", map[string]any{"players_per_game": 3, "players": 5}, 5, 0},
		{"10 players, 3 a game", map[string]any{"players_per_game": 3, "players": 10}, 10, 0},
		{"the least: 3 players, 2 a game", map[string]any{"players_per_game": 2, "players": 3}, 3, 0},
		{"the least for K: 4 players, 4 a game", map[string]any{"players_per_game": 4, "players": 4}, 4, 0},
		{"the most: 32 players", map[string]any{"players_per_game": 4, "players": 32}, 32, 12},
		{"games per player chosen", map[string]any{"players_per_game": 3, "players": 5, "games_per_player": 6}, 5, 6},
		{"games per player chosen for 8", map[string]any{"players_per_game": 4, "games_per_player": 8}, 8, 8},
	} {
		t.Run(tc.name, func(t *testing.T) {
			body := map[string]any{"name": tc.name, "game": "king-me", "min_recent_games": 0}
			for k, v := range tc.body {
				body[k] = v
			}
			status, got := app.api(http.MethodPost, "/api/v1/leagues", org.token, body)
			require.Equal(t, http.StatusCreated, status, "%v", got)
			each := tc.each
			if each == 0 {
				each = scheduleGamesEach(t, tc.players, tc.body["players_per_game"].(int))
			}
			assert.Equal(t, float64(tc.players), got["players"])
			assert.Equal(t, float64(each), got["games_per_player"])
			status, read := app.api(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%v", got["id"]), "", nil)
			require.Equal(t, http.StatusOK, status)
			assert.Equal(t, float64(tc.players), read["players"], "GET shows the size")
			assert.Equal(t, float64(each), read["games_per_player"], "GET shows the games each")
		})
	}
	assert.Equal(t, 9, scheduleGamesEach(t, 8, 3), "the seed's table: 9 games each with 3 a game")

	for _, tc := range []struct {
		name   string
		body   map[string]any
		status int
		error  string
	}{
		{"2 players", map[string]any{"players_per_game": 2, "players": 2}, http.StatusUnprocessableEntity,
			"players: must be between 3 and 32, got 2"},
		{"fewer players than a game seats", map[string]any{"players_per_game": 5, "players": 4}, http.StatusUnprocessableEntity,
			"players: must be between 5 and 32, got 4"},
		{"33 players", map[string]any{"players_per_game": 4, "players": 33}, http.StatusUnprocessableEntity,
			"players: must be between 4 and 32, got 33"},
		{"0 players", map[string]any{"players_per_game": 4, "players": 0}, http.StatusUnprocessableEntity,
			"players: must be between 4 and 32, got 0"},
		{"games per player not a multiple of K", map[string]any{"players_per_game": 3, "players": 8, "games_per_player": 10},
			http.StatusUnprocessableEntity,
			"games_per_player: 10 is not a multiple of players per game 3 (every player must sit in every seat equally often)"},
		{"games per player 0", map[string]any{"players_per_game": 3, "games_per_player": 0}, http.StatusUnprocessableEntity,
			"games_per_player: must be positive, got 0"},
		{"games per player negative", map[string]any{"players_per_game": 3, "games_per_player": -3}, http.StatusUnprocessableEntity,
			"games_per_player: must be positive, got -3"},
		{"too many games", map[string]any{"players_per_game": 2, "players": 32, "games_per_player": 128}, http.StatusUnprocessableEntity,
			"games_per_player: 128 would make a league of 2048 games, more than 1024"},
		{"players not a number", map[string]any{"players_per_game": 3, "players": "12"}, http.StatusBadRequest, ""},
	} {
		t.Run(tc.name, func(t *testing.T) {
			before := app.leagueCount()
			body := map[string]any{"name": tc.name, "game": "king-me", "min_recent_games": 0}
			for k, v := range tc.body {
				body[k] = v
			}
			status, got := app.api(http.MethodPost, "/api/v1/leagues", org.token, body)
			require.Equal(t, tc.status, status, "%v", got)
			if tc.error != "" {
				assert.Equal(t, tc.error, got["error"])
			} else {
				assert.Contains(t, got["error"], "players")
			}
			assert.Equal(t, before, app.leagueCount(), "nothing written")
		})
	}
}

// CONTRACT section 10: a league of N is open until its N-th member joins, whose join
// draws the whole schedule at once, balanced as scheduler.Verify demands; the (N+1)-th is
// refused with 409.
func TestAPILeagueOfFiveRunsAtTheFifthJoin(t *testing.T) {
	t.Parallel()
	for _, faceToFace := range []bool{false, true} {
		t.Run(fmt.Sprintf("face to face %v", faceToFace), func(t *testing.T) {
			t.Parallel()
			app := newTestApp(t, web.Config{})
			org := app.newPlayers("organiser", 1)[0]
			players := app.newPlayers("player", 6)
			status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token, map[string]any{
				"name": "Five", "game": "king-me", "players_per_game": 3, "players": 5, "min_recent_games": 0,
				"face_to_face": faceToFace,
			})
			require.Equal(t, http.StatusCreated, status, "%v", body)
			path := fmt.Sprintf("/api/v1/leagues/%v", body["id"])
			for i, p := range players[:5] {
				status, body = app.api(http.MethodPost, path+"/join", p.token, nil)
				require.Equal(t, http.StatusOK, status, "%v", body)
				if i < 4 {
					assert.Equal(t, "open", body["status"], "open with %d of 5", i+1)
					status, games := app.apiAny(http.MethodGet, path+"/games", "", nil)
					require.Equal(t, http.StatusOK, status)
					assert.Empty(t, games, "no game before the 5th join")
				}
			}
			assert.Equal(t, "running", body["status"], "the 5th join starts the league")
			assert.Len(t, body["members"], 5)

			status, body = app.api(http.MethodPost, path+"/join", players[5].token, nil)
			assert.Equal(t, http.StatusConflict, status, "the 6th of 5 is refused: %v", body)

			s := storetest.Schedule(t, app.store, storeLeague(t, app, path))
			assert.Len(t, s.Games, 5, "5 players × 3 games each / 3 a game")
			opts := scheduler.Options{Players: 5, PerGame: 3, Rounds: faceToFace}
			assert.NoError(t, scheduler.Verify(s, opts), "the stored schedule is balanced")
			report := scheduler.Fairness(s)
			assert.Equal(t, []int{3, 3, 3, 3, 3}, report.PlayerGames, "everyone plays 3")
			assert.LessOrEqual(t, report.Spread, 1, "every pair meets once or twice")
			assert.GreaterOrEqual(t, report.MatchupMin, 1, "every pair meets")
		})
	}
}

// body2id reads the league's id back from its API path.
func body2id(t *testing.T, app *testApp, path string) int64 {
	t.Helper()
	status, body := app.api(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	return int64(body["id"].(float64))
}

// A league's size and games each change while it is open, never once it runs.
func TestAPIEditLeagueSize(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]
	players := app.newPlayers("player", 4)
	status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token, map[string]any{
		"name": "Resized", "game": "king-me", "players_per_game": 3, "min_recent_games": 0,
	})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	path := fmt.Sprintf("/api/v1/leagues/%v", body["id"])

	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"players": 2})
	require.Equal(t, http.StatusUnprocessableEntity, status, "%v", body)
	assert.Equal(t, "players: must be between 3 and 32, got 2", body["error"])
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"games_per_player": 4})
	require.Equal(t, http.StatusUnprocessableEntity, status, "%v", body)
	assert.Equal(t, "games_per_player: 4 is not a multiple of players per game 3 (every player must sit in every seat equally often)", body["error"])
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"players_per_game": 5, "players": 4})
	require.Equal(t, http.StatusUnprocessableEntity, status, "%v", body)
	assert.Equal(t, "players: must be between 5 and 32, got 4", body["error"])

	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"players": 4, "games_per_player": 6})
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, float64(4), body["players"])
	assert.Equal(t, float64(6), body["games_per_player"])

	app.join(storeLeague(t, app, path), players[:3])
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"players": 3})
	require.Equal(t, http.StatusConflict, status, "%v", body)
	assert.Equal(t, "players: 3 players have joined already; a league of 3 would have no place left for the join that draws its games", body["error"])
	status, body = app.api(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, float64(4), body["players"], "nothing written")
	app.join(storeLeague(t, app, path), players[3:])
	status, body = app.api(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "running", body["status"], "the 4th of 4 starts it")
	status, games := app.apiAny(http.MethodGet, path+"/games", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, games, 8, "4 players × 6 games each / 3 a game")

	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"players": 5})
	assert.Equal(t, http.StatusConflict, status, "%v", body)
	assert.Equal(t, "players: cannot change once the schedule exists", body["error"])
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"games_per_player": 3})
	assert.Equal(t, http.StatusConflict, status, "%v", body)
	assert.Equal(t, "games_per_player: cannot change once the schedule exists", body["error"])
}

// storeLeague reads the league at an API path from the store.
func storeLeague(t *testing.T, app *testApp, path string) store.League {
	t.Helper()
	l, err := app.store.League(t.Context(), body2id(t, app, path))
	require.NoError(t, err)
	return l
}
