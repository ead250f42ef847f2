package web_test

import (
	"fmt"
	"io"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// standingsOf reads a league's standings through the API: username → [points, games].
func standingsOf(t *testing.T, app *testApp, l store.League) map[string][2]float64 {
	t.Helper()
	status, body := app.APIAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status, body)
	out := map[string][2]float64{}
	for _, row := range body.([]any) {
		r := row.(map[string]any)
		out[r["username"].(string)] = [2]float64{r["points"].(float64), r["games"].(float64)}
	}
	return out
}

// CONTRACT section 12 in a placement game, through a proposal: the third seat did not come
// and a substitute played the second. The absent seat is never asked to confirm; the game is
// scored as a 3-player game (6, 2, 0); the seated player takes the substitute's seat's
// points; the recorded result and the game show who was absent and who replaced whom; the
// absent player has no game in the standings.
func TestAPIAbsentSeatAndSubstituteInAPlacementGame(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, outsider := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	require.Len(t, seated, 4)
	body := map[string]any{
		"players": []map[string]any{{"id": seated[0].Username, "score": 30}, {"id": seated[1].Username, "score": 20},
			{"id": seated[3].Username, "score": 10}},
		"absent":   []string{seated[2].Username},
		"replaced": map[string]string{seated[1].Username: outsider.Username},
	}

	status, proposal := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[2].token, body)
	assert.Equal(t, http.StatusForbidden, status, "an absent player does not propose: %v", proposal)
	status, proposal = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, body)
	require.Equal(t, http.StatusCreated, status, proposal)
	assert.Equal(t, []any{seated[1].Username, seated[3].Username}, proposal["waiting"], "the absent seat is not asked")
	_, desk := app.get(app.logIn(seated[2]), "/")
	assert.NotContains(t, text(desk.Find("#table")), "Results to confirm", "the absent player's desk asks nothing")
	_, desk = app.get(app.logIn(seated[1]), "/")
	assert.Contains(t, text(desk.Find("#table")), "Results to confirm", "a player present is asked")
	status, refused := app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[2].token, nil)
	assert.Equal(t, http.StatusForbidden, status, "an absent seat does not confirm: %v", refused)
	for i, p := range []player{seated[1], seated[3]} {
		status, out := app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), p.token, nil)
		require.Equal(t, http.StatusOK, status, out)
		assert.Equal(t, i == 1, out["recorded"])
	}

	status, recorded := app.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	require.Equal(t, http.StatusOK, status, recorded)
	assert.Equal(t, []any{seated[2].Username}, recorded["absent"])
	assert.Equal(t, map[string]any{seated[1].Username: outsider.Username}, recorded["replaced"])
	points := map[string]any{}
	for _, r := range recorded["results"].([]any) {
		points[r.(map[string]any)["id"].(string)] = r.(map[string]any)["points"]
	}
	assert.Equal(t, map[string]any{seated[0].Username: 6.0, seated[1].Username: 2.0, seated[3].Username: 0.0}, points,
		"the seed's 3-player table among the three present")
	assert.Len(t, recorded["ledger"], 3, "the absent seat is not rated")

	status, game := app.api(http.MethodGet, gamePath(g.ID, ""), "", nil)
	require.Equal(t, http.StatusOK, status, game)
	assert.Equal(t, []any{seated[2].Username}, game["absent"])
	assert.Equal(t, map[string]any{seated[1].Username: outsider.Username}, game["replaced"])

	standings := standingsOf(t, app, l)
	assert.Equal(t, [2]float64{6, 1}, standings[seated[0].Username])
	assert.Equal(t, [2]float64{2, 1}, standings[seated[1].Username], "the seated player takes the substitute's points")
	assert.Equal(t, [2]float64{0, 0}, standings[seated[2].Username], "an absent seat is not a game played")
	_, inStandings := standings[outsider.Username]
	assert.False(t, inStandings, "the substitute is no member")

	res, err := app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/results.csv")
	require.NoError(t, err)
	csvBody, err := io.ReadAll(res.Body)
	res.Body.Close()
	require.NoError(t, err)
	places := map[string]string{}
	for i, name := range csvColumn(t, csvBody, "username") {
		places[name] = csvColumn(t, csvBody, "place")[i]
	}
	assert.Equal(t, "", places[seated[2].Username], "the results export gives an absent seat no place")
	assert.Equal(t, "1", places[seated[0].Username])
}

// CONTRACT section 12 in a team game, proposed by a player and recorded by the organiser:
// Blue Max, 2 v 2 seats, the fourth seat absent; the game is scored 2 v 1 among those present.
func TestAPIAbsentSeatInATeamGame(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "blue-max", 4)
	g := mustLeagueGames(t, app, l)[0]
	seat := func(i int) string { return g.Seats[i].Username }
	body := map[string]any{"sides": []map[string]any{
		{"name": "Allies", "players": []map[string]any{{"id": seat(0), "destroyed": 1}, {"id": seat(1)}}},
		{"name": "Central Powers", "players": []map[string]any{{"id": seat(2), "lost": 1}}}},
		"absent": []string{seat(3)}, "replaced": map[string]string{seat(0): outsider.Username}}
	// Proposed by the first seat: the absent fourth is not asked, the other two are.
	seated, _ := seatedPlayers(g, members)
	status, proposal := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, body)
	require.Equal(t, http.StatusCreated, status, proposal)
	assert.Equal(t, []any{seat(1), seat(2)}, proposal["waiting"])
	// The organiser's record wins over the standing proposal.
	status, recorded := app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, body)
	require.Equal(t, http.StatusCreated, status, recorded)
	assert.Equal(t, "strategic", recorded["victory"])
	assert.Equal(t, []any{seat(3)}, recorded["absent"])
	assert.Equal(t, map[string]any{seat(0): outsider.Username}, recorded["replaced"])
	assert.Len(t, recorded["results"], 3)
	assert.Len(t, recorded["ledger"], 3)
	standings := standingsOf(t, app, l)
	// Strategic victory 4, +1 for the unit destroyed (no best team player: both scored 0
	// personal points); the teammate 4; the defeated -1 for the unit lost.
	assert.Equal(t, [2]float64{5, 1}, standings[seat(0)])
	assert.Equal(t, [2]float64{4, 1}, standings[seat(1)])
	assert.Equal(t, [2]float64{-1, 1}, standings[seat(2)])
	assert.Equal(t, [2]float64{0, 0}, standings[seat(3)])
}

// Absent seats that do not add up are 422 naming the field, and nothing is recorded.
func TestAPIAbsentSeatRefusals(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, outsider := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seat := func(i int) string { return g.Seats[i].Username }
	players := func(seats ...int) []map[string]any {
		var out []map[string]any
		for n, s := range seats {
			out = append(out, map[string]any{"id": seat(s), "score": 10 - n})
		}
		return out
	}
	for _, tc := range []struct {
		name  string
		body  map[string]any
		field string
	}{
		{"not seated", map[string]any{"players": players(0, 1, 2), "absent": []string{outsider.Username}}, "absent[0]"},
		{"present and absent", map[string]any{"players": players(0, 1, 2, 3), "absent": []string{seat(3)}}, "absent[0]"},
		{"absent and replaced", map[string]any{"players": players(0, 1, 2), "absent": []string{seat(3)},
			"replaced": map[string]string{seat(3): outsider.Username}}, "absent[0]"},
		{"one present", map[string]any{"players": players(0), "absent": []string{seat(1), seat(2), seat(3)}}, "players"},
		{"a seat neither present nor absent", map[string]any{"players": players(0, 1), "absent": []string{seat(2)}}, "players"},
		{"a substitute who holds a seat", map[string]any{"players": players(0, 1, 2), "absent": []string{seat(3)},
			"replaced": map[string]string{seat(0): seat(3)}}, "replaced." + seat(0)},
		{"absent is no list", map[string]any{"players": players(0, 1, 2), "absent": seat(3)}, "absent"},
	} {
		status, out := app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, tc.body)
		assert.Equal(t, http.StatusUnprocessableEntity, status, "%s: %v", tc.name, out)
		assert.Regexp(t, "^"+regexp.QuoteMeta(tc.field)+"[: ]", out["error"], tc.name)
	}
	status, _ := app.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	assert.Equal(t, http.StatusNotFound, status, "nothing recorded")
}

// The result form records a no-show and a substitute in a placement game (CONTRACT section
// 12): the player who said "I can't come" is pre-marked absent on the organiser's form and
// on a seated player's proposal form; the preview scores the three present by the seed's
// 3-player table and names the absent seat without a place; the saved result shows both.
func TestResultFormRecordsANoShowAndASubstitute(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, out := app.APIAny(http.MethodPut, gamePath(g.ID, "/attendance"), seated[2].token, map[string]any{"coming": false})
	require.Equal(t, http.StatusOK, status, out)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)

	_, doc := app.get(app.logIn(seated[0]), formPath)
	assert.Equal(t, 1, doc.Find(`input[name="absent-3"][checked]`).Length(), "the proposal form marks who cannot come")
	c := app.logIn(org)
	_, doc = app.get(c, formPath)
	assert.Equal(t, 1, doc.Find(`input[name="absent-3"][checked]`).Length(), "the result form marks who cannot come")
	assert.Equal(t, 1, doc.Find(`input[type="checkbox"][checked]`).Length(), "and nobody else")
	assert.Equal(t, 4, doc.Find(`input[name^="substitute-"]`).Length(), "every seat may be played by a substitute")

	values := url.Values{"action": {"preview"}, "score-1": {"30"}, "score-2": {"20"}, "score-4": {"10"},
		"absent-3": {"1"}, "substitute-2": {outsider.Username}}
	res, doc := app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	rows := doc.Find("#preview tbody tr")
	require.Equal(t, 4, rows.Length())
	var points []string
	rows.Each(func(_ int, s *goquery.Selection) { points = append(points, text(s.Find(".points"))) })
	assert.Equal(t, []string{"6", "2", "0", "0"}, points, "the seed's 3-player table; the absent seat none")
	absentRow := doc.Find("#preview tr.is-absent")
	require.Equal(t, 1, absentRow.Length())
	assert.Contains(t, text(absentRow), "did not come")
	assert.Equal(t, "—", text(absentRow.Find(".place")))

	// Too few present is refused on the form, beside the field, nothing saved.
	tooFew := url.Values{"action": {"save"}, "score-1": {"30"}, "absent-2": {"1"}, "absent-3": {"1"}, "absent-4": {"1"}}
	res, doc = app.submit(c, formPath, formPath, tooFew)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.NotEmpty(t, text(doc.Find(".alert")))

	values.Set("action", "save")
	res, doc = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode, text(doc.Find(".alert")))
	status, recorded := app.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{seated[2].Username}, recorded["absent"])
	assert.Equal(t, map[string]any{seated[1].Username: outsider.Username}, recorded["replaced"])
	_, doc = app.get(c, fmt.Sprintf("/games/%d", g.ID))
	table := text(doc.Find("#result .result-table"))
	assert.Contains(t, table, "did not come")
	assert.Contains(t, table, "finished by "+outsider.Username)
	assert.Contains(t, text(doc.Find("#result .table-order")), "Scored among the players present")
}

// The form maps the scorer's problems back to the right seat when a seat before it is
// absent (players[1] is seat 3 once seat 2 did not come), and a team game's and a Vortex
// board's forms leave the absent seat out of their sides and players.
func TestResultFormNoShowInEveryFormShape(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	res, doc := app.submit(c, formPath, formPath, url.Values{"action": {"preview"},
		"score-1": {"9"}, "absent-2": {"1"}, "score-3": {"-5"}, "score-4": {"1"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find("#e-score-3")), "0 or more", "the problem lands on seat 3's score")
	assert.Empty(t, text(doc.Find("#e-score-4")))
	assert.Empty(t, text(doc.Find("#e-score-2")), "nothing is asked of the absent seat")

	bm := newTestApp(t, web.Config{})
	l, org, _, _ = runningLeague(t, bm, "blue-max", 4)
	g = mustLeagueGames(t, bm, l)[0]
	c = bm.logIn(org)
	formPath = fmt.Sprintf("/games/%d/result", g.ID)
	values := url.Values{"action": {"preview"}, "absent-4": {"1"}}
	for pos := 1; pos <= 3; pos++ {
		for _, f := range []string{"units", "lost", "destroyed", "points"} {
			values.Set(fmt.Sprintf("%s-%d", f, pos), "0")
		}
		values.Set(fmt.Sprintf("units-%d", pos), "1")
	}
	values.Set("lost-3", "1")
	values.Set("destroyed-1", "1")
	res, doc = bm.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Contains(t, text(doc.Find("#preview .victory")), "Allies — strategic victory")
	var points []string
	doc.Find("#preview tbody tr .points").Each(func(_ int, s *goquery.Selection) { points = append(points, text(s)) })
	assert.Equal(t, []string{"5", "4", "−1", "0"}, points, "2 v 1 among those present; the absent seat none")

	vx := newTestApp(t, web.Config{})
	l, org, _, _ = runningLeague(t, vx, "vortex", 4)
	g = mustLeagueGames(t, vx, l)[0]
	c = vx.logIn(org)
	formPath = fmt.Sprintf("/games/%d/result", g.ID)
	res, doc = vx.submit(c, formPath, formPath, url.Values{"action": {"save"},
		"score-1": {"90"}, "score-2": {"70"}, "score-3": {"40"}, "absent-4": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode, text(doc.Find(".alert")))
	status, recorded := vx.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{g.Seats[3].Username}, recorded["absent"])
	winner := recorded["results"].([]any)[0].(map[string]any)
	assert.Equal(t, 700.0, winner["points"], "vortex-mechanics.txt among the three present: 10 × (20 + 50)")
}
