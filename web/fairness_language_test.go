package web_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The league page's fairness report speaks the reader's language: its heading, summary,
// captions, and the tooltips and legend of its charts.
func TestFairnessInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, _, _ := runningLeague(t, app, "cartagena", 3)
	_, doc := app.get(app.browser(), leaguePath(l)+"?lang=de")
	fair := doc.Find("#fairness")
	require.Equal(t, 1, fair.Length())
	assert.Equal(t, "Fairness des Spielplans", text(fair.Find("h2")))
	assert.Equal(t, "Jeder spielt 9 Partien. Je zwei Spieler treffen sich in 2 bis 3 Partien. Jeder Spieler sitzt auf jedem Platz genau 3-mal.",
		text(fair.Find(".fairness-summary")))
	assert.Contains(t, text(fair.Find("svg.seat-histogram")), "Platz 1")
	assert.Contains(t, text(fair.Find("svg.matchup-matrix title").First()), "Begegnungsmatrix: ")
	assert.Regexp(t, `^player1 und player2 treffen sich in \d Partien$`, text(fair.Find("svg.matchup-matrix g.matchup").Eq(1).Find("title")))

	_, doc = app.get(app.browser(), leaguePath(l)+"?lang=en")
	assert.Equal(t, "Everyone plays 9 games. Every pair of players meets in 2 to 3 games. Every player sits in every seat exactly 3 times.",
		text(doc.Find("#fairness .fairness-summary")))
}

// A refusal of the rules on the league page (joining a running league) is said in the
// reader's language, found by the message id the refusal carries.
func TestLeagueJoinRefusalInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 9)
	running := app.join(app.newLeague(players[0], "vortex", 4, 0), players[:8])
	c := app.logIn(players[8])
	_, doc := app.get(c, leaguePath(running)+"?lang=de")
	res, doc := app.post(c, leaguePath(running)+"/join", url.Values{"_csrf": {csrfOf(t, doc)}})
	assert.Equal(t, http.StatusConflict, res.StatusCode)
	assert.Equal(t, "Liga: läuft schon; ihre Spieler stehen fest und ihre Partien sind angesetzt", text(doc.Find("#join .alert")))
}
