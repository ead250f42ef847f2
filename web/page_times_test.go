package web_test

import (
	"fmt"
	"net/http"
	"testing"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// Issue #24, "one time zone per page (the league's)": a page about one league shows its
// times in the league's zone and names the zone once; a page across leagues in several
// zones gives each time its own league's zone with the zone's abbreviation beside it. The
// moment used, 15 Jan 2026 23:30 UTC, is already 16 Jan in Paris and still 15 Jan, 18:30,
// in New York.
const lateUTC = "2026-01-15T23:30:00Z"

// setZone sets the league's time zone in the database, before any page is read.
func setZone(t *testing.T, app *testApp, l store.League, zone string) {
	t.Helper()
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE leagues SET time_zone = $2 WHERE id = $1`, l.ID, zone)
	require.NoError(t, err)
}

// finishAt moves a recorded game's finish, its result's record and its audit line to at.
func finishAt(t *testing.T, app *testApp, gameID int64, at string) {
	t.Helper()
	for _, q := range []string{
		`UPDATE games SET finished_at = $2 WHERE id = $1`,
		`UPDATE results SET recorded_at = $2 WHERE game_id = $1`,
		`UPDATE result_audit SET at = $2 WHERE game_id = $1`,
	} {
		_, err := app.store.Pool().Exec(t.Context(), q, gameID, at)
		require.NoError(t, err)
	}
}

// gameOf is the first of the league's games at which p sits and that is not one of skip.
func gameOf(t *testing.T, app *testApp, l store.League, p player, skip ...int64) store.Game {
	t.Helper()
	for _, g := range mustLeagueGames(t, app, l) {
		for _, s := range g.Seats {
			if s.UserID == p.ID && !containsID(skip, g.ID) {
				return g
			}
		}
	}
	t.Fatalf("%s sits at no other game of league %d", p.Username, l.ID)
	return store.Game{}
}

func containsID(ids []int64, id int64) bool {
	for _, x := range ids {
		if x == id {
			return true
		}
	}
	return false
}

// recordAndDate records g's result (seat 1 wins) and dates next at 1 Dec 2026 19:00 UTC.
func recordAndDate(t *testing.T, app *testApp, org player, g, next store.Game) {
	t.Helper()
	status, out := app.api("POST", fmt.Sprintf("/api/v1/games/%d/result", g.ID), org.token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	finishAt(t, app, g.ID, lateUTC)
	status, out = app.api("PUT", fmt.Sprintf("/api/v1/games/%d/schedule", next.ID), org.token,
		map[string]any{"starts_at": "2026-12-01T19:00:00Z"})
	require.Equal(t, http.StatusOK, status, out)
}

// pageZone is the zone a page names once ("" when it names none).
func pageZone(doc *goquery.Document) string { return text(doc.Find("main .page-zone")) }

// The pages of one league in Europe/Paris: the desk, the player page, the league page, the
// game page (its date, its record and history) and the manage page show Paris times, say
// "Times in Europe/Paris" once and never UTC.
func TestOneLeaguesPagesShowItsZone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, _ := runningLeague(t, app, "gonzaga", 4)
	setZone(t, app, l, "Europe/Paris")
	p := members[0]
	played := gameOf(t, app, l, p)
	next := gameOf(t, app, l, p, played.ID)
	recordAndDate(t, app, org, played, next)

	_, doc := app.get(app.logIn(org), "/")
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Equal(t, "Tue 1 Dec 2026 20:00", text(doc.Find(fmt.Sprintf(`#queue tr[data-game="%d"] .when`, next.ID))))
	assert.Contains(t, text(doc.Find("#recent li").First()), "16 Jan 2026 won by")
	assert.NotContains(t, text(doc.Find("main")), "UTC")

	_, doc = app.get(app.logIn(p), "/")
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Contains(t, text(doc.Find("#next li").First()), "Tue 1 Dec 2026 20:00 · ")

	_, doc = app.get(app.browser(), "/players/"+p.Username)
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	link := fmt.Sprintf(`a[href="/games/%d"]`, played.ID)
	assert.Equal(t, "16 Jan 2026", text(doc.Find("#games "+link).Next()), "the game's day in Paris")
	assert.Equal(t, "16 Jan 2026", text(doc.Find(".ledger-table "+link).Next()), "the rating move's day in Paris")

	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", played.ID))
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Contains(t, text(doc.Find("#result")), "Recorded by "+org.DisplayName+" on 16 Jan 2026 00:30")
	assert.Equal(t, org.DisplayName+" recorded the result on 16 Jan 2026 00:30.", text(doc.Find("#result .audit li p").First()))
	assert.NotContains(t, text(doc.Find("main")), "UTC")
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", next.ID))
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Equal(t, "Tue 1 Dec 2026 20:00", text(doc.Find(".game-when time")))

	_, doc = app.get(app.browser(), leaguePath(l))
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	_, doc = app.get(app.logIn(org), leaguePath(l)+"/manage")
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Equal(t, 1, doc.Find("main .page-zone").Length(), "named once")
}

// A proposal's closing time is in the league's zone, on the game page and on the desk.
func TestProposalClosesInTheLeaguesZone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, _, members, _ := runningLeague(t, app, "gonzaga", 4)
	setZone(t, app, l, "Europe/Paris")
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, out := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	status, out = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[1].token, nil)
	require.Equal(t, http.StatusOK, status, out)
	_, err := app.store.Pool().Exec(t.Context(), `UPDATE result_proposals SET closes_at = $2 WHERE game_id = $1`, g.ID, lateUTC)
	require.NoError(t, err)

	_, doc := app.get(app.browser(), fmt.Sprintf("/games/%d", g.ID))
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Contains(t, text(doc.Find("#table .proposal-status")), "(recorded at 16 Jan 2026 00:30 unless disputed)")
	_, doc = app.get(app.logIn(seated[2]), "/")
	assert.Equal(t, "Times in Europe/Paris", pageZone(doc))
	assert.Contains(t, text(doc.Find("#table .proposal-status")), "(recorded at 16 Jan 2026 00:30 unless disputed)")
}

// A player in two leagues, one in Paris and one in New York: their desk, the organiser's
// desk and their player page show each game's time in its own league's zone with the
// zone's abbreviation, and name no zone for the whole page.
func TestPagesAcrossZonesGiveEachTimeItsZone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	members := app.newPlayers("player", 8)
	paris := app.join(app.newLeague(org, "gonzaga", 4, 0), members)
	newYork := app.join(app.newLeague(org, "gonzaga", 4, 0), members)
	setZone(t, app, paris, "Europe/Paris")
	setZone(t, app, newYork, "America/New_York")
	p := members[0]
	playedParis := gameOf(t, app, paris, p)
	nextParis := gameOf(t, app, paris, p, playedParis.ID)
	playedNY := gameOf(t, app, newYork, p)
	nextNY := gameOf(t, app, newYork, p, playedNY.ID)
	recordAndDate(t, app, org, playedParis, nextParis)
	recordAndDate(t, app, org, playedNY, nextNY)

	_, doc := app.get(app.logIn(p), "/")
	assert.Empty(t, pageZone(doc), "no one zone for the page")
	next := text(doc.Find("#next"))
	assert.Contains(t, next, "Tue 1 Dec 2026 20:00 CET")
	assert.Contains(t, next, "Tue 1 Dec 2026 14:00 EST")
	recent := text(doc.Find("#recent"))
	assert.Contains(t, recent, "16 Jan 2026 CET won by")
	assert.Contains(t, recent, "15 Jan 2026 EST won by")

	_, doc = app.get(app.logIn(org), "/")
	assert.Empty(t, pageZone(doc))
	assert.Equal(t, "Tue 1 Dec 2026 20:00 CET", text(doc.Find(fmt.Sprintf(`#queue tr[data-game="%d"] .when`, nextParis.ID))))
	assert.Equal(t, "Tue 1 Dec 2026 14:00 EST", text(doc.Find(fmt.Sprintf(`#queue tr[data-game="%d"] .when`, nextNY.ID))))

	_, doc = app.get(app.browser(), "/players/"+p.Username)
	assert.Empty(t, pageZone(doc))
	for _, c := range []struct {
		g    store.Game
		want string
	}{{playedParis, "16 Jan 2026 CET"}, {playedNY, "15 Jan 2026 EST"}} {
		link := fmt.Sprintf(`a[href="/games/%d"]`, c.g.ID)
		assert.Equal(t, c.want, text(doc.Find("#games "+link).Next()))
		assert.Equal(t, c.want, text(doc.Find(".ledger-table "+link).Next()))
	}
}

// Normal games have no league, so their times are UTC and say so: on the games list as on
// a normal game's page, its record and history included.
func TestNormalGameTimesSayUTC(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("tbl", 3)
	status, out := app.api(http.MethodPost, "/api/v1/games", ps[0].token, map[string]any{"game": "gonzaga", "seats": 2})
	require.Equal(t, http.StatusCreated, status, out)
	id := int64(out["id"].(float64))
	path := fmt.Sprintf("/api/v1/games/%d", id)
	for _, p := range ps[1:] {
		status, out = app.api(http.MethodPost, path+"/join", p.token, nil)
		require.Equal(t, http.StatusOK, status, out)
	}
	g, err := app.store.Game(t.Context(), id)
	require.NoError(t, err)
	status, out = app.api(http.MethodPost, path+"/result", ps[0].token, scoresFor(g, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, out)
	finishAt(t, app, id, lateUTC)

	_, doc := app.get(app.browser(), "/games")
	assert.Empty(t, pageZone(doc))
	assert.Equal(t, "15 Jan 2026 UTC", text(doc.Find(fmt.Sprintf(`#finished a[href="/games/%d"]`, id)).Next()))
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", id))
	assert.Empty(t, pageZone(doc))
	assert.Contains(t, text(doc.Find("#result")), "on 15 Jan 2026 23:30 UTC")
}
