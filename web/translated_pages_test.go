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

// decimalPoint is a number written with a dot for its decimals, as English does.
var decimalPoint = regexp.MustCompile(`\d\.\d`)

// sameInEnglish are words a language writes as English does.
var sameInEnglish = map[string]map[string]bool{
	"fr": {"Points": true},
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
			assert.NotRegexp(a.t, decimalPoint, s, "%s in %s: a number with a decimal point", path, l.Code)
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
