package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"regexp"
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

// The fairness report's line on a withdrawal (how the balance moved) is said in the
// reader's language, its English as before.
func TestFairnessWithdrawalInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/withdraw", l.ID), org.token, map[string]string{"username": "player2"})
	require.Equal(t, http.StatusOK, status, out)

	// The day is the withdrawal's, today in the league's zone: matched by its shape.
	_, doc := app.get(app.browser(), leaguePath(l)+"?lang=de")
	assert.Regexp(t, `^player2 hat sich am \d{1,2}\. \S+ \d{4} zurückgezogen\. `+
		regexp.QuoteMeta("Je zwei Spieler treffen sich vorher 6 bis 7 Mal (Spanne 1) unter 8 Spielern, nachher 6 bis 7 Mal (Spanne 1) unter 7; "+
			"Partien pro Spieler vorher 16, nachher 16. Für jeden verbleibenden Spieler werden 6 bis 7 seiner Partien mit einem Spieler weniger gespielt.")+`$`,
		text(doc.Find(".fairness-withdrawals li")))
	_, doc = app.get(app.browser(), leaguePath(l)+"?lang=it")
	assert.Contains(t, text(doc.Find(".fairness-withdrawals li")), "Le coppie di giocatori si incontrano da 6 a 7 volte (scarto 1) tra 8 giocatori prima")

	_, doc = app.get(app.browser(), leaguePath(l)+"?lang=en")
	assert.Regexp(t, `^player2 withdrew on \d{1,2} [A-Z][a-z]{2} \d{4}\. `+
		regexp.QuoteMeta("Pairs of players meet 6 to 7 times (spread 1) among 8 players before, 6 to 7 times (spread 1) among 7 after; "+
			"games per player 16 before, 16 after. Each player who stays has 6 to 7 of the games played one player short.")+`$`,
		text(doc.Find(".fairness-withdrawals li")), "English reads as before")
}
