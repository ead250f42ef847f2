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

// Withdrawing a member with no substitute, through the API and the manage page: refusals
// name the reason, the unplayed games go on one player short, the standings and the
// fairness report say what happened.
func TestWithdrawAMember(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	games := mustLeagueGames(t, app, l)
	var played int64
	for _, g := range games {
		for _, s := range g.Seats {
			if s.UserID == members[1].ID && played == 0 {
				played = g.ID
				status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 4, 3, 2, 1))
				require.Equal(t, http.StatusCreated, status, out)
			}
		}
	}

	for _, tc := range []struct {
		token string
		body  map[string]string
		code  int
		msg   string
	}{
		{members[0].token, map[string]string{"username": "player2"}, 403, "only the league's organiser may do this"},
		{org.token, map[string]string{}, 422, "username: required"},
		{org.token, map[string]string{"username": outsider.Username}, 409, "username: outsider1 is not a member of this league"},
	} {
		status, out := app.api("POST", path+"/withdraw", tc.token, tc.body)
		assert.Equal(t, tc.code, status, "%v", tc.body)
		assert.Equal(t, tc.msg, out["error"], "%v", tc.body)
	}

	status, out := app.api("POST", path+"/withdraw", org.token, map[string]any{"username": "player2", "dry_run": true})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, float64(15), out["shortened"], "a dry run says what would happen")
	assert.Contains(t, out["detail"], "player2 withdrew without a substitute: games ")
	preview := out["detail"]
	status, out = app.api("GET", path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Nil(t, out["withdrawn"], "and changes nothing")
	assert.Len(t, out["members"], 8)

	status, out = app.api("POST", path+"/withdraw", org.token, map[string]string{"username": "player2"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, []any{"player2"}, out["withdrawn"])
	status, history := app.apiAny("GET", path+"/history", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, preview, history.([]any)[0].(map[string]any)["detail"], "the preview said what the withdrawal did")
	assert.Len(t, out["members"], 7)
	status, out = app.api("POST", path+"/withdraw", org.token, map[string]string{"username": "player2"})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "username: player2 has already withdrawn from this league", out["error"])

	// A shortened game: three seats, three seat names, and a result for three players.
	status, list := app.apiAny("GET", path+"/games", "", nil)
	require.Equal(t, http.StatusOK, status)
	var short map[string]any
	for _, g := range list.([]any) {
		game := g.(map[string]any)
		if len(game["seats"].([]any)) == 3 && short == nil {
			short = game
		}
		if game["id"] != float64(played) {
			assert.NotContains(t, game["seats"], "player2")
		}
	}
	require.NotNil(t, short)
	assert.Equal(t, []any{"Seat 1", "Seat 2", "Seat 3"}, short["seat_names"])
	assert.Equal(t, float64(3), short["seat_count"])
	seats := short["seats"].([]any)
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%v/result", short["id"]), org.token, map[string]any{"players": []map[string]any{
		{"id": seats[0], "score": 3}, {"id": seats[1], "score": 2}, {"id": seats[2], "score": 1}}})
	require.Equal(t, http.StatusCreated, status, out)

	status, standings := app.apiAny("GET", path+"/standings", "", nil)
	require.Equal(t, http.StatusOK, status)
	found := false
	for _, s := range standings.([]any) {
		line := s.(map[string]any)
		if line["username"] == "player2" {
			found = true
			assert.Equal(t, "withdrew", line["note"])
			assert.Equal(t, float64(1), line["games"])
		}
	}
	assert.True(t, found, "the withdrawn member stays in the standings with the game played")

	_, doc := app.get(app.browser(), leaguePath(l))
	assert.Equal(t, "Withdrew without a substitute: player2", text(doc.Find(".withdrawn-members")))
	assert.Contains(t, text(doc.Find("#replacements")), "player2 withdrew without a substitute after 1 game played, whose points stay; of the 15 games left, 15 go on one player short.")
	report := text(doc.Find(".fairness-withdrawals"))
	assert.Contains(t, report, "player2 withdrew on ")
	assert.Contains(t, report, "among 8 players before")
	assert.Contains(t, report, "among 7 after")
	assert.Equal(t, 7, doc.Find(".matchup-matrix .axis-label").Length()/2-0, "the matrix is of the seven who stay")
	assert.Contains(t, text(doc.Find("#history")), "player2 withdrew without a substitute: games ")
	_, doc = app.get(app.browser(), leaguePath(l)+"/print/standings")
	assert.Contains(t, doc.Text(), "player2 withdrew without a substitute after 1 game played", "the standings sheet notes it too")

	// The manage page's form: a box to tick, then the withdrawal.
	c := app.logIn(org)
	_, doc = app.get(c, leaguePath(l)+"/manage")
	require.Equal(t, 7, doc.Find(`#withdraw select[name="username"] option`).Length())
	res, doc := app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/withdraw", url.Values{"username": {"player3"}, "step": {"preview"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find(".withdraw-preview")), "Nothing has changed yet. If you confirm: player3 withdrew without a substitute")
	assert.Equal(t, "player3", doc.Find(`#withdraw option[selected]`).AttrOr("value", ""))
	res, _ = app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/withdraw", url.Values{"username": {"player3"}})
	_, refusal := app.refusedTo(c, res, "withdraw")
	assert.Equal(t, "Tick the box; a withdrawal cannot be undone", refusal)
	res, _ = app.submit(c, leaguePath(l)+"/manage", leaguePath(l)+"/withdraw", url.Values{"username": {"player3"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	status, out = app.api("GET", path, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{"player2", "player3"}, out["withdrawn"])

	// Not running any more: refused with the reason.
	status, _ = app.api("POST", path+"/close", org.token, nil)
	require.Equal(t, http.StatusOK, status)
	status, out = app.api("POST", path+"/withdraw", org.token, map[string]string{"username": "player4"})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "league: closed; its players can no longer change", out["error"])
}

// In a league of two-player games, a withdrawal merges the leaver's games two by two: the
// league page counts the games left and every player who stays plays as many as before.
func TestWithdrawFromALeagueOfTwo(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 2)
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, out := app.api("POST", path+"/withdraw", org.token, map[string]string{"username": "player5"})
	require.Equal(t, http.StatusOK, status, out)
	games := mustLeagueGames(t, app, l)
	assert.Len(t, games, 49, "56 games, 14 of them the leaver's, merged into 7")
	played := map[string]int{}
	for _, g := range games {
		require.Len(t, g.Seats, 2)
		for _, s := range g.Seats {
			played[s.Username]++
		}
	}
	assert.Len(t, played, 7)
	for name, n := range played {
		assert.Equal(t, 14, n, name)
	}
	_, doc := app.get(app.browser(), leaguePath(l))
	assert.Equal(t, "49", text(doc.Find(`.facts dt:contains("Games") + dd`)), "the header counts the games left")
	assert.Contains(t, text(doc.Find("#replacements")), "of the 14 games left, 14 became 7 with another player in the empty seat.")
}
