package web_test

import (
	"context"
	"encoding/csv"
	"net/http"
	"net/url"
	"strconv"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/emersion/go-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// versionLeague creates a running league of game in version with perGame players a game.
// Its organiser and players are named after the version (d12org1, d12player1, ...).
func versionLeague(t *testing.T, app *testApp, game, version string, perGame int) (store.League, player) {
	t.Helper()
	prefix := strings.ReplaceAll(version, "-", "")
	org := app.newPlayers(prefix+"org", 1)[0]
	l, err := service.NewLeagues(app.store).Create(context.Background(), store.NewLeague{
		Name: "The " + game + " " + version + " league", Game: game, Version: version, PlayersPerGame: perGame,
		RecentDays: store.DefaultRecentDays, OrganiserID: org.ID,
	})
	require.NoError(t, err)
	l = app.join(l, app.newPlayers(prefix+"player", 8))
	require.Equal(t, store.LeagueRunning, l.Status)
	return l, org
}

func TestAPIRegistry(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	status, body := app.apiAny(http.MethodGet, "/api/v1/registry", "", nil)
	require.Equal(t, http.StatusOK, status)
	games := body.([]any)
	require.Len(t, games, 9)
	bySlug := map[string]map[string]any{}
	for _, g := range games {
		m := g.(map[string]any)
		bySlug[m["game"].(string)] = m
		require.NotEmpty(t, m["versions"], "every game has at least one version")
	}
	arcs := bySlug["arcs"]
	assert.Equal(t, "Arcs", arcs["name"])
	assert.Equal(t, "placement", arcs["system"])
	assert.Equal(t, float64(2), arcs["min_players"])
	assert.Equal(t, float64(5), arcs["max_players"])
	var versions []string
	for _, v := range arcs["versions"].([]any) {
		m := v.(map[string]any)
		versions = append(versions, m["version"].(string)+" "+strconv.Itoa(int(m["min_players"].(float64)))+"-"+strconv.Itoa(int(m["max_players"].(float64))))
	}
	assert.Equal(t, []string{"base 2-4", "lost-vaults 2-5", "blighted-reach 2-4"}, versions, "the default first")
	vortex := bySlug["vortex"]["versions"].([]any)
	assert.Equal(t, "d6", vortex[0].(map[string]any)["version"])
	assert.Equal(t, "d12", vortex[1].(map[string]any)["version"])
	assert.Equal(t, float64(12), vortex[1].(map[string]any)["die"])
	gonzaga := bySlug["gonzaga"]["versions"].([]any)
	require.Len(t, gonzaga, 1)
	assert.Equal(t, map[string]any{"version": "standard", "name": "Standard", "min_players": float64(2), "max_players": float64(4)}, gonzaga[0])
}

func TestAPIVersionOfLeaguesAndGames(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("organiser", 1)[0]

	// arcs-tied-ambitions.txt: "The upcoming expansion promises the possibility to include a
	// fifth player": a Lost Vaults league takes 5 a game.
	status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token, map[string]any{
		"name": "Vaults", "game": "arcs", "version": "lost-vaults", "edition": " Kickstarter print ", "players_per_game": 5,
	})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	assert.Equal(t, "lost-vaults", body["version"])
	assert.Equal(t, "Kickstarter print", body["edition"])
	id := strconv.FormatInt(int64(body["id"].(float64)), 10)
	status, body = app.api(http.MethodGet, "/api/v1/leagues/"+id, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "lost-vaults", body["version"])
	assert.Equal(t, "Kickstarter print", body["edition"])

	// Editing while open: the version must take the players per game.
	status, body = app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"version": "base"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, `players_per_game: Arcs (Base game) takes 2 to 4 players per game, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`, body["error"])
	status, body = app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"version": "deluxe"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], `version: Arcs has no version "deluxe"`)
	// A new game without a version plays its default one.
	status, body = app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"game": "vortex", "players_per_game": 4, "edition": ""})
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, "d6", body["version"])
	assert.Equal(t, "", body["edition"])
	status, body = app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"version": "d12"})
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, "d12", body["version"])

	// Normal games take and show the version and the edition too.
	status, body = app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "vortex", "version": "d12", "edition": "Vortex95", "seats": 3})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	assert.Equal(t, "d12", body["version"])
	gameID := strconv.FormatInt(int64(body["id"].(float64)), 10)
	status, body = app.api(http.MethodGet, "/api/v1/games/"+gameID, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "d12", body["version"])
	assert.Equal(t, "Vortex95", body["edition"])
	status, body = app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "cartagena", "seats": 3})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	assert.Equal(t, "standard", body["version"], "no version is the default")

	for _, tc := range []struct {
		body map[string]any
		err  string
	}{
		{map[string]any{"game": "arcs", "seats": 5}, `seats: Arcs (Base game) takes 2 to 4 players, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`},
		{map[string]any{"game": "arcs", "version": "expansion", "seats": 5}, `version: Arcs has no version "expansion" (want one of base, lost-vaults, blighted-reach; free text such as "2nd edition" goes in "edition")`},
		{map[string]any{"game": "vortex", "version": "d6", "edition": strings.Repeat("x", 81), "seats": 2}, "edition: must be at most 80 characters"},
	} {
		status, body := app.api(http.MethodPost, "/api/v1/games", org.token, tc.body)
		assert.Equal(t, http.StatusUnprocessableEntity, status, "%v", tc.body)
		assert.Equal(t, tc.err, body["error"])
	}
	status, body = app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "arcs", "version": "lost-vaults", "seats": 5})
	require.Equal(t, http.StatusCreated, status, "%v", body)
}

func TestVersionCannotChangeOnceTheLeagueRuns(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org := versionLeague(t, app, "vortex", "d12", 4)
	id := strconv.FormatInt(l.ID, 10)
	status, body := app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"version": "d6"})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "version: cannot change once the schedule exists", body["error"])
	// The edition is a note: it changes any time.
	status, body = app.api(http.MethodPatch, "/api/v1/leagues/"+id, org.token, map[string]any{"edition": "club rules"})
	require.Equal(t, http.StatusOK, status, "%v", body)
	assert.Equal(t, "club rules", body["edition"])
	assert.Equal(t, "d12", body["version"])
}

// vortex-mechanics.txt: "Lets also use a d12 for rolls instead of a d6 ... RED has a total
// score of 23 points ... So CYAN's token is likewise only worth 23 points ... giving BLUE a
// score of 20 points" (22.5, 22.5 and 20 exactly). A d12 league's board takes the d12
// without asking; with a d6 RED would be worth 30, CYAN 25 and BLUE 25.
func TestVortexD12LeagueScoresItsBoardsWithTheD12(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org := versionLeague(t, app, "vortex", "d12", 3)
	g := mustLeagueGames(t, app, l)[0]
	board := func(die any) map[string]any {
		var players []map[string]any
		for i, s := range g.Seats {
			players = append(players, map[string]any{"id": s.Username, "start": 4 * i, "tokens": []int{3, 0, 0, 0}})
		}
		b := map[string]any{"players": players}
		if die != nil {
			b["die"] = die
		}
		return b
	}
	path := "/api/v1/games/" + strconv.FormatInt(g.ID, 10) + "/result"
	status, body := app.api(http.MethodPost, path, org.token, board(6))
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, `die: this game is played with a d12 (its version, "d12"), got 6`, body["error"])

	status, body = app.api(http.MethodPost, path, org.token, board(nil))
	require.Equal(t, http.StatusCreated, status, "%v", body)
	results := body["results"].([]any)
	var points []float64
	for _, r := range results {
		points = append(points, r.(map[string]any)["points"].(float64))
		assert.Contains(t, r.(map[string]any)["explanation"], "board score")
	}
	// RED and CYAN tie at 22.5 and each take 10 × {(22.5 − 22.5) + (22.5 − 20)} = 25.
	assert.Equal(t, []float64{25, 25, 0}, points)
	assert.Contains(t, results[2].(map[string]any)["explanation"], "board score 20")

	// Ratings stay one ladder per game: a d6 table's result goes on the same Vortex ladder.
	table, d6org := versionLeague(t, app, "vortex", "d6", 3)
	d6 := mustLeagueGames(t, app, table)[0]
	var d6players []map[string]any
	for i, s := range d6.Seats {
		d6players = append(d6players, map[string]any{"id": s.Username, "score": 10 * (i + 1)})
	}
	status, body = app.api(http.MethodPost, "/api/v1/games/"+strconv.FormatInt(d6.ID, 10)+"/result", d6org.token, map[string]any{"players": d6players})
	require.Equal(t, http.StatusCreated, status, "%v", body)
	status, ladder := app.apiAny(http.MethodGet, "/api/v1/ratings/vortex", "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Len(t, ladder, 6, "the d12 game's three players and the d6 game's three on one ladder")

	// The result form asks no die: the version's is fixed, and the calculator link uses it.
	c := app.logIn(org)
	_, doc := app.get(c, "/games/"+strconv.FormatInt(mustLeagueGames(t, app, l)[1].ID, 10)+"/result")
	assert.Equal(t, 0, doc.Find(`input#f-die`).Length())
	assert.Equal(t, "12", doc.Find(`input[type="hidden"][name="die"]`).AttrOr("value", ""))
	assert.Contains(t, text(doc.Find(".fixed-die")), "d12")
	assert.Equal(t, "/vortex?die=12&red=on&blue=on", doc.Find(".result-version a.calculator-link").AttrOr("href", ""))
	_, doc = app.get(c, "/games/"+strconv.FormatInt(g.ID, 10))
	assert.Equal(t, "d12", text(doc.Find(".game-version .version-name")))
	assert.Equal(t, "/vortex?die=12&red=on&blue=on", doc.Find(".game-version + .game-helper a.calculator-link").AttrOr("href", ""))
	_, doc = app.get(c, "/vortex?die=12&red=on&blue=on")
	assert.Equal(t, "12", doc.Find(`input[name="die"]`).AttrOr("value", ""))
}

func TestAmbitionHelperFollowsTheVersion(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	vaults, _ := versionLeague(t, app, "arcs", "lost-vaults", 5)
	g := mustLeagueGames(t, app, vaults)[0]
	c := app.browser()
	helper := "/games/" + strconv.FormatInt(g.ID, 10) + "/ambition"

	// Lost Vaults: "ambition markers that show three values instead of the two before".
	res, doc := app.get(c, helper)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, 3, doc.Find(".marker-row").First().Find("input").Length())
	assert.Equal(t, "Lost Vaults & Fated Leaders", text(doc.Find(".version-name")))
	assert.Equal(t, 5, doc.Find(`input[name^="count"]`).Length())

	// The seed's five-player row "A > B = C > D > E | 1 | 3 | 3 | - | -": B and C tie for
	// second, "so they now get points for the third place".
	q := url.Values{"preview": {"1"}, "m1v1": {"5"}, "m1v2": {"3"}, "m1v3": {"2"},
		"count1": {"5"}, "count2": {"3"}, "count3": {"3"}, "count4": {"2"}, "count5": {"1"}}
	res, doc = app.get(c, helper+"?"+q.Encode())
	require.Equal(t, http.StatusOK, res.StatusCode, text(doc.Find(".form-error")))
	var power, places []string
	doc.Find("#preview tbody tr").Each(func(_ int, r *goquery.Selection) {
		power = append(power, text(r.Find(".power")))
		places = append(places, text(r.Find(".place")))
	})
	assert.Equal(t, []string{"5", "2", "2", "0", "0"}, power)
	assert.Equal(t, []string{"1", "3", "3", "4", "5"}, places)
	assert.Contains(t, text(doc.Find(".ambition-input")), `"markers":[[5,3,2]]`)

	// The base game: "The player who gets first place ... gains the higher Power ... The
	// player who gets second place for it gains the lower Power": two values, and a third
	// sent by hand is refused.
	base, _ := versionLeague(t, app, "arcs", "base", 4)
	bg := mustLeagueGames(t, app, base)[0]
	helper = "/games/" + strconv.FormatInt(bg.ID, 10) + "/ambition"
	_, doc = app.get(c, helper)
	assert.Equal(t, 2, doc.Find(".marker-row").First().Find("input").Length())
	res, doc = app.get(c, helper+"?preview=1&m1v1=5&m1v2=3&m1v3=2&count1=4&count2=1")
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Marker 1: 3 values, but the markers of Base game show at most 2 (1st, 2nd)", text(doc.Find(".form-error")))
	assert.Equal(t, "3 values, but the markers of Base game show at most 2 (1st, 2nd)", text(doc.Find("#e-markers")))
	// The seed's four-player row "A = B > C > D | 2 | 2 | - | -".
	res, doc = app.get(c, helper+"?preview=1&m1v1=5&m1v2=3&count1=4&count2=4&count3=2&count4=1")
	require.Equal(t, http.StatusOK, res.StatusCode)
	power = nil
	doc.Find("#preview tbody tr .power").Each(func(_ int, s *goquery.Selection) { power = append(power, text(s)) })
	assert.Equal(t, []string{"3", "3", "0", "0"}, power)

	// Other games have no ambitions.
	vortex, _ := versionLeague(t, app, "vortex", "d6", 4)
	res, _ = app.get(c, "/games/"+strconv.FormatInt(mustLeagueGames(t, app, vortex)[0].ID, 10)+"/ambition")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

func TestPagesShowTheVersion(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org := versionLeague(t, app, "arcs", "lost-vaults", 5)
	ctx := context.Background()
	edition := "Kickstarter print"
	require.NoError(t, service.NewLeagues(app.store).Edit(ctx, l.ID, org.ID, store.LeagueEdit{Edition: &edition}))
	c := app.logIn(org)
	leaguePage := "/leagues/" + strconv.FormatInt(l.ID, 10)
	_, doc := app.get(c, leaguePage)
	assert.Equal(t, "Lost Vaults & Fated Leaders", text(doc.Find(".league-version")))
	assert.Equal(t, "Kickstarter print", text(doc.Find(".league-edition")))
	_, doc = app.get(c, "/leagues")
	assert.Contains(t, text(doc.Find(".league-version")), "Lost Vaults & Fated Leaders")
	g := mustLeagueGames(t, app, l)[0]
	_, doc = app.get(c, "/games/"+strconv.FormatInt(g.ID, 10))
	assert.Equal(t, "Lost Vaults & Fated Leaders", text(doc.Find(".game-version .version-name")))
	assert.Contains(t, text(doc.Find(".game-version")), "Kickstarter print")
	_, doc = app.get(c, "/")
	assert.Contains(t, text(doc.Find("#queue .game-label").First()), "Arcs (Lost Vaults & Fated Leaders)")
}

func TestCalendarPrintAndCSVShowTheVersion(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org := versionLeague(t, app, "vortex", "d12", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api(http.MethodPut, "/api/v1/games/"+strconv.FormatInt(g.ID, 10)+"/schedule", org.token,
		map[string]any{"starts_at": "2026-12-01T19:00:00Z"})
	require.Equal(t, http.StatusOK, status, out)

	cal := fetchCalendar(t, app, leaguePath(l)+"/calendar.ics")
	e := eventByUID(t, cal, "game-"+strconv.FormatInt(g.ID, 10)+"@tablestakes")
	summary, err := e.Props.Text(ical.PropSummary)
	require.NoError(t, err)
	assert.Equal(t, l.Name+": game 1 (Vortex, d12)", summary)
	description, err := e.Props.Text(ical.PropDescription)
	require.NoError(t, err)
	assert.Contains(t, description, "\nVersion: d12.")

	c := app.logIn(org)
	_, doc := app.get(c, leaguePath(l)+"/print/rounds")
	assert.Contains(t, text(doc.Find(".round-sheet .sheet-game").First()), "Vortex (d12)")
	_, doc = app.get(c, leaguePath(l)+"/print/standings")
	assert.Contains(t, text(doc.Find(".sheet-game")), "Vortex (d12)")

	resp, err := app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/standings.csv")
	require.NoError(t, err)
	records, err := csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	head := records[0]
	// game and version stay where they were, before the decimal column added at the end.
	assert.Equal(t, []string{"game", "version", "points_decimal"}, head[len(head)-3:])
	assert.Equal(t, []string{"vortex", "d12"}, records[1][len(head)-3:len(head)-1])
	resp, err = app.srv.Client().Get(app.srv.URL + leaguePath(l) + "/results.csv")
	require.NoError(t, err)
	records, err = csv.NewReader(resp.Body).ReadAll()
	resp.Body.Close()
	require.NoError(t, err)
	assert.Equal(t, []string{"game", "version", "points_decimal"}, records[0][len(records[0])-3:])
}

func TestManagePageEditsTheEdition(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	l := app.newLeague(org, "arcs", 4, 0)
	c := app.logIn(org)
	manage := leaguePath(l) + "/manage"
	res, _ := app.submit(c, manage, leaguePath(l)+"/edit", url.Values{"name": {l.Name}, "description": {""}, "venue": {""},
		"time_zone": {"UTC"}, "edition": {"2nd printing"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	got, err := app.store.League(context.Background(), l.ID)
	require.NoError(t, err)
	assert.Equal(t, "2nd printing", got.Edition)
	assert.Equal(t, "base", got.Version)
	_, doc := app.get(c, manage)
	assert.Equal(t, "2nd printing", doc.Find(`input[name="edition"]`).AttrOr("value", ""))
}
