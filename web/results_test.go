package web_test

import (
	"encoding/csv"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// runningLeague makes a running league of game with perGame players per game: an organiser
// who does not play, eight members, and an outsider.
func runningLeague(t *testing.T, app *testApp, game string, perGame int) (store.League, player, []player, player) {
	t.Helper()
	org := app.newPlayers("org", 1)[0]
	members := app.newPlayers("player", 8)
	outsider := app.newPlayers("outsider", 1)[0]
	l := app.join(app.newLeague(org, game, perGame, 0), members)
	require.Equal(t, store.LeagueRunning, l.Status)
	return l, org, members, outsider
}

// scoresFor is a placement body for the game's seats: seat 1 scores highest.
func scoresFor(g store.Game, scores ...int) map[string]any {
	var players []map[string]any
	for i, s := range g.Seats {
		players = append(players, map[string]any{"id": s.Username, "score": scores[i]})
	}
	return map[string]any{"players": players}
}

func TestAPIResultAuthorisationAndRefusals(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated := func(username string) bool {
		for _, s := range g.Seats {
			if s.Username == username {
				return true
			}
		}
		return false
	}
	var player, other player
	for _, m := range members {
		if seated(m.Username) {
			player = m
		} else {
			other = m
		}
	}
	path := fmt.Sprintf("/api/v1/games/%d/result", g.ID)
	body := scoresFor(g, 40, 30, 20, 10)
	unchanged := func() {
		t.Helper()
		status, _ := app.apiAny(http.MethodGet, path, "", nil)
		assert.Equal(t, http.StatusNotFound, status, "no result stored")
		status, st := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
		require.Equal(t, http.StatusOK, status)
		for _, row := range st.([]any) {
			assert.Equal(t, float64(0), row.(map[string]any)["games"])
		}
	}

	// The authorisation matrix of POST and PUT.
	for _, tc := range []struct {
		who    string
		token  string
		method string
		want   int
	}{
		{"anonymous", "", http.MethodPost, http.StatusUnauthorized},
		{"a seated player", player.token, http.MethodPost, http.StatusForbidden},
		{"a member not in the game", other.token, http.MethodPost, http.StatusForbidden},
		{"an outsider", outsider.token, http.MethodPost, http.StatusForbidden},
		{"anonymous", "", http.MethodPut, http.StatusUnauthorized},
		{"a seated player", player.token, http.MethodPut, http.StatusForbidden},
		{"an outsider", outsider.token, http.MethodPut, http.StatusForbidden},
		{"the organiser, nothing recorded yet", org.token, http.MethodPut, http.StatusConflict},
	} {
		status, out := app.apiAny(tc.method, path, tc.token, body)
		assert.Equal(t, tc.want, status, "%s %s: %v", tc.method, tc.who, out)
		assert.NotEmpty(t, out.(map[string]any)["error"])
		unchanged()
	}

	// Bad bodies name the field and change nothing.
	badSeat := scoresFor(g, 40, 30, 20, 10)
	badSeat["players"].([]map[string]any)[2]["id"] = outsider.Username
	missing := scoresFor(g, 40, 30, 20, 10)
	missing["players"] = missing["players"].([]map[string]any)[:3]
	badScore := scoresFor(g, 40, 30, 20, 10)
	badScore["players"].([]map[string]any)[1]["score"] = "high"
	for _, tc := range []struct {
		name   string
		body   any
		status int
		field  string
	}{
		{"someone not seated", badSeat, http.StatusUnprocessableEntity, "players[2].id: "},
		{"a seated player missing", missing, http.StatusUnprocessableEntity, "players: missing seated player"},
		{"the scorer's validation", badScore, http.StatusUnprocessableEntity, "players[1].score: "},
		{"not an object", []int{1, 2}, http.StatusBadRequest, "body: "},
	} {
		status, out := app.apiAny(http.MethodPost, path, org.token, tc.body)
		assert.Equal(t, tc.status, status, "%s: %v", tc.name, out)
		assert.True(t, strings.HasPrefix(out.(map[string]any)["error"].(string), tc.field), "%s: %v", tc.name, out)
		unchanged()
	}
	req, err := http.NewRequest(http.MethodPost, app.srv.URL+path, strings.NewReader(`{"players":[`))
	require.NoError(t, err)
	req.Header.Set("Authorization", "Bearer "+org.token)
	res, err := http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusBadRequest, res.StatusCode, "malformed JSON")
	unchanged()

	// The organiser records: 201 with the scored result; a second POST is 409.
	status, out := app.apiAny(http.MethodPost, path, org.token, body)
	require.Equal(t, http.StatusCreated, status, "%v", out)
	result := out.(map[string]any)
	assert.Equal(t, "placement", result["system"])
	lines := result["results"].([]any)
	require.Len(t, lines, 4)
	assert.Equal(t, g.Seats[0].Username, lines[0].(map[string]any)["id"])
	assert.Equal(t, float64(12), lines[0].(map[string]any)["points"])
	assert.Len(t, result["ledger"], 4)
	status, out = app.apiAny(http.MethodPost, path, org.token, body)
	assert.Equal(t, http.StatusConflict, status, "%v", out)

	// Players still cannot correct; the organiser can, and sees what moved.
	status, _ = app.apiAny(http.MethodPut, path, player.token, scoresFor(g, 10, 20, 30, 40))
	assert.Equal(t, http.StatusForbidden, status)
	status, out = app.apiAny(http.MethodPut, path, org.token, scoresFor(g, 10, 20, 30, 40))
	require.Equal(t, http.StatusOK, status, "%v", out)
	changes := out.(map[string]any)["changes"].(map[string]any)
	assert.Len(t, changes["points"], 4, "every seat's points moved")
	assert.NotEmpty(t, changes["ratings"])

	// Standings and ratings agree with the scorer and the rating package.
	res0, err := scoring.Score(scoring.Placement, []byte(fmt.Sprintf(`{"players":[{"id":%q,"score":10},{"id":%q,"score":20},{"id":%q,"score":30},{"id":%q,"score":40}]}`,
		g.Seats[0].Username, g.Seats[1].Username, g.Seats[2].Username, g.Seats[3].Username)))
	require.NoError(t, err)
	var memberNames []string
	for _, m := range members {
		memberNames = append(memberNames, m.Username)
	}
	var lines0 []scoring.StandingLine
	seats := make([]rating.Seat, 4)
	places := scoring.Places(res0.Results)
	for i, r := range res0.Results {
		lines0 = append(lines0, scoring.StandingLine{Player: r.ID, Points: r.Points, Place: places[i]})
		seats[i] = rating.Seat{Player: r.ID, Points: r.Points, Winner: r.Winner}
	}
	want := scoring.Standings(memberNames, lines0)
	status, st := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, st, 8)
	for i, row := range st.([]any) {
		m := row.(map[string]any)
		assert.Equal(t, want[i].Player, m["username"])
		f, _ := want[i].Points.Float64()
		assert.Equal(t, f, m["points"])
		assert.Equal(t, float64(want[i].Games), m["games"])
		assert.Equal(t, float64(want[i].Rank), m["rank"])
	}
	ladder, _, err := rating.Replay([]rating.Game{{ID: "1", Seats: seats}})
	require.NoError(t, err)
	status, rs := app.apiAny(http.MethodGet, "/api/v1/ratings/cartagena", "", nil)
	require.Equal(t, http.StatusOK, status)
	wantRatings := ladder.Standings()
	require.Len(t, rs, len(wantRatings))
	for i, row := range rs.([]any) {
		m := row.(map[string]any)
		assert.Equal(t, wantRatings[i].Player, m["username"])
		f, _ := new(big.Rat).SetFrac64(int64(wantRatings[i].Rating), int64(rating.PerPoint)).Float64()
		assert.Equal(t, f, m["rating"])
		assert.Equal(t, float64(1), m["games"])
		assert.Equal(t, true, m["provisional"])
	}
	status, _ = app.apiAny(http.MethodGet, "/api/v1/ratings/chess", "", nil)
	assert.Equal(t, http.StatusNotFound, status)
	status, rs = app.apiAny(http.MethodGet, "/api/v1/ratings/vortex", "", nil)
	assert.Equal(t, http.StatusOK, status)
	assert.Empty(t, rs)
}

func TestResultFormPreviewSaveAndPages(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "vampiring", 4)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)

	// A member not seated at the game may not even see the form (a seated one proposes on
	// it: web/proposals_test.go).
	_, others := seatedPlayers(g, members)
	res, _ := app.get(app.logIn(others[0]), formPath)
	assert.Equal(t, http.StatusForbidden, res.StatusCode)

	c := app.logIn(org)
	res, doc := app.get(c, fmt.Sprintf("/games/%d", g.ID))
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, 1, doc.Find(`#result a[href="`+formPath+`"]`).Length(), "the organiser is offered the form")

	values := url.Values{"action": {"preview"}}
	for i, s := range g.Seats {
		values.Set(fmt.Sprintf("score-%d", s.Position), fmt.Sprint(32-i*4))
	}
	values.Set("score-4", "10")
	values.Set("score-2", "28")
	values.Set("score-3", "28") // the seed's Vampiring example: 32, 28, 28, 10 → 12, 4, 4, 0
	res, doc = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode)
	rows := doc.Find("#preview tbody tr")
	require.Equal(t, 4, rows.Length())
	var points []string
	rows.Each(func(_ int, r *goquery.Selection) { points = append(points, text(r.Find(".points"))) })
	assert.Equal(t, []string{"12", "4", "4", "0"}, points)
	assert.Contains(t, text(doc.Find("#preview")), "Nothing is saved yet")
	st, err := app.store.Standings(t.Context(), l.ID)
	require.NoError(t, err)
	assert.Zero(t, st[0].Games, "a preview saves nothing")

	// A bad number is shown next to its field, and nothing is saved.
	bad := url.Values{"action": {"save"}}
	for k, v := range values {
		bad[k] = v
	}
	bad.Set("action", "save")
	bad.Set("score-2", "lots")
	res, doc = app.submit(c, formPath, formPath, bad)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find("#e-score-2")), "Not a number")

	values.Set("action", "save")
	res, _ = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, fmt.Sprintf("/games/%d#result", g.ID), res.Header.Get("Location"))

	_, doc = app.get(c, fmt.Sprintf("/games/%d", g.ID))
	assert.Equal(t, 4, doc.Find("#result .result-table tbody tr").Length())
	assert.Equal(t, 4, doc.Find("#result .ledger-table tbody tr").Length())
	assert.Contains(t, text(doc.Find("#result")), "Correct this result")

	_, doc = app.get(app.browser(), leaguePath(l))
	table := doc.Find("#standings .standings-table tbody tr")
	require.Equal(t, 8, table.Length())
	assert.Equal(t, g.Seats[0].Username, strings.TrimPrefix(text(table.First().Find("td").Eq(1).Find(".muted")), "@"))
	assert.Equal(t, "12", text(table.First().Find(".points")))
	assert.Contains(t, text(doc.Find("#standings .tiebreak")), "countback")

	// The correction form comes back filled in with the recorded values.
	_, doc = app.get(c, formPath)
	assert.Equal(t, "28", doc.Find(`input[name="score-2"]`).AttrOr("value", ""))

	// Ratings pages and the player page with the chart.
	_, doc = app.get(app.browser(), "/ratings/vampiring")
	assert.Equal(t, 4, doc.Find(".ladder-table tbody tr").Length())
	assert.Equal(t, 4, doc.Find(".badge-provisional").Length())
	// The pot of 60 a seat in players' words (CONTRACT section 3), on both rating pages.
	assert.Contains(t, text(doc.Find(".pot-explained")), "Each seat stakes about 60 points")
	_, doc = app.get(app.browser(), "/ratings")
	assert.Contains(t, text(doc.Find(`a[href="/ratings/vampiring"]`)), "4 rated players")
	assert.Contains(t, text(doc.Find(".pot-explained")), "Each seat stakes about 60 points")
	res, doc = app.get(app.browser(), "/players/"+g.Seats[0].Username)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, 1, doc.Find("svg.rating-chart polyline").Length())
	assert.Equal(t, 2, doc.Find("svg.rating-chart circle").Length(), "the start and one game")
	assert.Contains(t, text(doc.Find("#games")), "12")
	res, _ = app.get(app.browser(), "/players/nobody")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	// CSV exports.
	resp, err := http.Get(app.srv.URL + leaguePath(l) + "/standings.csv")
	require.NoError(t, err)
	records, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, []string{"rank", "username", "points", "games", "firsts", "seconds", "thirds", "fourths", "game", "version"}, records[0])
	assert.Equal(t, []string{"1", g.Seats[0].Username, "12", "1", "1", "0", "0", "0", l.Game, "standard"}, records[1])
	assert.Len(t, records, 9)
	resp, err = http.Get(app.srv.URL + leaguePath(l) + "/results.csv")
	require.NoError(t, err)
	body, err := io.ReadAll(resp.Body)
	resp.Body.Close()
	require.NoError(t, err)
	records, err = csv.NewReader(strings.NewReader(string(body))).ReadAll()
	require.NoError(t, err)
	assert.Len(t, records, 5, "a header and the four seats of the one recorded game")
	assert.Equal(t, "4", records[2][5], "seat 2 took 4 points")
}

func TestResultFormFitsTheScorer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})

	// Blue Max: two sides from scoring.Game.Sides, units, losses, kills and personal points.
	l, org, _, _ := runningLeague(t, app, "blue-max", 4)
	g := mustLeagueGames(t, app, l)[0]
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	_, doc := app.get(c, formPath)
	legends := doc.Find("fieldset.side-card legend")
	require.Equal(t, 2, legends.Length())
	assert.Equal(t, "Allies", text(legends.First()))
	assert.Equal(t, "Central Powers", text(legends.Last()))
	for _, field := range []string{"units", "lost", "destroyed", "points"} {
		assert.Equal(t, 4, doc.Find(`input[name^="`+field+`-"]`).Length(), field)
	}
	values := url.Values{"action": {"preview"}}
	for pos := 1; pos <= 4; pos++ {
		values.Set(fmt.Sprintf("units-%d", pos), "1")
		values.Set(fmt.Sprintf("points-%d", pos), fmt.Sprint(10*pos))
		values.Set(fmt.Sprintf("lost-%d", pos), "0")
		values.Set(fmt.Sprintf("destroyed-%d", pos), "0")
	}
	// Seats 3 and 4 (Central Powers) are shot down by seat 1: a strategic victory.
	values.Set("lost-3", "1")
	values.Set("lost-4", "1")
	values.Set("destroyed-1", "2")
	res, doc := app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Contains(t, text(doc.Find("#preview .victory")), "Allies — strategic victory")
	var points []string
	doc.Find("#preview tbody tr .points").Each(func(_ int, s *goquery.Selection) { points = append(points, text(s)) })
	// Seat 1: 4 strategic + 2 destroyed; seat 2: 4 + 1 best team player (20 is over 115% of
	// 10); seat 3: −1 lost; seat 4: +1 best team player (40 over 115% of 30) −1 lost.
	assert.Equal(t, []string{"6", "5", "−1", "0"}, points)

	// Diplomacy: the outcome decides the winners; a draw includes every survivor.
	app = newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "diplomacy", 7)
	g = mustLeagueGames(t, app, l)[0]
	c = app.logIn(org)
	formPath = fmt.Sprintf("/games/%d/result", g.ID)
	values = url.Values{"action": {"preview"}, "outcome": {"draw"}}
	for pos := 1; pos <= 7; pos++ {
		// The survivors play the whole game, 1901 to 1910; each eliminated player the years
		// to its elimination (CONTRACT section 1).
		values.Set(fmt.Sprintf("years-%d", pos), "10")
		values.Set(fmt.Sprintf("centers-%d", pos), "0")
		if pos > 2 {
			values.Set(fmt.Sprintf("eliminated-%d", pos), fmt.Sprint(1902+pos))
			values.Set(fmt.Sprintf("years-%d", pos), fmt.Sprint(2+pos))
		}
	}
	values.Set("centers-1", "17")
	values.Set("centers-2", "17")
	res, doc = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Equal(t, 2, doc.Find("#preview .badge-win").Length(), "both survivors share the draw")

	// A concession needs the player it was conceded to.
	values.Set("outcome", "concession")
	res, doc = app.submit(c, formPath, formPath, values)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.NotEmpty(t, text(doc.Find("#e-conceded_to")))

	// Conceded to seat 2, whose seat a substitute (the member not seated) finished.
	var unseated string
	for _, m := range members {
		seated := false
		for _, s := range g.Seats {
			seated = seated || s.Username == m.Username
		}
		if !seated {
			unseated = m.Username
		}
	}
	require.NotEmpty(t, unseated)
	values.Set("conceded_to", g.Seats[1].Username)
	values.Set("substitute-2", unseated)
	values.Set("action", "save")
	res, _ = app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, fmt.Sprintf("/games/%d", g.ID))
	assert.Contains(t, text(doc.Find("#result .result-table")), "finished by "+unseated)
	assert.Contains(t, text(doc.Find("#result .ledger-table")), unseated+" in "+g.Seats[1].Username+"'s seat",
		"the winning seat's gain goes to the substitute (seed 4.2)")
}

func TestPublicCacheServesAnonymousReadsUntilTheNextWrite(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	path := app.srv.URL + fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID)
	get := func() (string, string) {
		res, err := http.Get(path)
		require.NoError(t, err)
		defer res.Body.Close()
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return res.Header.Get("X-Cache"), string(b)
	}
	cache, first := get()
	assert.Empty(t, cache, "the first read computes")
	cache, again := get()
	assert.Equal(t, "hit", cache, "the second read comes from memory")
	assert.Equal(t, first, again)
	res, err := http.Get(path + "?made=up")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, "hit", res.Header.Get("X-Cache"), "a query string is not a new page")
	req, err := http.NewRequest(http.MethodGet, path, nil)
	require.NoError(t, err)
	req.Header.Set("Cache-Control", "no-cache")
	res, err = http.DefaultClient.Do(req)
	require.NoError(t, err)
	res.Body.Close()
	assert.Empty(t, res.Header.Get("X-Cache"), "a hard reload computes")

	status, _ := app.apiAny(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)
	cache, after := get()
	assert.Empty(t, cache, "a write empties the cache")
	assert.NotEqual(t, first, after)
	assert.Contains(t, after, `"games":1`)
}

func TestArcsFormDoesNotOfferLowerScoresAreBetter(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "arcs", 4)
	g := mustLeagueGames(t, app, l)[0]
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	_, doc := app.get(c, formPath)
	assert.Zero(t, doc.Find(`input[name="lower_is_better"]`).Length(), "Arcs ranks the highest Power first")

	// A posted lower_is_better (an old page, a crafted form) does not invert the game.
	values := url.Values{"action": {"preview"}, "lower_is_better": {"1"}}
	for pos := 1; pos <= 4; pos++ {
		values.Set(fmt.Sprintf("score-%d", pos), fmt.Sprint(10*pos))
	}
	res, doc := app.submit(c, formPath, formPath, values)
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	var points []string
	doc.Find("#preview tbody tr .points").Each(func(_ int, s *goquery.Selection) { points = append(points, text(s)) })
	assert.Equal(t, []string{"0", "2", "6", "12"}, points, "seat 4's 40 Power wins")
}

func TestResultFormRefusesAStaleSaveAndAnEmptyCorrection(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)

	// Two tabs open the empty form; both save (a double click does the same).
	_, tab1 := app.get(c, formPath)
	_, tab2 := app.get(c, formPath)
	save := func(tab *goquery.Document, scores ...int) (*http.Response, *goquery.Document) {
		values := url.Values{"action": {"save"}, "_csrf": {csrfOf(t, tab)}, "reason": {"seat 3 miscounted"},
			"version": {tab.Find(`input[name="version"]`).AttrOr("value", "")}}
		for pos, score := range scores {
			values.Set(fmt.Sprintf("score-%d", pos+1), fmt.Sprint(score))
		}
		return app.post(c, formPath, values)
	}
	res, _ := save(tab1, 32, 28, 28, 10)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, doc := save(tab2, 10, 20, 30, 40)
	assert.Equal(t, http.StatusConflict, res.StatusCode, "the second save is refused, not turned into a correction")
	assert.Contains(t, text(doc.Find(".alert")), "Changed since this form was opened")
	assert.Equal(t, "The current result", text(doc.Find("#preview h2")))
	assert.Equal(t, "32", doc.Find(`input[name="score-1"]`).AttrOr("value", ""), "the form holds the saved result")
	assert.Equal(t, "1", doc.Find(`input[name="version"]`).AttrOr("value", ""))
	audit, err := app.store.ResultAudit(t.Context(), g.ID)
	require.NoError(t, err)
	require.Len(t, audit, 1, "nothing was corrected")
	r, err := app.store.Result(t.Context(), g.ID)
	require.NoError(t, err)
	assert.Equal(t, "12", r.Lines[0].Points.RatString())

	// A correction that changes nothing is refused and not logged.
	res, doc = save(doc, 32, 28, 28, 10)
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "The correction changes nothing", text(doc.Find(".alert")), "in people's words, without \"Result: \"")
	audit, err = app.store.ResultAudit(t.Context(), g.ID)
	require.NoError(t, err)
	assert.Len(t, audit, 1)

	// From the current version, a real correction goes through.
	_, current := app.get(c, formPath)
	res, _ = save(current, 32, 28, 27, 10)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	audit, err = app.store.ResultAudit(t.Context(), g.ID)
	require.NoError(t, err)
	assert.Len(t, audit, 2)
}

func TestGamePageListsResultsByPlaceWithTheirScores(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	res, _ := app.submit(c, formPath, formPath, url.Values{"action": {"save"},
		"score-1": {"10"}, "score-2": {"28"}, "score-3": {"32"}, "score-4": {"28"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	var places, seats, scores, points []string
	doc.Find("#result .result-table tbody tr").Each(func(_ int, r *goquery.Selection) {
		places = append(places, text(r.Find(".place")))
		seats = append(seats, text(r.Find(".seat")))
		scores = append(scores, text(r.Find(".score")))
		points = append(points, text(r.Find(".points")))
	})
	assert.Equal(t, []string{"1st", "2nd", "2nd", "4th"}, places, "best first")
	assert.Equal(t, []string{"3", "2", "4", "1"}, seats, "seat order among equals")
	assert.Equal(t, []string{"32", "28", "28", "10"}, scores, "the score as entered")
	assert.Equal(t, []string{"12", "4", "4", "0"}, points)

	// A team game names its winning side above the lines.
	app = newTestApp(t, web.Config{})
	tl, torg, _, _ := runningLeague(t, app, "blue-max", 4)
	tg := mustLeagueGames(t, app, tl)[0]
	tc := app.logIn(torg)
	formPath = fmt.Sprintf("/games/%d/result", tg.ID)
	values := url.Values{"action": {"save"}}
	for pos := 1; pos <= 4; pos++ {
		values.Set(fmt.Sprintf("units-%d", pos), "1")
		values.Set(fmt.Sprintf("points-%d", pos), fmt.Sprint(10*pos))
		values.Set(fmt.Sprintf("lost-%d", pos), "0")
		values.Set(fmt.Sprintf("destroyed-%d", pos), "0")
	}
	values.Set("lost-3", "1")
	values.Set("lost-4", "1")
	values.Set("destroyed-1", "2")
	res, _ = app.submit(tc, formPath, formPath, values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", tg.ID))
	assert.Equal(t, "Allies win — strategic victory", text(doc.Find("#result .victory")))
	assert.Equal(t, "10", text(doc.Find("#result .result-table tbody tr").First().Find(".score")), "seat 1's personal points")
}

func TestCorrectionAsksForAReasonShownInTheHistory(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	scores := url.Values{"action": {"save"}, "score-1": {"32"}, "score-2": {"28"}, "score-3": {"28"}, "score-4": {"10"}}
	res, _ := app.submit(c, formPath, formPath, scores)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	_, doc := app.get(c, formPath)
	require.Equal(t, 1, doc.Find(`textarea[name="reason"]`).Length(), "the correction form asks why")
	scores.Del("version") // each submit sends the version of the form it opens
	scores.Set("score-3", "27")
	res, doc = app.submit(c, formPath, formPath, scores)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Say why the result is corrected", text(doc.Find("#e-reason")))
	audit, err := app.store.ResultAudit(t.Context(), g.ID)
	require.NoError(t, err)
	assert.Len(t, audit, 1, "nothing corrected without a reason")

	scores.Del("version")
	scores.Set("reason", "Chloé counted a bat twice")
	res, _ = app.submit(c, formPath, formPath, scores)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	assert.Equal(t, "Reason: Chloé counted a bat twice", text(doc.Find("#result .audit .audit-reason")))
}

func TestNumbersReadOneWayOnPagesAndExactlyInCSV(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	// Three tied first: (12 + 6 + 2) / 3 = 20/3 each.
	res, _ := app.submit(c, formPath, formPath, url.Values{"action": {"save"},
		"score-1": {"10"}, "score-2": {"10"}, "score-3": {"10"}, "score-4": {"5"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	_, doc := app.get(app.browser(), leaguePath(l))
	assert.Equal(t, "6 2/3", text(doc.Find("#standings .standings-table tbody tr").First().Find(".points")))
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	assert.Equal(t, "6 2/3", text(doc.Find("#result .result-table tbody tr").First().Find(".points")))
	doc.Find("#result .ledger-table tbody td.num").Each(func(_ int, s *goquery.Selection) {
		assert.Regexp(t, `^[+−]?\d+\.\d$`, text(s), "a rating reads to one decimal")
	})

	for _, export := range []string{"/standings.csv", "/results.csv"} {
		resp, err := app.browser().Get(app.srv.URL + leaguePath(l) + export)
		require.NoError(t, err)
		body, err := io.ReadAll(resp.Body)
		resp.Body.Close()
		require.NoError(t, err)
		assert.Contains(t, string(body), ",20/3,", "%s: exact, not 6.666666666667", export)
		assert.NotContains(t, string(body), "6.666", export)
	}
}
