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

func TestSeasonPagesSignUpStartAndMarkThePlaces(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 16)
	org := app.logIn(ps[0])

	// The organiser opens a season through the form; a bad field is named and nothing written.
	res, doc := app.submit(org, "/seasons/new", "/seasons", url.Values{
		"name": {"Spring"}, "game": {"cartagena"}, "players_per_game": {"4"}, "division_size": {"8"}, "promote": {"4"},
		"results_by": {"players"}, "confirm_hours": {"48"},
	})
	require.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".field-error")), "must be under half a division (4 of 8)")
	assert.Zero(t, app.seasonCount())
	res, _ = app.submit(org, "/seasons/new", "/seasons", url.Values{
		"name": {"Spring"}, "game": {"cartagena"}, "players_per_game": {"4"}, "division_size": {"8"}, "promote": {"2"},
		"results_by": {"players"}, "confirm_hours": {"48"},
	})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	page := res.Header.Get("Location")
	assert.Contains(t, app.flashAfter(org, res), "Spring is open for sign-up")
	var id int64
	_, err := fmt.Sscanf(page, "/seasons/%d", &id)
	require.NoError(t, err)

	// Every player signs up through the page; each hears it.
	for _, p := range ps {
		c := app.logIn(p)
		res, _ := app.submit(c, page, page+"/signup", url.Values{})
		require.Equal(t, http.StatusSeeOther, res.StatusCode)
		assert.Equal(t, "You are signed up; you will hear when the season starts.", app.flashAfter(c, res))
	}
	// A second sign-up (an old page) is refused beside the forms.
	_, doc = app.get(org, page)
	res, _ = app.post(org, page+"/signup", url.Values{"_csrf": {csrfOf(t, doc)}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, doc = app.get(org, page)
	assert.Equal(t, "You are signed up already", text(doc.Find(".form-refusal")))
	assert.Contains(t, text(doc.Find(".season-plan")), "16 players, 2 divisions of 8")

	_, doc = app.get(app.browser(), "/seasons")
	assert.Contains(t, text(doc.Find("#open")), "Spring")

	// Starting asks first, showing the divisions it will make.
	_, doc = app.get(org, page+"/start")
	assert.Equal(t, "16 players, 2 divisions of 8: start?", text(doc.Find("h1")))
	assert.Contains(t, text(doc.Find(".confirm-what").First()), "Spring — Division 1: Player 1, Player 2")
	res, _ = app.submit(org, page+"/start", page+"/start", url.Values{})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	assert.Equal(t, "The season has started in 2 divisions of 8; each division's games are drawn.", app.flashAfter(org, res))

	// The page shows both divisions, the places marked in words.
	_, doc = app.get(app.browser(), page)
	require.Equal(t, 2, doc.Find(".division-card").Length())
	div1, div2 := doc.Find("#division-1"), doc.Find("#division-2")
	assert.Equal(t, 0, div1.Find("tr.zone-up").Length(), "nobody goes up from the top division")
	assert.Equal(t, 2, div1.Find("tr.zone-down").Length())
	assert.Equal(t, 2, div2.Find("tr.zone-up").Length())
	assert.Equal(t, 0, div2.Find("tr.zone-down").Length(), "nobody goes down from the bottom division")
	assert.Equal(t, "↓ relegation place", text(div1.Find("tr.zone-down .zone-mark").First()))
	assert.Equal(t, "↑ promotion place", text(div2.Find("tr.zone-up .zone-mark").First()))

	// The player's page lists their season and division.
	_, doc = app.get(app.browser(), "/players/player12")
	assert.Contains(t, text(doc.Find("#seasons")), "Spring")
	assert.Contains(t, text(doc.Find("#seasons")), "Division 2")
}
