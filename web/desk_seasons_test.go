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

func TestDeskShowsSeasonSignUpsAndTheOrganisersStart(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 5)
	org := app.logIn(ps[0])
	res, _ := app.submit(org, "/seasons/new", "/seasons", url.Values{
		"name": {"Spring"}, "game": {"cartagena"}, "players_per_game": {"4"}, "division_size": {"4"}, "promote": {"1"},
		"results_by": {"players"}, "confirm_hours": {"48"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	page := res.Header.Get("Location")
	var id int64
	_, err := fmt.Sscanf(page, "/seasons/%d", &id)
	require.NoError(t, err)
	row := fmt.Sprintf("#seasons li[data-season='%d']", id)

	// Three sign up: the organiser's desk says how many more the start needs.
	for _, p := range ps[1:4] {
		c := app.logIn(p)
		res, _ := app.submit(c, page, page+"/signup", url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
	}
	_, doc := app.get(org, "/")
	assert.Equal(t, "Spring · 3 signed up; 4 needed to start", text(doc.Find(row)))
	assert.Zero(t, doc.Find(row+" a.season-start").Length(), "no start before enough players")
	player := app.logIn(ps[1])
	_, doc = app.get(player, "/")
	assert.Equal(t, "Spring · you are signed up · 3 signed up", text(doc.Find(row)))
	_, doc = app.get(app.logIn(ps[4]), "/")
	assert.Zero(t, doc.Find(row).Length(), "a player not signed up has no such line")

	// The fourth: the organiser's desk offers the start, which asks first.
	res, _ = app.submit(app.logIn(ps[4]), page, page+"/signup", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(org, "/")
	start := doc.Find(row + " a.season-start")
	assert.Equal(t, "4 signed up: start", text(start))
	assert.Equal(t, page+"/start", start.AttrOr("href", ""))

	res, _ = app.submit(org, page+"/start", page+"/start", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(org, "/")
	assert.Zero(t, doc.Find(row).Length(), "a started season leaves the sign-ups")
	_, doc = app.get(player, "/")
	assert.Zero(t, doc.Find(row).Length())
}
