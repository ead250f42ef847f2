package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestLeagueHistoryIsTranslated: a league's history lines — an edit, a rhythm, a game
// moved, co-organisers named and dropped, a replacement, privacy, the invite link,
// webhooks, an early close and its reopening — read in each language on the league page
// and the manage page, their dates as each language writes them; the English pages say
// each line as the API's history does.
func TestLeagueHistoryIsTranslated(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	co := app.newPlayers("helper", 1)[0]
	sub := app.newPlayers("sub", 1)[0]
	league := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	call := func(method, path string, body any) map[string]any {
		t.Helper()
		status, out := app.api(method, path, org.token, body)
		require.Less(t, status, 300, "%s %s: %v", method, path, out)
		return out
	}
	call("PATCH", league, map[string]any{"venue": "The Red Lion", "time_zone": "Europe/Paris"})
	call("PUT", league+"/rhythm", map[string]any{"first_round": "2026-12-01T19:00:00+01:00", "every_days": 7})
	games := mustLeagueGames(t, app, l)
	call("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", games[0].ID), map[string]any{"starts_at": "2026-12-05T20:00:00+01:00", "place": "Ann's kitchen"})
	call("POST", league+"/co-organisers", map[string]string{"username": co.Username})
	call("DELETE", league+"/co-organisers/"+co.Username, nil)
	call("POST", league+"/replace", map[string]string{"from": members[0].Username, "to": sub.Username})
	call("PUT", league+"/privacy", map[string]any{"private": true})
	call("POST", league+"/invite/renew", nil)
	call("PUT", league+"/privacy", map[string]any{"private": false})
	hook := call("POST", league+"/webhooks", map[string]string{"url": "https://discord.com/api/webhooks/1234/token", "format": "discord"})
	res := app.apiSend(http.MethodDelete, fmt.Sprintf("%s/webhooks/%v", league, hook["id"]), org.token, nil)
	res.Body.Close()
	require.Equal(t, http.StatusNoContent, res.StatusCode)
	call("POST", league+"/close", nil)
	c := app.logIn(org)
	page := leaguePath(l)
	res, _ = app.submit(c, page+"/confirm/reopen", page+"/reopen", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	// The English pages say each line as written, as the API's history does.
	status, out := app.apiAny(http.MethodGet, league+"/history", "", nil)
	require.Equal(t, http.StatusOK, status)
	var details []string
	for _, e := range out.([]any) {
		details = append(details, e.(map[string]any)["detail"].(string))
	}
	require.Len(t, details, 13)
	for _, path := range []string{page, page + "/manage"} {
		_, doc := app.get(c, withLang(path, "en"))
		lines := doc.Find(historyLines)
		require.Equal(t, len(details), lines.Length(), path)
		for i, d := range details {
			assert.Contains(t, text(lines.Eq(i)), ": "+d, "%s line %d", path, i)
		}
	}
	assert.Contains(t, details, "edited venue, time zone")
	assert.Contains(t, details, "rhythm: round 1 on Tue 1 Dec 2026 19:00 CET, then every 7 days")

	// Every other language says every line in its own words.
	app.assertManageTranslated(c, page+"/manage")
	// The league page's pair table names players outside the history (its own test's care).
	app.assertManageTranslated(c, page, "#fairness")
	_, doc := app.get(c, withLang(page+"/manage", "de"))
	lines := doc.Find(historyLines)
	assert.Contains(t, text(lines.Eq(12)), ": hat geändert: Spielort, Zeitzone")
	assert.Contains(t, text(lines.Eq(11)), ": Rhythmus: Runde 1 am Di., 1. Dez. 2026, 19:00, dann alle 7 Tage eine")
	_, doc = app.get(c, withLang(page+"/manage", "it"))
	assert.Contains(t, text(doc.Find(historyLines).Eq(10)), ": partita 1 fissata a sab 5 dic 2026, 20:00 presso Ann's kitchen")

	// The line confirming an action at the top of the manage page is said the same way.
	app.get(c, withLang(page+"/manage", "de"))
	res, _ = app.submit(c, page+"/manage", page+"/co-organisers", url.Values{"op": {"add"}, "username": {co.Username}})
	assert.Equal(t, "Erledigt: "+co.Username+" ist jetzt Mitorganisator", app.flashAfter(c, res))
	app.get(c, withLang(page, "en"))
}

// TestDeletedAccountLeavesNoNameInHistoryData: a player named in a history line's data
// is the former player there too once their account is deleted, as in the line's detail.
func TestDeletedAccountLeavesNoNameInHistoryData(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	named := members[3]
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/co-organisers", l.ID), org.token, map[string]string{"username": named.Username})
	require.Equal(t, http.StatusOK, status, out)
	require.Contains(t, dumpDatabase(t, app), `"`+named.Username+`"`, "the line's data names the co-organiser")
	res := app.apiSend(http.MethodDelete, "/api/v1/me", named.token, map[string]string{"password": "password-1"})
	res.Body.Close()
	require.Equal(t, http.StatusNoContent, res.StatusCode)
	assert.NotContains(t, dumpDatabase(t, app), `"`+named.Username+`"`, "the username is erased")
	_, doc := app.get(app.browser(), withLang(leaguePath(l), "it"))
	assert.Contains(t, text(doc.Find(historyLines).First()), fmt.Sprintf(": former-%d ora è co-organizzatore", named.ID))
}
