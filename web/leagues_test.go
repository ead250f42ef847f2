package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// logIn signs p in through the log-in form and returns the browser.
func (a *testApp) logIn(p player) *http.Client {
	a.t.Helper()
	c := a.browser()
	res, _ := a.submit(c, "/login", "/login", url.Values{"username": {p.Username}, "password": {"password-1"}})
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode, "log-in redirects")
	return c
}

// leaguePath is a league's page.
func leaguePath(l store.League) string { return fmt.Sprintf("/leagues/%d", l.ID) }

func TestLeaguesPageListsOpenRunningAndOwnLeagues(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 9)
	open := app.join(app.newLeague(players[0], "cartagena", 5, 0), players[1:3])
	running := app.join(app.newLeague(players[8], "blue-max", 4, 0), players[:8])

	_, doc := app.get(app.browser(), "/leagues")
	assert.Zero(t, doc.Find("#mine").Length(), "anonymous visitors have no own leagues")
	assert.Zero(t, doc.Find(`a[href="/leagues/new"]`).Length())
	rows := doc.Find("#open tbody tr")
	require.Equal(t, 1, rows.Length())
	assert.Equal(t, []string{"The cartagena league", "Cartagena", "5", "2/8", "open to everyone (no recent games needed)", "open"},
		rows.Find("td").Map(func(_ int, td *goquery.Selection) string { return text(td) }))
	assert.Equal(t, leaguePath(open), rows.Find("a").AttrOr("href", ""))
	rows = doc.Find("#running tbody tr")
	require.Equal(t, 1, rows.Length())
	assert.Equal(t, leaguePath(running), rows.Find("a").AttrOr("href", ""))
	assert.Equal(t, "Blue Max", text(rows.Find("td").Eq(1)))
	assert.Equal(t, "8/8", text(rows.Find("td").Eq(3)))

	_, doc = app.get(app.logIn(players[0]), "/leagues")
	assert.Equal(t, 2, doc.Find("#mine tbody tr").Length(), "player1 organises one league and plays in the other")
	assert.Equal(t, 1, doc.Find(`a[href="/leagues/new"]`).Length())
	_, doc = app.get(app.logIn(players[5]), "/leagues")
	assert.Equal(t, []string{leaguePath(running)}, doc.Find("#mine tbody tr a").Map(func(_ int, s *goquery.Selection) string {
		return s.AttrOr("href", "")
	}))
}

func TestCreateLeagueForm(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, _ := app.get(app.browser(), "/leagues/new")
	assert.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/login?next=%2Fleagues%2Fnew", res.Header.Get("Location"))

	c := app.signUp("grace", "Grace Hopper", "compiler-1952")
	res, doc := app.get(c, "/leagues/new")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, 12, doc.Find(`select[name="game"] option`).Length(), "every version of every game of the registry")
	assert.Equal(t, "Arcs: Lost Vaults & Fated Leaders (2–5 players)", text(doc.Find(`select[name="game"] option[value="arcs/lost-vaults"]`)))
	assert.Equal(t, "Arcs: Base game (2–4 players)", text(doc.Find(`select[name="game"] optgroup[label="Arcs"] option`).First()))
	assert.Equal(t, "Gonzaga (2–4 players)", text(doc.Find(`select[name="game"] option[value="gonzaga"]`)))
	assert.Equal(t, "0", doc.Find(`input[name="min_recent_games"]`).AttrOr("value", ""),
		"a club without finished games is offered 0 (issue #34); the seed's 5 once it has some")
	assert.Equal(t, "90", doc.Find(`input[name="recent_days"]`).AttrOr("value", ""))
	assert.Contains(t, text(doc.Find(".rule-fieldset")), "New players have no finished games yet, so a club starts with a league whose minimum is 0")

	// A refusal shows every wrong field and keeps what was typed.
	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"  "}, "game": {"vortex"}, "version": {"deluxe"}, "edition": {"Vortex95"}, "players_per_game": {"6"},
		"min_recent_games": {"few"}, "recent_days": {"0"},
	})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	errs := map[string]string{}
	doc.Find(".field-error").Each(func(_ int, s *goquery.Selection) {
		errs[strings.TrimPrefix(s.AttrOr("id", ""), "e-")] = text(s)
	})
	assert.Equal(t, map[string]string{
		"name":             "required",
		"version":          `Vortex has no version "deluxe" (want one of d6, d12; free text such as "2nd edition" goes in "edition")`,
		"players_per_game": "Vortex takes 2 to 4 players per game, got 6",
		"min_recent_games": "must be a whole number",
		"recent_days":      "must be between 1 and 3650 days",
	}, errs)
	assert.Equal(t, "Vortex95", doc.Find(`input[name="edition"]`).AttrOr("value", ""))
	assert.Zero(t, doc.Find(`select[name="game"] option[selected]`).Length(), "an unknown version selects nothing")

	// Arcs' base game takes 2 to 4: the error beside the field names the version that takes 5.
	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Five"}, "game": {"arcs/base"}, "players_per_game": {"5"}, "min_recent_games": {"0"}, "recent_days": {"90"},
	})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, `Arcs (Base game) takes 2 to 4 players per game, got 5; 5 players a game needs Lost Vaults & Fated Leaders ("lost-vaults")`,
		text(doc.Find("#e-players_per_game")))
	assert.Equal(t, "arcs/base", doc.Find(`select[name="game"] option[selected]`).AttrOr("value", ""))

	res, _ = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Club night"}, "game": {"king-me"}, "edition": {""}, "players_per_game": {"4"},
		"min_recent_games": {"0"}, "recent_days": {"90"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	require.True(t, strings.HasPrefix(loc, "/leagues/"), loc)
	_, doc = app.get(c, loc)
	assert.Equal(t, "Club night open", text(doc.Find("main h1")))
	assert.Equal(t, "Viva il Re! / King Me", text(doc.Find(".league-game")))
	assert.Equal(t, "grace", text(doc.Find(`.facts a[href="/players/grace"]`)))
	assert.Equal(t, 1, doc.Find(`form[action="`+loc+`/join"] button`).Length(), "the organiser may play too")

	// Without a CSRF token nothing is created.
	res, _ = app.post(c, "/leagues", url.Values{"name": {"Sneaky"}, "game": {"arcs"}, "players_per_game": {"4"}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
}

func TestLeaguePageJoinUntilTheScheduleAppears(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 9)
	l := app.join(app.newLeague(players[0], "gonzaga", 3, 0), players[:6])
	path := leaguePath(l)

	// Anonymous: invited to log in.
	_, doc := app.get(app.browser(), path)
	assert.Equal(t, "Log in or sign up to join.", text(doc.Find("#join")))
	assert.Equal(t, 6, doc.Find(".member-list li:not(.open-place)").Length())
	assert.Equal(t, 2, doc.Find(".member-list li.open-place").Length())
	assert.Equal(t, "The games are drawn when the 8th player joins: 24 games of 3 players.", text(doc.Find("#games p")))
	assert.Zero(t, doc.Find("#fairness").Length())

	seventh := app.logIn(players[6])
	res, doc := app.submit(seventh, path, path+"/join", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(seventh, path)
	assert.Equal(t, "You play in this league.", text(doc.Find("#join")))
	assert.Equal(t, "Player 7", text(doc.Find(".member-list li.is-viewer a")))

	// A join without the CSRF token is refused and changes nothing.
	eighth := app.logIn(players[7])
	res, _ = app.post(eighth, path+"/join", url.Values{})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)

	res, _ = app.submit(eighth, path, path+"/join", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, path, res.Header.Get("Location"))
	_, doc = app.get(eighth, path)
	assert.Equal(t, "The gonzaga league running", text(doc.Find("main h1")))
	rows := doc.Find("#games tbody tr")
	assert.Equal(t, 24, rows.Length(), "the seed's 24 games of 3")
	assert.Equal(t, 9, doc.Find("#games tbody tr.is-viewer").Length(), "the 8th player's 9 games are marked")
	first := rows.First()
	assert.Equal(t, 3, first.Find(".seat").Length())
	assert.Equal(t, []string{"1", "2", "3"}, first.Find(".seat").Map(func(_ int, s *goquery.Selection) string {
		return s.AttrOr("data-position", "")
	}))
	assert.Zero(t, doc.Find(`form[action="`+path+`/join"]`).Length(), "no join button on a running league")

	// The fairness report: an 8×8 matchup matrix and one bar per player and seat.
	fair := doc.Find("#fairness")
	require.Equal(t, 1, fair.Length())
	assert.Equal(t, 64, fair.Find("svg.matchup-matrix g.matchup").Length())
	assert.Equal(t, 8, fair.Find("svg.matchup-matrix g.self").Length())
	assert.Equal(t, 8*3, fair.Find("svg.seat-histogram rect.bar").Length())
	assert.Equal(t, "Everyone plays 9 games. Every pair of players meets in 2 to 3 games. Every player sits in every seat exactly 3 times.",
		text(fair.Find(".fairness-summary")))
	var meetings int
	fair.Find("svg.matchup-matrix g.matchup:not(.self) text").Each(func(_ int, s *goquery.Selection) {
		var n int
		_, err := fmt.Sscan(s.Text(), &n)
		require.NoError(t, err)
		meetings += n
	})
	assert.Equal(t, 24*3*2, meetings, "each game of 3 makes 3 pairs, counted from both sides")
	assert.Equal(t, "player1 and player2 meet in "+text(fair.Find("svg.matchup-matrix g.matchup").Eq(1).Find("text"))+" games",
		text(fair.Find("svg.matchup-matrix g.matchup").Eq(1).Find("title")))

	// A 9th player posting anyway is refused with the reason, on the league page.
	ninth := app.logIn(players[8])
	_, doc = app.get(ninth, path)
	res, doc = app.post(ninth, path+"/join", url.Values{"_csrf": {csrfOf(t, doc)}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "League: already running; its players are set and its games scheduled", text(doc.Find("#join .alert")))
	assert.Equal(t, 24, doc.Find("#games tbody tr").Length())
}

func TestLeaguePageExplainsRefusals(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 9)
	strict := app.newLeague(players[0], "arcs", 4, 2)

	c := app.logIn(players[1])
	_, doc := app.get(c, leaguePath(strict))
	assert.Equal(t, "Activity rule: you have 0 finished games in the last 90 days; this league needs 2", text(doc.Find("#join")))
	assert.Zero(t, doc.Find(`form[action="`+leaguePath(strict)+`/join"]`).Length())
	assert.Equal(t, "2 finished games in the last 90 days", text(doc.Find(".facts div").FilterFunction(func(_ int, s *goquery.Selection) bool {
		return text(s.Find("dt")) == "Activity rule"
	}).Find("dd")))

	// Posting anyway (with a valid token from another form) is 403 with the reason.
	token := csrfOf(t, doc)
	res, doc := app.post(c, leaguePath(strict)+"/join", url.Values{"_csrf": {token}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	assert.Equal(t, "Activity rule: you have 0 finished games in the last 90 days; this league needs 2", text(doc.Find("#join .alert")))

	running := app.join(app.newLeague(players[0], "vortex", 4, 0), players[:8])
	c = app.logIn(players[8])
	_, doc = app.get(c, leaguePath(running))
	res, doc = app.post(c, leaguePath(running)+"/join", url.Values{"_csrf": {csrfOf(t, doc)}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "League: already running; its players are set and its games scheduled", text(doc.Find("#join .alert")))

	res, _ = app.get(c, "/leagues/999999")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
	res, _ = app.get(c, "/leagues/not-a-number")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

func TestGamePageShowsSeatsAndSides(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 8)
	for _, tc := range []struct {
		game    string
		perGame int
		sides   []string
	}{
		{"blue-max", 4, []string{"Allies", "Central Powers"}},
		{"wooden-ships-and-iron-men", 3, []string{"First fleet", "Second fleet"}},
		{"vampiring", 5, nil},
	} {
		l := app.join(app.newLeague(players[0], tc.game, tc.perGame, 0), players)
		games := mustLeagueGames(t, app, l)
		g := games[0]
		res, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Contains(t, text(doc.Find("main h1")), "game 1 scheduled")
		assert.Equal(t, leaguePath(l), doc.Find(".crumbs a").Last().AttrOr("href", ""))

		var want []string
		for _, s := range g.Seats {
			want = append(want, fmt.Sprintf("%d %s @%s", s.Position, s.DisplayName, s.Username))
		}
		got := doc.Find(".seat-table tbody tr").Map(func(_ int, s *goquery.Selection) string {
			return strings.Join(s.Find("td").Map(func(_ int, td *goquery.Selection) string { return text(td) }), " ")
		})
		assert.Equal(t, want, got, "%s: players in seat order", tc.game)

		sideNames := doc.Find(".side-card h3").Map(func(_ int, s *goquery.Selection) string { return text(s) })
		if tc.sides == nil {
			assert.Empty(t, sideNames)
			continue
		}
		assert.Equal(t, tc.sides, sideNames)
		first := (tc.perGame + 1) / 2
		assert.Equal(t, first, doc.Find(".side-card").First().Find("tbody tr").Length(), "the first ⌈n/2⌉ seats form the first side")
		assert.Equal(t, tc.perGame-first, doc.Find(".side-card").Last().Find("tbody tr").Length())

		_, doc = app.get(app.browser(), leaguePath(l))
		assert.Equal(t, 2, doc.Find("#games tbody tr").First().Find(".side").Length(), "%s: the games list shows the sides", tc.game)
	}
	res, _ := app.get(app.browser(), "/games/999999")
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

// mustLeagueGames returns the league's stored games (webtest.App.LeagueGames).
func mustLeagueGames(t *testing.T, app *testApp, l store.League) []store.Game {
	t.Helper()
	return app.LeagueGames(l)
}

func TestFaceToFaceLeagueGroupsItsGamesByRound(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 8)
	c := app.logIn(players[0])

	_, doc := app.get(c, "/leagues/new")
	box := doc.Find(`input[name="face_to_face"][type="checkbox"]`)
	require.Equal(t, 1, box.Length())
	assert.False(t, box.Is("[checked]"), "not face to face by default")
	assert.Contains(t, text(doc.Find(".field-check .field-hint")), "rounds in which nobody plays twice")

	// A refused creation keeps the box checked.
	res, doc := app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {""}, "game": {"vampiring"}, "players_per_game": {"3"}, "min_recent_games": {"0"}, "face_to_face": {"true"},
	})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.True(t, doc.Find(`input[name="face_to_face"]`).Is("[checked]"))

	res, _ = app.submit(c, "/leagues/new", "/leagues", url.Values{
		"name": {"Club night"}, "game": {"vampiring"}, "players_per_game": {"3"}, "min_recent_games": {"0"}, "face_to_face": {"true"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	loc := res.Header.Get("Location")
	var id int64
	_, err := fmt.Sscanf(loc, "/leagues/%d", &id)
	require.NoError(t, err, loc)
	l, err := app.store.League(t.Context(), id)
	require.NoError(t, err)
	require.True(t, l.FaceToFace, "stored face to face")

	meets := func(doc *goquery.Document) string { return text(doc.Find(".facts .league-face-to-face")) }
	_, doc = app.get(c, loc)
	assert.Equal(t, "face to face, 12 rounds in which nobody plays twice", meets(doc))
	assert.Equal(t, "The games are drawn when the 8th player joins: 24 games of 3 players, in 12 rounds.", text(doc.Find("#games p")))

	// Through the app, whose writes empty the cached parts of the league's page.
	for _, p := range players {
		status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/join", id), p.token, nil)
		require.Equal(t, http.StatusOK, status, out)
	}
	_, doc = app.get(c, loc)
	assert.Equal(t, 24, doc.Find("#games tbody tr").Length(), "one row per game")
	rounds := doc.Find("#games tbody.round")
	require.Equal(t, 12, rounds.Length(), "3 per game face to face: 12 rounds")
	rounds.Each(func(i int, r *goquery.Selection) {
		n := fmt.Sprint(i + 1)
		assert.Equal(t, "round-"+n, r.AttrOr("id", ""))
		rows := r.Find("tr")
		require.Equal(t, 2, rows.Length(), "round %s: 2 games of 3", n)
		cell := rows.First().Find("th.round-cell")
		assert.Equal(t, "2", cell.AttrOr("rowspan", ""), "round %s: the heading spans its games", n)
		assert.Equal(t, "Round "+n, text(cell.Find(".round-name")))
		assert.Zero(t, rows.Last().Find("th.round-cell").Length())

		seen := map[string]int{}
		r.Find(".seat").Each(func(_ int, s *goquery.Selection) { seen[text(s)]++ })
		sitters := r.Find(".sitter").Map(func(_ int, s *goquery.Selection) string { return text(s) })
		assert.Len(t, sitters, 2, "round %s: 2 of 8 sit out", n)
		assert.Equal(t, "sitting out: "+strings.Join(sitters, ", "), text(cell.Find(".sitting-out")))
		for _, u := range sitters {
			seen[u]++
		}
		assert.Len(t, seen, 8, "round %s: everyone either plays or sits out", n)
		for u, times := range seen {
			assert.Equal(t, 1, times, "round %s: %s appears once", n, u)
		}
	})
	assert.Equal(t, 3, doc.Find("#games .sitter.is-viewer").Length(), "the viewer plays 9 of 12 rounds")

	// Four per game face to face: two tables, everyone plays every round.
	l, err = service.NewLeagues(app.store).Create(t.Context(), store.NewLeague{
		Name: "Two tables", Game: "vampiring", PlayersPerGame: 4, RecentDays: store.DefaultRecentDays,
		FaceToFace: true, OrganiserID: players[0].ID,
	})
	require.NoError(t, err)
	l = app.join(l, players)
	_, doc = app.get(c, leaguePath(l))
	assert.Equal(t, "face to face, 16 rounds in which nobody plays twice", meets(doc))
	require.Equal(t, 16, doc.Find("#games tbody.round").Length())
	assert.Equal(t, 32, doc.Find("#games tbody.round tr").Length())
	assert.Equal(t, "everyone plays", text(doc.Find("#games tbody.round .sitting-out").First()))
	assert.Zero(t, doc.Find("#games .sitter").Length())

	// An ordinary league lists its games one by one, each a round of its own.
	l = app.join(app.newLeague(players[0], "vampiring", 4, 0), players)
	assert.False(t, l.FaceToFace)
	_, doc = app.get(c, leaguePath(l))
	assert.Zero(t, doc.Find("#games tbody.round").Length())
	assert.Equal(t, 32, doc.Find("#games tbody tr").Length())
	assert.Empty(t, meets(doc))
}

func TestStandingsBeforeAnyGameSayNobodyHasPlayed(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("early", 8)
	l := app.join(app.newLeague(players[0], "gonzaga", 4, 0), players)
	_, doc := app.get(app.browser(), leaguePath(l))
	standings := doc.Find("#standings")
	require.Equal(t, 8, standings.Find("tbody tr").Length())
	assert.Equal(t, "Nobody has played yet: the standings start with the first recorded result.", text(standings.Find(".nobody-yet")))
	assert.NotContains(t, standings.Text(), "share 1st place")
	assert.Zero(t, standings.Find(".tiebreaks").Length())
}
