package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/web"
)

// historyLines are a league's history lines, written by the league's rules as each action
// happened and kept as they were written.
const historyLines = "#history li"

// manageSameInEnglish are words of the manage pages that French or German write as English
// does.
var manageSameInEnglish = map[string]bool{"Webhooks": true, "Format": true, "Description": true, "incorrect": true,
	"Name": true, "Dates": true}

// assertManageTranslated is assertPageTranslated, accepting the words French and German
// share with English on these pages.
func (a *testApp) assertManageTranslated(c *http.Client, path string, skip ...string) {
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
			if !manageSameInEnglish[s] {
				left = append(left, s)
			}
		}
		assert.Empty(a.t, left, "%s in %s: English left", path, l.Code)
		assert.Empty(a.t, numbersWithDots(page), "%s in %s: a number with a decimal point", path, l.Code)
	}
	a.get(c, withLang(path, "en"))
}

// assertPostTranslated submits values from formPage to action in English and in every other
// language and fails on English left on the page answered.
func (a *testApp) assertPostTranslated(c *http.Client, formPage, action string, values url.Values, skip ...string) {
	a.t.Helper()
	for _, l := range locales.Supported()[1:] {
		a.get(c, withLang(formPage, "en"))
		_, english := a.submit(c, formPage, action, cloneValues(values))
		a.get(c, withLang(formPage, l.Code))
		res, page := a.submit(c, formPage, action, cloneValues(values))
		require.Equal(a.t, http.StatusOK, res.StatusCode, "%s in %s", action, l.Code)
		assert.Equal(a.t, l.Code, htmlLang(page))
		for _, sel := range skip {
			english.Find(sel).Remove()
			page.Find(sel).Remove()
		}
		var left []string
		for _, s := range untranslated(english, page) {
			if !manageSameInEnglish[s] {
				left = append(left, s)
			}
		}
		assert.Empty(a.t, left, "%s in %s: English left", action, l.Code)
	}
	a.get(c, withLang(formPage, "en"))
}

func cloneValues(v url.Values) url.Values {
	out := url.Values{}
	for k, vs := range v {
		out[k] = append([]string(nil), vs...)
	}
	return out
}

// TestManagePagesAreTranslated: the manage page of an open and of a running league, the
// pages that ask before cancelling, closing, deleting or removing, the withdraw page and
// the print sheets speak each language; a flash and a refusal after an action are said in
// German.
func TestManagePagesAreTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("boss", 1)[0]
	helper := app.newPlayers("helper", 1)[0]
	open := app.join(app.newLeague(org, "gonzaga", 4, 0), app.newPlayers("early", 3))
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/co-organisers", open.ID), org.token, map[string]string{"username": helper.Username})
	require.Equal(t, http.StatusOK, status, out)
	c := app.logIn(org)
	page := leaguePath(open)
	app.assertManageTranslated(c, page+"/manage", historyLines)
	app.assertManageTranslated(c, page+"/confirm/cancel")
	app.assertManageTranslated(c, page+"/confirm/remove-co-organiser?username="+helper.Username)
	app.assertManageTranslated(c, page+"/delete")
	app.assertManageTranslated(app.logIn(helper), page+"/manage", historyLines)
	app.assertPostTranslated(c, page+"/manage", page+"/remove", url.Values{"username": {"early1"}})

	running, org2, members, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, running)[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org2.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	c2 := app.logIn(org2)
	page2 := leaguePath(running)
	app.assertManageTranslated(c2, page2+"/manage", historyLines)
	app.assertManageTranslated(c2, page2+"/confirm/close")
	app.assertManageTranslated(c2, page2+"/delete")
	// The preview's own sentence is the league rules' (league.Withdrawal), like the history.
	app.assertPostTranslated(c2, page2+"/manage", page2+"/withdraw", url.Values{"username": {members[0].Username}, "step": {"preview"}})
	// The result fields' headers are the result form's words.
	app.assertManageTranslated(c2, page2+"/print/rounds", ".score-box")
	app.assertManageTranslated(c2, page2+"/print/standings")

	// A flash and a refusal in German.
	app.get(c2, page2+"/manage?lang=de")
	res, _ := app.submit(c2, page2+"/manage", page2+"/edit", url.Values{"name": {running.Name}, "description": {""}, "venue": {""}, "time_zone": {running.TimeZone}})
	assert.Equal(t, "Angaben zur Liga gespeichert.", app.flashAfter(c2, res))
	res, _ = app.submit(c2, page2+"/manage", page2+"/replace", url.Values{"from": {members[0].Username}, "to": {""}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc := app.get(c2, res.Header.Get("Location"))
	assert.Equal(t, "Nicht gespeichert: ein Wert muss korrigiert werden. Unten korrigieren", text(doc.Find("#content > .manage-failed")))
	assert.Equal(t, "Pflichtfeld; der Benutzername des Ersatzspielers", text(doc.Find("#replace .form-refusal")))
	_, doc = app.get(c2, page2+"/print/standings")
	assert.Contains(t, text(doc.Find(".sheet-game")), "gedruckt am ")
	app.get(c2, page2+"/manage?lang=en")
}

// TestAccountPagesAreTranslated: the account page, the API tokens page with a token and the
// page that asks before revoking it speak each language, the tokens' dates as each language
// writes them; a refused password and the notice after a change are said in German.
func TestAccountPagesAreTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	c := app.signUp("ada", "Ada Lovelace", "analytical-engine")
	res, _ := app.submit(c, "/account/tokens", "/account/tokens", url.Values{"name": {"results script"}})
	require.Equal(t, http.StatusCreated, res.StatusCode)
	_, doc := app.get(c, "/account/tokens")
	revoke := doc.Find(".revoke-link").AttrOr("href", "")
	require.NotEmpty(t, revoke)
	app.assertManageTranslated(c, "/account")
	app.assertManageTranslated(c, "/account/tokens")
	app.assertManageTranslated(c, revoke)
	app.assertManageTranslated(c, "/account?done=name")

	app.get(c, "/account?lang=de")
	res, doc = app.submit(c, "/account", "/account/password", url.Values{"current_password": {"wrong-password"}, "new_password": {"a-long-new-pass-phrase"}})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "falsch", text(doc.Find("#e-current_password")))
	res, _ = app.submit(c, "/account", "/account/name", url.Values{"display_name": {"Ada King"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(c, res.Header.Get("Location"))
	assert.Equal(t, "Anzeigename gespeichert.", text(doc.Find(".notice")))
	app.get(c, "/account?lang=en")
}

// TestPrivateLeagueOwnLadderIsTranslated: a private league's own ladder on its page speaks
// each language to its members.
func TestPrivateLeagueOwnLadderIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	c := app.logIn(members[7])
	_, doc := app.get(c, leaguePath(l)+"?lang=en")
	require.Equal(t, 1, doc.Find("#own-ladder").Length())
	app.assertManageTranslated(c, leaguePath(l), "title", ".badge", "#fairness", historyLines)
	g := mustLeagueGames(t, app, l)[0]
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	app.assertManageTranslated(c, leaguePath(l), "title", ".badge", "#fairness", historyLines)
	_, doc = app.get(c, leaguePath(l)+"?lang=fr")
	assert.Equal(t, "Les cotes propres à cette ligue", text(doc.Find("#own-ladder h2")))
	app.get(c, leaguePath(l)+"?lang=en")
}
