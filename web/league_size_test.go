package web_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// The create form asks how many players (8 at first) and says what the league plays: on
// the page, and after "Preview the games" without JavaScript, storing nothing; a league of
// 12 then says 12 wherever the page said 8 (CONTRACT section 10).
func TestCreateLeagueFormOfTwelve(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("grace", "Grace Hopper", "compiler-1952")

	res, doc := app.get(c, "/leagues/new")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "How many players", text(doc.Find(`label[for="f-players"]`)))
	assert.Equal(t, "8", doc.Find(`input[name="players"]`).AttrOr("value", ""), "8 preselected")
	assert.Equal(t, "8 players, 4 a game: 32 games; each plays 16 games; every two players meet 6 or 7 times.",
		text(doc.Find("#league-preview-text")), "the seed's table for 4 a game")
	assert.Contains(t, doc.Find("#league-preview").AttrOr("data-default-games", ""), `"12,4":4`, "the script's defaults come from the server")
	assert.Contains(t, doc.Find(`script[src^="/static/league-form.js"]`).AttrOr("src", ""), "?v=", "the live preview's script")
	res, _ = app.get(c, doc.Find(`script[src^="/static/league-form.js"]`).AttrOr("src", ""))
	assert.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, res.Header.Get("Content-Type"), "javascript")

	count := func() int {
		var n int
		require.NoError(t, app.store.Pool().QueryRow(t.Context(), `SELECT count(*) FROM leagues`).Scan(&n))
		return n
	}
	// Without JavaScript: the preview is the server's, the form comes back as typed, and
	// nothing is stored; only the fields the preview reads are checked.
	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {""}, "game": {"king-me"}, "players": {"12"}, "players_per_game": {"4"}, "min_recent_games": {"0"},
		"recent_days": {"90"}, "preview": {"1"},
	})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "12 players, 4 a game: 12 games; each plays 4 games; every two players meet 1 or 2 times.",
		text(doc.Find("#league-preview-text")))
	assert.Equal(t, "12", doc.Find(`input[name="players"]`).AttrOr("value", ""))
	assert.Zero(t, doc.Find(".field-error").Length(), "the name can come later")
	assert.Zero(t, count(), "a preview stores nothing")

	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Twelve"}, "game": {"king-me"}, "players": {"12"}, "players_per_game": {"4"}, "games_per_player": {"8"},
		"face_to_face": {"true"}, "min_recent_games": {"0"}, "recent_days": {"90"}, "preview": {"1"},
	})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "12 players, 4 a game: 24 games in 8 rounds; each plays 8 games; every two players meet 2 or 3 times.",
		text(doc.Find("#league-preview-text")))

	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Too few"}, "game": {"king-me"}, "players": {"3"}, "players_per_game": {"4"}, "min_recent_games": {"0"},
		"recent_days": {"90"},
	})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "must be between 4 and 32, got 3", text(doc.Find("#e-players")))
	assert.Empty(t, text(doc.Find("#league-preview-text")), "no preview of a league that cannot be")
	assert.Zero(t, count(), "nothing stored")

	res, _ = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Twelve"}, "game": {"king-me"}, "players": {"12"}, "players_per_game": {"4"}, "min_recent_games": {"0"},
		"recent_days": {"90"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	_, doc = app.get(c, loc)
	assert.Equal(t, "Your league is created; it starts when its 12th player joins.", text(doc.Find(".flash")))
	assert.Equal(t, "12, each plays 4 games; every two players meet 1 or 2 times", text(doc.Find(".league-players")))
	assert.Contains(t, text(doc.Find(".facts")), "12, drawn when the 12th player joins")
	assert.Equal(t, "(0 of 12)", text(doc.Find(".members h2 .muted")))
	assert.Equal(t, 12, doc.Find(".members .open-place").Length())
	assert.Equal(t, "12 of 12 places left.", text(doc.Find("#join .muted")))
	assert.Equal(t, "The games are drawn when the 12th player joins: 12 games of 4 players.", text(doc.Find("#games .muted")))

	_, doc = app.get(c, "/leagues")
	assert.Equal(t, "0/12", text(doc.Find(`td[data-label="Players"]`).First()), "the list says 12, not 8")

	// Joined through this server, so its page cache hears each join at once.
	players := app.newPlayers("player", 12)
	join := func(p player) map[string]any {
		status, body := app.api(http.MethodPost, "/api/v1"+loc+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, "%v", body)
		return body
	}
	for _, p := range players[:11] {
		join(p)
	}
	_, doc = app.get(c, loc)
	assert.Equal(t, "(11 of 12)", text(doc.Find(".members h2 .muted")))
	assert.Equal(t, 1, doc.Find(".members .open-place").Length())
	assert.Equal(t, store.LeagueRunning, join(players[11])["status"], "the 12th join starts it")
	_, doc = app.get(c, loc)
	assert.Equal(t, "(12 of 12)", text(doc.Find(".members h2 .muted")))
	assert.Equal(t, 12, doc.Find("#games tbody tr").Length(), "12 games drawn")
}
