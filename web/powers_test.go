package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// TestPowersOnGameAndLeaguePages: "Seats have the game's own names where it has them:
// Diplomacy powers in seat order (Austria, England, France, Germany, Italy, Russia, Turkey),
// Vortex's four corners (Red, Cyan, Blue, Green) ... The scheduler already balances seats, so
// every player gets every power equally often — say so on the fairness report, and show the
// powers on the game page" (issue 11, section 4).
func TestPowersOnGameAndLeaguePages(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 8)
	for _, tc := range []struct {
		game     string
		perGame  int
		powers   []string
		fairness string
	}{
		{"diplomacy", 7, []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"},
			"Every player plays every power (Austria, England, France, Germany, Italy, Russia, Turkey) exactly 3 times."},
		{"vortex", 4, []string{"Red", "Cyan", "Blue", "Green"},
			"Every player plays every power (Red, Cyan, Blue, Green) exactly 4 times."},
		{"cartagena", 4, nil, "Every player sits in every seat exactly 4 times."},
	} {
		l := app.join(app.newLeague(players[0], tc.game, tc.perGame, 0), players)
		g := mustLeagueGames(t, app, l)[0]
		res, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
		require.Equal(t, http.StatusOK, res.StatusCode)
		got := doc.Find(".seat-table tbody td.power").Map(func(_ int, s *goquery.Selection) string { return text(s) })
		if tc.powers == nil {
			assert.Empty(t, got, "%s: no Power column", tc.game)
		} else {
			assert.Equal(t, tc.powers, got, "%s: the powers in seat order", tc.game)
			assert.Equal(t, "Power", text(doc.Find(".seat-table thead th").Eq(1)))
		}

		_, doc = app.get(app.browser(), leaguePath(l))
		assert.Contains(t, text(doc.Find(".fairness-summary")), tc.fairness, tc.game)
		first := doc.Find("#games tbody tr").First().Find(".seat").First()
		if tc.powers != nil {
			assert.Equal(t, tc.powers[0], first.AttrOr("title", ""), "%s: the games list names the seat's power", tc.game)
		}
	}
}
