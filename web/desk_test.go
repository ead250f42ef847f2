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

func TestQueueAPIAndTheDesk(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", games[4].ID), org.token,
		map[string]any{"starts_at": "2026-12-01T19:00:00Z", "place": "Club"})
	require.Equal(t, http.StatusOK, status, out)
	status, out = app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.token, scoresFor(games[0], 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)

	status, queue := app.apiAny("GET", "/api/v1/me/queue", org.token, nil)
	require.Equal(t, http.StatusOK, status)
	list := queue.([]any)
	require.Len(t, list, len(games)-1, "every unrecorded game")
	first := list[0].(map[string]any)
	assert.Equal(t, float64(games[4].ID), first["game_id"], "the dated game first")
	assert.Equal(t, float64(l.ID), first["league_id"])
	assert.Equal(t, float64(5), first["number"])
	assert.Equal(t, float64(5), first["round"])
	assert.Equal(t, "2026-12-01T19:00:00Z", first["starts_at"])
	assert.Len(t, first["seats"], 4)
	assert.Nil(t, list[1].(map[string]any)["starts_at"])
	assert.Equal(t, float64(2), list[1].(map[string]any)["number"], "then undated games by number")

	status, queue = app.apiAny("GET", "/api/v1/me/queue", outsider.token, nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, []any{}, queue, "nothing to record for someone who runs no league")
	status, _ = app.apiAny("GET", "/api/v1/me/queue", "", nil)
	assert.Equal(t, http.StatusUnauthorized, status)

	// The organiser's desk lists the queue with record links, oldest first.
	_, doc := app.get(app.logIn(org), "/")
	assert.Equal(t, "Your desk", text(doc.Find("main h1")))
	rows := doc.Find("#queue tbody tr")
	assert.Equal(t, fmt.Sprintf("Waiting for a result (%d)", len(games)-1), text(doc.Find("#queue h2")))
	assert.Equal(t, 1+10, rows.Length(), "the dated game and a page of ten undated ones")
	dated := doc.Find(fmt.Sprintf(`#queue tr[data-game="%d"]`, games[4].ID))
	assert.Equal(t, fmt.Sprintf("/games/%d/result", games[4].ID), dated.Find(`a[href$="/result"]`).AttrOr("href", ""))
	assert.Equal(t, "Tue 1 Dec 2026 19:00", text(dated.Find(".when")))
	assert.Equal(t, fmt.Sprintf("/games/%d/result", games[1].ID), doc.Find("#queue h3.undated + .table-scroll a.record-link").First().AttrOr("href", ""),
		"the undated games by number, each with its Record button")

	// A member's desk: next games with the seat, and the recent result; no queue.
	var seat string
	for _, s := range games[4].Seats {
		if s.UserID == members[0].ID {
			seat = fmt.Sprintf("Seat %d", s.Position)
		}
	}
	_, doc = app.get(app.logIn(members[0]), "/")
	assert.Zero(t, doc.Find("#queue").Length())
	next := doc.Find("#next li")
	require.Positive(t, next.Length())
	if seat != "" {
		assert.Contains(t, text(next.First()), "Tue 1 Dec 2026 19:00 · Club · "+seat)
	}
	assert.Contains(t, doc.Find(".calendar-feed a").AttrOr("href", ""), "/calendar/")
	assert.Contains(t, text(doc.Find("#recent li").First()), "game 1")
	assert.Equal(t, 1, doc.Find(`#recent a[href="/games/`+fmt.Sprint(games[0].ID)+`"]`).Length())
}

// The desk's record loop: a co-organiser opens the oldest game waiting, previews it, saves
// with "Save and record the next game" and lands on the next game's form, until the queue
// is empty and the desk says so.
func TestDeskRecordNextLoop(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	helper := app.newPlayers("helper", 1)[0]
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/co-organisers", l.ID), org.token, map[string]string{"username": helper.Username})
	require.Equal(t, http.StatusOK, status, out)
	games := mustLeagueGames(t, app, l)
	// Record all but the last three through the API.
	for _, g := range games[:len(games)-3] {
		status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
		require.Equal(t, http.StatusCreated, status, out)
	}

	c := app.logIn(helper)
	_, doc := app.get(c, "/")
	link := doc.Find("#queue a.record-link").First().AttrOr("href", "")
	require.Equal(t, fmt.Sprintf("/games/%d/result", games[len(games)-3].ID), link)
	formPath := fmt.Sprintf("/games/%d/result", games[len(games)-3].ID)
	for i, g := range games[len(games)-3:] {
		require.Equal(t, fmt.Sprintf("/games/%d/result", g.ID), formPath, "game %d", g.Number)
		values := url.Values{"action": {"preview"}}
		for j, s := range g.Seats {
			values.Set(fmt.Sprintf("score-%d", s.Position), fmt.Sprint(40-j*10))
		}
		res, doc := app.submit(c, formPath, formPath, values)
		require.Equal(t, http.StatusOK, res.StatusCode)
		assert.Equal(t, 1, doc.Find(`button[name="action"][value="save-next"]`).Length())
		values.Set("action", "save-next")
		res, _ = app.submit(c, formPath, formPath, values)
		require.Equal(t, http.StatusSeeOther, res.StatusCode, "game %d", g.Number)
		formPath = res.Header.Get("Location")
		if i == 2 {
			assert.Equal(t, "/", formPath, "the queue is empty: back to the top of the desk, where the message is")
		}
	}
	_, doc = app.get(c, "/")
	assert.Zero(t, doc.Find("#queue").Length(), "nothing waits any more")
	got, err := app.store.League(t.Context(), l.ID)
	require.NoError(t, err)
	assert.Equal(t, "finished", got.Status)
}

// A busy organiser's desk shows its long lists a page at a time (issue #34: not 12,000 px
// tall on a phone): ten overdue games, and plain links to the others.
func TestBusyDeskPagesItsLists(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	require.Greater(t, len(games), 10, "more games than a page holds")
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE games SET starts_at = now() - interval '1 day' WHERE league_id = $1`, l.ID)
	require.NoError(t, err)
	c := app.logIn(org)
	_, doc := app.get(c, "/")
	overdue := doc.Find("#queue h3.overdue + .table-scroll tbody tr")
	assert.Equal(t, 10, overdue.Length(), "one page of overdue games")
	assert.Equal(t, fmt.Sprintf("Overdue (%d)", len(games)), text(doc.Find("#queue h3.overdue")), "the count is all of them")
	pager := doc.Find("#queue .desk-pager")
	require.Equal(t, 1, pager.Length())
	assert.Contains(t, text(pager), fmt.Sprintf("1–10 of %d", len(games)))
	assert.Zero(t, pager.Find(`a[rel="prev"]`).Length())
	next := pager.Find(`a[rel="next"]`).AttrOr("href", "")
	assert.Equal(t, "/?overdue=2#overdue", next)

	_, doc = app.get(c, next)
	rest := doc.Find("#queue h3.overdue + .table-scroll tbody tr")
	assert.Equal(t, min(10, len(games)-10), rest.Length())
	assert.NotEqual(t, overdue.First().AttrOr("data-game", ""), rest.First().AttrOr("data-game", ""), "the next games")
	assert.Equal(t, "/?overdue=1#overdue", doc.Find(`#queue .desk-pager a[rel="prev"]`).AttrOr("href", ""))

	_, doc = app.get(c, "/?overdue=999")
	assert.Equal(t, 1, doc.Find("#queue .desk-pager a[rel=prev]").Length(), "a page out of range shows the last")
}

// The later games' group stays folded on the desk's first page, and opens on the page of
// them the organiser asked for.
func TestBusyDeskOpensTheLaterPageAskedFor(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE games SET starts_at = now() + interval '30 days' WHERE league_id = $1`, l.ID)
	require.NoError(t, err)
	c := app.logIn(org)
	_, doc := app.get(c, "/")
	assert.Equal(t, 1, doc.Find("#queue details.desk-later:not([open])").Length())
	next := doc.Find(`#queue details.desk-later .desk-pager a[rel="next"]`).AttrOr("href", "")
	assert.Equal(t, "/?later=2#later", next)
	_, doc = app.get(c, next)
	assert.Equal(t, 1, doc.Find("#queue details.desk-later[open]").Length(), "the page asked for is open")
}
