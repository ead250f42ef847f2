package web_test

import (
	"encoding/json"
	"fmt"
	"math"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web"
)

// seatForecast is one line of GET /api/v1/games/{id}/forecast.
type seatForecast struct {
	Username string      `json:"username"`
	Win      float64     `json:"win"`
	Rating   json.Number `json:"rating"`
	Ante     json.Number `json:"ante"`
}

// gameForecast reads a game's forecast, which must be answered 200.
func gameForecast(t *testing.T, app *testApp, id int64) []seatForecast {
	t.Helper()
	res := app.Send("GET", fmt.Sprintf("/api/v1/games/%d/forecast", id), "", nil)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	var out []seatForecast
	dec := json.NewDecoder(res.Body)
	dec.UseNumber()
	require.NoError(t, dec.Decode(&out))
	return out
}

// playStrongestWins records results for the league's first played games, the player
// strength orders winning every time, and returns the games left unplayed.
func playStrongestWins(t *testing.T, app *testApp, org player, games []store.Game, played int, strength map[string]int) []store.Game {
	t.Helper()
	for _, g := range games[:played] {
		scores := make([]int, len(g.Seats))
		for i, s := range g.Seats {
			scores[i] = strength[s.Username]
		}
		status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, scores...))
		require.Equal(t, http.StatusCreated, status, "%v", out)
	}
	return games[played:]
}

func TestAPIGameForecast(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	require.Greater(t, len(games), 4)

	// Before any result every rating is 0: every seat 1/4, antes 60 each.
	for _, s := range gameForecast(t, app, games[0].ID) {
		assert.Equal(t, 0.25, s.Win)
		assert.Equal(t, "60", s.Ante.String())
	}

	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = 10 * (i + 1) // the later member always beats the earlier
	}
	left := playStrongestWins(t, app, org, games, len(games)-2, strength)
	ratings := map[string]float64{}
	for _, s := range gameForecast(t, app, left[0].ID) {
		r, err := s.Rating.Float64()
		require.NoError(t, err)
		ratings[s.Username] = r
	}
	out := gameForecast(t, app, left[0].ID)
	require.Len(t, out, len(left[0].Seats))
	total := 0.0
	for i, s := range out {
		assert.Equal(t, left[0].Seats[i].Username, s.Username, "seat order")
		assert.True(t, s.Win >= 0 && s.Win <= 1)
		total += s.Win
		for _, o := range out {
			if ratings[s.Username] > ratings[o.Username] {
				assert.Greater(t, s.Win, o.Win, "a higher rating, a better chance: the ladder learnt that the stronger win")
			}
		}
	}
	assert.InDelta(t, 1, total, 1e-12)

	// A played game has no forecast: 409 naming it, with the API's error shape.
	status, body := app.api("GET", fmt.Sprintf("/api/v1/games/%d/forecast", games[0].ID), "", nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body["error"], "has been played")
	status, body = app.api("GET", "/api/v1/games/999999999/forecast", "", nil)
	assert.Equal(t, http.StatusNotFound, status)
	assert.NotEmpty(t, body["error"])
}

// TestAPIGameForecastFollowsResults: the forecast reads the ladder now, so a result
// recorded after a first read shows in the next one (the cache is emptied by the write).
func TestAPIGameForecastFollowsResults(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	strength := map[string]int{}
	for i, s := range games[0].Seats {
		strength[s.Username] = i + 1
	}
	// A later game seating someone from the first: their rating moves with its result.
	var last store.Game
	for _, g := range games[1:] {
		for _, s := range g.Seats {
			if strength[s.Username] > 0 {
				last = g
			}
		}
	}
	require.NotZero(t, last.ID)
	before := gameForecast(t, app, last.ID)
	playStrongestWins(t, app, org, games, 1, strength)
	after := gameForecast(t, app, last.ID)
	assert.NotEqual(t, before, after)
	for _, s := range after {
		assert.False(t, math.IsNaN(s.Win))
	}
}

func TestGamePageShowsChancesBeforeAndTheResultAfter(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = 10 * (i + 1)
	}
	left := playStrongestWins(t, app, org, games, len(games)-1, strength)

	// Before: every seat's chance (as the API gives it) and ante.
	api := gameForecast(t, app, left[0].ID)
	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", left[0].ID))
	rows := doc.Find("#forecast .forecast-table tbody tr")
	require.Equal(t, len(api), rows.Length())
	rows.Each(func(i int, row *goquery.Selection) {
		assert.Contains(t, text(row.Find(`[data-label="Chance"]`)), templates.ShowChance(api[i].Win))
		assert.NotEmpty(t, text(row.Find(`[data-label="Ante"]`)))
	})
	assert.Equal(t, "/ratings/cartagena/backtest", doc.Find("#forecast a[href$=backtest]").AttrOr("href", ""))

	// After: the chances given beforehand beside the places, and a verdict.
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", games[len(games)-2].ID))
	assert.Equal(t, "Forecast and result", text(doc.Find("#forecast h2")))
	assert.Equal(t, 1, doc.Find("#forecast .forecast-won").Length(), "one winner")
	assert.Contains(t, text(doc.Find("#forecast .forecast-won")), "1st")
	assert.NotEmpty(t, text(doc.Find("#forecast .forecast-verdict")))
}

func TestBacktestPage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	_, doc := app.get(app.browser(), "/ratings/cartagena/backtest")
	assert.Contains(t, text(doc.Find(".empty-state")), "No rated games yet")
	res, _ := app.get(app.browser(), "/ratings/chess/backtest")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)

	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = 10 * (i + 1)
	}
	playStrongestWins(t, app, org, games, len(games), strength)

	_, doc = app.get(app.browser(), "/ratings/cartagena")
	assert.Equal(t, "/ratings/cartagena/backtest", doc.Find(".backtest-link a").AttrOr("href", ""), "linked from the ladder")

	_, doc = app.get(app.browser(), "/ratings/cartagena/backtest")
	assert.Zero(t, doc.Find(".empty-state").Length(), "the page follows the results (its cache emptied by each write)")
	for _, model := range []string{"armada", "openskill", "uniform"} {
		row := doc.Find(fmt.Sprintf(`.backtest-table tr[data-model=%q]`, model))
		require.Equal(t, 1, row.Length(), model)
		assert.Regexp(t, `^\d+\.\d{3}$`, text(row.Find(`[data-label="Log-loss"]`)))
		assert.Regexp(t, `^\d+\.\d{3}$`, text(row.Find(`[data-label="Brier"]`)))
		assert.Equal(t, 1, doc.Find(fmt.Sprintf(`svg.calibration-chart g[data-model]`)).Slice(0, 1).Length())
	}
	assert.Equal(t, 3, doc.Find("svg.calibration-chart g.calibration-series").Length())
	assert.Positive(t, doc.Find("svg.calibration-chart circle").Length())
	assert.Contains(t, text(doc.Find(".backtest-explained")), fmt.Sprintf("Before each of these %d games", len(games)))
	assert.Contains(t, text(doc.Find(".backtest-explained")), "ARMADA ratings predict clearly better than chance",
		"the stronger player always won, and the ratings learnt it")
	// The figures are the back-test's: uniform's log-loss over 4-seat games with one winner is ln 4.
	assert.Equal(t, fmt.Sprintf("%.3f", math.Log(4)), text(doc.Find(`.backtest-table tr[data-model="uniform"] [data-label="Log-loss"]`)))
}

// The forecast section of a game's page and the back-test page speak the reader's language,
// numbers with its decimal comma, places as it writes them.
func TestForecastsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	strength := map[string]int{}
	for i, m := range members {
		strength[m.Username] = 10 * (i + 1)
	}
	left := playStrongestWins(t, app, org, games, len(games)-1, strength)

	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d?lang=de", left[0].ID))
	assert.Equal(t, "Gewinnchancen", text(doc.Find("#forecast h2")))
	assert.Equal(t, "Chance", doc.Find("#forecast .forecast-table th").Eq(1).Text())
	// Each chance with a decimal comma; one so small it is said as a bound ("unter 0,1%", "über 99,9%")
	// depends on who sits first, so every row is read.
	chances := doc.Find("#forecast .forecast-table tbody tr td.forecast-chance")
	require.Positive(t, chances.Length())
	chances.Each(func(_ int, s *goquery.Selection) { assert.Regexp(t, `^((unter|über) )?\d+,\d%$`, text(s)) })
	assert.Equal(t, "Wie gut sind diese Chancen?", text(doc.Find("#forecast a[href$=backtest]")))
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d?lang=fr", games[len(games)-2].ID))
	assert.Equal(t, "Prévision et résultat", text(doc.Find("#forecast h2")))
	assert.Contains(t, text(doc.Find("#forecast .forecast-won")), "1er")

	_, doc = app.get(app.browser(), "/ratings/cartagena/backtest?lang=de")
	assert.Equal(t, "Cartagena: wie gut die Wertungen vorhersagen", text(doc.Find("h1")))
	assert.Equal(t, "1,386", text(doc.Find(`.backtest-table tr[data-model="uniform"] td`).Eq(1)))
	explained := text(doc.Find(".backtest-explained"))
	assert.Contains(t, explained, fmt.Sprintf("Vor jeder dieser %d Partien", len(games)-1))
	assert.Contains(t, explained, "die ARMADA-Wertungen sagen deutlich besser vorher als der Zufall")
	assert.NotContains(t, explained, "Before each")
	assert.Equal(t, "Kalibrierung", text(doc.Find("h2")))
}
