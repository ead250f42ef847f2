package web_test

import (
	"net/http"
	"net/url"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
)

// deskTables are the desk's players-at-the-table sections (templates.TableDesk), said with
// the game's page.
const deskTables = ".desk-table"

// TestDeskIsTranslated: the desk of an organiser and of a player — games waiting for a
// result, next games, seasons, leagues waiting for players, recent results — speaks each
// language, its dates as each language writes them; the flash after renewing the calendar
// address is said in German.
func TestDeskIsTranslated(t *testing.T) {
	t.Parallel()
	app, _, ada := demoApp(t)
	_, doc := app.get(ada, "/?lang=en")
	for _, id := range []string{"#queue", "#next", "#recent"} {
		require.NotEmpty(t, doc.Find(id).Nodes, "the demo's desk of ada has %s", id)
	}
	app.assertPageTranslated(ada, "/", deskTables)
	dmitri := app.browser()
	res, _ := app.submit(dmitri, "/login", "/login", url.Values{"username": {"dmitri"}, "password": {demo.Password}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	app.assertPageTranslated(dmitri, "/", deskTables)

	_, doc = app.get(ada, "/?lang=de")
	assert.Equal(t, "Dein Schreibtisch", text(doc.Find("main h1")))
	assert.Equal(t, "Eintragen", text(doc.Find("#queue .record-link").First()))
	res, _ = app.submit(ada, "/", "/me/calendar/renew", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(ada, "/")
	assert.Equal(t, "Dein Kalender hat eine neue geheime Adresse; die alte funktioniert nicht mehr.", text(doc.Find(".flash")))
	app.get(ada, "/?lang=en")
}
