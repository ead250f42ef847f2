package web_test

import (
	"fmt"
	"net/http"
	"net/url"
	"testing"

	"github.com/emersion/go-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/web"
)

// A calendar's event texts speak the language of the request (a league's feed, ?lang=) or of
// the feed's owner (a player's private feed, which a calendar app fetches in no language);
// names stay as they are, and the feed stays valid iCalendar.
func TestCalendarInTheReadersLanguage(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/rhythm", l.ID), org.token,
		map[string]any{"first_round": "2026-12-01T19:00:00Z", "every_days": 7})
	require.Equal(t, http.StatusOK, status, out)
	g := mustLeagueGames(t, app, l)[0]
	uid := fmt.Sprintf("game-%d@tablestakes", g.ID)
	texts := func(cal *ical.Calendar) (string, string) {
		t.Helper()
		e := eventByUID(t, cal, uid)
		summary, err := e.Props.Text(ical.PropSummary)
		require.NoError(t, err)
		description, err := e.Props.Text(ical.PropDescription)
		require.NoError(t, err)
		return summary, description
	}

	summary, description := texts(fetchCalendar(t, app, fmt.Sprintf("/leagues/%d/calendar.ics?lang=de", l.ID)))
	assert.Equal(t, l.Name+": Partie 1 (Gonzaga)", summary)
	assert.Contains(t, description, "Runde 1.")
	assert.Contains(t, description, "\nPlatz 1: "+g.Seats[0].Username)
	summary, description = texts(fetchCalendar(t, app, fmt.Sprintf("/leagues/%d/calendar.ics?lang=en", l.ID)))
	assert.Equal(t, l.Name+": game 1 (Gonzaga)", summary)
	assert.Contains(t, description, "\nSeat 1: "+g.Seats[0].Username)

	me := g.Seats[0].Username
	var owner player
	for _, m := range members {
		if m.Username == me {
			owner = m
		}
	}
	_, err := app.store.UpdateLanguage(t.Context(), owner.ID, "it")
	require.NoError(t, err)
	status, out = app.api("GET", "/api/v1/me/calendar", owner.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	feed, err := url.Parse(out["url"].(string))
	require.NoError(t, err)
	cal := fetchCalendar(t, app, feed.Path)
	name, err := cal.Props.Text("X-WR-CALNAME")
	require.NoError(t, err)
	assert.Equal(t, "Le mie partite su TableStakes", name)
	summary, description = texts(cal)
	assert.Equal(t, l.Name+": partita 1 (Gonzaga)", summary)
	assert.Contains(t, description, "Turno 1.")
}
