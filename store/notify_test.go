package store_test

import (
	"context"
	"fmt"
	"sort"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// verify gives users a verified e-mail address (<username>@club.example).
func (w *world) verify(users ...store.User) {
	w.TB.Helper()
	for _, u := range users {
		_, err := w.Pool.Exec(context.Background(),
			`UPDATE users SET email = $2, email_verified_at = now() WHERE id = $1`, u.ID, u.Username+"@club.example")
		require.NoError(w.TB, err)
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
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	ada, bruno, chloe, elena := w.Players[0], w.Players[1], w.Players[2], w.Players[4]
	w.verify(ada, bruno, chloe, elena, w.Players[8]) // xavier is in no league
	require.NoError(t, service.NewAccounts(w.Store).SetNotificationPrefs(ctx, chloe.ID, map[string]bool{store.NoticeResultRecorded: false}))
	hook, err := service.NewLeagues(w.Store).AddWebhook(ctx, leagueID, w.Organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)

	// A refused result writes no notice.
	_, err = w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:3], []int{1, 2, 3}))
	require.Error(t, err)
	assert.Empty(t, outboxLines(t, w.Store))

	_, err = w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	key1 := fmt.Sprintf("result_recorded:game:%d", games[0])
	hookName := fmt.Sprintf("webhook %d", hook.ID)
	assert.Equal(t, []string{
		key1 + " email ada pending",
		key1 + " email bruno pending",
		key1 + " email elena pending", // the whole league hears of a result, not only its table
		key1 + " webhook " + hookName + " pending",
	}, outboxLines(t, w.Store), "chloe turned results off; xavier is no member; the others have no address")

	// The league's last result finishes it: both events, in the same transaction.
	_, err = w.Record(ctx, games[1], w.Organiser.ID, storetest.PlacementInput(members[4:], []int{1, 2, 3, 4}))
	require.NoError(t, err)
	lines := outboxLines(t, w.Store)
	finished := fmt.Sprintf("league_finished:league:%d", leagueID)
	for _, who := range []string{"email ada", "email bruno", "email chloe", "email elena", "webhook " + hookName} {
		assert.Contains(t, lines, finished+" "+who+" pending")
	}

	// Each correction is an event of its own; the corrector (ada, as a co-organiser) does
	// not hear of her own correction.
	require.NoError(t, service.NewLeagues(w.Store).SetCoOrganiser(ctx, leagueID, w.Organiser.ID, "ada", true))
	for i, scores := range [][]int{{4, 6, 8, 10}, {10, 6, 8, 4}} {
		rw, err := w.Check(ctx, games[0], ada.ID, storetest.PlacementInput(members[:4], scores))
		require.NoError(t, err)
		rw.Reason = "typo"
		_, err = service.NewResults(w.Store).Correct(ctx, rw)
		require.NoError(t, err)
		key := fmt.Sprintf("result_corrected:game:%d:%d", games[0], i+1)
		lines = outboxLines(t, w.Store)
		assert.Contains(t, lines, key+" email bruno pending")
		assert.NotContains(t, lines, key+" email ada pending")
	}
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	assert.Len(t, rows, 4+4+5+4*2)
}

func TestScheduleDrawnNoticeGoesToEveryMember(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	w.verify(w.Players[:8]...)
	l, err := service.NewLeagues(w.Store).Create(ctx, store.NewLeague{Name: "Tuesday Cartagena", Game: "cartagena", PlayersPerGame: 4, RecentDays: 90, OrganiserID: w.Organiser.ID})
	require.NoError(t, err)
	for _, p := range w.Players[:8] {
		_, err := service.NewLeagues(w.Store).Join(ctx, l.ID, p.ID)
		require.NoError(t, err)
	}
	lines := outboxLines(t, w.Store)
	require.Len(t, lines, 8)
	for _, p := range w.Players[:8] {
		assert.Contains(t, lines, fmt.Sprintf("schedule_drawn:league:%d email %s pending", l.ID, p.Username))
	}
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	d, state, err := w.Store.StartDelivery(ctx, rows[0].ID)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryToSend, state)
	n := d.Notice
	assert.Equal(t, store.NoticeScheduleDrawn, n.Kind)
	assert.Equal(t, "Tuesday Cartagena", n.LeagueName)
	assert.Equal(t, "cartagena", n.Game)
	var games int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*) FROM games WHERE league_id = $1`, l.ID).Scan(&games))
	assert.Equal(t, games, n.Games)
	var username string
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT u.username FROM outbox o JOIN users u ON u.id = o.user_id WHERE o.id = $1`, d.ID).Scan(&username))
	assert.Equal(t, username+"@club.example", d.Email)
}

func TestNotificationPrefs(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	ada := w.Players[0]
	prefs, err := w.Store.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.Len(t, prefs, len(store.NoticeKinds))
	for k, on := range prefs {
		assert.True(t, on, k)
	}
	require.NoError(t, service.NewAccounts(w.Store).SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeGameSoon: false, store.NoticeResultRecorded: false}))
	require.NoError(t, service.NewAccounts(w.Store).SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeResultRecorded: true}))
	prefs, err = w.Store.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.False(t, prefs[store.NoticeGameSoon])
	assert.True(t, prefs[store.NoticeResultRecorded])

	err = service.NewAccounts(w.Store).SetNotificationPrefs(ctx, ada.ID, map[string]bool{store.NoticeGameSoon: true, "everything": false})
	var invalid *store.Invalid
	require.ErrorAs(t, err, &invalid)
	assert.Contains(t, invalid.Reason, "everything: no such notification")
	prefs, err = w.Store.NotificationPrefs(ctx, ada.ID)
	require.NoError(t, err)
	assert.False(t, prefs[store.NoticeGameSoon], "a refused change changes nothing")
}

// proposalNotices are the outbox payloads of the event kind, by recipient ("webhook" for
// the league's webhook), of the event key's prefix.
func proposalNotices(t *testing.T, st *store.Store, kind string) map[string][]store.Notice {
	t.Helper()
	rows, err := st.Pool().Query(context.Background(), `
		SELECT coalesce(u.username, 'webhook'), o.payload FROM outbox o LEFT JOIN users u ON u.id = o.user_id
		WHERE o.kind = $1 ORDER BY o.id`, kind)
	require.NoError(t, err)
	defer rows.Close()
	out := map[string][]store.Notice{}
	for rows.Next() {
		var who string
		var n store.Notice
		require.NoError(t, rows.Scan(&who, &n))
		out[who] = append(out[who], n)
	}
	require.NoError(t, rows.Err())
	return out
}

// A proposal's notice names people by display name (the proposer, the disputer, the
// result's players), says when the window closes and which revision it is, and gives each
// e-mail recipient their own confirm link for that revision; a webhook gets no link.
func TestProposalNoticesNamePeopleAndCarryConfirmLinks(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	_, err := w.Pool.Exec(ctx, `UPDATE leagues SET results_by = 'players' WHERE id = $1`, leagueID)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE users SET display_name = initcap(username) || ' Q.' WHERE username = ANY($1)`, members)
	require.NoError(t, err)
	ada, bruno, chloe := w.Players[0], w.Players[1], w.Players[2]
	w.verify(ada, bruno, chloe)
	_, err = service.NewLeagues(w.Store).AddWebhook(ctx, leagueID, w.Organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	results := service.NewResults(w.Store)

	propose := func(scores ...int) service.Proposal {
		rw, err := w.Check(ctx, games[0], ada.ID, storetest.PlacementInput(members, scores))
		require.NoError(t, err)
		p, err := results.Propose(ctx, rw)
		require.NoError(t, err)
		return p
	}
	p := propose(10, 8, 6, 4)
	got := proposalNotices(t, w.Store, store.NoticeResultProposed)
	require.Len(t, got["bruno"], 1)
	require.Len(t, got["chloe"], 1)
	require.Len(t, got["webhook"], 1)
	assert.Empty(t, got["ada"], "the proposer is not asked")
	n := got["bruno"][0]
	assert.Equal(t, "ada", n.Proposer, "the username stays for webhooks")
	assert.Equal(t, "Ada Q.", n.ProposerName)
	require.NotEmpty(t, n.Results)
	assert.Equal(t, "ada", n.Results[0].Username)
	assert.Equal(t, "Ada Q.", n.Results[0].DisplayName)
	require.NotNil(t, n.ClosesAt)
	assert.True(t, n.ClosesAt.Equal(p.ClosesAt), "the window's end")
	assert.Equal(t, 1, n.Revision)
	assert.Len(t, n.ConfirmToken, 64)
	assert.NotEqual(t, n.ConfirmToken, got["chloe"][0].ConfirmToken, "each recipient has their own link")
	assert.Empty(t, got["webhook"][0].ConfirmToken, "a webhook never gets a link")
	link, err := w.Store.ConfirmLinkOf(ctx, n.ConfirmToken)
	require.NoError(t, err)
	assert.Equal(t, bruno.ID, link.UserID)
	assert.Equal(t, games[0], link.GameID)
	assert.True(t, link.ProposedAt.Equal(p.ProposedAt), "the link is for this revision")
	assert.True(t, link.ExpiresAt.Equal(p.ClosesAt), "the link ends with the window")
	_, err = w.Store.ConfirmLinkOf(ctx, "nothing")
	assert.ErrorIs(t, err, store.ErrNotFound)

	// The proposer changes it: a new notice of revision 2, with new links.
	p2 := propose(4, 6, 8, 10)
	got = proposalNotices(t, w.Store, store.NoticeResultProposed)
	require.Len(t, got["bruno"], 2)
	assert.Equal(t, 2, got["bruno"][1].Revision)
	assert.NotEqual(t, n.ConfirmToken, got["bruno"][1].ConfirmToken)
	link2, err := w.Store.ConfirmLinkOf(ctx, got["bruno"][1].ConfirmToken)
	require.NoError(t, err)
	assert.True(t, link2.ProposedAt.Equal(p2.ProposedAt))

	// The dispute's notice names the disputer by display name.
	require.NoError(t, results.Dispute(ctx, games[0], bruno.ID, "I won", 0))
	got = proposalNotices(t, w.Store, store.NoticeResultDisputed)
	require.Len(t, got["chloe"], 1)
	assert.Equal(t, "Bruno Q.", got["chloe"][0].DisputedByName)
	assert.Equal(t, "Ada Q.", got["chloe"][0].ProposerName)
	assert.Empty(t, got["chloe"][0].ConfirmToken)
}

// A confirm link confirms until it is used or its proposal's window closes.
func TestConfirmLinkEnds(t *testing.T) {
	t.Parallel()
	closes := time.Date(2026, 11, 30, 18, 0, 0, 0, time.UTC)
	l := store.ConfirmLink{ExpiresAt: closes}
	assert.Empty(t, l.Ended(closes.Add(-time.Minute)))
	assert.Contains(t, l.Ended(closes), "window has closed")
	used := closes.Add(-time.Hour)
	l.UsedAt = &used
	assert.Contains(t, l.Ended(closes.Add(-time.Minute)), "has been used")
}
