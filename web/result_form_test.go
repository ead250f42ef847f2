package web_test

import (
	"encoding/csv"
	"encoding/json"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/web"
)

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
	st, err := service.NewLeagues(app.store).Standings(t.Context(), l.ID)
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
	assert.Equal(t, fmt.Sprintf("/games/%d", g.ID), res.Header.Get("Location"), "no jump past the message (issue #34)")

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
	resp, err := app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/standings.csv")
	require.NoError(t, err)
	records, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, []string{"rank", "username", "points", "games", "firsts", "seconds", "thirds", "fourths", "game", "version", "points_decimal"}, records[0])
	assert.Equal(t, []string{"1", g.Seats[0].Username, "12", "1", "1", "0", "0", "0", l.Game, "standard", "12.000000"}, records[1])
	assert.Len(t, records, 9)
	resp, err = app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/results.csv")
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
	var unseated, unseatedName string
	for _, m := range members {
		seated := false
		for _, s := range g.Seats {
			seated = seated || s.Username == m.Username
		}
		if !seated {
			unseated, unseatedName = m.Username, m.DisplayName
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
	assert.Contains(t, text(doc.Find("#result .ledger-table")), unseatedName+" in "+g.Seats[1].DisplayName+"'s seat",
		"the winning seat's gain goes to the substitute (seed 4.2)")
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

// The preview of a correction answers a reason the save refuses (a text-direction control
// would reorder the history line), beside the reason's field: what the preview accepts,
// the save accepts.
func TestCorrectionPreviewRefusesTheReasonTheSaveRefuses(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	scores := url.Values{"action": {"save"}, "score-1": {"32"}, "score-2": {"28"}, "score-3": {"28"}, "score-4": {"10"}}
	res, _ := app.submit(c, formPath, formPath, scores)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	scores.Del("version")
	scores.Set("action", "preview")
	scores.Set("score-3", "27")
	scores.Set("reason", "Chlo\u00e9 \u202ecounted a bat twice")
	res, doc := app.submit(c, formPath, formPath, scores)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find("#e-reason")), "text-direction")
	assert.Zero(t, doc.Find(".preview").Length(), "no preview of a result the save refuses")
}

// One submit of the result form reports every problem (issue #24: "the result form ...
// report[s] errors in two rounds"): the score left empty and the scores Cartagena refuses
// among those filled in, each beside its input and in the list, in people's words.
func TestResultFormReportsEmptyAndScorerProblemsAtOnce(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	values := url.Values{"action": {"preview"}, "version": {"0"}, "score-1": {"-1"}, "score-2": {""}, "score-3": {"2.5"}, "score-4": {"1"}}
	res, doc := app.submit(app.logIn(org), formPath, formPath, values)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	for _, seat := range []string{"1", "2", "3"} {
		assert.Equal(t, "true", doc.Find(`input[name="score-`+seat+`"]`).AttrOr("aria-invalid", ""), "seat %s", seat)
	}
	assert.Empty(t, doc.Find(`input[name="score-4"]`).AttrOr("aria-invalid", ""))
	assert.Equal(t, "Cartagena scores are whole numbers of 0 or more, got -1", text(doc.Find("#e-score-1")))
	assert.Equal(t, "Cartagena scores are whole numbers of 0 or more, got 2.5", text(doc.Find("#e-score-3")))
	var problems []string
	doc.Find("ul.problems li").Each(func(_ int, s *goquery.Selection) { problems = append(problems, text(s)) })
	name := func(i int) string { return g.Seats[i].DisplayName }
	assert.Equal(t, []string{
		"Seat 1 (" + name(0) + "): Cartagena scores are whole numbers of 0 or more, got -1",
		"Seat 2 (" + name(1) + "): the final score is missing",
		"Seat 3 (" + name(2) + "): Cartagena scores are whole numbers of 0 or more, got 2.5",
	}, problems)
}

// A result is read as strictly on the page as on the API: a key given twice in the API's
// body, and an input posted twice on the form, is refused on its field, never decided by
// one of its values, and nothing is recorded.
func TestResultBodyAndFormRefuseAFieldGivenTwice(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seat := func(i int) string { return g.Seats[i].Username }

	path := fmt.Sprintf("/api/v1/games/%d/result", g.ID)
	body := fmt.Sprintf(`{"players":[{"id":%q,"score":4,"score":9},{"id":%q,"score":3},{"id":%q,"score":2},{"id":%q,"score":1}]}`,
		seat(0), seat(1), seat(2), seat(3))
	res := app.apiSend(http.MethodPost, path, org.token, []byte(body))
	var out map[string]any
	require.NoError(t, json.NewDecoder(res.Body).Decode(&out))
	res.Body.Close()
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "players[0].score: given twice", out["error"])

	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	values := url.Values{"action": {"save"}, "version": {"0"}, "score-1": {"4", "9"}, "score-2": {"3"}, "score-3": {"2"}, "score-4": {"1"}}
	res, doc := app.submit(app.logIn(org), formPath, formPath, values)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "true", doc.Find(`input[name="score-1"]`).AttrOr("aria-invalid", ""))
	assert.Equal(t, "Given twice", text(doc.Find("#e-score-1")))
	status, _ := app.apiAny(http.MethodGet, path, "", nil)
	assert.Equal(t, http.StatusNotFound, status, "nothing recorded")
}
