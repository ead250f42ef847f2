package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

func TestAPILeaveRemoveAndEndALeague(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	ps := app.newPlayers("pl", 9)
	l := app.join(app.newLeague(org, "gonzaga", 4, 0), ps[:7])
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)

	status, out := app.api("POST", path+"/leave", ps[6].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.Len(t, out["members"], 6)
	status, out = app.api("POST", path+"/leave", ps[6].token, nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "league: you are not a member of this league", out["error"])

	status, out = app.api("POST", path+"/remove", ps[0].token, map[string]string{"username": "pl6"})
	assert.Equal(t, http.StatusForbidden, status, "only the organiser removes")
	assert.Equal(t, "only the league's organiser may do this", out["error"])
	status, out = app.api("POST", path+"/remove", org.token, map[string]string{})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "username: required", out["error"])
	status, out = app.api("POST", path+"/remove", org.token, map[string]string{"username": "pl6"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Len(t, out["members"], 5)

	// Three join: the league runs, and leaving now points to the organiser.
	app.join(l, []player{ps[6], ps[7], ps[8]})
	status, out = app.api("POST", path+"/leave", ps[0].token, nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "league: running, so its places are fixed; ask the organiser (org1) to replace the player with a substitute", out["error"])

	status, out = app.api("POST", path+"/cancel", org.token, nil)
	assert.Equal(t, http.StatusConflict, status)
	assert.Equal(t, "league: running; only an open league can be cancelled", out["error"])
	status, out = app.api("POST", path+"/close", ps[0].token, nil)
	assert.Equal(t, http.StatusForbidden, status)
	status, out = app.api("POST", path+"/close", org.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "closed", out["status"])
	assert.Equal(t, true, out["closed_early"])

	_, doc := app.get(app.browser(), "/leagues")
	assert.Equal(t, 1, doc.Find(`#finished a[href="`+leaguePath(l)+`"]`).Length(), "a league closed early is listed as finished")
	status, out = app.api("POST", path+"/archive", org.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	_, doc = app.get(app.browser(), "/leagues")
	assert.Zero(t, doc.Find(`a[href="`+leaguePath(l)+`"]`).Length(), "an archived league leaves the lists")

	status, history := app.apiAny("GET", path+"/history", "", nil)
	require.Equal(t, http.StatusOK, status)
	lines := history.([]any)
	require.Len(t, lines, 4)
	assert.Equal(t, "archive", lines[0].(map[string]any)["action"], "newest first")
	assert.Equal(t, "close", lines[1].(map[string]any)["action"])
	assert.Equal(t, "pl7 left; the place is free again", lines[3].(map[string]any)["detail"])
}

func TestAPIEditLeagueAndCoOrganisers(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	ps := app.newPlayers("pl", 9)
	l := app.join(app.newLeague(org, "gonzaga", 4, 0), ps[:8])
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)

	for _, tc := range []struct {
		body map[string]any
		code int
		msg  string
	}{
		{map[string]any{"name": " "}, 422, "name: required"},
		{map[string]any{"time_zone": "Mars/Olympus"}, 422, "time_zone: not a time zone name; use one like Europe/Paris or America/New_York"},
		{map[string]any{"venue": "bar\x00"}, 400, "venue: must be valid UTF-8 text without NUL bytes"}, // at the edge
		{map[string]any{"players_per_game": 9}, 422, "players_per_game: must be between 2 and 8"},
		{map[string]any{"players_per_game": 3}, 409, "players_per_game: cannot change once the schedule exists"},
		{map[string]any{"game": "cartagena"}, 409, "game: cannot change once the schedule exists"},
	} {
		status, out := app.api("PATCH", path, org.token, tc.body)
		assert.Equal(t, tc.code, status, "%v", tc.body)
		assert.Equal(t, tc.msg, out["error"], "%v", tc.body)
	}
	status, _ := app.api("PATCH", path, ps[0].token, map[string]any{"name": "Mine"})
	assert.Equal(t, http.StatusForbidden, status)

	status, out := app.api("PATCH", path, org.token, map[string]any{
		"name": "Tuesday Gonzaga", "description": "Two tables.\nBring snacks.", "venue": "The Red Lion", "time_zone": "Europe/Paris",
	})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "Tuesday Gonzaga", out["name"])
	assert.Equal(t, "Two tables.\nBring snacks.", out["description"])
	assert.Equal(t, "Europe/Paris", out["time_zone"])
	assert.Equal(t, "gonzaga", out["game"])

	status, out = app.api("POST", path+"/co-organisers", org.token, map[string]string{"username": "pl9"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, []any{"pl9"}, out["co_organisers"])
	status, out = app.api("POST", path+"/co-organisers", org.token, map[string]string{"username": "ghost"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, `username: no player named "ghost"`, out["error"])
	status, _ = app.api("POST", path+"/co-organisers", ps[8].token, map[string]string{"username": "pl1"})
	assert.Equal(t, http.StatusForbidden, status, "a co-organiser does not name others")
	status, _ = app.api("POST", path+"/close", ps[8].token, nil)
	assert.Equal(t, http.StatusForbidden, status, "nor end the league")
	status, out = app.api("DELETE", path+"/co-organisers/pl9", org.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, []any{}, out["co_organisers"])
}

func TestManagePageAndLeaveButton(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	ps := app.newPlayers("pl", 3)
	l := app.join(app.newLeague(org, "gonzaga", 4, 0), ps)
	page := leaguePath(l)

	// A member leaves from the league page.
	member := app.logIn(ps[2])
	_, doc := app.get(member, page)
	assert.Equal(t, 0, doc.Find(`a[href="`+page+`/manage"]`).Length(), "a member has no manage link")
	res, _ := app.submit(member, page, page+"/leave", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.get(member, page+"/manage")
	assert.Equal(t, http.StatusForbidden, res.StatusCode)

	// The organiser removes a member, edits the league and cancels it from the manage page.
	organiser := app.logIn(org)
	_, doc = app.get(organiser, page)
	assert.Equal(t, 1, doc.Find(`a[href="`+page+`/manage"]`).Length())
	_, doc = app.get(organiser, page+"/manage")
	assert.Equal(t, 2, doc.Find(`form[action="`+page+`/remove"]`).Length(), "one remove button per member")
	// Remove asks on a page of its own (issue #34): a post without confirm=yes shows the
	// question, naming the player as people know them, and removes nobody.
	res, doc = app.submit(organiser, page+"/manage", page+"/remove", url.Values{"username": {"pl2"}})
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "Remove Player 2 from "+l.Name+"?", text(doc.Find("main h1")))
	assert.Equal(t, "yes", doc.Find(`form[action="`+page+`/remove"] input[name="confirm"]`).AttrOr("value", ""))
	assert.Equal(t, "pl2", doc.Find(`form[action="`+page+`/remove"] input[name="username"]`).AttrOr("value", ""))
	_, doc = app.get(organiser, page+"/manage")
	assert.Equal(t, 2, doc.Find(`form[action="`+page+`/remove"]`).Length(), "nobody removed yet")
	res, _ = app.submit(organiser, page+"/manage", page+"/remove", url.Values{"username": {"pl2"}, "confirm": {"yes"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(organiser, page+"/confirm/remove-member?username=pl1")
	assert.Equal(t, "Remove Player 1 from "+l.Name+"?", text(doc.Find("main h1")), "the question has its own address too")

	res, doc = app.submit(organiser, page+"/manage", page+"/edit", url.Values{
		"name": {"Club night"}, "description": {"Bring a friend"}, "venue": {""}, "time_zone": {"Nowhere/Land"},
	})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".field-invalid .field-error")), "not a time zone name")
	res, _ = app.submit(organiser, page+"/manage", page+"/edit", url.Values{
		"name": {"Club night"}, "description": {"Bring a friend"}, "venue": {"The library"}, "time_zone": {"Europe/London"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	res, _ = app.submit(organiser, page+"/manage", page+"/co-organisers", url.Values{"op": {"add"}, "username": {"nobody"}})
	_, refusal := app.refusedTo(organiser, res, "co-organisers")
	assert.Equal(t, `No player named "nobody"`, refusal)

	res, _ = app.submit(organiser, page+"/confirm/cancel", page+"/end", url.Values{"action": {"cancel"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)

	_, doc = app.get(app.browser(), page)
	assert.Equal(t, "Club night cancelled", text(doc.Find("h1")))
	assert.Equal(t, "The library", text(doc.Find(".league-venue")))
	assert.Equal(t, "Bring a friend", text(doc.Find(".league-description")))
	history := doc.Find("#history li").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("data-action", "") })
	assert.Equal(t, []string{"cancel", "edit", "remove", "leave"}, history)
	got, err := app.store.League(t.Context(), l.ID)
	require.NoError(t, err)
	assert.Equal(t, store.LeagueCancelled, got.Status)
}
