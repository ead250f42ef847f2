package web_test

import (
	"encoding/csv"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

func TestResultScoresAreCountsWhereTheGameCounts(t *testing.T) {
	t.Parallel()
	// CONTRACT section 1: Cartagena scores are counts, whole numbers ≥ 0; the API and the form
	// refuse the rest with the field named, and nothing is recorded.
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	path := fmt.Sprintf("/api/v1/games/%d/result", g.ID)
	for _, tc := range []struct {
		score any
		want  string
	}{
		{12.5, "players[1].score: Cartagena scores are whole numbers of 0 or more, got 12.5"},
		{-3, "players[1].score: Cartagena scores are whole numbers of 0 or more, got -3"},
	} {
		body := scoresFor(g, 40, 30, 20, 10)
		body["players"].([]map[string]any)[1]["score"] = tc.score
		status, out := app.api(http.MethodPost, path, org.token, body)
		assert.Equal(t, http.StatusUnprocessableEntity, status, "%v", out)
		assert.Equal(t, tc.want, out["error"])
	}
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	values := url.Values{"action": {"save"}, "score-1": {"40"}, "score-2": {"30.5"}, "score-3": {"20"}, "score-4": {"10"}}
	res, doc := app.submit(c, formPath, formPath, values)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find("#e-score-2")), "whole numbers of 0 or more")
	status, out := app.api(http.MethodPost, path, org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, "nothing was recorded before: %v", out)

	// Vortex scores may be fractions.
	app = newTestApp(t, web.Config{})
	l, org, _, _ = runningLeague(t, app, "vortex", 4)
	g = mustLeagueGames(t, app, l)[0]
	body := scoresFor(g, 90, 70, 40, 50)
	body["players"].([]map[string]any)[1]["score"] = 22.5
	status, out = app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, body)
	require.Equal(t, http.StatusCreated, status, "%v", out)

	// Vortex places come from the scores, ties sharing; the losers are no longer all 2nd
	// (CONTRACT section 1): 90, 22.5, 40, 50 → 1, 4, 3, 2, in the API, the CSV and the
	// standings' countback.
	var places []any
	for _, r := range out["results"].([]any) {
		places = append(places, r.(map[string]any)["place"])
	}
	assert.Equal(t, []any{float64(1), float64(4), float64(3), float64(2)}, places)
	resp, err := app.srv.Client().Get(app.srv.URL + fmt.Sprintf("/leagues/%d/results.csv", l.ID))
	require.NoError(t, err)
	records, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	require.Len(t, records, 5)
	var csvPlaces []string
	for _, r := range records[1:] {
		csvPlaces = append(csvPlaces, r[6])
	}
	assert.Equal(t, []string{"1", "4", "3", "2"}, csvPlaces)
	status, standings := app.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	ranks := map[string]any{}
	for _, row := range standings.([]any) {
		m := row.(map[string]any)
		ranks[m["username"].(string)] = m["rank"]
	}
	// Seats 2..4 all have 0 points; countback by place separates them: seat 4 (2nd place)
	// ranks 2, seat 3 ranks 3, seat 2 ranks 4.
	assert.Equal(t, float64(2), ranks[g.Seats[3].Username])
	assert.Equal(t, float64(3), ranks[g.Seats[2].Username])
	assert.Equal(t, float64(4), ranks[g.Seats[1].Username])
}

func TestDiplomacyResultChecks(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "diplomacy", 7)
	g := mustLeagueGames(t, app, l)[0]
	c := app.logIn(org)
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	// Seats 1 to 3 survive the ten years to 1910; seats 4 to 7 are eliminated in 1905..1908.
	base := func() url.Values {
		values := url.Values{"action": {"preview"}, "outcome": {"draw"}}
		for pos := 1; pos <= 7; pos++ {
			values.Set(fmt.Sprintf("years-%d", pos), "10")
			values.Set(fmt.Sprintf("centers-%d", pos), "0")
			if pos > 3 {
				values.Set(fmt.Sprintf("eliminated-%d", pos), fmt.Sprint(1901+pos))
				values.Set(fmt.Sprintf("years-%d", pos), fmt.Sprint(1+pos))
			}
		}
		values.Set("centers-1", "17")
		values.Set("centers-2", "16")
		return values
	}

	// DIAS (seed 1.1): the draw is shared "between all such players", those owning a centre;
	// seat 3 survived without one and is a losing survivor.
	res, doc := app.submit(c, formPath, formPath, base())
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".alert")))
	assert.Equal(t, 2, doc.Find("#preview .badge-win").Length(), "the two centre-owners share the draw")
	assert.Contains(t, text(doc.Find("#preview tbody tr").Eq(2)), "survived but lost")

	// Each refusal names the field, on the form and in the API.
	for _, tc := range []struct {
		name  string
		edit  func(v url.Values)
		input string // the form input marked
		api   string // the API error's start
	}{
		{"conceded to a survivor without a centre", func(v url.Values) {
			v.Set("outcome", "concession")
			v.Set("conceded_to", g.Seats[2].Username)
		}, "conceded_to", "winners[0]: " + g.Seats[2].Username + " owns no supply centre"},
		{"years disagree with the elimination year", func(v url.Values) { v.Set("years-5", "7") },
			"years-5", "players[4].years: " + g.Seats[4].Username + " was eliminated in 1906, so played 6 years"},
		{"eliminated before 1901", func(v url.Values) { v.Set("eliminated-4", "1900") },
			"eliminated-4", "players[3].eliminated: must be a game-year from 1901"},
		{"survivors of different lengths", func(v url.Values) { v.Set("years-2", "9") },
			"years-2", "players[1].years: " + g.Seats[1].Username + " survived, so played the game's 10 years"},
		{"centres beyond the map", func(v url.Values) { v.Set("centers-3", "2"); v.Set("centers-1", "18") },
			"", "players: 36 supply centres owned in all, the map has 34"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			values := base()
			tc.edit(values)
			res, doc := app.submit(c, formPath, formPath, values)
			assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
			if tc.input != "" {
				assert.NotEmpty(t, text(doc.Find("#e-"+tc.input)), "the form marks %s", tc.input)
			}
			assert.Contains(t, text(doc.Find(".alert")), strings.SplitN(tc.api, ": ", 2)[1])

			status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, apiArmada(g.Seats, values))
			assert.Equal(t, http.StatusUnprocessableEntity, status, "%v", out)
			assert.True(t, strings.HasPrefix(fmt.Sprint(out["error"]), tc.api), "%v", out)
		})
	}
}

// apiArmada is the API body of the Diplomacy result the form values describe, with the
// winners the form would derive: the player conceded to, or the survivors owning a centre.
func apiArmada(seats []store.Seat, values url.Values) map[string]any {
	var players []map[string]any
	var winners []string
	for i, s := range seats {
		pos := i + 1
		num := func(field string) any {
			var n int64
			_, err := fmt.Sscan(values.Get(fmt.Sprintf("%s-%d", field, pos)), &n)
			if err != nil {
				return nil
			}
			return n
		}
		p := map[string]any{"id": s.Username, "centers": num("centers"), "years": num("years")}
		if e := num("eliminated"); e != nil {
			p["eliminated"] = e
		} else if values.Get("outcome") == "draw" && values.Get(fmt.Sprintf("centers-%d", pos)) != "0" {
			winners = append(winners, s.Username)
		}
		players = append(players, p)
	}
	if values.Get("outcome") == "concession" {
		winners = []string{values.Get("conceded_to")}
	}
	return map[string]any{"outcome": values.Get("outcome"), "players": players, "winners": winners}
}
