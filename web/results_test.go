package web_test

import (
	"bytes"
	"encoding/csv"
	"fmt"
	"io"
	"math/big"
	"net/http"
	"net/url"
	"slices"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
	"github.com/tablestakes/tablestakes/web/webtest"
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

// scoresFor is a placement body for the game's seats: seat 1 scores highest (webtest.ScoresFor).
func scoresFor(g store.Game, scores ...int) map[string]any { return webtest.ScoresFor(g, scores...) }

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
	res, err := app.srv.Client().Do(req)
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

func TestPublicCacheServesAnonymousReadsUntilTheNextWrite(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	path := app.srv.URL + fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID)
	get := func() (string, string) {
		res, err := app.srv.Client().Get(path)
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
	res, err := app.srv.Client().Get(path + "?made=up")
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, "hit", res.Header.Get("X-Cache"), "a query string is not a new page")
	req, err := http.NewRequest(http.MethodGet, path, nil)
	require.NoError(t, err)
	req.Header.Set("Cache-Control", "no-cache")
	res, err = app.srv.Client().Do(req)
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
		assert.Equal(t, "6.666667", csvColumn(t, body, "points_decimal")[1], "%s: the decimal in its own column", export)
	}
}

// csvColumn is the column named name of a CSV export, its header first.
func csvColumn(t *testing.T, body []byte, name string) []string {
	t.Helper()
	records, err := csv.NewReader(bytes.NewReader(body)).ReadAll()
	require.NoError(t, err)
	require.NotEmpty(t, records)
	i := slices.Index(records[0], name)
	require.GreaterOrEqual(t, i, 0, "a column %q in %v", name, records[0])
	var out []string
	for _, r := range records {
		out = append(out, r[i])
	}
	return out
}
