package web_test

import (
	"fmt"
	"net/http"
	"strings"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// The Vortex calculator's colours stand under a "Colour" heading, beside their token
// distances (issue #24).
func TestVortexCalculatorColoursUnderColour(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	res, doc := app.get(app.browser(), "/vortex")
	require.Equal(t, http.StatusOK, res.StatusCode)
	headers := doc.Find("table.vortex-seats thead th").Map(func(_ int, s *goquery.Selection) string { return text(s) })
	assert.Equal(t, []string{"Colour", "Token distances"}, headers)
	assert.Equal(t, "Red", text(doc.Find("table.vortex-seats tbody th").First()))
}

// One game reads "1 game" (issue #24: "1 game", "2 bots"), on the ratings' index.
func TestRatingsIndexCountsOneGame(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	g := mustLeagueGames(t, app, l)[0]
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	_, doc := app.get(app.browser(), "/ratings")
	assert.Contains(t, text(doc.Find(`a[href="/ratings/gonzaga"]`).Parent()), "4 rated players · 1 game")
	assert.NotContains(t, text(doc.Find(`a[href="/ratings/gonzaga"]`).Parent()), "1 games")
}

// The manage page speaks one time zone, the league's: a paused webhook's time too.
func TestManagePageTimesAreTheLeagues(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{WebhooksToPrivateAddresses: true})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	status, out := app.api("POST", fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.token, map[string]string{"url": "http://127.0.0.1:9/h"})
	require.Equal(t, http.StatusCreated, status, out)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET time_zone = 'Europe/Paris' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	_, err = app.store.Pool().Exec(t.Context(),
		`UPDATE league_webhooks SET paused_until = '2026-12-01T12:00:00Z' WHERE league_id = $1`, l.ID)
	require.NoError(t, err)
	_, doc := app.get(app.logIn(org), leaguePath(l)+"/manage")
	hooks := text(doc.Find(".webhook-list"))
	assert.Contains(t, hooks, "until 1 Dec 13:00 CET")
	assert.NotContains(t, hooks, "UTC")
}

// The manage page names the league's time zone once (the select's options aside).
func TestManagePageNamesTheTimeZoneOnce(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET time_zone = 'America/Chicago' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	_, doc := app.get(app.logIn(org), leaguePath(l)+"/manage")
	doc.Find("select#f-time_zone").Remove()
	assert.Equal(t, 1, strings.Count(text(doc.Find("body")), "America/Chicago"), text(doc.Find("body")))
}

// The API tokens page shows its times in the viewer's zone (their leagues'), named once.
func TestTokensPageTimesAreTheViewers(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET time_zone = 'Pacific/Auckland' WHERE id = $1`, l.ID)
	require.NoError(t, err)
	_, err = app.store.Pool().Exec(t.Context(), `UPDATE api_tokens SET created_at = '2026-11-30T12:30:00Z',
		last_used_at = '2026-11-30T12:30:00Z', expires_at = '2027-02-28T12:30:00Z' WHERE user_id = $1`, org.ID)
	require.NoError(t, err)
	_, doc := app.get(app.logIn(org), "/account/tokens")
	row := doc.Find("table.tokens tbody tr").First()
	assert.Equal(t, "1 Dec 2026", text(row.Find(`td[data-label="Created"]`)))
	assert.Equal(t, "1 Dec 2026 01:30", text(row.Find(`td[data-label="Last used"]`)))
	assert.Equal(t, "1 Mar 2027", text(row.Find(`td[data-label="Expires"]`)))
	assert.Equal(t, "Times in Pacific/Auckland", text(doc.Find(".page-zone")))
}
