package web_test

import (
	"net/http"
	"net/url"
	"regexp"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
	"golang.org/x/net/html"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/web"
)

// demoApp is a test app on the demo's database: leagues with games and results, ladders
// with ratings, seasons. It returns the app, a signed-out browser and ada (an organiser and
// a player) signed in.
func demoApp(t *testing.T) (*testApp, *http.Client, *http.Client) {
	t.Helper()
	app := newDemoApp(t)
	ada := app.browser()
	res, _ := app.submit(ada, "/login", "/login", url.Values{"username": {"ada"}, "password": {demo.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	return app, app.browser(), ada
}

// decimalPoint is a number written with a dot for its decimals ("12.5"); ruleNumber is a
// section of a rulebook ("ARMADA 4.2"), written with dots in every language.
var (
	decimalPoint = regexp.MustCompile(`\d\.\d`)
	ruleNumber   = regexp.MustCompile(`(ARMADA (rule )?|OpenAPI[ -])\d+(\.\d+)+`)
)

// numbersWithDots returns the texts of doc people read (outside names and what people
// typed) with a number written the English way in them.
func numbersWithDots(doc *goquery.Document) []string {
	var out []string
	var walk func(n *html.Node)
	walk = func(n *html.Node) {
		if n.Type == html.ElementNode {
			switch n.Data {
			case "script", "style", "code", "pre":
				return
			}
			if attr(n, "translate") == "no" || attr(n, "lang") == "en" && n.Data != "html" {
				return
			}
			for _, a := range []string{"title", "aria-label"} {
				if v := attr(n, a); decimalPoint.MatchString(v) {
					out = append(out, v)
				}
			}
		}
		if n.Type == html.TextNode && decimalPoint.MatchString(ruleNumber.ReplaceAllString(n.Data, "")) && !strings.Contains(n.Data, "://") {
			out = append(out, strings.TrimSpace(n.Data))
		}
		for c := n.FirstChild; c != nil; c = c.NextSibling {
			walk(c)
		}
	}
	for _, n := range doc.Find("head > title, body").Nodes {
		walk(n)
	}
	return out
}

// assertTranslatedPages checks each path with c: no English left in any language, and
// no number with a decimal point in Italian, French or German.
func (a *testApp) assertTranslatedPages(c *http.Client, paths ...string) {
	a.t.Helper()
	for _, path := range paths {
		a.assertTranslated(c, path)
		for _, l := range locales.Supported()[1:] {
			_, doc := a.get(c, withLang(path, l.Code))
			assert.Empty(a.t, numbersWithDots(doc), "%s in %s: a number with a decimal point", path, l.Code)
		}
		a.get(c, withLang(path, "en"))
	}
}

// TestFrontAndAccountPagesAreTranslated: the front page, sign-up, log-in and the password
// pages, with their field errors and notices, and the error page, in every language.
func TestFrontAndAccountPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app, out, ada := demoApp(t)
	app.assertTranslatedPages(out, "/", "/signup", "/login", "/login?reset=1", "/login?verified=1",
		"/password/forgot")
	_ = ada // signed in, "/" is the desk, translated with it
	for _, l := range locales.Supported()[1:] {
		_, en := app.get(out, "/password/reset?token=nonsense-token&lang=en")
		res, page := app.get(out, "/password/reset?token=nonsense-token&lang="+l.Code)
		require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
		assert.Empty(t, untranslated(en, page), "a used reset link in %s", l.Code)
	}

	// A refused form says its field errors in the page's language.
	c := app.browser()
	app.get(c, "/signup?lang=de")
	res, doc := app.submit(c, "/signup", "/signup", url.Values{"username": {"-x"}, "display_name": {""}, "password": {"password"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "3 bis 32 Zeichen", text(doc.Find("#e-username")))
	assert.Equal(t, "Pflichtfeld", text(doc.Find("#e-display_name")))
	assert.Contains(t, text(doc.Find("#e-password")), "zu leicht zu erraten: es ist eines der häufigsten Passwörter")
	res, doc = app.submit(c, "/login", "/login", url.Values{"username": {"ada"}, "password": {"wrong-password"}})
	require.Equal(t, http.StatusUnauthorized, res.StatusCode)
	assert.Equal(t, "Benutzername oder Passwort ist falsch.", text(doc.Find(".alert")))
	res, doc = app.submit(c, "/password/forgot", "/password/forgot", url.Values{"email": {"not an address"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "muss eine E-Mail-Adresse sein, etwa ada@example.org", text(doc.Find("#e-email")))

	// The API keeps its English, exactly.
	status, body := app.api(http.MethodPost, "/api/v1/signup", "", map[string]any{"username": "-x", "display_name": "X", "password": "password"})
	assert.Equal(t, http.StatusUnprocessableEntity, status, "%v", body)
	assert.Contains(t, body["error"], "must be 3 to 32 characters")
}

// TestErrorPagesAreTranslated: a missing page says so in the visitor's language; the API
// answers in English.
func TestErrorPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.browser()
	for _, l := range locales.Supported()[1:] {
		_, en := app.get(c, "/leagues/999999?lang=en")
		res, page := app.get(c, "/leagues/999999?lang="+l.Code)
		require.Equal(t, http.StatusNotFound, res.StatusCode)
		assert.Equal(t, l.Code, htmlLang(page))
		assert.Empty(t, untranslated(en, page), "in %s", l.Code)
	}
	_, doc := app.get(c, "/leagues/999999?lang=it")
	assert.Equal(t, "Non trovato", text(doc.Find(".error-page h1")))
	_, doc = app.get(c, "/leagues/999999?lang=en")
	assert.Equal(t, "Not found", text(doc.Find(".error-page h1")))
	assert.Equal(t, "Not Found · TableStakes", text(doc.Find("title")))
	status, body := app.api(http.MethodGet, "/api/v1/leagues/999999", "", nil)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Equal(t, "not found", body["error"])
}

// TestRatingPagesAreTranslated: the ratings index and a ladder with ratings, signed out and
// signed in, in every language, their ratings written with a decimal comma.
func TestRatingPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app, out, ada := demoApp(t)
	for _, c := range []*http.Client{out, ada} {
		app.assertTranslatedPages(c, "/ratings", "/ratings/cartagena")
	}
	_, doc := app.get(out, "/ratings/cartagena?lang=fr")
	rating := text(doc.Find(".ladder-table td.rating").First())
	assert.Regexp(t, `^−?\d+,\d$`, rating, "a rating in French")
	_, doc = app.get(out, "/ratings/cartagena?lang=en")
	assert.Regexp(t, `^−?\d+\.\d$`, text(doc.Find(".ladder-table td.rating").First()), "a rating in English")
}

// TestLeaguePagesAreTranslated: the leagues list signed out and signed in, and the
// create-league form with its preview, field errors and the flash after it, in every
// language.
func TestLeaguePagesAreTranslated(t *testing.T) {
	t.Parallel()
	app, out, ada := demoApp(t)
	app.assertTranslatedPages(out, "/leagues")
	app.assertTranslatedPages(ada, "/leagues", "/leagues/new")

	c := app.browser()
	app.submit(c, "/login", "/login", url.Values{"username": {"bruno"}, "password": {demo.Password}})
	app.get(c, "/leagues/new?lang=de")
	res, doc := app.submit(c, "/leagues/new", "/leagues", url.Values{"name": {""}, "game": {"cartagena"},
		"players_per_game": {"9"}, "min_recent_games": {"5"}, "recent_days": {"90"}, "confirm_hours": {"48"}, "results_by": {"players"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Pflichtfeld", text(doc.Find("#e-name")))
	assert.Equal(t, "muss zwischen 2 und 8 liegen", text(doc.Find("#e-players_per_game")))
	res, doc = app.submit(c, "/leagues/new", "/leagues", url.Values{"name": {"Dienstagsrunde"}, "game": {"cartagena"},
		"players_per_game": {"4"}, "preview": {"1"}, "min_recent_games": {"5"}, "recent_days": {"90"}, "confirm_hours": {"48"}, "results_by": {"players"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "8 Spieler, 4 pro Partie: 32 Partien; jeder spielt 16 Partien; je zwei Spieler treffen sich 6- oder 7-mal.", text(doc.Find("#league-preview-text")))
	res, _ = app.submit(c, "/leagues/new", "/leagues", url.Values{"name": {"Dienstagsrunde"}, "game": {"cartagena"},
		"players_per_game": {"4"}, "min_recent_games": {"0"}, "recent_days": {"90"}, "confirm_hours": {"48"}, "results_by": {"players"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, res.Header.Get("Location"))
	assert.Equal(t, "Deine Liga ist angelegt; sie beginnt, wenn ihr 8. Spieler beitritt.", text(doc.Find(".flash")))
}

// TestSeasonPagesAreTranslated: the seasons list, a running season's page with its
// divisions signed out and signed in, and the open-a-season form, in every language.
func TestSeasonPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app, out, ada := demoApp(t)
	_, doc := app.get(out, "/seasons")
	var seasons []string
	doc.Find(`.league-section a[href^="/seasons/"]`).Each(func(_ int, s *goquery.Selection) {
		seasons = append(seasons, s.AttrOr("href", ""))
	})
	require.NotEmpty(t, seasons, "the demo has seasons")
	app.assertTranslatedPages(out, append([]string{"/seasons"}, seasons...)...)
	app.assertTranslatedPages(ada, append([]string{"/seasons", "/seasons/new"}, seasons...)...)
}

// TestPlayerPageIsTranslated: a player's page with ratings, their history and games, signed
// out and signed in, in every language, its ratings with a decimal comma.
func TestPlayerPageIsTranslated(t *testing.T) {
	t.Parallel()
	app, out, ada := demoApp(t)
	app.assertTranslatedPages(out, "/players/ada", "/players/dmitri")
	app.assertTranslatedPages(ada, "/players/ada")
}
