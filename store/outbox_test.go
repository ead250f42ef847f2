package store_test

import (
	"context"
	"testing"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/stdlib"
	"github.com/pressly/goose/v3"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/delivery"
	"github.com/tablestakes/tablestakes/migrations"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/webhook"
)

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
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET sent_at = now() WHERE id = $1`, rows[0].ID)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE river_job SET state = 'cancelled', finalized_at = now()
		WHERE id = (SELECT job_id FROM outbox WHERE id = $1)`, rows[1].ID)
	require.NoError(t, err)
	// The cut-off is the sweep's: a row written exactly at it stays.
	var written time.Time
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT created_at FROM outbox WHERE id = $1`, rows[0].ID).Scan(&written))
	n, err := w.Store.DeleteOldDeliveries(ctx, written)
	require.NoError(t, err)
	assert.Zero(t, n, "written exactly at the cut-off: kept")
	n, err = w.Store.DeleteOldDeliveries(ctx, delivery.PurgeBefore(time.Now()))
	require.NoError(t, err)
	assert.Equal(t, int64(2), n)
	left, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, left, 1)
	assert.Equal(t, rows[2].ID, left[0].ID)
}

// jobOf is the River job of outbox row id: its kind, queue and state.
func jobOf(t *testing.T, w *world, id int64) (kind, queue, state string) {
	t.Helper()
	require.NoError(t, w.Pool.QueryRow(context.Background(), `
		SELECT j.kind, j.queue, j.state FROM outbox o JOIN river_job j ON j.id = o.job_id WHERE o.id = $1`, id).
		Scan(&kind, &queue, &state))
	return kind, queue, state
}

// Each delivery's River job is inserted in its event's own transaction: a result recorded
// has one job per delivery, e-mail on the mail queue and webhooks on theirs; an event
// whose transaction rolls back leaves neither row nor job.
func TestDeliveriesAreRiverJobsOfTheirEventsTransaction(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	_, err := service.NewLeagues(w.Store).AddWebhook(ctx, leagueID, w.Organiser.ID, "https://club.example/hook", "json", "0123456789abcdef0123456789abcdef")
	require.NoError(t, err)
	w.verify(w.Players[:2]...)
	_, err = w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 3, "two verified players and the webhook")
	for _, r := range rows {
		kind, queue, state := jobOf(t, w, r.ID)
		assert.Equal(t, "available", state)
		assert.Equal(t, "pending", r.Status)
		assert.Zero(t, r.Attempts)
		if r.Channel == store.ChannelEmail {
			assert.Equal(t, [2]string{"deliver_mail", store.QueueMail}, [2]string{kind, queue})
		} else {
			assert.Equal(t, [2]string{"deliver_webhook", store.QueueWebhooks}, [2]string{kind, queue})
		}
	}
	var jobs, fewest, most int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*), min(max_attempts), max(max_attempts)
		FROM river_job WHERE kind LIKE 'deliver_%'`).Scan(&jobs, &fewest, &most))
	assert.Equal(t, 3, jobs, "one job a delivery")
	assert.Equal(t, [2]int{delivery.MaxAttempts, delivery.MaxAttempts}, [2]int{fewest, most}, "each job tried delivery.MaxAttempts times in all")

	// A notice written in a transaction that rolls back: no row, no job.
	tx, err := w.Pool.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, w.Store.InsertLeagueNotice(ctx, tx, "league_finished:league:test", store.Notice{Kind: store.NoticeLeagueFinished, LeagueID: leagueID}, 0))
	require.NoError(t, tx.Rollback(ctx))
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT count(*) FROM river_job WHERE kind LIKE 'deliver_%'`).Scan(&jobs))
	assert.Equal(t, 3, jobs)
	left, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	assert.Len(t, left, 3)
}

// Where a delivery's send stood tells a new attempt what to do (issue 35, item 9): one
// never handed over is sent; one whose send finished is not sent again; one handed over
// by a server that died before its answer is unknown, not sent again by itself, and an
// organiser's resend makes it a new job.
func TestStartDeliveryTellsWhereTheSendStood(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	leagueID, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:3]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 3)
	fresh, sent, handed := rows[0].ID, rows[1].ID, rows[2].ID

	d, state, err := w.Store.StartDelivery(ctx, fresh)
	require.NoError(t, err)
	assert.Equal(t, store.DeliveryToSend, state)
	assert.Equal(t, store.NoticeResultRecorded, d.Notice.Kind)
	assert.Contains(t, d.Email, "@club.example")

	_, _, err = w.Store.StartDelivery(ctx, sent)
	require.NoError(t, err)
	require.NoError(t, w.Store.DeliveryHandedOver(ctx, sent))
	require.NoError(t, w.Store.DeliverySent(ctx, sent))
	_, state, err = w.Store.StartDelivery(ctx, sent)
	require.NoError(t, err)
	assert.Equal(t, store.DeliverySent, state, "a delivery whose send finished is not sent again")

	_, _, err = w.Store.StartDelivery(ctx, handed)
	require.NoError(t, err)
	require.NoError(t, w.Store.DeliveryHandedOver(ctx, handed)) // and its server dies
	_, state, err = w.Store.StartDelivery(ctx, handed)
	require.NoError(t, err)
	assert.Equal(t, store.DeliveryUnknown, state)
	require.NoError(t, w.Store.MarkDeliveryUnknown(ctx, handed))
	unknown, err := w.Store.UnknownDeliveries(ctx, leagueID)
	require.NoError(t, err)
	require.Len(t, unknown, 1)
	assert.Equal(t, handed, unknown[0].ID)
	rows, err = w.Store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, "sent", rows[1].Status)
	assert.Equal(t, "unknown", rows[2].Status)
	assert.Contains(t, rows[2].LastError, "may or may not have arrived")

	// The organiser resends it: a new job, the delivery to send again; twice is refused.
	tx, err := w.Pool.Begin(ctx)
	require.NoError(t, err)
	require.NoError(t, w.Store.ResendDelivery(ctx, tx, leagueID, handed))
	require.NoError(t, tx.Commit(ctx))
	_, _, jobState := jobOf(t, w, handed)
	assert.Equal(t, "available", jobState)
	_, state, err = w.Store.StartDelivery(ctx, handed)
	require.NoError(t, err)
	assert.Equal(t, store.DeliveryToSend, state)
	tx, err = w.Pool.Begin(ctx)
	require.NoError(t, err)
	assert.ErrorIs(t, w.Store.ResendDelivery(ctx, tx, leagueID, handed), store.ErrNotFound)
	assert.ErrorIs(t, w.Store.ResendDelivery(ctx, tx, leagueID+1000, sent), store.ErrNotFound)
	require.NoError(t, tx.Rollback(ctx))
}

// A webhook has at most one delivery in flight (a younger one waits while River runs an
// older one), and a breaker pauses a webhook that keeps failing (trust review 3,
// finding 2).
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
	var first, second, firstJob, secondJob int64
	require.NoError(t, w.Pool.QueryRow(ctx, `
		SELECT min(id), max(id), min(job_id), max(job_id) FROM outbox WHERE webhook_id = $1`, hook.ID).
		Scan(&first, &second, &firstJob, &secondJob))

	// River runs the first: the second waits for it.
	_, err = w.Pool.Exec(ctx, `UPDATE river_job SET state = 'running', attempt = 1, attempted_at = now(),
		attempted_by = ARRAY['a server'] WHERE id = $1`, firstJob)
	require.NoError(t, err)
	busy, err := w.Store.WebhookBusy(ctx, hook.ID, secondJob)
	require.NoError(t, err)
	assert.True(t, busy, "not while the first is in flight")
	busy, err = w.Store.WebhookBusy(ctx, hook.ID, firstJob)
	require.NoError(t, err)
	assert.False(t, busy, "the first is nobody's to wait for")
	_, err = w.Pool.Exec(ctx, `UPDATE river_job SET state = 'completed', finalized_at = now() WHERE id = $1`, firstJob)
	require.NoError(t, err)
	busy, err = w.Store.WebhookBusy(ctx, hook.ID, secondJob)
	require.NoError(t, err)
	assert.False(t, busy, "the next one once it is done")

	// Each failure in a row counts on the webhook (the worker pauses it from
	// webhook.BreakerFailures on); a refusal (permanent) says nothing of the receiver's
	// health and counts nothing.
	failed := func(permanent bool) (hookID int64, failures int) {
		t.Helper()
		require.NoError(t, pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error {
			var err error
			hookID, failures, err = w.Store.DeliveryFailed(ctx, tx, second, permanent)
			return err
		}))
		return hookID, failures
	}
	for attempt := 1; attempt <= webhook.BreakerFailures; attempt++ {
		d, state, err := w.Store.StartDelivery(ctx, second)
		require.NoError(t, err)
		require.Equal(t, store.DeliveryToSend, state)
		assert.Nil(t, d.PausedUntil, "attempt %d: never paused", attempt)
		require.NoError(t, w.Store.DeliveryHandedOver(ctx, second))
		hookID, failures := failed(false)
		assert.Equal(t, hook.ID, hookID)
		assert.Equal(t, attempt, failures, "failures in a row")
	}
	hookID, failures := failed(true)
	assert.Zero(t, hookID, "a permanent failure moves no breaker")
	assert.Zero(t, failures)
	var stored int
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT failures FROM league_webhooks WHERE id = $1`, hook.ID).Scan(&stored))
	assert.Equal(t, webhook.BreakerFailures, stored)

	// The pause the worker sets is read back as stored; the manage page and the API say the
	// webhook is paused while its pause is still to come, and not once it is over.
	until := time.Now().Add(time.Minute).UTC().Truncate(time.Microsecond)
	require.NoError(t, pgx.BeginFunc(ctx, w.Pool, func(tx pgx.Tx) error { return w.Store.PauseWebhook(ctx, tx, hook.ID, until) }))
	d, _, err := w.Store.StartDelivery(ctx, second)
	require.NoError(t, err)
	require.NotNil(t, d.PausedUntil, "the breaker pauses the webhook")
	assert.True(t, until.Equal(*d.PausedUntil), "paused until %v, read %v", until, *d.PausedUntil)
	hooks, err := service.NewLeagues(w.Store).Webhooks(ctx, leagueID, w.Organiser.ID)
	require.NoError(t, err)
	require.Len(t, hooks, 1)
	assert.NotNil(t, hooks[0].PausedUntil, "the manage page and the API say it is paused")
	_, err = w.Pool.Exec(ctx, `UPDATE league_webhooks SET paused_until = now() - interval '1 second' WHERE id = $1`, hook.ID)
	require.NoError(t, err)
	hooks, err = service.NewLeagues(w.Store).Webhooks(ctx, leagueID, w.Organiser.ID)
	require.NoError(t, err)
	assert.Nil(t, hooks[0].PausedUntil, "a pause that is over is no pause")
	// A delivery that goes through closes the breaker.
	d, state, err := w.Store.StartDelivery(ctx, second)
	require.NoError(t, err)
	require.Equal(t, store.DeliveryToSend, state)
	assert.False(t, webhook.Paused(d.PausedUntil, time.Now()))
	require.NoError(t, w.Store.DeliverySent(ctx, second))
	var pausedUntil *time.Time
	require.NoError(t, w.Pool.QueryRow(ctx, `SELECT failures, paused_until FROM league_webhooks WHERE id = $1`, hook.ID).Scan(&stored, &pausedUntil))
	assert.Zero(t, stored)
	assert.Nil(t, pausedUntil)
}

// Deliveries written before River (no job yet) are given River jobs when the new release
// starts; those sent, given up or unknown are not, and a second start queues nothing.
func TestLeftoverDeliveriesAreQueuedOnce(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:4]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 4)
	// As migration 00032 leaves them: no jobs; one sent, one given up, one unknown, one waiting.
	_, err = w.Pool.Exec(ctx, `DELETE FROM river_job`)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET job_id = NULL,
		sent_at = CASE WHEN id = $1 THEN now() END,
		gave_up = CASE WHEN id = $2 THEN 'webhook answered 410 Gone' ELSE '' END,
		unknown_at = CASE WHEN id = $3 THEN now() END`, rows[0].ID, rows[1].ID, rows[2].ID)
	require.NoError(t, err)
	n, err := service.NewNotices(w.Store).QueueLeftoverDeliveries(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n)
	_, _, state := jobOf(t, w, rows[3].ID)
	assert.Equal(t, "available", state)
	n, err = service.NewNotices(w.Store).QueueLeftoverDeliveries(ctx)
	require.NoError(t, err)
	assert.Zero(t, n)
	left, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"sent", "failed", "unknown", "pending"},
		[]string{left[0].Status, left[1].Status, left[2].Status, left[3].Status})
	assert.Equal(t, "webhook answered 410 Gone", left[1].LastError)
}

// Migration 00032 moves the old queue's rows to River's record: one it was sending may
// have gone out (unknown), one it gave up keeps its error, one sent stays sent, one
// waiting is queued at start. Its down migration puts them back.
func TestMigrationMovesTheOldQueueToRiver(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	members := []string{"ada", "bruno", "chloe", "dmitri", "elena", "farid", "greta", "hugo"}
	_, games := w.League("cartagena", [][]int{{0, 1, 2, 3}, {4, 5, 6, 7}})
	w.verify(w.Players[:4]...)
	_, err := w.Record(ctx, games[0], w.Organiser.ID, storetest.PlacementInput(members[:4], []int{10, 8, 6, 4}))
	require.NoError(t, err)
	rows, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	require.Len(t, rows, 4)

	provider, err := goose.NewProvider(goose.DialectPostgres, stdlib.OpenDBFromPool(w.Pool), migrations.FS, goose.WithAllowOutofOrder(true))
	require.NoError(t, err)
	_, err = provider.DownTo(ctx, 31)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `UPDATE outbox SET
		status = CASE id WHEN $1 THEN 'sent' WHEN $2 THEN 'failed' WHEN $3 THEN 'sending' ELSE 'pending' END,
		sent_at = CASE WHEN id = $1 THEN now() END,
		last_error = CASE WHEN id = $2 THEN 'webhook answered 410 Gone' ELSE '' END,
		lease_until = CASE WHEN id = $3 THEN now() + interval '1 minute' END,
		started_at = CASE WHEN id = $3 THEN now() END`, rows[0].ID, rows[1].ID, rows[2].ID)
	require.NoError(t, err)
	_, err = w.Pool.Exec(ctx, `DELETE FROM river_job`)
	require.NoError(t, err)
	_, err = store.Migrate(ctx, w.Pool)
	require.NoError(t, err)
	n, err := service.NewNotices(w.Store).QueueLeftoverDeliveries(ctx)
	require.NoError(t, err)
	assert.Equal(t, 1, n, "the one waiting")
	left, err := w.Store.Outbox(ctx)
	require.NoError(t, err)
	assert.Equal(t, []string{"sent", "failed", "unknown", "pending"},
		[]string{left[0].Status, left[1].Status, left[2].Status, left[3].Status})
	assert.Equal(t, "webhook answered 410 Gone", left[1].LastError)
}
