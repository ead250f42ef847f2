package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// leaseLeft is how long the lease of outbox row id has to run, by the database's clock.
func (w *world) leaseLeft(id int64) time.Duration {
	w.TB.Helper()
	var left time.Duration
	require.NoError(w.TB, w.Pool.QueryRow(context.Background(),
		`SELECT lease_until - now() FROM outbox WHERE id = $1`, id).Scan(&left))
	return left
}

// busyLeft is how long the league's one webhook stays busy, by the database's clock.
func (w *world) busyLeft() time.Duration {
	w.TB.Helper()
	var left time.Duration
	require.NoError(w.TB, w.Pool.QueryRow(context.Background(),
		`SELECT busy_until - now() FROM league_webhooks`).Scan(&left))
	return left
}

// A worker that died gives back every delivery it had claimed and not started as soon as
// their short claim lease runs out, long before the lease of the one it was sending; that
// one is given up, never sent twice (trust review 3, finding 2: other leagues' e-mails
// within 30 s of a kill -9).
func TestADeadWorkersUnstartedDeliveriesComeBackAfterTheClaimLease(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)

	dead := w.Store
	claimed, err := dead.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, claimed, 8)
	sending := claimed[0]
	started, err := dead.DeliveryStarted(ctx, sending)
	require.NoError(t, err)
	require.True(t, started)
	// The worker dies here. Another server's worker looks for work a claim lease later.
	atClaimLease := store.New(w.Pool, store.WithLeaseClockAhead(store.ClaimLease+time.Second))
	again, err := atClaimLease.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, again, 7, "every delivery the dead worker had not started comes back")
	for _, d := range again {
		assert.NotEqual(t, sending.ID, d.ID, "not the one it was sending")
		assert.Equal(t, 1, d.Attempts, "the dead worker's claim was no attempt")
	}
	started, err = dead.DeliveryStarted(ctx, claimed[1])
	require.NoError(t, err)
	assert.False(t, started, "the dead worker's claim is not its any more")
	for _, d := range again {
		started, err := atClaimLease.DeliveryStarted(ctx, d)
		require.NoError(t, err)
		require.True(t, started)
		require.NoError(t, atClaimLease.DeliverySent(ctx, d.ID))
	}
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		if r.ID == sending.ID {
			assert.Equal(t, "sending", r.Status, "the one being sent keeps its longer lease")
		}
	}

	// Once the sending lease has run out too, the one it was sending is given up.
	atSendLease := store.New(w.Pool, store.WithLeaseClockAhead(store.SendLease+time.Second))
	more, err := atSendLease.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	assert.Empty(t, more, "nothing is sent twice")
	rows, err = w.Store.Outbox(ctx)
	require.NoError(t, err)
	for _, r := range rows {
		if r.ID == sending.ID {
			assert.Equal(t, "failed", r.Status)
			assert.Contains(t, r.LastError, "not sent again")
		} else {
			assert.Equal(t, "sent", r.Status)
		}
	}
}

// A live worker holds what it claimed: its renewals give a claimed delivery another claim
// lease and the one it is sending (and its webhook) another sending lease; stopping, it gives
// back at once the deliveries it had not started and keeps the one in flight.
func TestDeliveryLeasesAreRenewedAndGivenBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	_, err := service.NewLeagues(w.Store).AddWebhook(ctx, leagueID, w.Organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	w.verify(w.Players[:3]...)
	_, err = w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	_, err = w.Record(ctx, games[1], w.Organiser.ID, storetest.PlacementInput(members[4:8], []int{10, 8, 6, 4}))
	require.NoError(t, err)

	mails, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, mails, 9, "three players' mails of two results and the league's end")
	hooks, err := w.Store.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
	require.NoError(t, err)
	require.Len(t, hooks, 1)
	for _, d := range []store.Delivery{mails[0], hooks[0]} {
		started, err := w.Store.DeliveryStarted(ctx, d)
		require.NoError(t, err)
		require.True(t, started)
	}
	for _, d := range mails[1:] {
		left := w.leaseLeft(d.ID)
		assert.True(t, left > 0 && left <= store.ClaimLease, "claimed for the claim lease, %s left", left)
	}
	for _, d := range []store.Delivery{mails[0], hooks[0]} {
		assert.Greater(t, w.leaseLeft(d.ID), store.ClaimLease, "started: leased for sending")
	}
	assert.Greater(t, w.busyLeft(), store.ClaimLease, "the webhook is busy for as long as its delivery is sent")

	// Every lease is about to run out when the worker renews them.
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET lease_until = now() + interval '1 second' WHERE status = 'sending'`)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE league_webhooks SET busy_until = now() + interval '1 second'`)
	require.NoError(t, err)
	require.NoError(t, w.Store.RenewDeliveryLeases(ctx, append(mails, hooks...)))
	for _, d := range mails[1:] {
		left := w.leaseLeft(d.ID)
		assert.True(t, left > time.Second && left <= store.ClaimLease, "renewed for the claim lease, %s left", left)
	}
	for _, d := range []store.Delivery{mails[0], hooks[0]} {
		assert.Greater(t, w.leaseLeft(d.ID), store.ClaimLease, "renewed for the sending lease")
	}
	assert.Greater(t, w.busyLeft(), store.ClaimLease, "the webhook stays busy while its delivery is sent")

	// The worker stops: what it had not started goes back to the queue at once.
	require.NoError(t, w.Store.GiveBackDeliveries(ctx, append(mails, hooks...)))
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	byID := map[int64]store.OutboxRow{}
	for _, r := range rows {
		byID[r.ID] = r
	}
	for _, d := range mails[1:] {
		assert.Equal(t, "pending", byID[d.ID].Status)
		assert.Zero(t, byID[d.ID].Attempts, "a claim given back was no attempt")
	}
	assert.Equal(t, "sending", byID[mails[0].ID].Status, "the delivery in flight is kept")
	assert.Equal(t, "sending", byID[hooks[0].ID].Status, "the webhook's delivery in flight is kept")
	again, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	assert.Len(t, again, len(mails)-1, "claimed again at once, without waiting for a lease to run out")
	// A renewal for the old claims leaves the new ones alone.
	require.NoError(t, w.Store.RenewDeliveryLeases(ctx, mails))
	started, err := w.Store.DeliveryStarted(ctx, mails[1])
	require.NoError(t, err)
	assert.False(t, started, "a claim given back is not the worker's any more")

	// A worker a claim lease later takes neither the webhook's delivery in flight back nor
	// its next delivery.
	atClaimLease := store.New(w.Pool, store.WithLeaseClockAhead(store.ClaimLease+time.Second))
	next, err := atClaimLease.ClaimDeliveries(ctx, store.ChannelWebhook, 10)
	require.NoError(t, err)
	assert.Empty(t, next, "one delivery in flight per webhook")
}

// Servers taking back a dead worker's deliveries at the same moment never wait on each
// other (and so never deadlock): a row another server is taking back (locked by its open
// transaction) is skipped, left for that server, and the rest are taken back at once.
func TestTakingBackSkipsTheDeliveriesAnotherServerIsTakingBack(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:8]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	claimed, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, claimed, 8)
	// The worker dies and its leases run out; another server is in the middle of taking
	// back one of its rows.
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET lease_until = now() - interval '1 second'`)
	require.NoError(t, err)
	held := claimed[3]
	other, err := w.Pool.Begin(ctx)
	require.NoError(t, err)
	defer func() { _ = other.Rollback(ctx) }() // when a check fails first; a no-op after the rollback below
	_, err = other.Exec(ctx, `SELECT 1 FROM outbox WHERE id = $1 FOR UPDATE`, held.ID)
	require.NoError(t, err)

	type result struct {
		ds  []store.Delivery
		err error
	}
	done := make(chan result, 1)
	go func() {
		ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
		done <- result{ds, err}
	}()
	var again result
	select {
	case again = <-done:
	case <-time.After(time.Minute): // a generous deadline for "without waiting"
		require.NoError(t, other.Rollback(ctx))
		<-done
		t.Fatal("taking back waited on the row another server holds")
	}
	require.NoError(t, again.err)
	require.Len(t, again.ds, 7, "every row but the held one is taken back and claimed again")
	for _, d := range again.ds {
		assert.NotEqual(t, held.ID, d.ID)
	}
	require.NoError(t, other.Rollback(ctx))

	ds, err := w.Store.ClaimDeliveries(ctx, store.ChannelEmail, 10)
	require.NoError(t, err)
	require.Len(t, ds, 1, "once free, the held row is taken back too")
	assert.Equal(t, held.ID, ds[0].ID)
	assert.Equal(t, 1, ds[0].Attempts, "the dead worker's claim was no attempt")
}
