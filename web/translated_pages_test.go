package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/web"
)

// dottedDecimal is a number written with a dot for its decimals, as English does.
var dottedDecimal = regexp.MustCompile(`\d\.\d`)

// sameInEnglish are words a language writes as English does.
var sameInEnglish = map[string]map[string]bool{
	"fr": {"Points": true, "SUPERCAT (normal)": true, "Scores": true, "points": true, "Vortex": true},
	"de": {"SUPERCAT (normal)": true, "Marker 1": true, "Marker 2": true, "Marker 3": true},
}

// assertPageTranslated is assertTranslated for one page, leaving out the parts of it matched
// by skip (what another part of the code says, each named where it is called), and failing
// too on any number written with a decimal point in a language that writes a comma.
func (a *testApp) assertPageTranslated(c *http.Client, path string, skip ...string) {
	a.t.Helper()
	for _, l := range locales.Supported()[1:] {
		_, english := a.get(c, withLang(path, "en"))
		res, page := a.get(c, withLang(path, l.Code))
		require.Equal(a.t, http.StatusOK, res.StatusCode, "%s in %s", path, l.Code)
		assert.Equal(a.t, l.Code, htmlLang(page), "%s in %s", path, l.Code)
		for _, sel := range skip {
			english.Find(sel).Remove()
			page.Find(sel).Remove()
		}
		var left []string
		for _, s := range untranslated(english, page) {
			if !sameInEnglish[l.Code][s] {
				left = append(left, s)
			}
		}
		assert.Empty(a.t, left, "%s in %s: English left", path, l.Code)
		for _, s := range textNodes(page) {
			assert.NotRegexp(a.t, dottedDecimal, s, "%s in %s: a number with a decimal point", path, l.Code)
		}
	}
	a.get(c, withLang(path, "en")) // leave the client as it was found
}

// leagueWithResults is a running league of vampiring with one result recorded, three tied
// first (6 2/3 points each), and its organiser's client.
func leagueWithResults(t *testing.T, app *testApp) (string, *http.Client, *http.Client) {
	t.Helper()
	l, org, members, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	formPath := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	res, _ := app.submit(c, formPath, formPath, url.Values{"action": {"save"},
		"score-1": {"10"}, "score-2": {"10"}, "score-3": {"10"}, "score-4": {"5"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	return leaguePath(l), c, app.logIn(members[0])
}

// TestLeaguePageIsTranslated: the league page — header, members, games, standings and
// their notes — speaks each language, signed out, as its organiser and as a member.
func TestLeaguePageIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	path, org, member := leagueWithResults(t, app)
	// The title is the league's name; the status badges (StatusBadge), the fairness report
	// and the history's lines are said by the pages translated beside this one.
	skip := []string{"title", ".badge", "#fairness", "#history li"}
	app.assertPageTranslated(app.browser(), path, skip...)
	app.assertPageTranslated(org, path, skip...)
	app.assertPageTranslated(member, path, skip...)

	_, doc := app.get(app.browser(), withLang(path, "de"))
	assert.Equal(t, "Tabelle", text(doc.Find("#standings h2")))
	assert.Equal(t, "6 2/3", text(doc.Find("#standings .standings-table tbody tr").First().Find(".points")), "league points stay a mixed fraction")
	_, doc = app.get(app.browser(), withLang(path, "en"))
	assert.Equal(t, "Standings", text(doc.Find("#standings h2")))
}

// TestOpenLeaguePageIsTranslated: an open league with an activity rule — its join section,
// open places and the draw to come — speaks each language, signed out, to a member and to
// a player the rule keeps out.
func TestOpenLeaguePageIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	members := app.newPlayers("member", 2)
	l := app.join(app.newLeague(org, "vampiring", 4, 0), members)
	path := leaguePath(l)
	skip := []string{"title", ".badge"}
	app.assertPageTranslated(app.browser(), path, skip...)
	app.assertPageTranslated(app.logIn(members[0]), path, skip...)
	app.assertPageTranslated(app.logIn(app.newPlayers("newcomer", 1)[0]), path, skip...)

	ruled := app.newLeague(org, "vampiring", 4, 3)
	newcomer := app.logIn(app.newPlayers("late", 1)[0])
	app.assertPageTranslated(newcomer, leaguePath(ruled), skip...)
	_, doc := app.get(newcomer, withLang(leaguePath(ruled), "it"))
	assert.Equal(t, "Regola di attività: hai 0 partite concluse negli ultimi 90 giorni; questa lega ne chiede 3", text(doc.Find("#join .notice-warn")))
}

// openTable opens a normal table of game with seats seats from the form as org, seats the
// clients in joiners, and returns its page.
func openTable(t *testing.T, app *testApp, org *http.Client, game string, seats int, joiners ...*http.Client) string {
	t.Helper()
	res, _ := app.submit(org, "/games/new", "/games", url.Values{"game": {game}, "seats": {fmt.Sprint(seats)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	path := res.Header.Get("Location")
	for _, c := range joiners {
		res, _ := app.submit(c, path, path+"/join", url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
	}
	return path
}

// TestNormalGamesPagesAreTranslated: the games list (an open table, a full one and a
// result) and the open-a-table form, with its field errors' surroundings, speak each
// language.
func TestNormalGamesPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 3)
	org, bob, cid := app.logIn(ps[0]), app.logIn(ps[1]), app.logIn(ps[2])
	openTable(t, app, org, "cartagena", 4, bob)
	openTable(t, app, org, "gonzaga", 2, bob, cid)
	done := openTable(t, app, org, "diplomacy", 3, org, bob, cid)
	body := map[string]any{"outcome": "solo", "winners": []string{"player2"}, "players": []map[string]any{
		{"id": "player1", "centers": 0, "years": 5, "eliminated": 1905},
		{"id": "player2", "centers": 18, "years": 10},
		{"id": "player3", "centers": 10, "years": 10},
	}}
	status, out := app.api(http.MethodPost, "/api"+"/v1"+done+"/result", ps[0].token, body)
	require.Equal(t, http.StatusCreated, status, "%v", out)

	// The status badges are StatusBadge's, translated with the leagues list.
	app.assertPageTranslated(app.browser(), "/games", ".badge")
	app.assertPageTranslated(bob, "/games", ".badge")
	// Who enters the results is the table form's setting (ResultsSettingFields), translated
	// with the game's page.
	app.assertPageTranslated(org, "/games/new", ".results-setting")

	_, doc := app.get(app.browser(), "/games?lang=it")
	assert.Equal(t, "1 su 4 posti", text(doc.Find("#open td[data-label=Posti]").First()))
	assert.Equal(t, "Partite", text(doc.Find("main h1")))
	_, doc = app.get(app.browser(), "/games?lang=en")
	assert.Equal(t, "1 of 4 seats", text(doc.Find("#open td[data-label=Seats]").First()))
}

// TestPotExplainedIsTranslated: the pot's explanation under the ratings speaks each
// language, its example pot written with the language's decimal comma.
func TestPotExplainedIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	_, english := app.get(app.browser(), "/ratings?lang=en")
	en := text(english.Find(".pot-explained"))
	assert.Contains(t, en, "so their game plays for 84.0 instead of 120")
	for _, l := range locales.Supported()[1:] {
		_, doc := app.get(app.browser(), "/ratings?lang="+l.Code)
		got := text(doc.Find(".pot-explained"))
		assert.NotEqual(t, en, got, l.Code)
		assert.Contains(t, got, "84,0", l.Code)
		assert.NotRegexp(t, dottedDecimal, got, l.Code)
	}
}

// TestVortexCalculatorIsTranslated: the Vortex calculator — its board, scores, threats and
// refusals — speaks each language, with a decimal comma in it, fr and de.
func TestVortexCalculatorIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	app.assertPageTranslated(app.browser(), "/vortex?die=6&red=on&red1=18&blue=on&blue1=5")
	app.assertPageTranslated(app.browser(), "/vortex?die=6&red=on&red1=3&red2=7&blue=on&blue1=5&cyan=on&cyan1=25")
	_, doc := app.get(app.browser(), "/vortex?die=6&red=on&red1=3&red2=3&lang=de")
	assert.Equal(t, "Feld schon besetzt", text(doc.Find(".vortex-seats .field-error").First()))
	_, doc = app.get(app.browser(), "/vortex?die=x&lang=it")
	assert.Equal(t, "Inserisci un numero intero di facce da 1 a 1000.", text(doc.Find(".field-error").First()))
	_, doc = app.get(app.browser(), "/vortex?die=6&lang=fr")
	assert.Equal(t, "Cochez au moins une couleur qui joue.", text(doc.Find(".alert")))
}

// TestAmbitionHelperIsTranslated: the Arcs ambition helper, empty and with a preview,
// speaks each language. The crumb names the game (its page's title) and each line's "why"
// is the scorer's explanation, both said elsewhere.
func TestAmbitionHelperIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org := versionLeague(t, app, "arcs", "base", 4)
	helper := fmt.Sprintf("/games/%d/ambition", mustLeagueGames(t, app, l)[0].ID)
	c := app.logIn(org)
	skip := []string{".crumbs", ".why"}
	app.assertPageTranslated(c, helper, skip...)
	app.assertPageTranslated(c, helper+"?preview=1&m1v1=5&m1v2=3&count1=4&count2=4&count3=2&count4=1", skip...)
	_, doc := app.get(c, helper+"?lang=fr")
	assert.Equal(t, "Marqueurs (2 valeurs chacun : 1er, 2e)", text(doc.Find(".ambition-markers legend")))
}
