package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/web"
)

// sameOnTheTable are the words of a game's page that a language writes as English does:
// Diplomacy's powers where the language's edition names them so ("Austria" and "Russia" in
// Italian, "France" in French, "England" in German), and French "Place" (a seat).
var sameOnTheTable = map[string]map[string]bool{
	"it": {"Austria": true, "Russia": true, "bot": true, "No": true},
	"fr": {"France": true, "Place": true, "Points": true, "Absent": true, "Centres": true, "Score": true, "Version": true,
		"bot": true, "Bots": true, "bonus": true},
	"de": {"England": true, "Start": true, "Version:": true, "Version": true, "Name": true, "Bots": true, "Neutral": true},
}

// frenchPoints is a proposal's line in French, whose "points" is the English word: "(30) —
// 6 points".
var frenchPoints = regexp.MustCompile(`^\(\d+\) — [\d /]+ points?$`)

// seedWords are the SUPERCAT companion's quotes of the seed's rules (the bot's questions,
// procedures, notes, terms, modifiers and setup steps, marked lang="en"), which the seed
// has in English only; the scorer's explanation of each result line, shared with the API
// and the CLI, is English too.
const seedWords = `[lang="en"]`

// theForecast is the game page's forecast section, translated with the forecast pages.
const theForecast = "#forecast"

// assertGameTranslated is assertPageTranslated for a page of this area: no English left
// but the words sameOnTheTable allows, outside the parts skip names, and no number written
// with a decimal point.
func (a *testApp) assertGameTranslated(c *http.Client, path string, skip ...string) {
	a.t.Helper()
	for _, l := range locales.Supported()[1:] {
		_, english := a.get(c, withLang(path, "en"))
		res, page := a.get(c, withLang(path, l.Code))
		require.Equal(a.t, http.StatusOK, res.StatusCode, "%s in %s", path, l.Code)
		assert.Equal(a.t, l.Code, htmlLang(page), "%s in %s", path, l.Code)
		for _, sel := range append([]string{theForecast, seedWords}, skip...) {
			english.Find(sel).Remove()
			page.Find(sel).Remove()
		}
		var left []string
		for _, s := range untranslated(english, page) {
			if !sameOnTheTable[l.Code][s] && !(l.Code == "fr" && frenchPoints.MatchString(s)) {
				left = append(left, s)
			}
		}
		assert.Empty(a.t, left, "%s in %s: English left", path, l.Code)
		assert.Empty(a.t, numbersWithDots(page), "%s in %s: a number with a decimal point", path, l.Code)
	}
	a.get(c, withLang(path, "en")) // leave the client as it was found
}

// TestGamePagesAreTranslated: a league game of Cartagena, of Vortex (its colours) and of
// Diplomacy (its powers, as each language's edition names them), signed out and as the
// organiser, speak each language.
func TestGamePagesAreTranslated(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game    string
		perGame int
	}{{"cartagena", 4}, {"vortex", 4}} {
		app := newTestApp(t, web.Config{})
		l, org, _, _ := runningLeague(t, app, tc.game, tc.perGame)
		path := fmt.Sprintf("/games/%d", mustLeagueGames(t, app, l)[0].ID)
		app.assertGameTranslated(app.browser(), path)
		app.assertGameTranslated(app.logIn(org), path)
	}

	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "diplomacy", 7)
	path := fmt.Sprintf("/games/%d", mustLeagueGames(t, app, l)[0].ID)
	app.assertGameTranslated(app.browser(), path)
	app.assertGameTranslated(app.logIn(org), path)
	for lang, powers := range map[string][]string{
		"en": {"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"},
		"it": {"Austria", "Inghilterra", "Francia", "Germania", "Italia", "Russia", "Turchia"},
		"fr": {"Autriche", "Angleterre", "France", "Allemagne", "Italie", "Russie", "Turquie"},
		"de": {"Österreich", "England", "Frankreich", "Deutschland", "Italien", "Russland", "Türkei"},
	} {
		_, doc := app.get(app.browser(), withLang(path, lang))
		var got []string
		doc.Find(".seat-table tbody td.power").Each(func(_ int, s *goquery.Selection) { got = append(got, text(s)) })
		assert.Equal(t, powers, got, "the powers in %s", lang)
	}
}

// TestTableIsTranslated: a game's table with a proposal waiting for confirmation and the
// players' attendance — as the proposer, a player asked to confirm, the organiser and a
// visitor — speaks each language; an action's flash is in the language of the page it
// came from.
func TestTableIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 3)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	require.Len(t, seated, 3)
	page := fmt.Sprintf("/games/%d", g.ID)
	proposer, asked := app.logIn(seated[0]), app.logIn(seated[1])

	// Seated players answer whether they come (one cannot), in French.
	app.get(asked, page+"?lang=fr")
	res, _ := app.submit(asked, page, page+"/attendance", url.Values{"coming": {"no"}})
	assert.Equal(t, fmt.Sprintf("Vous avez dit que vous ne pouvez pas venir à %s, partie %d.", l.Name, g.Number),
		app.flashAfter(asked, res))
	app.get(asked, page+"?lang=en")
	res, _ = app.submit(proposer, page, page+"/attendance", url.Values{"coming": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	// The proposer proposes, in French: the flash says so in French.
	form := page + "/result"
	values := url.Values{"action": {"save"}}
	for j, s := range g.Seats {
		values.Set(fmt.Sprintf("score-%d", s.Position), fmt.Sprint(30-j*10))
	}
	app.get(proposer, form+"?lang=fr")
	res, _ = app.submit(proposer, form, form, values)
	assert.Equal(t, fmt.Sprintf("Proposé : le résultat de %s, partie %d attend la confirmation de %s et %s.", l.Name, g.Number,
		seated[1].DisplayName, seated[2].DisplayName), app.flashAfter(proposer, res))
	app.get(proposer, page+"?lang=en")

	for _, c := range []*http.Client{proposer, asked, app.logIn(org), app.browser()} {
		app.assertGameTranslated(c, page)
	}
	_, doc := app.get(asked, page+"?lang=de")
	assert.Equal(t, "Am Tisch", text(doc.Find("#table h2")))
	assert.Equal(t, "1. "+seated[0].DisplayName+" (30) — 6 Punkte", text(doc.Find("#table .proposal-lines li").First()))
	assert.Equal(t, "Bestätigen", text(doc.Find("#table .confirm-button")))
	app.get(asked, page+"?lang=en")
}

// TestResultFormIsTranslated: the result form of a placement game, a team game, Diplomacy
// and Vortex speaks each language; a refused form says its field errors in German.
func TestResultFormIsTranslated(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game    string
		perGame int
	}{{"cartagena", 4}, {"blue-max", 4}, {"diplomacy", 7}, {"vortex", 4}} {
		app := newTestApp(t, web.Config{})
		l, org, _, _ := runningLeague(t, app, tc.game, tc.perGame)
		app.assertGameTranslated(app.logIn(org), fmt.Sprintf("/games/%d/result", mustLeagueGames(t, app, l)[0].ID))
	}

	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 3)
	g := mustLeagueGames(t, app, l)[0]
	form := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	app.get(c, form+"?lang=de")
	res, doc := app.submit(c, form, form, url.Values{"action": {"preview"}, "score-1": {"x"}, "score-2": {"10"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Einige Werte müssen korrigiert werden; siehe die markierten Felder:", text(doc.Find(".alert-title")))
	assert.Equal(t, "Keine Zahl: x", text(doc.Find("#e-score-1")))
	assert.Equal(t, "Gib das Endergebnis ein", text(doc.Find("#e-score-3")))
	assert.Contains(t, text(doc.Find(".problems")), "Platz 3 (")
	assert.Contains(t, text(doc.Find(".problems")), "das Endergebnis fehlt")
}

// TestSupercatCompanionIsTranslated: the SUPERCAT companion's list and form, a game's page
// and a bot's turn (its start form, then a question) speak each language around the seed's
// own words, which stay as the seed has them.
func TestSupercatCompanionIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c, game := newSupercatGame(t, app, "solo", 2)
	turn := game + "/bots/1"
	for _, path := range []string{"/supercat", game, turn} {
		app.assertGameTranslated(c, path)
	}
	res, _ := app.submit(c, turn, turn+"/turn", url.Values{
		"drawn1_suit": {"aggression"}, "drawn1_number": {"3"}, "drawn2_suit": {"construction"}, "drawn2_number": {"5"},
		"lead_suit": {"mobilization"}, "lead_number": {"4"}, "roll": {"5"}, "markers": {"on"}, "power": {"0"}, "player_power": {"2"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	app.assertGameTranslated(c, turn)
	_, doc := app.get(c, turn+"?lang=it")
	assert.Equal(t, "Sì", text(doc.Find(`form.answers button[value="yes"]`)))
	_, doc = app.get(c, game+"?lang=de")
	assert.Equal(t, "Handzähler", text(doc.Find(".supercat-bot dt").First()))
	app.get(c, game+"?lang=en")
}

// TestResultFormProblemsAndWarningTranslated: on a German correction form, the problem line
// of the missing reason and the activity warning are said in German from their message ids
// (they were half English: "Grund: say why the result is corrected", and the warning
// wholly English), and a scorer's problem with words of its own is said in German too.
func TestResultFormProblemsAndWarningTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 3)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET min_recent_games = 2 WHERE id = $1`, l.ID)
	require.NoError(t, err)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, "%v", out)
	form := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	app.get(c, form+"?lang=de")
	res, doc := app.submit(c, form, form, url.Values{"action": {"preview"}, "version": {"1"},
		"score-1": {"30"}, "score-2": {"20"}, "score-3": {"10"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Sag, warum das Ergebnis korrigiert wird", text(doc.Find("#e-reason")))
	assert.Contains(t, doc.Find(".problems li").Map(func(_ int, s *goquery.Selection) string { return text(s) }),
		"Grund: Sag, warum das Ergebnis korrigiert wird")
	assert.Equal(t, "Die Aktivitätsregel dieser Liga verlangt 2 beendete Partien in den letzten 90 Tagen. Diese Spieler liegen darunter:",
		text(doc.Find(".activity-warning p").First()))
	assert.Equal(t, "@"+g.Seats[0].Username+": 0 beendete Partien", text(doc.Find(".activity-warning li").First()))
	app.get(c, form+"?lang=en")
}

// TestResultFormRefusalsTranslated: a refusal of the whole result on the result form (a
// stale save, a correction that changes nothing) is said in the reader's language, without
// the field it names, as the English is ("Changed since this form was opened ...").
func TestResultFormRefusalsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "vampiring", 4)
	g := mustLeagueGames(t, app, l)[0]
	form := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	_, tab1 := app.get(c, form+"?lang=de")
	_, tab2 := app.get(c, form)
	save := func(tab *goquery.Document, scores ...int) (*http.Response, *goquery.Document) {
		values := url.Values{"action": {"save"}, "_csrf": {csrfOf(t, tab)}, "reason": {"Platz 3 verzählt"},
			"version": {tab.Find(`input[name="version"]`).AttrOr("value", "")}}
		for pos, score := range scores {
			values.Set(fmt.Sprintf("score-%d", pos+1), fmt.Sprint(score))
		}
		return app.post(c, form, values)
	}
	res, _ := save(tab1, 32, 28, 28, 10)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, doc := save(tab2, 10, 20, 30, 40)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Contains(t, text(doc.Find(".alert")), "Geändert, seit dieses Formular geöffnet wurde; prüfe das aktuelle Ergebnis und speichere erneut")
	res, doc = save(doc, 32, 28, 28, 10)
	require.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "Die Korrektur ändert nichts", text(doc.Find(".alert")))
	app.get(c, form+"?lang=en")
}

// TestArcsProblemsInTheReadersLanguage: what the Arcs scorers refuse is said in a German
// reader's language: a final Power the game does not allow on the result form, and on the
// ambition helper a count, a bonus or markers it refuses, each named by its field. English
// says the scorer's words as the API does.
func TestArcsProblemsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "arcs", 4)
	g := mustLeagueGames(t, app, l)[0]
	form := fmt.Sprintf("/games/%d/result", g.ID)
	c := app.logIn(org)
	app.get(c, form+"?lang=de")
	res, doc := app.submit(c, form, form, url.Values{"action": {"preview"},
		"score-1": {"-3"}, "score-2": {"20"}, "score-3": {"10"}, "score-4": {"5"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Endergebnisse in Arcs sind ganze Zahlen ab 0, erhalten: -3", text(doc.Find("#e-score-1")))

	helper := fmt.Sprintf("/games/%d/ambition", g.ID)
	_, doc = app.get(c, helper+"?lang=de")
	first := text(doc.Find(".form-table tbody bdi").First())
	require.NotEmpty(t, first)
	for _, tc := range []struct {
		query   string
		de, en  string
		markers string
	}{
		{"preview=1&m1v1=5&m1v2=3&count1=-1", "Anzahl von " + first + ": darf nicht negativ sein, erhalten: -1",
			first + " count: must not be negative, got -1", ""},
		{"preview=1&m1v1=5&m1v2=3&count1=4&bonus1=3", "Bonus von " + first + ": muss 0, 2 oder 5 sein, erhalten: 3",
			first + " bonus: must be 0, 2 or 5, got 3", ""},
		{"preview=1&m1v1=5&m1v2=3&m1v3=2&count1=4", "Marker 1: 3 Werte, aber die Marker von Base game zeigen höchstens 2",
			"Marker 1: 3 values, but the markers of Base game show at most 2 (1st, 2nd)", "3 Werte, aber die Marker von Base game zeigen höchstens 2"},
		{"preview=1&m1v2=3&count1=4", "Marker 1: fülle seine Werte ab dem 1. Platz aus", "Marker 1: fill its values from 1st place on", ""},
		{"preview=1&m1v1=5&m1v2=3&count1=x", "Anzahl von " + first + ": Keine Zahl: x", first + " count: not a number: x", ""},
	} {
		res, doc := app.get(c, helper+"?lang=de&"+tc.query)
		assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode, tc.query)
		assert.Equal(t, tc.de, text(doc.Find(".form-error")), tc.query)
		assert.Equal(t, tc.markers, text(doc.Find("#e-markers")), tc.query)
		_, doc = app.get(c, helper+"?lang=en&"+tc.query)
		assert.Equal(t, tc.en, text(doc.Find(".form-error")), tc.query)
	}
}

// TestSupercatAmbitionProblemsInTheReadersLanguage: a SUPERCAT game finished by its ambition
// results is an Arcs result too: what the Arcs scorer and the form refuse there is said in a
// German reader's language, each after the field it names; English reads as before.
func TestSupercatAmbitionProblemsInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ambitieux", "Ambitieux", "long-enough-pw")
	res, _ := app.submit(c, "/supercat", "/supercat", url.Values{"name": {"Ehrgeiz"}, "bots": {"2"}, "difficulty": {"normal"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	game := res.Header.Get("Location")
	values := url.Values{"by": {"ambitions"},
		"ambitions[0].ambition": {"tycoon"}, "ambitions[0].markers": {"5,x"}, "ambitions[0].counts[1]": {"-1"},
		"ambitions[1].ambition": {"glory"}, "ambitions[1].markers": {"5"}, "ambitions[1].bonus[2]": {"3"},
		"ambitions[2].ambition": {"tycoon"}, "ambitions[2].markers": {"5,3,1"}}
	rows := func(doc *goquery.Document) []string {
		return doc.Find(".supercat-ambition .field-error").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	}
	app.get(c, game+"?lang=de")
	res, doc := app.submit(c, game, game+"/finish", values)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Prüfe die Ergebnisse der Ehrgeize: siehe die unten markierten Felder.", text(doc.Find("p.alert")))
	de := rows(doc)
	assert.Contains(t, de, "Marker: schreibe die Macht jedes Markers als „5,3“, mehrere Marker als „5,3 3,2“")
	assert.Contains(t, de, "Ehrgeiz: wähle tycoon, tyrant, warlord, keeper oder empath")
	assert.Contains(t, de, "Marker: 1 Werte auf einem Marker, erwartet 2 (1., 2.) oder 3 (1., 2., 3.)")
	assert.Contains(t, de, "Ehrgeiz: tycoon ist zweimal eingegeben; gib alle ihre Marker einmal ein")
	assert.Contains(t, de, "Anzahl von SUPERCAT Ruby: muss eine ganze Zahl ab 0 sein")
	assert.Contains(t, de, "Bonus von SUPERCAT Jade: muss 0, 2 oder 5 sein, erhalten: 3")
	assert.Len(t, de, 7)
	for _, line := range de {
		assert.NotContains(t, line, "must", "said in German: %s", line)
	}

	app.get(c, game+"?lang=en")
	res, doc = app.submit(c, game, game+"/finish", values)
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	en := rows(doc)
	assert.Contains(t, en, `Markers: write each marker's Power as "5,3", several markers as "5,3 3,2"`)
	assert.Contains(t, en, "Ambition: choose one of tycoon, tyrant, warlord, keeper, empath")
	assert.Contains(t, en, "Markers: 1 values on a marker, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)")
	assert.Contains(t, en, "Ambition: tycoon is entered twice; enter all its markers once")
	assert.Contains(t, en, "SUPERCAT Jade's bonus: must be 0, 2 or 5, got 3")
}
