package store_test

import (
	"context"
	"errors"
	"fmt"
	"sort"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
)

// verify gives users a verified e-mail address (<username>@club.example).
func (w *world) verify(users ...store.User) {
	w.tb.Helper()
	for _, u := range users {
		_, err := w.pool.Exec(context.Background(),
			`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, u.ID, u.Username+"@club.example")
		require.NoError(w.tb, err)
	}
}

// outboxLines is the outbox as "key channel recipient status" lines, sorted.
func outboxLines(t *testing.T, st *store.Store) []string {
	t.Helper()
	rows, err := st.Outbox(context.Background())
	require.NoError(t, err)
	var out []string
	for _, r := range rows {
		out = append(out, fmt.Sprintf("%s %s %s %s", r.EventKey, r.Channel, r.Recipient, r.Status))
	}
	sort.Strings(out)
	return out
}

func TestEventsWriteTheOutboxInTheirTransaction(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.league("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	ada, bruno, chloe, elena := w.players[0], w.players[1], w.players[2], w.players[4]
	w.verify(ada, bruno, chloe, elena, w.players[8]) // xavier is in no league
	require.NoError(t, w.st.SetNotificationPrefs(ctx, chloe.ID, map[string]bool{store.NoticeResultRecorded: false}))
	hook, err := w.st.AddWebhook(ctx, leagueID, w.organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)

	// A refused result writes no notice.
	_, err = w.record(ctx, games[0], w.organiser.ID, placementInput(members[:3], []int{1, 2, 3}))
	require.Error(t, err)
	assert.Empty(t, outboxLines(t, w.st))

	_, err = w.record(ctx, games[0], w.organiser.ID, placementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	key1 := fmt.Sprintf("result_recorded:game:%d", games[0])
	hookName := fmt.Sprintf("webhook %d", hook.ID)
	assert.Equal(t, []string{
		key1 + " email ada pending",
		key1 + " email bruno pending",
		key1 + " email elena pending", // the whole league hears of a result, not only its table
		key1 + " webhook " + hookName + " pending",
	}, outboxLines(t, w.st), "chloe turned results off; xavier is no member; the others have no address")

	// The league's last result finishes it: both events, in the same transaction.
	_, err = w.record(ctx, games[1], w.organiser.ID, placementInput(members[4:], []int{1, 2, 3, 4}))
	require.NoError(t, err)
	lines := outboxLines(t, w.st)
	finished := fmt.Sprintf("league_finished:league:%d", leagueID)
	for _, who := range []string{"email ada", "email bruno", "email chloe", "email elena", "webhook " + hookName} {
		assert.Contains(t, lines, finished+" "+who+" pending")
	}

	// Each correction is an event of its own; the corrector (ada, as a co-organiser) does
	// not hear of her own correction.
	require.NoError(t, w.st.SetCoOrganiser(ctx, leagueID, w.organiser.ID, "ada", true))
	for i, scores := range [][]int{{4, 6, 8, 10}, {10, 6, 8, 4}} {
		rw, err := w.write(ctx, games[0], ada.ID, placementInput(members[:4], scores))
		require.NoError(t, err)
		rw.Reason = "typo"
		_, err = w.st.CorrectResult(ctx, rw)
		require.NoError(t, err)
		key := fmt.Sprintf("result_corrected:game:%d:%d", games[0], i+1)
		lines = outboxLines(t, w.st)
		assert.Contains(t, lines, key+" email bruno pending")
		assert.NotContains(t, lines, key+" email ada pending")
	}
	rows, err := w.st.Outbox(ctx)
	require.NoError(t, err)
	assert.Len(t, rows, 4+4+5+4*2)
}

func TestScheduleDrawnNoticeGoesToEveryMember(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	w.verify(w.players[:8]...)
	l, err := w.st.CreateLeague(ctx, store.NewLeague{Name: "Tuesday Cartagena", Game: "cartagena", PlayersPerGame: 4, RecentDays: 90, OrganiserID: w.organiser.ID})
	require.NoError(t, err)
	for _, p := range w.players[:8] {
		_, err := w.st.JoinLeague(ctx, l.ID, p.ID)
		require.NoError(t, err)
	}
	lines := outboxLines(t, w.st)
	require.Len(t, lines, 8)
	for _, p := range w.players[:8] {
		assert.Contains(t, lines, fmt.Sprintf("schedule_drawn:league:%d email %s pending", l.ID, p.Username))
	}
	ds, err := w.st.ClaimDeliveries(ctx, 1)
	require.NoError(t, err)
	require.Len(t, ds, 1)
	n := ds[0].Notice
	assert.Equal(t, store.NoticeScheduleDrawn, n.Kind)
	assert.Equal(t, "Tuesday Cartagena", n.LeagueName)
	assert.Equal(t, "cartagena", n.Game)
	var games int
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE league_id = $1`, l.ID).Scan(&games))
	assert.Equal(t, games, n.Games)
	var username string
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT u.username FROM outbox o JOIN users u ON u.id = o.user_id WHERE o.id = $1`, ds[0].ID).Scan(&username))
	assert.Equal(t, username+"@club.example", ds[0].Email)
}

func TestDeliveriesAreClaimedOnceRetriedAndGivenUp(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.league("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.players[:8]...)
	_, err := w.record(ctx, games[0], w.organiser.ID, placementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)

	// Four workers claim at once: each of the 8 deliveries goes to exactly one of them.
	var mu sync.Mutex
	seen := map[int64]int{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ds, err := w.st.ClaimDeliveries(ctx, 3)
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			for _, d := range ds {
				seen[d.ID]++
			}
		}()
	}
	wg.Wait()
	assert.Len(t, seen, 8)
	for id, n := range seen {
		assert.Equal(t, 1, n, "delivery %d claimed %d times", id, n)
	}
	more, err := w.st.ClaimDeliveries(ctx, 10)
	require.NoError(t, err)
	assert.Empty(t, more, "claimed deliveries are not due again")

	rows, err := w.st.Outbox(ctx)
	require.NoError(t, err)
	sent, failing, stopped := rows[0], rows[1], rows[2]
	require.NoError(t, w.st.DeliverySent(ctx, sent.ID))
	d := store.Delivery{ID: failing.ID, Attempts: 1}
	require.NoError(t, w.st.DeliveryFailed(ctx, d, errors.New("421 try later"), false))
	// The worker of stopped never came back: its lease runs out.
	_, err = w.pool.Exec(ctx, `UPDATE outbox SET lease_until = now() - interval '1 second' WHERE id = $1`, stopped.ID)
	require.NoError(t, err)

	var due time.Duration
	require.NoError(t, w.pool.QueryRow(ctx, `SELECT extract(epoch FROM due_at - now())::int * interval '1 second' FROM outbox WHERE id = $1`,
		failing.ID).Scan(&due))
	assert.InDelta(t, 30, due.Seconds(), 2, "the first retry waits 30 s")
	more, err = w.st.ClaimDeliveries(ctx, 10)
	require.NoError(t, err)
	assert.Empty(t, more, "a failed delivery waits for its retry")
	byID := map[int64]store.OutboxRow{}
	rows, err = w.st.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		byID[r.ID] = r
	}
	assert.Equal(t, "sent", byID[sent.ID].Status)
	assert.Equal(t, "pending", byID[failing.ID].Status)
	assert.Equal(t, "421 try later", byID[failing.ID].LastError)
	assert.Equal(t, "failed", byID[stopped.ID].Status, "a delivery interrupted mid-send is never sent twice")
	assert.Contains(t, byID[stopped.ID].LastError, "not sent again")

	// Due again: claimed, and after the last attempt given up for good.
	_, err = w.pool.Exec(ctx, `UPDATE outbox SET due_at = now() WHERE id = $1`, failing.ID)
	require.NoError(t, err)
	for attempt := 2; attempt <= store.MaxDeliveryAttempts; attempt++ {
		ds, err := w.st.ClaimDeliveries(ctx, 10)
		require.NoError(t, err)
		require.Len(t, ds, 1)
		assert.Equal(t, attempt, ds[0].Attempts)
		require.NoError(t, w.st.DeliveryFailed(ctx, ds[0], errors.New("421 try later"), false))
		_, err = w.pool.Exec(ctx, `UPDATE outbox SET due_at = now() WHERE id = $1`, failing.ID)
		require.NoError(t, err)
	}
	rows, err = w.st.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		if r.ID == failing.ID {
			assert.Equal(t, "failed", r.Status)
			assert.Equal(t, store.MaxDeliveryAttempts, r.Attempts)
		}
	}
}

func TestRetryDelayDoublesUpToAnHour(t *testing.T) {
	for attempts, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute,
		5: 8 * time.Minute, 7: 32 * time.Minute, 8: time.Hour, 20: time.Hour} {
		assert.Equal(t, want, store.RetryDelay(attempts), "after %d attempts", attempts)
	}
}

func TestRemindersOncePerGameAndStart(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	_, games := w.league("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.players[:8]...)
	setStart := func(gameID int64, in time.Duration) {
		_, err := w.pool.Exec(ctx, `UPDATE games SET starts_at = now() + $2::interval WHERE id = $1`, gameID, in)
		require.NoError(t, err)
	}
	setStart(games[0], 2*time.Hour)
	setStart(games[1], 30*time.Hour) // beyond the window
	n, err := w.st.EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, n, "the four players of the game starting within 24 h")
	n, err = w.st.EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Zero(t, n, "a second server's run writes nothing again")

	setStart(games[0], 3*time.Hour) // moved: its players hear of the new time
	n, err = w.st.EnqueueReminders(ctx)
	require.NoError(t, err)
	assert.Equal(t, 4, n)
}

func TestNotificationPrefs(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	ada := w.players[0]
	prefs, err := w.st.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.Len(t, prefs, len(store.NoticeKinds))
	for k, on := range prefs {
		assert.True(t, on, k)
	}
	require.NoError(t, w.st.SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeGameSoon: false, store.NoticeResultRecorded: false}))
	require.NoError(t, w.st.SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeResultRecorded: true}))
	prefs, err = w.st.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.False(t, prefs[store.NoticeGameSoon])
	assert.True(t, prefs[store.NoticeResultRecorded])

	err = w.st.SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeGameSoon: true, "everything": false})
	var invalid *store.Invalid
	require.ErrorAs(t, err, &invalid)
	assert.Contains(t, invalid.Reason, "everything: no such notification")
	prefs, err = w.st.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.False(t, prefs[store.NoticeGameSoon], "a refused change changes nothing")
}

func TestWebhooksAreTheManagersAndLimited(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, _ := w.league("cartagena", [][]int{{0, 1, 2, 3}})
	secret := "0123456789abcdef0123456789abcdef"
	_, err := w.st.AddWebhook(ctx, leagueID, w.players[0].ID, "https://club.example/hook", "json", secret)
	assert.ErrorIs(t, err, store.ErrNotManager, "a member may not add one")
	_, err = w.st.Webhooks(ctx, leagueID, w.players[0].ID)
	assert.ErrorIs(t, err, store.ErrNotManager, "nor see their secrets")
	var ids []int64
	for i := range store.MaxWebhooks {
		h, err := w.st.AddWebhook(ctx, leagueID, w.organiser.ID, fmt.Sprintf("https://club.example/hook/%d", i), "discord", secret)
		require.NoError(t, err)
		ids = append(ids, h.ID)
	}
	_, err = w.st.AddWebhook(ctx, leagueID, w.organiser.ID, "https://club.example/one-more", "slack", secret)
	assert.ErrorIs(t, err, store.ErrConflict)
	assert.ErrorIs(t, w.st.DeleteWebhook(ctx, leagueID, ids[0], w.players[0].ID), store.ErrNotManager)
	require.NoError(t, w.st.DeleteWebhook(ctx, leagueID, ids[0], w.organiser.ID))
	assert.ErrorIs(t, w.st.DeleteWebhook(ctx, leagueID, ids[0], w.organiser.ID), store.ErrNotFound)
	hooks, err := w.st.Webhooks(ctx, leagueID, w.organiser.ID)
	require.NoError(t, err)
	assert.Len(t, hooks, store.MaxWebhooks-1)
	events, err := w.st.LeagueEvents(ctx, leagueID)
	require.NoError(t, err)
	assert.Len(t, events, store.MaxWebhooks+1, "every change is on the league's history")
}

func TestOldDeliveriesAreSweptPendingOnesStay(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.league("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.players[:3]...)
	_, err := w.record(ctx, games[0], w.organiser.ID, placementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.st.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	// One sent and one given up long ago, one still pending from long ago.
	_, err = w.pool.Exec(ctx, `UPDATE outbox SET created_at = now() - interval '31 days'`)
	require.NoError(t, err)
	_, err = w.pool.Exec(ctx, `UPDATE outbox SET status = 'sent', sent_at = now() WHERE id = $1`, rows[0].ID)
	require.NoError(t, err)
	_, err = w.pool.Exec(ctx, `UPDATE outbox SET status = 'failed' WHERE id = $1`, rows[1].ID)
	require.NoError(t, err)
	n, err := w.st.DeleteOldDeliveries(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)
	left, err := w.st.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, left, 1)
	assert.Equal(t, rows[2].ID, left[0].ID)
}

// A webhook's URL is its secret: the league's history, which anyone may read, names a
// webhook by its host and id, and lines written before migration 00018 are rewritten by it.
func TestHistoryNamesWebhooksByHostAndID(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	leagueID, _ := w.league("cartagena", [][]int{{0, 1, 2, 3}})
	secret := "0123456789abcdef0123456789abcdef"
	const discord = "https://discord.com/api/webhooks/123456789012345678/the-channel-key"
	const slack = "https://hooks.slack.com:443/services/T000/B000/the-slack-key?x=1"
	kept, err := w.st.AddWebhook(ctx, leagueID, w.organiser.ID, discord, "discord", secret)
	require.NoError(t, err)
	assert.Equal(t, discord, kept.URL, "the organiser who adds it is answered with the whole address")
	gone, err := w.st.AddWebhook(ctx, leagueID, w.organiser.ID, slack, "slack", secret)
	require.NoError(t, err)
	require.NoError(t, w.st.DeleteWebhook(ctx, leagueID, gone.ID, w.organiser.ID))
	hooks, err := w.st.Webhooks(ctx, leagueID, w.organiser.ID)
	require.NoError(t, err)
	require.Len(t, hooks, 1)
	assert.Equal(t, "discord.com", hooks[0].Host)
	assert.Empty(t, hooks[0].URL, "the list names it by host")

	details := func() []string {
		events, err := w.st.LeagueEvents(ctx, leagueID)
		require.NoError(t, err)
		var out []string
		for _, e := range events {
			assert.NotContains(t, e.Detail, "key", "no line holds a webhook's key")
			out = append(out, e.Detail)
		}
		return out
	}
	assert.Equal(t, []string{
		fmt.Sprintf("removed the webhook to hooks.slack.com:443 (webhook %d)", gone.ID),
		fmt.Sprintf("added a slack webhook to hooks.slack.com:443 (webhook %d)", gone.ID),
		fmt.Sprintf("added a discord webhook to discord.com (webhook %d)", kept.ID),
	}, details())

	// Lines as they were written before, rewritten when migration 00018 runs.
	_, err = w.pool.Exec(ctx, `DELETE FROM league_events WHERE league_id = $1`, leagueID)
	require.NoError(t, err)
	for _, d := range []string{"added a discord webhook to " + discord, "added a slack webhook to " + slack,
		"removed the webhook to " + slack, "added a json webhook to http://user:the-key@example.org/key"} {
		_, err = w.pool.Exec(ctx, `INSERT INTO league_events (league_id, user_id, action, detail) VALUES ($1, $2, 'webhook', $3)`,
			leagueID, w.organiser.ID, d)
		require.NoError(t, err)
	}
	_, err = w.pool.Exec(ctx, `DELETE FROM goose_db_version WHERE version_id = 18`)
	require.NoError(t, err)
	_, err = store.Migrate(ctx, w.pool)
	require.NoError(t, err)
	assert.Equal(t, []string{
		"added a json webhook to example.org",
		"removed the webhook to hooks.slack.com:443",
		"added a slack webhook to hooks.slack.com:443",
		fmt.Sprintf("added a discord webhook to discord.com (webhook %d)", kept.ID),
	}, details())
}
