package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The game page shows the buttons league decides (service.MayWrite, MayProposeNow,
// RecordsAtClose), not a second copy of the rules: a co-organiser records, only a seated
// player proposes, and the window's closing time shows only once its close would record the
// proposal.

// TestGamePageRecordButtonForACoOrganiser: a co-organiser who does not play sees "Record
// the result" on a game of the running league; a member who is neither does not.
func TestGamePageRecordButtonForACoOrganiser(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	status, out := app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/co-organisers", l.ID), org.token,
		map[string]string{"username": outsider.Username})
	require.Equal(t, http.StatusOK, status, out)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	path := fmt.Sprintf("/games/%d", g.ID)
	record := `section.result a.button[href="` + path + `/result"]`

	_, doc := app.get(app.logIn(outsider), path)
	assert.Equal(t, "Record the result", text(doc.Find(record)), "the co-organiser records")
	_, doc = app.get(app.logIn(seated[0]), path)
	assert.Zero(t, doc.Find(record).Length(), "a seated player proposes instead")
}

// TestGamePageProposeButtonOnlyForASeatedPlayer: where players report, a seated player sees
// "Propose the result"; a member of the league not seated at the game does not.
func TestGamePageProposeButtonOnlyForASeatedPlayer(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, unseated := seatedPlayers(g, members)
	require.NotEmpty(t, unseated)
	path := fmt.Sprintf("/games/%d", g.ID)

	_, doc := app.get(app.logIn(seated[1]), path)
	assert.Equal(t, 1, doc.Find("a.propose-link").Length(), "a seated player proposes")
	_, doc = app.get(app.logIn(unseated[0]), path)
	assert.Zero(t, doc.Find("a.propose-link").Length(), "an unseated viewer does not")
	assert.Zero(t, doc.Find("section.table-section form").Length(), "nor answers")
}

// TestGamePageClosingTimeOnlyWhenTheWindowRecords: a table without a proposal names no
// closing time, nor does a proposal nobody has confirmed yet (its window's close records
// nothing); once a player confirms, the page says when the result is recorded.
func TestGamePageClosingTimeOnlyWhenTheWindowRecords(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	path := fmt.Sprintf("/games/%d", g.ID)
	viewer := app.logIn(seated[2])
	closing := func() string {
		_, doc := app.get(viewer, path)
		require.Equal(t, 1, doc.Find("section.table-section").Length(), "the page has its table section")
		return text(doc.Find("section.table-section"))
	}

	assert.NotContains(t, closing(), "recorded at", "no proposal, no closing time")

	status, out := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	assert.NotContains(t, closing(), "recorded at", "nobody confirmed: the window's close records nothing")

	status, out = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[1].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.Contains(t, closing(), "unless disputed", "confirmed once: recorded when the window closes")
}

// TestResultFormOnlyForWhoRecordsOrProposes: the result form opens for the organiser and
// for a seated player where players report (who proposes on it); a member not seated is
// told who records the result (service.MayUseResultForm).
func TestResultFormOnlyForWhoRecordsOrProposes(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, unseated := seatedPlayers(g, members)
	path := fmt.Sprintf("/games/%d/result", g.ID)

	res, _ := app.get(app.logIn(org), path)
	assert.Equal(t, http.StatusOK, res.StatusCode, "the organiser records")
	res, _ = app.get(app.logIn(seated[0]), path)
	assert.Equal(t, http.StatusOK, res.StatusCode, "a seated player proposes")
	res, doc := app.get(app.logIn(unseated[0]), path)
	assert.Equal(t, http.StatusForbidden, res.StatusCode, "a member not seated does neither")
	assert.Contains(t, text(doc.Find("main")), "organiser or a co-organiser records")
}
