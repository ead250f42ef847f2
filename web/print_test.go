package web_test

import (
	"fmt"
	"io"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

func TestPrintableRoundAndStandingsSheets(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", games[0].ID), org.token, scoresFor(games[0], 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET venue = 'The Crown, back room' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", games[1].ID), org.token,
		map[string]any{"starts_at": "2026-12-01T19:00:00Z", "place": "Table 2"})
	require.Equal(t, http.StatusOK, status, out)

	_, doc := app.get(app.browser(), leaguePath(l))
	assert.Equal(t, 1, doc.Find(`a[href="`+leaguePath(l)+`/print/rounds"]`).Length())

	res, doc := app.get(app.browser(), leaguePath(l)+"/print/rounds")
	require.Equal(t, http.StatusOK, res.StatusCode)
	pages := doc.Find("section.print-page.round-sheet")
	assert.Equal(t, len(games)-1, pages.Length(), "one page per round still to play (every game its own round here)")
	first := pages.First()
	assert.Equal(t, "2", first.AttrOr("data-round", ""))
	assert.Equal(t, "Game 2 · Table 2", text(first.Find("caption")))
	assert.Contains(t, text(first.Find(".sheet-game")), "at The Crown, back room", "each sheet names the venue")
	seats := first.Find("tbody tr")
	require.Equal(t, 4, seats.Length())
	seats.Each(func(i int, row *goquery.Selection) {
		assert.Equal(t, fmt.Sprintf("Seat %d", i+1), text(row.Find(".seat-name")))
		assert.Contains(t, text(row), "@"+games[1].Seats[i].Username)
		assert.Equal(t, "", text(row.Find("td.score-box")), "an empty box to write the score in")
	})

	res, doc = app.get(app.browser(), leaguePath(l)+"/print/standings")
	require.Equal(t, http.StatusOK, res.StatusCode)
	rows := doc.Find(".standings-sheet tbody tr")
	assert.Equal(t, 8, rows.Length())
	assert.Contains(t, text(rows.First()), "@"+games[0].Seats[0].Username, "the winner of game 1 leads")

	// The sheets print one round a page, without the site's header and footer.
	css, err := app.srv.Client().Get(app.srv.URL + "/static/style.css")
	require.NoError(t, err)
	defer css.Body.Close()
	sheet, err := io.ReadAll(css.Body)
	require.NoError(t, err)
	_, print, ok := strings.Cut(string(sheet), "@media print {")
	require.True(t, ok, "the stylesheet has print rules")
	assert.Contains(t, print, ".site-header, .site-footer, .no-print, .skip-link { display: none; }")
	assert.Contains(t, print, ".print-page { break-after: page; }")
}

func TestRoundSheetNamesDiplomacysPowers(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, _, _ := runningLeague(t, app, "diplomacy", 7)
	_, doc := app.get(app.browser(), leaguePath(l)+"/print/rounds")
	names := doc.Find("section.round-sheet").First().Find(".seat-name").Map(func(_ int, s *goquery.Selection) string {
		return text(s)
	})
	assert.Equal(t, []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"}, names)
}

func TestRoundSheetAsksWhatTheResultFormAsks(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		game    string
		players int
		want    []string
	}{
		{"gonzaga", 4, []string{"Seat", "Player", "Final score"}},
		{"arcs", 3, []string{"Seat", "Player", "Final Power"}},
		{"blue-max", 4, []string{"Seat", "Player", "Units", "Lost", "Enemy destroyed", "Personal points"}},
		{"wooden-ships-and-iron-men", 4, []string{"Seat", "Player", "Units", "Lost", "Personal points"}},
		{"diplomacy", 7, []string{"Seat", "Player", "Centres", "Years played", "Eliminated in"}},
		{"vortex", 4, []string{"Seat", "Player", "Token 1", "Token 2", "Token 3", "Token 4", "Final Vortex score"}},
	} {
		t.Run(tc.game, func(t *testing.T) {
			t.Parallel()
			app := newTestApp(t, web.Config{})
			l, _, _, _ := runningLeague(t, app, tc.game, tc.players)
			_, doc := app.get(app.browser(), leaguePath(l)+"/print/rounds")
			table := doc.Find("section.round-sheet table.sheet-table").First()
			headers := table.Find("thead th").Map(func(_ int, s *goquery.Selection) string { return text(s) })
			assert.Equal(t, tc.want, headers)
			seat := table.Find("tbody tr").First()
			assert.Equal(t, len(tc.want)-2, seat.Find("td.score-box").Length(), "an empty box per field, for each seat")
		})
	}
}
