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

// Every action at the table says what happened, in people's words, at the top of the page
// it lands on (issue #34): no anchor jumps past the message. Propose, confirm, the last
// confirmation (recorded), dispute, withdraw and the attendance answers; a confirmation of a
// proposal changed since it was read lands back on the game, showing the new proposal and
// saying it changed, not on an error page.
func TestTableActionsSayWhatHappened(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 3)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated, _ := seatedPlayers(g, members)
	require.Len(t, seated, 3)
	label := fmt.Sprintf("%s game %d", l.Name, g.Number)
	page := fmt.Sprintf("/games/%d", g.ID)
	form := page + "/result"
	landsOnTop := func(res *http.Response, want string) {
		t.Helper()
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, want, res.Header.Get("Location"), "no anchor past the message")
	}

	// Propose.
	proposer := app.logIn(seated[0])
	values := url.Values{"action": {"save"}}
	for j, s := range g.Seats {
		values.Set(fmt.Sprintf("score-%d", s.Position), fmt.Sprint(30-j*10))
	}
	res, _ := app.submit(proposer, form, form, values)
	landsOnTop(res, page)
	assert.Equal(t, fmt.Sprintf("Proposed: the result of %s waits for %s and %s to confirm it.", label,
		seated[1].DisplayName, seated[2].DisplayName), app.flashAfter(proposer, res))

	// The third player reads the page; the proposer then changes the proposal.
	late := app.logIn(seated[2])
	_, stalePage := app.get(late, page)
	staleRevision := stalePage.Find(`#table input[name="revision"]`).First().AttrOr("value", "")
	require.Equal(t, "1", staleRevision)
	values.Set("score-1", "40")
	res, _ = app.submit(proposer, form, form, values)
	assert.Equal(t, fmt.Sprintf("Changed: your proposal for %s waits for %s and %s to confirm it.", label,
		seated[1].DisplayName, seated[2].DisplayName), app.flashAfter(proposer, res))

	res, _ = app.post(late, page+"/proposal/confirm", url.Values{"_csrf": {csrfOf(t, stalePage)}, "revision": {staleRevision}})
	landsOnTop(res, page)
	_, doc := app.get(late, page)
	assert.Equal(t, "Not saved: the proposal changed since you read it. Here is the new one; confirm or dispute it again.",
		text(doc.Find("main .flash")))
	assert.Contains(t, text(doc.Find("#table .proposal-lines")), "(40)", "the new proposal is shown")
	assert.Equal(t, seated[0].DisplayName+" proposed this result:", text(doc.Find("#table .proposal-head")),
		"display names, not usernames, where a person reads a name")
	assert.Contains(t, text(doc.Find("#table .proposal-lines li").First()), "1st "+seated[0].DisplayName+" (40)")
	assert.Equal(t, "2", doc.Find(`#table input[name="revision"]`).First().AttrOr("value", ""))

	// Confirm, then the last confirmation records it.
	res, _ = app.submit(late, page, page+"/proposal/confirm", url.Values{"revision": {"2"}})
	landsOnTop(res, page)
	assert.Equal(t, fmt.Sprintf("Confirmed: the result of %s now waits for %s.", label, seated[1].DisplayName),
		app.flashAfter(late, res))
	other := app.logIn(seated[1])
	res, _ = app.submit(other, "/", page+"/proposal/confirm", url.Values{"revision": {"2"}, "from": {"desk"}})
	landsOnTop(res, "/")
	assert.Equal(t, "Confirmed: the result of "+label+" is recorded.", app.flashAfter(other, res))

	// Dispute: the organiser decides.
	g2 := games[1]
	seated2, _ := seatedPlayers(g2, members)
	page2 := fmt.Sprintf("/games/%d", g2.ID)
	status, body := app.api(http.MethodPost, gamePath(g2.ID, "/proposal"), seated2[0].token, scoresFor(g2, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)
	disputer := app.logIn(seated2[1])
	res, _ = app.submit(disputer, page2, page2+"/proposal/dispute", url.Values{"revision": {"1"}, "reason": {"I came second"}})
	landsOnTop(res, page2)
	assert.Equal(t, fmt.Sprintf("Disputed: %s decides the result of %s game %d.", org.DisplayName, l.Name, g2.Number),
		app.flashAfter(disputer, res))

	// Withdraw.
	g3 := games[2]
	seated3, _ := seatedPlayers(g3, members)
	page3 := fmt.Sprintf("/games/%d", g3.ID)
	status, body = app.api(http.MethodPost, gamePath(g3.ID, "/proposal"), seated3[0].token, scoresFor(g3, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)
	withdrawer := app.logIn(seated3[0])
	res, _ = app.submit(withdrawer, page3, page3+"/proposal/withdraw", url.Values{})
	landsOnTop(res, page3)
	assert.Equal(t, fmt.Sprintf("Withdrawn: your proposal for %s game %d is gone; anyone at the table may propose the result again.",
		l.Name, g3.Number), app.flashAfter(withdrawer, res))

	// Attendance answers, from the game page and from the desk.
	res, _ = app.submit(withdrawer, page3, page3+"/attendance", url.Values{"coming": {"no"}})
	landsOnTop(res, page3)
	assert.Equal(t, fmt.Sprintf("You said you can't come to %s game %d.", l.Name, g3.Number), app.flashAfter(withdrawer, res))
	res, _ = app.submit(withdrawer, page3, page3+"/attendance", url.Values{"coming": {"yes"}, "from": {"desk"}})
	landsOnTop(res, "/")
	assert.Equal(t, fmt.Sprintf("You said you will be at %s game %d.", l.Name, g3.Number), app.flashAfter(withdrawer, res))
}

// The manage page's time zone is chosen from a list of the IANA zones with the league's own
// selected; a misspelt zone (sent by hand) shows at the top that nothing was saved and beside
// the field what is wrong, and a refused form elsewhere on the page lands on its top too.
func TestManageTimeZoneIsChosenAndRefusalsShowAtTheTop(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	l := app.newLeague(org, "gonzaga", 3, 0)
	page := leaguePath(l)
	c := app.logIn(org)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET time_zone = 'Europe/Paris' WHERE id = $1`, l.ID)
	require.NoError(t, err)

	_, doc := app.get(c, page+"/manage")
	zone := doc.Find(`#edit select[name="time_zone"]`)
	require.Equal(t, 1, zone.Length(), "a select, not a text box")
	assert.Zero(t, doc.Find(`#edit input[name="time_zone"]`).Length())
	assert.Equal(t, "Europe/Paris", zone.Find("option[selected]").AttrOr("value", ""), "the league's zone is selected")
	assert.Greater(t, zone.Find("option").Length(), 300, "every IANA zone")
	assert.Equal(t, 1, zone.Find(`option[value="America/New_York"]`).Length())
	assert.Equal(t, 1, zone.Find(`option[value="UTC"]`).Length())

	res, doc := app.submit(c, page+"/manage", page+"/edit", url.Values{"name": {"Club night"}, "time_zone": {"Europe/Pariss"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, "Not saved: a value needs fixing. Fix it below", text(doc.Find("#content > .manage-failed")))
	assert.Equal(t, "#edit", doc.Find("#content > .manage-failed a").AttrOr("href", ""))
	assert.Contains(t, text(doc.Find("#edit .field-invalid #e-time_zone")), "not a time zone name")
	got, err := app.store.League(t.Context(), l.ID)
	require.NoError(t, err)
	assert.Equal(t, "Europe/Paris", got.TimeZone, "nothing saved")
	assert.Equal(t, "The gonzaga league", got.Name, "nothing saved")

	res, _ = app.submit(c, page+"/manage", page+"/edit", url.Values{"name": {"Club night"}, "time_zone": {"America/New_York"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, page+"/manage", res.Header.Get("Location"))
	_, doc = app.get(c, page+"/manage")
	assert.Equal(t, "America/New_York", doc.Find(`#edit select[name="time_zone"] option[selected]`).AttrOr("value", ""))

	res, _ = app.submit(c, page+"/manage", page+"/results-setting", url.Values{"results_by": {"players"}, "confirm_hours": {"24"}})
	assert.Equal(t, page+"/manage", res.Header.Get("Location"), "no jump past the message")
	assert.Equal(t, "Saved: players report their results; the table has 24 hours to confirm.", app.flashAfter(c, res))
}
