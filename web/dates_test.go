package web_test

import (
	"bytes"
	"fmt"
	"io"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/emersion/go-ical"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// fetchCalendar gets an iCalendar feed, checks the RFC 5545 line rules (CRLF, at most 75
// octets a line), parses it with an independent iCalendar library and re-encodes it, which
// checks each component's required and single-valued properties.
func fetchCalendar(t *testing.T, app *testApp, path string) *ical.Calendar {
	t.Helper()
	res, err := app.srv.Client().Get(app.srv.URL + path)
	require.NoError(t, err)
	defer res.Body.Close()
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Equal(t, "text/calendar; charset=utf-8", res.Header.Get("Content-Type"))
	raw, err := io.ReadAll(res.Body)
	require.NoError(t, err)
	require.True(t, bytes.HasSuffix(raw, []byte("END:VCALENDAR\r\n")))
	for i, line := range strings.Split(strings.TrimSuffix(string(raw), "\r\n"), "\r\n") {
		assert.NotContains(t, line, "\n", "line %d ends in CRLF", i+1)
		assert.LessOrEqual(t, len(line), 75, "line %d is folded at 75 octets: %q", i+1, line)
	}
	cal, err := ical.NewDecoder(bytes.NewReader(raw)).Decode()
	require.NoError(t, err, "a valid iCalendar stream")
	require.NoError(t, ical.NewEncoder(io.Discard).Encode(cal), "every component has what RFC 5545 requires")
	return cal
}

// eventByUID finds an event of the calendar by UID.
func eventByUID(t *testing.T, cal *ical.Calendar, uid string) ical.Event {
	t.Helper()
	for _, e := range cal.Events() {
		if got, _ := e.Props.Text(ical.PropUID); got == uid {
			return e
		}
	}
	t.Fatalf("no event %s", uid)
	return ical.Event{}
}

func TestScheduleGameAndTheLeagueCalendar(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "gonzaga", 4)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	path := fmt.Sprintf("/api/v1/games/%d/schedule", g.ID)
	name, venue, zone := "Gonzaga; Tuesdays, at Ann's", "The Red Lion, upstairs", "Europe/Paris"
	status, out := app.api("PATCH", fmt.Sprintf("/api/v1/leagues/%d", l.ID), org.token,
		map[string]any{"name": name, "venue": venue, "time_zone": zone})
	require.Equal(t, http.StatusOK, status, out)

	for _, tc := range []struct {
		token string
		body  any
		code  int
		msg   string
	}{
		{members[0].token, map[string]any{"starts_at": "2026-12-01T19:00:00+01:00"}, 403,
			"only the league's organiser or a co-organiser may do this"},
		{outsider.token, map[string]any{"place": "x"}, 403, "only the league's organiser or a co-organiser may do this"},
		{org.token, map[string]any{"starts_at": "next tuesday"}, 422,
			"starts_at: must be a date and time such as 2026-12-01T19:00:00+01:00 (RFC 3339) or 2026-12-01T19:00 in the league's time zone"},
		{org.token, map[string]any{"starts_at": 7}, 400, "starts_at: must be a string or null, got a number"},
		{org.token, map[string]any{"place": strings.Repeat("p", 201)}, 422, "place: must be at most 200 characters"},
	} {
		status, out := app.api("PUT", path, tc.token, tc.body)
		assert.Equal(t, tc.code, status, "%v", tc.body)
		assert.Equal(t, tc.msg, out["error"], "%v", tc.body)
	}
	status, _ = app.api("PUT", "/api/v1/games/999999/schedule", org.token, map[string]any{"place": "x"})
	assert.Equal(t, http.StatusNotFound, status)

	// A local time is read in the league's zone; RFC 3339 is an instant.
	status, out = app.api("PUT", path, org.token, map[string]any{"starts_at": "2026-12-01T19:00"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "2026-12-01T18:00:00Z", out["starts_at"])
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", games[1].ID), org.token,
		map[string]any{"starts_at": "2026-12-08T19:00:00+01:00", "place": "Ann's kitchen"})
	require.Equal(t, http.StatusOK, status, out)
	assert.Equal(t, "Ann's kitchen", out["place"])

	cal := fetchCalendar(t, app, fmt.Sprintf("/leagues/%d/calendar.ics", l.ID))
	require.Len(t, cal.Events(), 2, "only dated games")
	uid := fmt.Sprintf("game-%d@tablestakes", g.ID)
	e := eventByUID(t, cal, uid)
	start, err := e.DateTimeStart(time.UTC)
	require.NoError(t, err)
	assert.Equal(t, "2026-12-01T18:00:00Z", start.Format(time.RFC3339))
	summary, err := e.Props.Text(ical.PropSummary)
	require.NoError(t, err)
	assert.Equal(t, name+": game 1 (Gonzaga)", summary, "commas and semicolons survive escaping")
	location, err := e.Props.Text(ical.PropLocation)
	require.NoError(t, err)
	assert.Equal(t, venue, location, "a game with no place of its own is at the venue")
	description, err := e.Props.Text(ical.PropDescription)
	require.NoError(t, err)
	assert.Contains(t, description, "\nSeat 1: "+g.Seats[0].Username)
	seq, err := e.Props.Get(ical.PropSequence).Int()
	require.NoError(t, err)

	// Moving the game updates the same event with a higher sequence.
	status, out = app.api("PUT", path, org.token, map[string]any{"starts_at": "2026-12-02T20:30:00+01:00"})
	require.Equal(t, http.StatusOK, status, out)
	moved := eventByUID(t, fetchCalendar(t, app, fmt.Sprintf("/leagues/%d/calendar.ics", l.ID)), uid)
	newSeq, err := moved.Props.Get(ical.PropSequence).Int()
	require.NoError(t, err)
	assert.Greater(t, newSeq, seq)
	start, err = moved.DateTimeStart(time.UTC)
	require.NoError(t, err)
	assert.Equal(t, "2026-12-02T19:30:00Z", start.Format(time.RFC3339))

	// null clears the date: the event leaves the feed.
	status, out = app.api("PUT", path, org.token, map[string]any{"starts_at": nil})
	require.Equal(t, http.StatusOK, status, out)
	assert.Nil(t, out["starts_at"])
	assert.Len(t, fetchCalendar(t, app, fmt.Sprintf("/leagues/%d/calendar.ics", l.ID)).Events(), 1)
}

func TestRhythmAndPrivateCalendarFeed(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/rhythm", l.ID), org.token,
		map[string]any{"first_round": "2026-12-01T19:00:00Z", "every_days": 0})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Equal(t, "every_days: must be a whole number of days from 1 to 365", out["error"])
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/rhythm", l.ID), org.token,
		map[string]any{"first_round": "2026-12-01T19:00:00Z", "every_days": 7})
	require.Equal(t, http.StatusOK, status, out)

	me := members[0]
	status, out = app.api("GET", "/api/v1/me/calendar", me.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	feed, err := url.Parse(out["url"].(string))
	require.NoError(t, err)
	cal := fetchCalendar(t, app, feed.Path)
	mine := 0
	for _, g := range mustLeagueGames(t, app, l) {
		for _, s := range g.Seats {
			if s.UserID == me.ID {
				mine++
				require.NotNil(t, g.StartsAt)
				e := eventByUID(t, cal, fmt.Sprintf("game-%d@tablestakes", g.ID))
				start, err := e.DateTimeStart(time.UTC)
				require.NoError(t, err)
				assert.True(t, store.RoundStart(time.Date(2026, 12, 1, 19, 0, 0, 0, time.UTC), 7, g.Round).Equal(start))
			}
		}
	}
	assert.Len(t, cal.Events(), mine, "the feed holds my games and only mine")

	status, out = app.api("POST", "/api/v1/me/calendar/renew", me.token, nil)
	require.Equal(t, http.StatusOK, status, out)
	assert.NotEqual(t, feed.String(), out["url"])
	res, err := app.srv.Client().Get(app.srv.URL + feed.Path)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, http.StatusNotFound, res.StatusCode, "the old secret URL stops working")
}

func TestManagePageSetsDates(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	page := leaguePath(l)
	c := app.logIn(org)
	res, _ := app.submit(c, page+"/manage", page+"/rhythm", url.Values{"first_round": {"2026-12-01T19:00"}, "every_days": {"x"}})
	_, refusal := app.refusedTo(c, res, "dates")
	assert.Equal(t, "Every (days): must be a whole number of days from 1 to 365", refusal)
	res, _ = app.submit(c, page+"/manage", page+"/rhythm", url.Values{"first_round": {"2026-12-01T19:00"}, "every_days": {"7"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.submit(c, page+"/manage", page+"/move", url.Values{"what": {"game"}, "number": {"2"},
		"starts_at": {"2026-12-03T18:30"}, "place": {"Café du Nord"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	res, _ = app.submit(c, page+"/manage", page+"/move", url.Values{"what": {"game"}, "number": {"99"}})
	_, refusal = app.refusedTo(c, res, "dates")
	assert.Equal(t, "Game or round number: this league has no game 99", refusal)

	_, doc := app.get(c, page+"/manage")
	assert.Equal(t, "2026-12-01T19:00", doc.Find(`input[name="first_round"]`).AttrOr("value", ""))
	_, doc = app.get(app.browser(), page)
	assert.Equal(t, "Thu 3 Dec 2026 18:30 · Café du Nord", text(doc.Find(`a[href="/games/`+fmt.Sprint(mustLeagueGames(t, app, l)[1].ID)+`"]`).Closest("tr").Find(".when")))
}

// Every absolute URL starts with the configured base URL (trust review 3, finding 6): a
// request naming another Host or X-Forwarded-Proto changes neither the iCalendar events'
// URLs, nor the private feed's, nor the invite link's.
func TestAbsoluteURLsComeFromTheBaseURL(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{BaseURL: "https://club.example", TrustProxy: true})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	status, out := app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/rhythm", l.ID), org.token,
		map[string]any{"first_round": "2026-12-01T19:00:00Z", "every_days": 7})
	require.Equal(t, http.StatusOK, status, out)
	forged := func(path, token string) string {
		t.Helper()
		req, err := http.NewRequest(http.MethodGet, app.srv.URL+path, nil)
		require.NoError(t, err)
		req.Host = "evil.example"
		req.Header.Set("X-Forwarded-Proto", "http")
		req.Header.Set("X-Forwarded-Host", "evil.example")
		if token != "" {
			req.Header.Set("Authorization", "Bearer "+token)
		}
		res, err := app.srv.Client().Do(req)
		require.NoError(t, err)
		defer res.Body.Close()
		require.Equal(t, http.StatusOK, res.StatusCode, path)
		b, err := io.ReadAll(res.Body)
		require.NoError(t, err)
		return string(b)
	}
	games := mustLeagueGames(t, app, l)
	cal := forged(fmt.Sprintf("/leagues/%d/calendar.ics", l.ID), "")
	assert.Contains(t, cal, fmt.Sprintf("URL:https://club.example/games/%d", games[0].ID))
	assert.NotContains(t, cal, "evil.example")
	feed := forged("/api/v1/me/calendar", members[0].token)
	assert.Contains(t, feed, `"url":"https://club.example/calendar/`)
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true})
	require.Equal(t, http.StatusOK, status, out)
	invite := forged(fmt.Sprintf("/api/v1/leagues/%d/invite", l.ID), org.token)
	assert.Contains(t, invite, fmt.Sprintf(`"invite_url":"https://club.example/leagues/%d/invite/`, l.ID))
}

// Every answer carrying a secret is Cache-Control: no-store (trust review 3, finding 6):
// API tokens, webhook secrets, invite links, calendar feed URLs and the feeds themselves.
func TestSecretsAreNeverStored(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{WebhooksToPrivateAddresses: true})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	check := func(method, path, token string, body any, want int) *http.Response {
		t.Helper()
		res := app.apiSend(method, path, token, body)
		res.Body.Close()
		require.Equal(t, want, res.StatusCode, path)
		assert.Equal(t, "no-store", res.Header.Get("Cache-Control"), path)
		return res
	}
	check("POST", "/api/v1/login", "", map[string]string{"username": org.Username, "password": "password-1"}, http.StatusOK)
	check("GET", "/api/v1/me/tokens", org.token, nil, http.StatusOK)
	check("POST", fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.token, map[string]string{"url": "http://127.0.0.1:9/h"}, http.StatusCreated)
	check("GET", fmt.Sprintf("/api/v1/leagues/%d/webhooks", l.ID), org.token, nil, http.StatusOK)
	check("PUT", fmt.Sprintf("/api/v1/leagues/%d/privacy", l.ID), org.token, map[string]any{"private": true}, http.StatusOK)
	check("GET", fmt.Sprintf("/api/v1/leagues/%d/invite", l.ID), org.token, nil, http.StatusOK)
	status, out := app.api("GET", "/api/v1/me/calendar", members[0].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	feed, err := url.Parse(out["url"].(string))
	require.NoError(t, err)
	check("GET", "/api/v1/me/calendar", members[0].token, nil, http.StatusOK)
	res, err := app.srv.Client().Get(app.srv.URL + feed.Path)
	require.NoError(t, err)
	res.Body.Close()
	assert.Equal(t, "no-store", res.Header.Get("Cache-Control"), "the private feed")
}
