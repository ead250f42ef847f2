package web_test

import (
	"context"
	"fmt"
	"net/http"
	"net/url"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/email/emailtest"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web"
)

// seatedPlayers are the league members seated at g, in seat order, and the others.
func seatedPlayers(g store.Game, members []player) (seated, others []player) {
	for _, s := range g.Seats {
		for _, m := range members {
			if m.Username == s.Username {
				seated = append(seated, m)
			}
		}
	}
	for _, m := range members {
		at := false
		for _, s := range seated {
			at = at || s.Username == m.Username
		}
		if !at {
			others = append(others, m)
		}
	}
	return seated, others
}

func gamePath(id int64, rest string) string { return fmt.Sprintf("/api/v1/games/%d%s", id, rest) }

// TestAPIPlayersReportEndToEnd: on a real Postgres and a real SMTP server, a 4-player game
// proposed by one player and confirmed by the three others is recorded once, told by
// e-mail and webhook, and moves the standings and the ladder exactly as the organiser's
// record of the same result moves another league's (every rating starts at 0, so seat by
// seat the two must agree). A dispute reaches the organiser's queue with the proposal, and
// the organiser's own record closes it.
func TestAPIPlayersReportEndToEnd(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := web.Config{Mail: smtp.Config(), BaseURL: "https://club.example", WebhooksToPrivateAddresses: true}
	app := newTestApp(t, cfg)
	org := app.verifiedPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.newLeague(org, "cartagena", 4, 0)
	hook := newHookReceiver(t)
	_, err := service.NewLeagues(app.store).AddWebhook(ctx, l.ID, org.ID, hook.URL, "json", strings.Repeat("s", 32))
	require.NoError(t, err)
	l = app.join(l, members)
	notifier := newNotifier(t, app, cfg)
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	mails(t, smtp, 200*time.Millisecond) // the schedule's
	for len(hook.got) > 0 {
		<-hook.got
	}

	status, body := app.api(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d", l.ID), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "players", body["results_by"])
	assert.Equal(t, 48.0, body["confirm_hours"])

	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated, others := seatedPlayers(g, members)
	require.Len(t, seated, 4)
	result := scoresFor(g, 90, 70, 70, 10)

	// Nobody else proposes: a player of another game, a non-member, the organiser.
	outsider := app.newPlayers("outsider", 1)[0]
	for _, who := range []player{others[0], outsider} {
		status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), who.token, result)
		assert.Equal(t, http.StatusForbidden, status, body)
	}
	status, _ = app.api(http.MethodGet, gamePath(g.ID, "/proposal"), "", nil)
	assert.Equal(t, http.StatusNotFound, status)

	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, result)
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, seated[0].Username, body["proposer"])
	assert.Equal(t, []any{}, body["confirmed"])
	assert.Equal(t, []any{seated[1].Username, seated[2].Username, seated[3].Username}, body["waiting"])
	assert.Nil(t, body["disputed"])
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[1].token, result)
	assert.Equal(t, http.StatusConflict, status, body)

	// The three others are asked by e-mail; the league's webhook hears of it.
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got := mails(t, smtp, 200*time.Millisecond)
	for _, p := range seated[1:] {
		require.Len(t, got[p.Username+"@club.example"], 1, p.Username)
		m := got[p.Username+"@club.example"][0]
		assert.Contains(t, m.Message.Header.Get("Subject"), "Confirm the result")
		assert.Contains(t, bodyOf(t, m), seated[0].DisplayName+" proposed the result")
	}
	assert.Empty(t, got[seated[0].Username+"@club.example"], "the proposer is not asked")
	assert.Empty(t, got[others[0].Username+"@club.example"], "a player of another game is not asked")
	select {
	case req := <-hook.got:
		assert.Equal(t, "result_proposed", req.header.Get("X-TableStakes-Event"))
	case <-time.After(5 * time.Second):
		t.Fatal("the webhook heard nothing of the proposal")
	}

	for i, p := range []player{seated[2], seated[1], seated[3]} {
		status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), p.token, nil)
		require.Equal(t, http.StatusOK, status, body)
		assert.Equal(t, i == 2, body["recorded"])
	}
	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[1].token, nil)
	assert.Equal(t, http.StatusConflict, status, "recorded once")
	status, recorded := app.api(http.MethodGet, gamePath(g.ID, "/result"), "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, seated[0].Username, recorded["recorded_by"])

	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got = mails(t, smtp, 200*time.Millisecond)
	assert.Len(t, got[org.Username+"@club.example"], 1, "the organiser hears of the result")
	assert.Empty(t, got[seated[3].Username+"@club.example"], "the last confirmer caused it")

	// The same result recorded by another league's organiser, on a fresh database.
	other := newTestApp(t, web.Config{})
	org2 := other.newPlayers("org", 1)[0]
	members2 := other.newPlayers("player", 8)
	l2 := other.join(other.newLeague(org2, "cartagena", 4, 0), members2)
	g2 := mustLeagueGames(t, other, l2)[0]
	status, _ = other.api(http.MethodPost, gamePath(g2.ID, "/result"), org2.token, scoresFor(g2, 90, 70, 70, 10))
	require.Equal(t, http.StatusCreated, status)
	bySeat := func(a *testApp, lg store.League, gm store.Game) (points, ratings []any) {
		_, st := a.apiAny(http.MethodGet, fmt.Sprintf("/api/v1/leagues/%d/standings", lg.ID), "", nil)
		_, rt := a.apiAny(http.MethodGet, "/api/v1/ratings/cartagena", "", nil)
		for _, s := range gm.Seats {
			for _, row := range st.([]any) {
				if r := row.(map[string]any); r["username"] == s.Username {
					points = append(points, []any{r["points"], r["games"], r["rank"]})
				}
			}
			for _, row := range rt.([]any) {
				if r := row.(map[string]any); r["username"] == s.Username {
					ratings = append(ratings, []any{r["rating"], r["games"]})
				}
			}
		}
		return points, ratings
	}
	points1, ratings1 := bySeat(app, l, g)
	points2, ratings2 := bySeat(other, l2, g2)
	require.Len(t, points1, 4)
	require.Len(t, ratings1, 4)
	assert.Equal(t, points2, points1, "standings move as the organiser's record moves them")
	assert.Equal(t, ratings2, ratings1, "the ladder moves as the organiser's record moves it")

	// A dispute reaches the organiser's queue with the proposal beside it.
	g = games[1]
	seated, _ = seatedPlayers(g, members)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 1, 2, 3, 4))
	require.Equal(t, http.StatusCreated, status, body)
	revision := body["revision"]
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal/dispute"), seated[1].token, map[string]any{"reason": ""})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "reason")
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal/dispute"), seated[1].token,
		map[string]any{"reason": "I scored 12, not 2", "revision": revision})
	require.Equal(t, http.StatusOK, status, body)
	status, queue := app.apiAny(http.MethodGet, "/api/v1/me/queue", org.token, nil)
	require.Equal(t, http.StatusOK, status)
	var found map[string]any
	for _, q := range queue.([]any) {
		if q.(map[string]any)["game_id"] == float64(g.ID) {
			found = q.(map[string]any)["proposal"].(map[string]any)
		}
	}
	require.NotNil(t, found, "the disputed game is in the organiser's queue with its proposal")
	assert.Equal(t, seated[0].Username, found["proposer"])
	assert.Equal(t, map[string]any{"by": seated[1].Username, "reason": "I scored 12, not 2", "at": found["disputed"].(map[string]any)["at"]},
		found["disputed"])
	_, err = notifier.RunOnce(ctx)
	require.NoError(t, err)
	got = mails(t, smtp, 200*time.Millisecond)
	require.Len(t, got[org.Username+"@club.example"], 1, "the organiser is told of the dispute")
	assert.Contains(t, bodyOf(t, got[org.Username+"@club.example"][0]), "Reason: I scored 12, not 2")

	// The organiser's record wins and closes the proposal.
	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, scoresFor(g, 1, 12, 3, 4))
	require.Equal(t, http.StatusCreated, status)
	status, _ = app.api(http.MethodGet, gamePath(g.ID, "/proposal"), "", nil)
	assert.Equal(t, http.StatusNotFound, status)
}

func TestAPIProposalRefusalsAndWithdrawal(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	seated, others := seatedPlayers(g, members)

	status, body := app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, map[string]any{"players": []any{}})
	assert.Equal(t, http.StatusUnprocessableEntity, status, body)
	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, []byte(`{"players":`))
	assert.Equal(t, http.StatusBadRequest, status)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, body)

	for _, who := range []player{others[0], outsider, org} {
		status, _ := app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), who.token, nil)
		assert.Equal(t, http.StatusForbidden, status, who.Username)
		status, _ = app.api(http.MethodPost, gamePath(g.ID, "/proposal/dispute"), who.token, map[string]any{"reason": "no"})
		assert.Equal(t, http.StatusForbidden, status, who.Username)
	}
	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[0].token, nil)
	assert.Equal(t, http.StatusForbidden, status, "the proposer does not confirm")
	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[1].token, map[string]any{"revision": 1})
	require.Equal(t, http.StatusOK, status)

	// A change restarts the confirmations; the old revision is refused.
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 1, 2, 3, 4))
	require.Equal(t, http.StatusCreated, status)
	assert.Equal(t, 2.0, body["revision"])
	assert.Equal(t, []any{}, body["confirmed"])
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[2].token, map[string]any{"revision": 1})
	assert.Equal(t, http.StatusConflict, status)
	assert.Contains(t, body["error"], "changed")

	res := app.apiSend(http.MethodDelete, gamePath(g.ID, "/proposal"), seated[1].token, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
	res = app.apiSend(http.MethodDelete, gamePath(g.ID, "/proposal"), seated[0].token, nil)
	res.Body.Close()
	assert.Equal(t, http.StatusNoContent, res.StatusCode)
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal/confirm"), seated[1].token, nil)
	assert.Equal(t, http.StatusNotFound, status)
	assert.Contains(t, body["error"], "proposal: none")

	// The organiser switches the league to organisers only: nobody proposes any more.
	path := fmt.Sprintf("/api/v1/leagues/%d", l.ID)
	status, body = app.api(http.MethodPatch, path, seated[0].token, map[string]any{"results_by": "organisers"})
	assert.Equal(t, http.StatusForbidden, status, body)
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"results_by": "everyone"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "results_by:")
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"confirm_hours": 337})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "confirm_hours:")
	status, body = app.api(http.MethodPatch, path, org.token, map[string]any{"results_by": "organisers", "confirm_hours": 12})
	require.Equal(t, http.StatusOK, status, body)
	assert.Equal(t, "organisers", body["results_by"])
	assert.Equal(t, 12.0, body["confirm_hours"])
	status, body = app.api(http.MethodPost, gamePath(g.ID, "/proposal"), seated[0].token, scoresFor(g, 4, 3, 2, 1))
	assert.Equal(t, http.StatusForbidden, status)
	assert.Contains(t, body["error"], "only the organisers enter results")
}

func TestAPILeagueAndTableTakeTheResultsSetting(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token, map[string]any{
		"name": "Tuesday", "game": "cartagena", "players_per_game": 4, "results_by": "organisers", "confirm_hours": 24,
	})
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, "organisers", body["results_by"])
	assert.Equal(t, 24.0, body["confirm_hours"])
	for _, tc := range []struct {
		field string
		value any
	}{{"results_by", "all"}, {"results_by", ""}, {"confirm_hours", 0}, {"confirm_hours", 400}} {
		status, body := app.api(http.MethodPost, "/api/v1/leagues", org.token, map[string]any{
			"name": "Tuesday", "game": "cartagena", "players_per_game": 4, tc.field: tc.value,
		})
		assert.Equal(t, http.StatusUnprocessableEntity, status, tc)
		assert.Contains(t, body["error"], tc.field+":", tc)
	}
	status, body = app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "cartagena", "seats": 3, "confirm_hours": 6})
	require.Equal(t, http.StatusCreated, status, body)
	assert.Equal(t, "players", body["results_by"])
	assert.Equal(t, 6.0, body["confirm_hours"])
	status, body = app.api(http.MethodPost, "/api/v1/games", org.token, map[string]any{"game": "cartagena", "seats": 3, "results_by": "nobody"})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "results_by:")
}

func TestAPIAttendance(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	l, org, members, outsider := runningLeague(t, app, "cartagena", 4)
	g := mustLeagueGames(t, app, l)[0]
	seated, others := seatedPlayers(g, members)
	path := gamePath(g.ID, "/attendance")

	status, list := app.apiAny(http.MethodGet, path, "", nil)
	require.Equal(t, http.StatusOK, status)
	require.Len(t, list, 4)
	assert.Equal(t, map[string]any{"username": seated[0].Username, "coming": nil}, list.([]any)[0])

	for _, who := range []player{others[0], outsider, org} {
		status, _ := app.api(http.MethodPut, path, who.token, map[string]any{"coming": true})
		assert.Equal(t, http.StatusForbidden, status, who.Username)
	}
	status, body := app.api(http.MethodPut, path, seated[1].token, map[string]any{})
	assert.Equal(t, http.StatusUnprocessableEntity, status)
	assert.Contains(t, body["error"], "coming:")
	status, _ = app.apiAny(http.MethodPut, path, seated[1].token, map[string]any{"coming": false})
	require.Equal(t, http.StatusOK, status)
	status, _ = app.apiAny(http.MethodPut, path, seated[2].token, map[string]any{"coming": true})
	require.Equal(t, http.StatusOK, status)
	_, list = app.apiAny(http.MethodGet, path, "", nil)
	assert.Equal(t, []any{
		map[string]any{"username": seated[0].Username, "coming": nil},
		map[string]any{"username": seated[1].Username, "coming": false},
		map[string]any{"username": seated[2].Username, "coming": true},
		map[string]any{"username": seated[3].Username, "coming": nil},
	}, list)

	status, _ = app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status)
	status, _ = app.api(http.MethodPut, path, seated[1].token, map[string]any{"coming": true})
	assert.Equal(t, http.StatusConflict, status, "a recorded game takes no more answers")
	status, _ = app.api(http.MethodGet, gamePath(999999, "/attendance"), "", nil)
	assert.Equal(t, http.StatusNotFound, status)
}

// A game's reminder e-mail carries a one-tap link: opening it changes nothing; its button
// (a POST with the page's CSRF field, bound to the link's player and game) answers.
func TestReminderMailAnswersAttendanceInOneTap(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	smtp := emailtest.NewServer(t)
	cfg := web.Config{Mail: smtp.Config(), BaseURL: "https://club.example"}
	app := newTestApp(t, cfg)
	org := app.newPlayers("org", 1)[0]
	members := app.verifiedPlayers("player", 8)
	l := app.join(app.newLeague(org, "cartagena", 4, 0), members)
	g := mustLeagueGames(t, app, l)[0]
	seated, _ := seatedPlayers(g, members)
	status, body := app.api(http.MethodPut, gamePath(g.ID, "/schedule"), org.token,
		map[string]any{"starts_at": time.Now().Add(3 * time.Hour).UTC().Format(time.RFC3339)})
	require.Equal(t, http.StatusOK, status, body)
	_, err := newNotifier(t, app, cfg).RunOnce(ctx)
	require.NoError(t, err)
	got := mails(t, smtp, 200*time.Millisecond)
	var link string
	for _, m := range got[seated[0].Username+"@club.example"] {
		if text := bodyOf(t, m); strings.Contains(text, "/attend/") {
			i := strings.Index(text, "https://club.example/attend/")
			link = strings.Fields(text[i:])[0]
		}
	}
	require.NotEmpty(t, link, "the reminder carries the one-tap link")
	path := strings.TrimPrefix(link, "https://club.example")
	other := ""
	for _, m := range got[seated[1].Username+"@club.example"] {
		if text := bodyOf(t, m); strings.Contains(text, "/attend/") {
			i := strings.Index(text, "https://club.example/attend/")
			other = strings.Fields(text[i:])[0]
		}
	}
	assert.NotEqual(t, link, other, "each player has their own link")

	c := app.browser() // not signed in: the link is the credential
	res, doc := app.get(c, path)
	require.Equal(t, http.StatusOK, res.StatusCode)
	assert.Contains(t, text(doc.Find("main")), "Answering for "+seated[0].DisplayName, "the player's name as people read it")
	assert.Zero(t, doc.Find(`.attendance-form button[aria-pressed="true"]`).Length(), "unanswered, no answer looks given")
	_, list := app.apiAny(http.MethodGet, gamePath(g.ID, "/attendance"), "", nil)
	assert.Nil(t, list.([]any)[0].(map[string]any)["coming"], "opening the link answers nothing")

	res, _ = app.post(c, path, url.Values{"coming": {"no"}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode, "a POST without the page's CSRF field is refused")
	res, _ = app.submit(c, path, path, url.Values{"coming": {"no"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, list = app.apiAny(http.MethodGet, gamePath(g.ID, "/attendance"), "", nil)
	assert.Equal(t, false, list.([]any)[0].(map[string]any)["coming"])
	assert.Nil(t, list.([]any)[1].(map[string]any)["coming"], "only the link's player answered")
	_, doc = app.get(c, path)
	assert.Equal(t, "no", doc.Find(`.attendance-form button[aria-pressed="true"]`).AttrOr("value", ""), "the answer given is the pressed one")

	res, _ = app.get(c, "/attend/"+strings.Repeat("0", 64))
	assert.Equal(t, http.StatusNotFound, res.StatusCode)
}

func TestLeagueFormsChooseWhoEntersResults(t *testing.T) {
	t.Parallel()
	app := newTestApp(t, web.Config{})
	org := app.newPlayers("org", 1)[0]
	c := app.logIn(org)
	_, doc := app.get(c, "/leagues/new")
	assert.Equal(t, "players", doc.Find(`input[name="results_by"][checked]`).AttrOr("value", ""), "players report by default")
	assert.Equal(t, "48", doc.Find(`input[name="confirm_hours"]`).AttrOr("value", ""))

	values := url.Values{"name": {"Thursday"}, "game": {"cartagena"}, "players_per_game": {"4"}, "min_recent_games": {"0"},
		"recent_days": {"90"}, "results_by": {"organisers"}, "confirm_hours": {"400"}}
	res, doc := app.submit(c, "/leagues/new", "/leagues", values)
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)
	assert.Contains(t, text(doc.Find(".results-setting")), "1 to 336")
	values.Set("confirm_hours", "12")
	res, _ = app.submit(c, "/leagues/new", "/leagues", values)
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	id := strings.TrimPrefix(res.Header.Get("Location"), "/leagues/")
	status, body := app.api(http.MethodGet, "/api/v1/leagues/"+id, "", nil)
	require.Equal(t, http.StatusOK, status)
	assert.Equal(t, "organisers", body["results_by"])
	assert.Equal(t, 12.0, body["confirm_hours"])

	manage := "/leagues/" + id + "/manage"
	res, _ = app.submit(c, manage, "/leagues/"+id+"/results-setting", url.Values{"results_by": {"players"}, "confirm_hours": {"72"}})
	require.Equal(t, http.StatusSeeOther, res.StatusCode)
	_, body = app.api(http.MethodGet, "/api/v1/leagues/"+id, "", nil)
	assert.Equal(t, "players", body["results_by"])
	assert.Equal(t, 72.0, body["confirm_hours"])
	res, _ = app.submit(c, manage, "/leagues/"+id+"/results-setting", url.Values{"results_by": {"all"}, "confirm_hours": {"72"}})
	assert.Equal(t, http.StatusUnprocessableEntity, res.StatusCode)

	// Only the organiser changes it (the API's PATCH test checks the store's refusal; a
	// player has no manage page, so no form token either).
	p := app.newPlayers("player", 1)[0]
	res, _ = app.post(app.logIn(p), "/leagues/"+id+"/results-setting", url.Values{"results_by": {"organisers"}})
	assert.Equal(t, http.StatusForbidden, res.StatusCode)
}

// Trust review 4, finding 6: one-tap attendance links never ended, worked for a replaced
// player's seat (the page still named the league and the game) and changed answers days
// after the game. A link is for one seat and ends with the game's result or a day after
// its date; used late, it says so (410) and changes nothing.
func TestAttendanceLinksEnd(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	app := newTestApp(t, web.Config{})
	l, org, _, _ := runningLeague(t, app, "gonzaga", 4)
	app.newPlayers("sub", 1)
	games := mustLeagueGames(t, app, l)
	g := games[0]
	link := func(game store.Game, seat int) string {
		token := fmt.Sprintf("%064d", game.ID*10+int64(seat))
		_, err := app.store.Pool().Exec(ctx, `INSERT INTO attendance_links (token, game_id, user_id) VALUES ($1, $2, $3)`,
			token, game.ID, game.Seats[seat].UserID)
		require.NoError(t, err)
		return "/attend/" + token
	}
	setDate := func(game store.Game, at time.Time) {
		_, err := app.store.Pool().Exec(ctx, `UPDATE games SET starts_at = $2 WHERE id = $1`, game.ID, at)
		require.NoError(t, err)
	}
	c := app.browser()
	_, doc := app.get(c, "/login")
	csrf := csrfOf(t, doc)
	answers := func(game store.Game) []any {
		_, list := app.apiAny(http.MethodGet, gamePath(game.ID, "/attendance"), "", nil)
		return list.([]any)
	}
	ended := func(path, why string) {
		t.Helper()
		res, doc := app.get(c, path)
		assert.Equal(t, http.StatusGone, res.StatusCode, path)
		assert.Contains(t, text(doc.Find("main")), why, path)
		assert.NotContains(t, text(doc.Find("main")), l.Name, "an ended link names no league")
		res, _ = app.post(c, path, url.Values{"_csrf": {csrf}, "coming": {"yes"}})
		assert.Equal(t, http.StatusGone, res.StatusCode, "POST %s", path)
	}

	// A day after the game's date the link has ended; before, it answers.
	setDate(g, time.Now().Add(-72*time.Hour))
	ended(link(g, 0), "more than a day ago")
	assert.Nil(t, answers(g)[0].(map[string]any)["coming"], "a late link changes nothing")
	setDate(g, time.Now().Add(-2*time.Hour))
	res, _ := app.post(c, link(g, 1), url.Values{"_csrf": {csrf}, "coming": {"no"}})
	assert.Equal(t, http.StatusSeeOther, res.StatusCode, "on the evening itself the link still answers")
	assert.Equal(t, false, answers(g)[1].(map[string]any)["coming"])

	// Once the game is recorded, its links have ended.
	path := link(g, 2)
	status, out := app.api(http.MethodPost, gamePath(g.ID, "/result"), org.token, scoresFor(g, 4, 3, 2, 1))
	require.Equal(t, http.StatusCreated, status, out)
	ended(path, "result recorded")

	// A replaced player's link is for a seat no longer theirs.
	later := games[len(games)-1]
	replacedSeat := 0
	path = link(later, replacedSeat)
	status, out = app.api(http.MethodPost, fmt.Sprintf("/api/v1/leagues/%d/replace", l.ID), org.token,
		map[string]string{"from": later.Seats[replacedSeat].Username, "to": "sub1"})
	require.Equal(t, http.StatusOK, status, out)
	ended(path, "no longer yours")
}
