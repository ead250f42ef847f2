package web_test

import (
	"fmt"
	"net/http"
	"strconv"
	"testing"
	"time"

	"github.com/PuerkitoBio/goquery"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// The desk prompts what to do (issue #34): a seated player is asked to report the games
// played but not reported, and "Are you coming?" only of dated games to come without a
// proposal; "Your next games" lists only games to come; the organiser's queue and disputes
// come first, above attendance; a league where players report never says its organiser
// records the result.
func TestDeskPromptsWhatToDo(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 8)
	org := players[0]
	l := app.join(app.newLeague(org, "cartagena", 4, 0), players)
	require.Equal(t, store.LeagueRunning, l.Status)
	games := mustLeagueGames(t, app, l)
	me := org // the organiser plays too
	var mine []store.Game
	for _, g := range games {
		for _, s := range g.Seats {
			if s.UserID == me.ID {
				mine = append(mine, g)
			}
		}
	}
	require.GreaterOrEqual(t, len(mine), 3)
	played, toCome, proposed := mine[0], mine[1], mine[2]
	date := func(g store.Game, at time.Time) {
		_, err := app.store.Pool().Exec(t.Context(), `UPDATE games SET starts_at = $2 WHERE id = $1`, g.ID, at)
		require.NoError(t, err)
	}
	date(played, time.Now().Add(-48*time.Hour))
	date(toCome, time.Now().Add(72*time.Hour))
	date(proposed, time.Now().Add(96*time.Hour))
	seatedOther := func(g store.Game) player {
		for _, s := range g.Seats {
			for _, p := range players {
				if p.ID == s.UserID && p.ID != me.ID {
					return p
				}
			}
		}
		return player{}
	}
	proposer := seatedOther(proposed)
	require.NotZero(t, proposer.ID)
	status, body := app.api(http.MethodPost, gamePath(proposed.ID, "/proposal"), proposer.token, scoresFor(proposed, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)

	c := app.logIn(me)
	_, doc := app.get(c, "/")
	report := doc.Find(fmt.Sprintf(`#table .desk-report li[data-game="%d"]`, played.ID))
	require.Equal(t, 1, report.Length(), "the game played is to report")
	assert.Contains(t, text(report), fmt.Sprintf("%s, game %d was on ", l.Name, played.Number))
	assert.Contains(t, text(report), "report its result")
	assert.Equal(t, fmt.Sprintf("/games/%d/result", played.ID), report.Find("a.report-link").AttrOr("href", ""))

	asked := doc.Find("#attendance .table-section").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("id", "") })
	assert.Equal(t, []string{"table-" + strconv.FormatInt(toCome.ID, 10)}, asked,
		"asked only of the game to come without a proposal, never of a past game")
	next := doc.Find("#next li a").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("href", "") })
	assert.NotContains(t, next, fmt.Sprintf("/games/%d", played.ID), "a past game is not to come")
	assert.Contains(t, next, fmt.Sprintf("/games/%d", toCome.ID))

	// The organiser's part first: disputes and the queue, then the player's, then attendance.
	order := doc.Find("main > section").Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("id", "") })
	require.Contains(t, order, "organised")
	require.Contains(t, order, "attendance")
	assert.Less(t, indexOf(order, "organised"), indexOf(order, "queue"))
	assert.Less(t, indexOf(order, "queue"), indexOf(order, "attendance"))
	assert.Less(t, indexOf(order, "queue"), indexOf(order, "table"))

	// Somebody proposes the played game: nothing left to report.
	other := seatedOther(played)
	status, body = app.api(http.MethodPost, gamePath(played.ID, "/proposal"), other.token, scoresFor(played, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)
	_, doc = app.get(c, "/")
	assert.Zero(t, doc.Find(".desk-report").Length())

	// Players report here: no page says the organiser records it.
	_, doc = app.get(app.logIn(players[1]), fmt.Sprintf("/games/%d", games[len(games)-1].ID))
	assert.NotContains(t, text(doc.Find("main")), "organiser records")
	assert.Contains(t, text(doc.Find("#result")), "a player at the table proposes it")
}

func indexOf(list []string, s string) int {
	for i, v := range list {
		if v == s {
			return i
		}
	}
	return -1
}

// A disputed normal table reaches its organiser's queue, in the API as on the desk; the
// dispute's reason is on the organiser's record form and stays in the game's history, with
// the proposal disputed, once the organiser settles it (issue #34).
func TestDisputedNormalTableIsQueuedAndItsDisputeKept(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	ps := app.newPlayers("player", 4)
	org := ps[0]
	status, body := app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "cartagena", "seats": 3})
	require.Equal(t, http.StatusCreated, status, body)
	id := int64(body["id"].(float64))
	for _, p := range ps[1:] {
		status, body = app.api(http.MethodPost, gamePath(id, "/join"), p.token, nil)
		require.Equal(t, http.StatusOK, status, body)
	}
	g, err := app.store.Game(t.Context(), id)
	require.NoError(t, err)
	status, body = app.api(http.MethodPost, gamePath(id, "/proposal"), ps[1].token, scoresFor(g, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)
	status, body = app.api(http.MethodPost, gamePath(id, "/proposal/dispute"), ps[2].token, map[string]any{"reason": "I won."})
	require.Equal(t, http.StatusOK, status, body)

	status, queue := app.apiAny(http.MethodGet, "/api/v1/me/queue", org.token, nil)
	require.Equal(t, http.StatusOK, status)
	var found map[string]any
	for _, q := range queue.([]any) {
		if q.(map[string]any)["game_id"] == float64(id) {
			found = q.(map[string]any)
		}
	}
	require.NotNil(t, found, "the disputed normal table is in its organiser's queue")
	assert.Nil(t, found["league_id"], "a normal table has no league")
	require.NotNil(t, found["proposal"])
	assert.Equal(t, "I won.", found["proposal"].(map[string]any)["disputed"].(map[string]any)["reason"])

	c := app.logIn(org)
	_, doc := app.get(c, "/")
	assert.Equal(t, 1, doc.Find(fmt.Sprintf(`#organised #table-%d .dispute`, id)).Length(), "and on the desk")
	_, doc = app.get(c, fmt.Sprintf("/games/%d/result", id))
	assert.Equal(t, ps[2].DisplayName+" disputed the result "+ps[1].DisplayName+" proposed, filled in below: I won.",
		text(doc.Find("main .dispute")), "the record form shows the reason, one full stop")

	status, body = app.api(http.MethodPost, gamePath(id, "/result"), org.token, scoresFor(g, 20, 30, 10))
	require.Equal(t, http.StatusCreated, status, body)
	_, doc = app.get(app.browser(), fmt.Sprintf("/games/%d", id))
	kept := text(doc.Find("#result .settled-dispute"))
	assert.Contains(t, kept, "disputed the result")
	assert.Contains(t, kept, "I won.")
	assert.NotContains(t, kept, "I won..")
	assert.Contains(t, kept, "The proposal disputed: ")
	assert.Contains(t, kept, g.Seats[0].Username+" 30")
}

// The desk of a busy organiser folds away what is done (issue 34, "Phone layouts"): the
// games the viewer answered for, the tables that show only who is coming, and the recent
// results sit in closed <details>; what still asks something stays open.
func TestDeskFoldsAwayWhatIsDone(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	players := app.newPlayers("player", 8)
	org := players[0]
	l := app.join(app.newLeague(org, "cartagena", 4, 0), players)
	games := mustLeagueGames(t, app, l)
	var mine []store.Game
	for _, g := range games {
		for _, s := range g.Seats {
			if s.UserID == org.ID {
				mine = append(mine, g)
			}
		}
	}
	require.GreaterOrEqual(t, len(mine), 3)
	answered, open, recorded := mine[0], mine[1], mine[2]
	for i, g := range []store.Game{answered, open} {
		_, err := app.store.Pool().Exec(t.Context(), `UPDATE games SET starts_at = $2 WHERE id = $1`, g.ID, time.Now().Add(time.Duration(72+i*24)*time.Hour))
		require.NoError(t, err)
	}
	status, body := app.APIAny(http.MethodPut, gamePath(answered.ID, "/attendance"), org.token, map[string]any{"coming": true})
	require.Equal(t, http.StatusOK, status, body)
	status, body = app.api(http.MethodPost, gamePath(recorded.ID, "/result"), org.token, scoresFor(recorded, 40, 30, 20, 10))
	require.Equal(t, http.StatusCreated, status, body)
	var away player
	for _, s := range open.Seats {
		for _, p := range players {
			if p.ID == s.UserID && p.ID != org.ID {
				away = p
			}
		}
	}
	require.NotZero(t, away.ID)
	status, body = app.APIAny(http.MethodPut, gamePath(open.ID, "/attendance"), away.token, map[string]any{"coming": false})
	require.Equal(t, http.StatusOK, status, body)

	_, doc := app.get(app.logIn(org), "/")
	id := func(g store.Game) string { return "table-" + strconv.FormatInt(g.ID, 10) }
	sections := func(sel string) []string {
		return doc.Find(sel).Map(func(_ int, s *goquery.Selection) string { return s.AttrOr("id", "") })
	}
	assert.Equal(t, []string{id(open)}, sections("#attendance > .table-section"), "still to answer: in view")
	assert.Equal(t, []string{id(answered)}, sections("#attendance > details.desk-done:not([open]) > .table-section"), "answered: folded away")
	assert.Contains(t, sections("#organised > details.desk-done:not([open]) > .table-section"), id(answered),
		"a table showing only who is coming: folded away")
	assert.Equal(t, []string{id(open)}, sections("#organised > .table-section"), "a player who cannot come stays in view")
	assert.Equal(t, 1, doc.Find("#recent details.desk-done:not([open]) li").Length(), "recent results: folded away")
}
