package store_test

import (
	"context"
	"errors"
	"sync"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

func TestDeliveriesAreClaimedOnceRetriedAndGivenUp(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)

	// Four workers claim at once: each of the 8 deliveries goes to exactly one of them.
	var mu sync.Mutex
	seen := map[int64]int{}
	byClaim := map[int64]store.Delivery{}
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 3)
			assert.NoError(t, err)
			mu.Lock()
			defer mu.Unlock()
			for _, d := range ds {
				seen[d.ID]++
				byClaim[d.ID] = d
			}
		}()
	}
	wg.Wait()
	assert.Len(t, seen, 8)
	for id, n := range seen {
		assert.Equal(t, 1, n, "delivery %d claimed %d times", id, n)
	}
	more, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	assert.Empty(t, more, "claimed deliveries are not due again")

	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	sent, failing, stopped, unstarted := rows[0], rows[1], rows[2], rows[3]
	for _, r := range []store.OutboxRow{sent, failing, stopped} {
		started, err := w.Store.DeliveryStarted(ctx, byClaim[r.ID])
		require.NoError(t, err)
		require.True(t, started)
	}
	require.NoError(t, w.Store.DeliverySent(ctx, sent.ID))
	d := store.Delivery{ID: failing.ID, Attempts: 1}
	require.NoError(t, w.Store.DeliveryFailed(ctx, d, errors.New("421 try later"), false))
	// The worker of stopped and unstarted died: their leases run out. It was sending
	// stopped; it had not started unstarted (trust review 3, finding 2).
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET lease_until = now() - interval '1 second' WHERE id = ANY($1)`,
		[]int64{stopped.ID, unstarted.ID})
	require.NoError(t, err)

	var due time.Duration
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT extract(epoch FROM due_at - now())::int * interval '1 second' FROM outbox WHERE id = $1`,
		failing.ID).Scan(&due))
	assert.InDelta(t, 30, due.Seconds(), 2, "the first retry waits 30 s")
	more, err = w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, more, 1, "a failed delivery waits for its retry; the unstarted one is claimed again")
	assert.Equal(t, unstarted.ID, more[0].ID)
	assert.Equal(t, 1, more[0].Attempts, "the dead worker's claim was no attempt")
	started, err := w.Store.DeliveryStarted(ctx, byClaim[unstarted.ID])
	require.NoError(t, err)
	assert.False(t, started, "the dead worker's claim is not its any more")
	require.NoError(t, w.Store.DeliveryFailed(ctx, store.Delivery{ID: unstarted.ID, Attempts: 0}, errors.New("later"), false))
	byID := map[int64]store.OutboxRow{}
	rows, err = w.Store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		byID[r.ID] = r
	}
	assert.Equal(t, "sent", byID[sent.ID].Status)
	assert.Equal(t, "pending", byID[failing.ID].Status)
	assert.Equal(t, "421 try later", byID[failing.ID].LastError)
	assert.Equal(t, "failed", byID[stopped.ID].Status, "a delivery interrupted mid-send is never sent twice")
	assert.Contains(t, byID[stopped.ID].LastError, "not sent again")
	assert.Equal(t, "pending", byID[unstarted.ID].Status, "a claimed delivery never started went back to the queue")
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET due_at = now() + interval '1 day' WHERE id = $1`, unstarted.ID)
	require.NoError(t, err)

	// Due again: claimed, and after the last attempt given up for good.
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET due_at = now() WHERE id = $1`, failing.ID)
	require.NoError(t, err)
	for attempt := 2; attempt <= store.MaxDeliveryAttempts; attempt++ {
		ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
		require.NoError(t, err)
		require.Len(t, ds, 1)
		assert.Equal(t, attempt, ds[0].Attempts)
		require.NoError(t, w.Store.DeliveryFailed(ctx, ds[0], errors.New("421 try later"), false))
		_, err = w.Pool.Exec(ctx, `UPDATE outbox SET due_at = now() WHERE id = $1`, failing.ID)
		require.NoError(t, err)
	}
	rows, err = w.Store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		if r.ID == failing.ID {
			assert.Equal(t, "failed", r.Status)
			assert.Equal(t, store.MaxDeliveryAttempts, r.Attempts)
		}
	}
}

func TestRetryDelayDoublesUpToAnHour(t *testing.T) {
	t.Parallel()
	for attempts, want := range map[int]time.Duration{1: 30 * time.Second, 2: time.Minute, 3: 2 * time.Minute,
		5: 8 * time.Minute, 7: 32 * time.Minute, 8: time.Hour, 20: time.Hour} {
		assert.Equal(t, want, store.RetryDelay(attempts), "after %d attempts", attempts)
	}
}

func TestOldDeliveriesAreSweptPendingOnesStay(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:3]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	// One sent and one given up long ago, one still pending from long ago.
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET created_at = now() - interval '31 days'`)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET status = 'sent', sent_at = now() WHERE id = $1`, rows[0].ID)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET status = 'failed' WHERE id = $1`, rows[1].ID)
	require.NoError(t, err)
	n, err := w.Store.DeleteOldDeliveries(ctx)
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)
	left, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, left, 1)
	assert.Equal(t, rows[2].ID, left[0].ID)
}

// A webhook has at most one delivery in flight, whichever worker claims, and a breaker
// pauses a webhook that keeps failing (trust review 3, finding 2).
func TestWebhookDeliveriesOneAtATimeWithABreaker(t *testing.T) {
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	hook, err := service.NewLeagues(w.Store).AddWebhook(ctx, leagueID, w.Organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	_, err = w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	_, err = w.Record(ctx, games[1], w.Organiser.ID, storetest.PlacementInput(members[4:8], []int{10, 8, 6, 4}))
	require.NoError(t, err)

	// Four workers claim at once: one delivery of the webhook goes out, the other waits.
	var mu sync.Mutex
	var claimed []store.Delivery
	var wg sync.WaitGroup
	for range 4 {
		wg.Add(1)
		go func() {
			defer wg.Done()
			ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
			assert.NoError(t, err)
			mu.Lock()
			claimed = append(claimed, ds...)
			mu.Unlock()
		}()
	}
	wg.Wait()
	require.Len(t, claimed, 1, "one delivery in flight per webhook")
	first := claimed[0]
	started, err := w.Store.DeliveryStarted(ctx, first)
	require.NoError(t, err)
	require.True(t, started)
	more, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
	require.NoError(t, err)
	assert.Empty(t, more, "not while the first is in flight")
	require.NoError(t, w.Store.DeliverySent(ctx, first.ID))
	second, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
	require.NoError(t, err)
	require.Len(t, second, 1, "the next one once it is done")
	assert.NotEqual(t, first.ID, second[0].ID)

	// Three failures in a row open the breaker: the delivery, though due, waits.
	d := second[0]
	for attempt := 1; attempt <= store.BreakerFailures; attempt++ {
		started, err := w.Store.DeliveryStarted(ctx, d)
		require.NoError(t, err)
		require.True(t, started)
		require.NoError(t, w.Store.DeliveryFailed(ctx, d, errors.New("webhook answered 503 Service Unavailable"), false))
		_, err = w.Pool.Exec(ctx, `UPDATE outbox SET due_at = now() WHERE id = $1`, d.ID)
		require.NoError(t, err)
		ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
		require.NoError(t, err)
		if attempt < store.BreakerFailures {
			require.Len(t, ds, 1, "attempt %d: tried again", attempt)
			d = ds[0]
		} else {
			assert.Empty(t, ds, "the breaker pauses the webhook")
		}
	}
	var paused time.Duration
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT extract(epoch FROM paused_until - now())::int * interval '1 second' FROM league_webhooks WHERE id = $1`,
		hook.ID).Scan(&paused))
	assert.InDelta(t, 60, paused.Seconds(), 2, "paused a minute at first")
	hooks, err := service.NewLeagues(w.Store).Webhooks(ctx, leagueID, w.Organiser.ID)
	require.NoError(t, err)
	require.Len(t, hooks, 1)
	assert.NotNil(t, hooks[0].PausedUntil, "the manage page and the API say it is paused")
	// Once the pause is over, a delivery that goes through closes the breaker.
	_, err = w.Pool.Exec(ctx, `UPDATE league_webhooks SET paused_until = now() WHERE id = $1`, hook.ID)
	require.NoError(t, err)
	ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
	require.NoError(t, err)
	require.Len(t, ds, 1)
	started, err = w.Store.DeliveryStarted(ctx, ds[0])
	require.NoError(t, err)
	require.True(t, started)
	require.NoError(t, w.Store.DeliverySent(ctx, ds[0].ID))
	var failures int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT failures FROM league_webhooks WHERE id = $1`, hook.ID).Scan(&failures))
	assert.Zero(t, failures)
}
