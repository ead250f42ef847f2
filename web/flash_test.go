package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// refusedTo checks that a refused form sent the browser back to a page it may reload
// (303 to the top of the manage page, no anchor to jump past the top line) and returns
// that page and the refusal shown beside the form; the top of the page says that it was not
// saved and links to the form (issue #34).
func (a *testApp) refusedTo(c *http.Client, res *http.Response, section string) (*goquery.Document, string) {
	a.t.Helper()
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode, "a refused form redirects (Post/Redirect/Get)")
	loc := res.Header.Get("Location")
	require.NotContains(a.t, loc, "#", "no jump past the top line: %s", loc)
	res, doc := a.get(c, loc)
	require.Equal(a.t, http.StatusOK, res.StatusCode)
	top := doc.Find("#content > .manage-failed")
	assert.Equal(a.t, "Not saved: a value needs fixing. Fix it below", text(top), "the top says it failed")
	assert.Equal(a.t, "#"+section, top.Find("a").AttrOr("href", ""))
	return doc, text(doc.Find("#" + section + " .form-refusal"))
}

// flashAfter follows a successful action's redirect and returns the confirmation the next
// page shows.
func (a *testApp) flashAfter(c *http.Client, res *http.Response) string {
	a.t.Helper()
	require.Equal(a.t, http.StatusSeeOther, res.StatusCode)
	_, doc := a.get(c, res.Header.Get("Location"))
	return text(doc.Find("main .flash"))
}

// Replacing a player: a refusal names people as the pages do and sits beside the replace
// form, at an address a reload does not post again; the value typed is kept; a success says
// what changed, once.
func TestManageActionsAnswerEveryTime(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	app.newPlayers("sub", 1)
	c := app.logIn(org)
	page := leaguePath(l)

	res, _ := app.submit(c, page+"/manage", page+"/replace", url.Values{"from": {members[0].Username}, "to": {members[1].Username}})
	doc, refusal := app.refusedTo(c, res, "replace")
	assert.Equal(t, members[1].DisplayName+" already plays in this league", refusal)
	assert.Equal(t, members[1].Username, doc.Find(`#replace input[name="to"]`).AttrOr("value", ""), "what was typed is kept")
	assert.Equal(t, 1, doc.Find("#content > .alert").Length(), "the top says only that it failed; the refusal is beside its form")
	_, doc = app.get(c, page+"/manage")
	assert.Zero(t, doc.Find(".form-refusal").Length(), "shown once: a reload is a clean page")

	res, _ = app.submit(c, page+"/manage", page+"/replace", url.Values{"from": {members[0].Username}, "to": {"sub1"}})
	assert.Contains(t, app.flashAfter(c, res), "Done: sub1 replaced "+members[0].Username)
	_, doc = app.get(c, page+"/manage")
	assert.Zero(t, doc.Find("main .flash").Length(), "the confirmation shows once")

	res, _ = app.submit(c, page+"/manage", page+"/co-organisers", url.Values{"op": {"add"}, "username": {members[2].Username}})
	assert.Contains(t, app.flashAfter(c, res), members[2].Username)

	// The API keeps its field paths.
	status, out := app.api("POST", "/api/v1"+page+"/replace", org.token, map[string]string{"from": members[1].Username, "to": members[2].Username})
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "to: "+members[2].Username+" already plays in this league", out["error"])
}

// seatName is "Seat N (Display Name)" of a league game's seat, as the result form names it.
func seatName(t *testing.T, app *testApp, g store.Game, position int) string {
	t.Helper()
	for _, s := range g.Seats {
		if s.Position == position {
			return fmt.Sprintf("Seat %d (%s)", position, s.DisplayName)
		}
	}
	t.Fatalf("game %d has no seat %d", g.ID, position)
	return ""
}

// The result form lists every problem at once in people's words (seat numbers counted
// from 1 with the player's name, never a body path), a saved result says so on the next
// page, and "Save and record the next game" stays in the league and says what it saved.
func TestResultFormAnswersInPeoplesWords(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	c := app.logIn(org)
	form := fmt.Sprintf("/games/%d/result", games[0].ID)

	res, doc := app.submit(c, form, form, url.Values{"action": {"preview"}, "score-1": {"30"}, "score-3": {"x"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Equal(t, []string{
		seatName(t, app, games[0], 2) + ": the final score is missing",
		seatName(t, app, games[0], 3) + ": not a number: x",
		seatName(t, app, games[0], 4) + ": the final score is missing",
	}, doc.Find(".alert .problems li").Map(func(_ int, s *goquery.Selection) string { return text(s) }))

	res, doc = app.submit(c, form, form, url.Values{"action": {"preview"}, "score-1": {"30"}, "score-2": {"12.5"}, "score-3": {"10"}, "score-4": {"-1"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	problems := doc.Find(".alert .problems li").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	require.Len(t, problems, 2, "both at once: %v", problems)
	assert.True(t, strings.HasPrefix(problems[0], seatName(t, app, games[0], 2)+": "), problems[0])
	assert.True(t, strings.HasPrefix(problems[1], seatName(t, app, games[0], 4)+": "), problems[1])
	assert.NotContains(t, text(doc.Find("main")), "players[", "no body paths on the page")

	scores := url.Values{"score-1": {"40"}, "score-2": {"30"}, "score-3": {"20"}, "score-4": {"10"}}
	scores.Set("action", "save-next")
	res, _ = app.submit(c, form, form, scores)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, fmt.Sprintf("/games/%d/result", games[1].ID), res.Header.Get("Location"))
	assert.Equal(t, fmt.Sprintf("Saved the result of %s game 1. Next: game 2.", l.Name), app.flashAfter(c, res))

	form = fmt.Sprintf("/games/%d/result", games[1].ID)
	scores.Set("action", "save")
	res, _ = app.submit(c, form, form, scores)
	assert.Equal(t, fmt.Sprintf("Saved the result of %s game 2.", l.Name), app.flashAfter(c, res))
}

// "Save and record the next game" after a normal table goes back to the desk, never to a
// game of a league.
func TestSaveNextAfterANormalTableStaysOutOfLeagues(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	_, org, members, _ := runningLeague(t, app, "cartagena", 4)
	status, out := app.api("POST", "/api/v1/games", org.token, map[string]any{"game": "king-me", "seats": 3})
	require.Equal(t, http.StatusCreated, status)
	id := int64(out["id"].(float64))
	for _, m := range members[:3] {
		status, _ = app.api("POST", fmt.Sprintf("/api/v1/games/%d/join", id), m.token, nil)
		require.Equal(t, http.StatusOK, status)
	}
	c := app.logIn(org)
	form := fmt.Sprintf("/games/%d/result", id)
	_, doc := app.get(c, form)
	assert.Equal(t, fmt.Sprintf("Record the result of table %d", id), text(doc.Find("h1")), "named as on its page")
	res, _ := app.submit(c, form, form, url.Values{"action": {"save-next"}, "score-1": {"3"}, "score-2": {"2"}, "score-3": {"1"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "/", res.Header.Get("Location"), "no jump past the message")
	assert.Equal(t, fmt.Sprintf("Saved the result of the Viva il Re! / King Me table %d.", id), app.flashAfter(c, res))
}

// Closing a league early asks on a page of its own, saying what will happen; a close by
// mistake is reopened by the organiser, again after asking, and the league runs again.
func TestCloseAsksFirstAndReopens(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	c := app.logIn(org)
	page := leaguePath(l)

	_, doc := app.get(c, page+"/manage")
	assert.Zero(t, doc.Find(`form[action="`+page+`/end"] input[value="close"]`).Length(), "no one-tap close")
	require.Equal(t, page+"/confirm/close", doc.Find("#end a.end-link").AttrOr("href", ""))
	res, doc := app.get(c, page+"/confirm/close")
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "No more results are taken")
	assert.Contains(t, text(doc.Find("main")), "reopen it within 7 days")

	res, _ = app.post(c, page+"/end", url.Values{"_csrf": {csrfOf(t, doc)}, "action": {"close"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, page+"/confirm/close", res.Header.Get("Location"), "unconfirmed: sent to the page that asks")
	got, err := app.store.League(t.Context(), l.ID)
	require.NoError(t, err)
	require.Equal(t, "running", got.Status)

	res, _ = app.submit(c, page+"/confirm/close", page+"/end", url.Values{})
	assert.Contains(t, app.flashAfter(c, res), "closed the league early")
	_, doc = app.get(c, page+"/manage")
	require.Equal(t, page+"/confirm/reopen", doc.Find("a.reopen-link").AttrOr("href", ""))
	res, _ = app.submit(c, page+"/confirm/reopen", page+"/reopen", url.Values{})
	assert.Contains(t, app.flashAfter(c, res), "reopened the league")
	got, err = app.store.League(t.Context(), l.ID)
	require.NoError(t, err)
	assert.Equal(t, "running", got.Status)
	assert.False(t, got.ClosedEarly)
}

// The desk groups the games waiting for a result: overdue, this week, not dated and later,
// each with its count; only the first three have Record buttons in view.
func TestDeskGroupsTheQueue(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	now := time.Now().UTC()
	for i, at := range []time.Time{now.Add(-48 * time.Hour), now.Add(72 * time.Hour), now.Add(30 * 24 * time.Hour)} {
		status, out := app.api("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", games[i].ID), org.token,
			map[string]any{"starts_at": at.Format(time.RFC3339)})
		require.Equal(t, http.StatusOK, status, "%v", out)
	}
	_, doc := app.get(app.logIn(org), "/")
	assert.Equal(t, "Overdue (1)", text(doc.Find("#queue h3.overdue")))
	assert.Equal(t, "This week (1)", text(doc.Find("#queue h3.this-week")))
	assert.Equal(t, fmt.Sprintf("Not dated (%d)", len(games)-3), text(doc.Find("#queue h3.undated")))
	assert.Equal(t, "Later (1)", text(doc.Find("#queue details.desk-later:not([open]) h3.later")))
	assert.Equal(t, 1+1+10, doc.Find("#queue a.record-link").Length(), "a page of ten undated games")
	assert.Zero(t, doc.Find("#queue details a.record-link").Length(), "no Record button for a game a month away")
	assert.Equal(t, fmt.Sprintf("/games/%d/result", games[0].ID),
		doc.Find("#queue h3.overdue + .table-scroll a.record-link").AttrOr("href", ""))
}
