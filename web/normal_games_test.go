package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// TestNormalGameJourney: "anyone signed in opens a table for a game of the registry with
// 2..8 seats (within the game's range), players take seats, the table's creator records the
// result through the same scorer and the same ladder; they count toward the activity rule
// and the ratings, show on the player's page, and have their own list page" (issue 11).
func TestNormalGameJourney(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 4)
	org, ann, bob := app.logIn(ps[0]), app.logIn(ps[1]), app.logIn(ps[2])

	// Anonymous visitors see the list but may not open a table.
	res, doc := app.get(app.browser(), "/games")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Games", text(doc.Find("main h1")))
	assert.Zero(t, doc.Find(`a[href="/games/new"]`).Length())
	res, _ = app.get(app.browser(), "/games/new")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "opening a table needs a log-in")

	// Refusals name the field, and open nothing.
	for _, tc := range []struct {
		game, seats, field, message string
	}{
		{"vortex", "5", "seats", "Vortex takes 2 to 4 players, got 5"},
		{"king-me", "9", "seats", "must be between 2 and 8"},
		{"king-me", "two", "seats", "must be a whole number"},
		{"chess", "4", "game", "unknown game"},
	} {
		res, doc := app.submit(org, "/games/new", "/games", url.Values{"game": {tc.game}, "seats": {tc.seats}})
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, tc.game)
		assert.Contains(t, text(doc.Find(".field-invalid .field-error")), tc.message, tc.game)
	}
	open, err := app.store.NormalGames(t.Context(), store.GameOpen)
	require.NoError(t, err)
	assert.Empty(t, open, "a refused form opens nothing")

	res, _ = app.submit(org, "/games/new", "/games", url.Values{"game": {"diplomacy"}, "seats": {"3"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	gamePath := res.Header.Get("Location")
	require.True(t, strings.HasPrefix(gamePath, "/games/"), gamePath)

	_, doc = app.get(ann, gamePath)
	assert.Contains(t, text(doc.Find("main h1")), "Diplomacy — table")
	assert.Contains(t, text(doc.Find("main h1")), "open")
	assert.Contains(t, text(doc.Find("#join")), "Austria, England and France")
	assert.Equal(t, "Take Austria", text(doc.Find(`#join button`)))
	assert.Zero(t, doc.Find(`#result a[href="`+gamePath+`/result"]`).Length(), "no result form while seats are free")

	for _, c := range []*http.Client{ann, bob, org} {
		res, _ := app.submit(c, gamePath, gamePath+"/join", url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
	}
	_, doc = app.get(org, gamePath)
	assert.Contains(t, text(doc.Find("main h1")), "ready")
	assert.Zero(t, doc.Find("#join").Length(), "a full table offers no seat")
	got := doc.Find(".seat-table tbody tr").Map(func(_ int, s *goquery.Selection) string {
		return text(s.Find("td.power")) + " " + s.Find("td a").First().AttrOr("href", "")
	})
	assert.Equal(t, []string{"Austria /players/player2", "England /players/player3", "France /players/player1"}, got,
		"seat order is join order, each seat with its power")
	assert.Equal(t, 1, doc.Find(`#result a[href="`+gamePath+`/result"]`).Length(), "the table's organiser records the result")
	_, doc = app.get(ann, gamePath)
	assert.Equal(t, "No result yet: once the game is played, a player at the table proposes it and the others confirm it.",
		text(doc.Find("#result p")), "the table lets players report: no page says an organiser records it (issue #34)")
	res, doc = app.get(ann, gamePath+"/result")
	assert.Equal(t, http.StatusOK, res.StatusCode, "a seated player proposes the result instead (CONTRACT section 8)")
	assert.Contains(t, text(doc.Find("main h1")), "Propose the result")

	// A late-comer is refused with the reason.
	late := app.logIn(ps[3])
	_, doc = app.get(late, gamePath)
	res, doc = app.post(late, gamePath+"/join", url.Values{"_csrf": {csrfOf(t, doc)}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, text(doc.Find("#join, main")), "every seat is taken")

	// The result, through the same form as a league game: a solo for England.
	_, doc = app.get(org, gamePath+"/result")
	assert.Equal(t, "Games", text(doc.Find(".crumbs a").First()))
	id := strings.TrimPrefix(gamePath, "/games/")
	body := map[string]any{"outcome": "solo", "winners": []string{"player3"}, "players": []map[string]any{
		{"id": "player2", "centers": 0, "years": 5, "eliminated": 1905},
		{"id": "player3", "centers": 18, "years": 10},
		{"id": "player1", "centers": 10, "years": 10},
	}}
	status, out := app.api(http.MethodPost, "/api/v1/games/"+id+"/result", ps[1].token, body)
	assert.Equal(t, http.StatusForbidden, status, "%v", out)
	status, out = app.api(http.MethodPost, "/api/v1/games/"+id+"/result", ps[0].token, body)
	require.Equal(t, http.StatusCreated, status, "%v", out)
	assert.Nil(t, out["league_id"], "a normal game has no league")

	_, doc = app.get(app.browser(), "/games")
	assert.Contains(t, text(doc.Find("#finished")), "Diplomacy")
	assert.Contains(t, text(doc.Find("#finished")), "Player 3", "players by their display names")
	_, doc = app.get(app.browser(), "/players/player3")
	assert.Contains(t, text(doc.Find("#games")), "Normal game", "the player's page lists the normal game")
	_, doc = app.get(app.browser(), "/ratings/diplomacy")
	assert.Contains(t, text(doc.Find("main")), "player3", "the result moved the Diplomacy ladder")

	res, _ = app.get(app.browser(), fmt.Sprintf("/games/%d", 999999))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// TestNormalGameAPI: CONTRACT section 7's normal games: POST /api/v1/games, POST
// /api/v1/games/{id}/join, GET /api/v1/games/{id}.
func TestNormalGameAPI(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 4)

	status, out := app.api(http.MethodPost, "/api/v1/games", "", map[string]any{"game": "vortex", "seats": 2})
	assert.Equal(t, http.StatusUnauthorized, status, "%v", out)
	for _, tc := range []struct {
		body  string
		code  int
		field string
	}{
		{`{"game":"vortex","seats":5}`, http.StatusUnprocessableEntity, "seats: Vortex takes 2 to 4 players, got 5"},
		{`{"game":"vortex","seats":1}`, http.StatusUnprocessableEntity, "seats: must be between 2 and 8"},
		{`{"game":"vortex"}`, http.StatusUnprocessableEntity, "seats: required"},
		{`{"game":"chess","seats":2}`, http.StatusUnprocessableEntity, "game: unknown game"},
		{`{"game":"vortex","seats":2.5}`, http.StatusBadRequest, "seats"},
		{`{"game":`, http.StatusBadRequest, ""},
	} {
		status, out := app.api(http.MethodPost, "/api/v1/games", ps[0].token, []byte(tc.body))
		assert.Equal(t, tc.code, status, tc.body)
		assert.Contains(t, out["error"], tc.field, tc.body)
	}

	status, out = app.api(http.MethodPost, "/api/v1/games", ps[0].token, map[string]any{"game": "vortex", "seats": 3})
	require.Equal(t, http.StatusCreated, status, "%v", out)
	assert.Equal(t, "vortex", out["game"])
	assert.Equal(t, "open", out["status"])
	assert.Equal(t, []any{}, out["seats"], "the organiser is not seated unless they join")
	assert.Nil(t, out["league_id"])
	assert.Equal(t, []any{"Red", "Cyan", "Blue"}, out["seat_names"])
	path := fmt.Sprintf("/api/v1/games/%v", out["id"])

	for i, p := range ps[1:] {
		status, out = app.api(http.MethodPost, path+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, "%v", out)
		if i < 2 {
			assert.Equal(t, "open", out["status"])
		}
	}
	assert.Equal(t, "ready", out["status"], "the last seat taken makes the game ready")
	status, out = app.api(http.MethodPost, path+"/join", ps[0].token, nil)
	assert.Equal(t, http.StatusConflict, status, "full: %v", out)
	status, out = app.api(http.MethodPost, path+"/join", ps[1].token, nil)
	assert.Equal(t, http.StatusConflict, status, "already seated: %v", out)
	status, _ = app.api(http.MethodPost, path+"/join", "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)
	status, _ = app.api(http.MethodPost, "/api/v1/games/999999/join", ps[0].token, nil)
	assert.Equal(t, http.StatusNotFound, status)

	status, out = app.api(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{"player2", "player3", "player4"}, out["seats"], "seat order is join order")
	assert.Equal(t, []any{"Red", "Cyan", "Blue"}, out["seat_names"])
	assert.Nil(t, out["league_id"])
	assert.Equal(t, "ready", out["status"])
}

// TestNormalGameFormChoosesWhoEntersResults: "A league (and a normal game's table) chooses
// who enters results" (issue #25); the table's page form offers the choice and its window,
// and refuses a window outside 1..336 beside its field.
func TestNormalGameFormChoosesWhoEntersResults(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.logIn(app.newPlayers("player", 1)[0])

	_, doc := app.get(org, "/games/new")
	assert.Equal(t, 1, doc.Find(`input[name="results_by"][value="organisers"]`).Length())
	assert.Equal(t, 1, doc.Find(`input[name="confirm_hours"]`).Length())

	res, doc := app.submit(org, "/games/new", "/games",
		url.Values{"game": {"king-me"}, "seats": {"3"}, "results_by": {"players"}, "confirm_hours": {"400"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.NotEmpty(t, text(doc.Find(".field-invalid .field-error")))

	res, _ = app.submit(org, "/games/new", "/games",
		url.Values{"game": {"king-me"}, "seats": {"3"}, "results_by": {"organisers"}, "confirm_hours": {"12"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	id, err := strconv.ParseInt(strings.TrimPrefix(res.Header.Get("Location"), "/games/"), 10, 64)
	require.NoError(t, err)
	g, err := app.store.Game(t.Context(), id)
	require.NoError(t, err)
	assert.Equal(t, "organisers", g.ResultsBy)
	assert.Equal(t, 12, g.ConfirmHours)
}

// A normal game's table organiser sets its date and place; anyone else is refused with a
// message, and its ready table waits on the organiser's desk beside the league games.
func TestNormalGameScheduleAndDesk(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("tbl", 4)
	status, out := app.api(http.MethodPost, "/api/v1/games", ps[0].token, map[string]any{"game": "gonzaga", "seats": 2})
	require.Equal(t, http.StatusCreated, status, out)
	id := out["id"]
	path := fmt.Sprintf("/api/v1/games/%v", id)

	status, out = app.api("PUT", path+"/schedule", ps[1].token, map[string]any{"starts_at": "2026-12-01T19:00:00Z"})
	assert.Equal(t, http.StatusForbidden, status)
	assert.Equal(t, "only the organiser of this table may set its date and place", out["error"])
	status, out = app.api("PUT", path+"/schedule", ps[0].token, map[string]any{"starts_at": "2026-12-01T19:00", "place": "Café"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "2026-12-01T19:00:00Z", out["starts_at"], "a time without offset is UTC for a normal game")
	assert.Equal(t, "Café", out["place"])
	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%v", id))
	assert.Equal(t, "Tue 1 Dec 2026 19:00 UTC · Café", text(doc.Find(".game-when")), "the game page says when and where")

	// An open table is not waiting for a result yet; a full one is, on its organiser's desk.
	_, doc = app.get(app.logIn(ps[0]), "/")
	assert.Zero(t, doc.Find("#queue").Length())
	for _, p := range ps[1:3] {
		status, out = app.api(http.MethodPost, path+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, out)
	}
	_, doc = app.get(app.logIn(ps[0]), "/")
	rows := doc.Find("#queue tbody tr")
	require.Equal(t, 1, rows.Length())
	assert.Contains(t, text(rows), "Normal game Gonzaga")
	assert.Contains(t, text(rows), ps[1].DisplayName+", "+ps[2].DisplayName, "the players named as people know them")
	assert.Equal(t, fmt.Sprintf("/games/%v/result", id), rows.Find("a.record-link").AttrOr("href", ""))
	_, doc = app.get(app.logIn(ps[1]), "/")
	assert.Zero(t, doc.Find("#queue").Length(), "a seated player does not record")

	status, out = app.api("POST", path+"/result", ps[0].token, map[string]any{"players": []map[string]any{
		{"id": "tbl2", "score": 3}, {"id": "tbl3", "score": 1}}})
	require.Equal(t, http.StatusCreated, status, out)
	_, doc = app.get(app.logIn(ps[0]), "/")
	assert.Zero(t, doc.Find("#queue").Length(), "recorded: off the desk")
	status, out = app.api("PUT", path+"/schedule", ps[0].token, map[string]any{"place": "Pub"})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "game: already played; its date stays as it was", out["error"])
}
