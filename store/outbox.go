package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"

	"github.com/tablestakes/tablestakes/delivery"
)

// The outbox is the record of every notification delivery: what it tells and to whom
// (written in the event's own transaction), and how far its send got. River delivers it:
// each row has a River job, inserted in the same transaction (enqueueDeliveries), and River
// keeps the queue: attempts, errors, retries with backoff, a job whose server died given
// to another (package notify has the workers).

// The River queues of deliveries: e-mail apart from webhooks, so that slow receivers never
// hold up the mail.
const (
	QueueMail     = "mail"
	QueueWebhooks = "webhooks"
)

// MailArgs is the River job that e-mails one outbox row.
type MailArgs struct {
	Delivery int64 `json:"delivery"`
}

// Kind names the job in River's table.
func (MailArgs) Kind() string { return "deliver_mail" }

// InsertOpts puts the job on the mail queue; one job a row.
func (MailArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueMail, MaxAttempts: delivery.MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// WebhookArgs is the River job that posts one outbox row to its webhook.
type WebhookArgs struct {
	Delivery int64 `json:"delivery"`
	Webhook  int64 `json:"webhook"`
}

// Kind names the job in River's table.
func (WebhookArgs) Kind() string { return "deliver_webhook" }

// InsertOpts puts the job on the webhook queue; one job a row.
func (WebhookArgs) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: QueueWebhooks, MaxAttempts: delivery.MaxAttempts, UniqueOpts: river.UniqueOpts{ByArgs: true}}
}

// jobInserter inserts River jobs inside the writes' own transactions (InsertManyTx uses the
// transaction, never a pool); it works none: package notify's clients do.
var jobInserter = func() *river.Client[pgx.Tx] {
	c, err := river.NewClient(riverpgxv5.New(nil), &river.Config{})
	if err != nil {
		panic(fmt.Sprintf("store: River inserter: %v", err)) // an empty insert-only configuration is always valid
	}
	return c
}()

// enqueueDeliveries inserts, inside tx, the River jobs of the outbox rows tx has written:
// the rows without a job yet (another transaction's rows are invisible to tx until it
// commits, with their jobs). Every write of notices calls it after writing them, so a
// delivery's job commits or rolls back with its event (River's InsertTx).
func enqueueDeliveries(ctx context.Context, tx pgx.Tx) error {
	type row struct {
		ID      int64  `db:"id"`
		Webhook *int64 `db:"webhook_id"`
	}
	rows, err := collect[row](ctx, tx, `
		SELECT id, webhook_id FROM outbox
		WHERE job_id IS NULL AND sent_at IS NULL AND unknown_at IS NULL AND gave_up = ''
		ORDER BY id FOR UPDATE`)
	if err != nil || len(rows) == 0 {
		return err
	}
	params := make([]river.InsertManyParams, len(rows))
	for i, r := range rows {
		if r.Webhook != nil {
			params[i].Args = WebhookArgs{Delivery: r.ID, Webhook: *r.Webhook}
		} else {
			params[i].Args = MailArgs{Delivery: r.ID}
		}
	}
	res, err := jobInserter.InsertManyTx(ctx, tx, params)
	if err != nil {
		return fmt.Errorf("queue deliveries: %w", err)
	}
	ids, jobs := make([]int64, len(rows)), make([]int64, len(rows))
	for i, r := range rows {
		ids[i], jobs[i] = r.ID, res[i].Job.ID
	}
	if _, err := tx.Exec(ctx, `
		UPDATE outbox o SET job_id = x.job FROM unnest($1::bigint[], $2::bigint[]) x(id, job) WHERE o.id = x.id`,
		ids, jobs); err != nil {
		return fmt.Errorf("queue deliveries: %w", err)
	}
	return nil
}

// LeftoverDeliveries counts, inside tx, the outbox rows that have no River job (written by
// a release before River, still to be sent): QueueDeliveries inserts their jobs.
func (s *Store) LeftoverDeliveries(ctx context.Context, tx pgx.Tx) (int, error) {
	var n int
	if err := tx.QueryRow(ctx, `
		SELECT count(*) FROM outbox WHERE job_id IS NULL AND sent_at IS NULL AND unknown_at IS NULL AND gave_up = ''`).
		Scan(&n); err != nil {
		return 0, fmt.Errorf("store: leftover deliveries: %w", err)
	}
	return n, nil
}

// QueueDeliveries inserts, inside tx, the River jobs of the outbox rows that have none
// (enqueueDeliveries), so each delivery's job commits or rolls back with the rows.
func (s *Store) QueueDeliveries(ctx context.Context, tx pgx.Tx) error {
	if err := enqueueDeliveries(ctx, tx); err != nil {
		return fmt.Errorf("store: %w", err)
	}
	return nil
}

// Delivery channels: by e-mail to a user, or to a league's webhook.
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
)

// Delivery is one outbox row as a worker sends it: the notice and where it goes.
type Delivery struct {
	ID       int64  `db:"id"`
	EventKey string `db:"event_key"`
	Kind     string `db:"kind"`
	Channel  string `db:"channel"`
	Notice   Notice `db:"payload"`
	// Email is the recipient's verified address ("" if they no longer have one).
	Email string `db:"email"`
	// Language is the recipient's language setting (a locales code; "" when they chose
	// none, and for a webhook), which the e-mail is worded in.
	Language string `db:"language"`
	// WebhookID, WebhookURL, WebhookFormat and WebhookSecret are the webhook's, for a
	// webhook delivery.
	WebhookID     int64  `db:"webhook_id"`
	WebhookURL    string `db:"url"`
	WebhookFormat string `db:"format"`
	WebhookSecret string `db:"secret"`
	// PausedUntil is when the webhook's breaker lets deliveries go again, as stored (nil:
	// never paused, or closed since); webhook.Paused says whether that is still to come.
	PausedUntil *time.Time `db:"paused_until"`
}

// Where a delivery's send stood when a worker starts an attempt (StartDelivery).
const (
	// DeliveryToSend: nothing went out yet, or the last attempt is known to have failed.
	DeliveryToSend = "send"
	// DeliverySent: an earlier attempt finished sending it (its server died before River
	// recorded the job done): it is not sent again.
	DeliverySent = "sent"
	// DeliveryUnknown: an earlier attempt handed the message over and its server died
	// before the answer: nobody can tell whether it arrived, so it is not sent again by
	// itself (MarkDeliveryUnknown; an organiser may resend it).
	DeliveryUnknown = "unknown"
	// DeliveryGone: the row is no more (its webhook or recipient was deleted).
	DeliveryGone = "gone"
)

// startDeliverySQL starts an attempt of outbox row $1: it reads where the row's send stood
// (before this statement) and marks the attempt started, unless the row was sent or is
// unknown.
const startDeliverySQL = `
WITH old AS (SELECT id, sent_at, handed_at, unknown_at FROM outbox WHERE id = $1 FOR UPDATE),
started AS (
    UPDATE outbox o SET started_at = now()
    FROM old WHERE o.id = old.id AND old.sent_at IS NULL AND old.handed_at IS NULL AND old.unknown_at IS NULL)
SELECT CASE WHEN old.sent_at IS NOT NULL THEN 'sent'
            WHEN old.handed_at IS NOT NULL OR old.unknown_at IS NOT NULL THEN 'unknown'
            ELSE 'send' END AS state,
       o.id, o.event_key, o.kind, o.channel, o.payload,
       coalesce(u.email, '') AS email, coalesce(u.language, '') AS language, coalesce(w.id, 0) AS webhook_id, coalesce(w.url, '') AS url,
       coalesce(w.format, '') AS format, coalesce(w.secret, '') AS secret,
       w.paused_until
FROM old JOIN outbox o ON o.id = old.id
LEFT JOIN users u ON u.id = o.user_id AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
LEFT JOIN league_webhooks w ON w.id = o.webhook_id`

// StartDelivery starts an attempt to deliver outbox row id and returns the delivery and
// where its send stood (DeliveryToSend, DeliverySent, DeliveryUnknown, DeliveryGone). Only
// DeliveryToSend is to be sent.
func (s *Store) StartDelivery(ctx context.Context, id int64) (Delivery, string, error) {
	type started struct {
		State string `db:"state"`
		Delivery
	}
	rows, err := collect[started](ctx, s.pool, startDeliverySQL, id)
	if err != nil {
		return Delivery{}, "", fmt.Errorf("store: start delivery %d: %w", id, err)
	}
	if len(rows) == 0 {
		return Delivery{}, DeliveryGone, nil
	}
	return rows[0].Delivery, rows[0].State, nil
}

// DeliveryHandedOver records that delivery id's message is being handed over (the SMTP
// data ends, the webhook request is written): until its answer is recorded, a server dying
// leaves it unknown.
func (s *Store) DeliveryHandedOver(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `UPDATE outbox SET handed_at = now() WHERE id = $1`, id); err != nil {
		return fmt.Errorf("store: delivery %d handed over: %w", id, err)
	}
	return nil
}

// DeliverySent records that delivery id went out, and closes its webhook's breaker.
func (s *Store) DeliverySent(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox SET sent_at = now(), handed_at = NULL WHERE id = $1 RETURNING webhook_id)
		UPDATE league_webhooks w SET failures = 0, paused_until = NULL
		FROM o WHERE w.id = o.webhook_id AND (w.failures > 0 OR w.paused_until IS NOT NULL)`, id); err != nil {
		return fmt.Errorf("store: delivery %d sent: %w", id, err)
	}
	return nil
}

// DeliveryFailed records inside tx that an attempt of delivery id failed with an answer
// (River keeps the error and tries again): it was not handed over after all. A webhook's
// failure counts towards its breaker, unless permanent (a refusal says nothing of the
// receiver's health): it returns the webhook and its failures in a row, this one included
// (0 and 0 for an e-mail or a permanent failure), for the caller to pause it
// (webhook.PausedUntil, PauseWebhook) in the same transaction, which holds its row.
func (s *Store) DeliveryFailed(ctx context.Context, tx pgx.Tx, id int64, permanent bool) (hookID int64, failures int, err error) {
	err = tx.QueryRow(ctx, `
		WITH o AS (UPDATE outbox SET handed_at = NULL WHERE id = $1 RETURNING webhook_id)
		UPDATE league_webhooks w SET failures = w.failures + 1
		FROM o WHERE w.id = o.webhook_id AND NOT $2
		RETURNING w.id, w.failures`, id, permanent).Scan(&hookID, &failures)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, 0, nil
	}
	if err != nil {
		return 0, 0, fmt.Errorf("store: delivery %d failed: %w", id, err)
	}
	return hookID, failures, nil
}

// PauseWebhook holds webhook hookID's deliveries until until, inside tx (its breaker is
// open: webhook.PausedUntil).
func (s *Store) PauseWebhook(ctx context.Context, tx pgx.Tx, hookID int64, until time.Time) error {
	if _, err := tx.Exec(ctx, `UPDATE league_webhooks SET paused_until = $2 WHERE id = $1`, hookID, until); err != nil {
		return fmt.Errorf("store: pause webhook %d: %w", hookID, err)
	}
	return nil
}

// MarkDeliveryUnknown records that delivery id was handed over by a server that died
// before its answer: it may or may not have arrived. It is not sent again by itself; the
// league's manage page offers its organisers to resend it (ResendDelivery).
func (s *Store) MarkDeliveryUnknown(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `
		UPDATE outbox SET unknown_at = now(), handed_at = NULL WHERE id = $1 AND sent_at IS NULL`, id); err != nil {
		return fmt.Errorf("store: delivery %d unknown: %w", id, err)
	}
	return nil
}

// WebhookBusy reports whether another delivery to webhook hookID, older than the job
// jobID, is being sent (River's running jobs): a webhook gets one delivery at a time, in
// order.
func (s *Store) WebhookBusy(ctx context.Context, hookID, jobID int64) (bool, error) {
	var busy bool
	if err := s.pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM river_job
		    WHERE state = 'running' AND kind = $1 AND queue = $2 AND id < $3
		      AND args @> jsonb_build_object('webhook', $4::bigint))`,
		WebhookArgs{}.Kind(), QueueWebhooks, jobID, hookID).Scan(&busy); err != nil {
		return false, fmt.Errorf("store: webhook %d busy: %w", hookID, err)
	}
	return busy, nil
}

// deliveryStatusSQL is an outbox row o's status from its record and its River job j:
// sent, unknown, failed (given up), sending, or pending (waiting for its next try).
const deliveryStatusSQL = `
CASE WHEN o.sent_at IS NOT NULL THEN 'sent'
     WHEN o.unknown_at IS NOT NULL THEN 'unknown'
     WHEN o.gave_up <> '' OR j.state IN ('cancelled', 'discarded') THEN 'failed'
     WHEN o.job_id IS NOT NULL AND j.id IS NULL THEN 'failed'
     WHEN j.state = 'running' THEN 'sending'
     ELSE 'pending' END`

// deliveryErrorSQL is the error of an outbox row o's latest failed attempt, as River
// recorded it (without the prefix River gives a job it was told to give up).
const deliveryErrorSQL = `
CASE WHEN o.sent_at IS NOT NULL THEN ''
     WHEN o.gave_up <> '' THEN o.gave_up
     WHEN o.unknown_at IS NOT NULL THEN 'the server stopped while sending it, after handing it over: it may or may not have arrived'
     ELSE coalesce(regexp_replace(j.errors[array_length(j.errors, 1)]->>'error', '^JobCancelError: ', ''), '') END`

// OutboxRow is one outbox row as an administrator or test sees it, its attempts and
// errors as River recorded them.
type OutboxRow struct {
	ID        int64  `db:"id"`
	EventKey  string `db:"event_key"`
	Kind      string `db:"kind"`
	Channel   string `db:"channel"`
	Recipient string `db:"recipient"`
	Status    string `db:"status"`
	Attempts  int    `db:"attempts"`
	LastError string `db:"last_error"`
}

// Outbox lists the outbox, oldest first: recipients are usernames or webhook ids ("webhook 3").
func (s *Store) Outbox(ctx context.Context) ([]OutboxRow, error) {
	rows, err := collect[OutboxRow](ctx, s.pool, `
		SELECT o.id, o.event_key, o.kind, o.channel,
		       coalesce(u.username, 'webhook ' || o.webhook_id) AS recipient,
		       `+deliveryStatusSQL+` AS status, coalesce(j.attempt, 0) AS attempts, `+deliveryErrorSQL+` AS last_error
		FROM outbox o LEFT JOIN users u ON u.id = o.user_id LEFT JOIN river_job j ON j.id = o.job_id
		ORDER BY o.id`)
	if err != nil {
		return nil, fmt.Errorf("store: outbox: %w", err)
	}
	return rows, nil
}

// UnknownDelivery is a delivery of a league whose outcome nobody can tell: its server
// died after handing it over.
type UnknownDelivery struct {
	ID        int64     `db:"id"`
	Kind      string    `db:"kind"`
	Channel   string    `db:"channel"`
	Recipient string    `db:"recipient"`
	WebhookID *int64    `db:"webhook_id"`
	At        time.Time `db:"unknown_at"`
}

// UnknownDeliveries lists league leagueID's deliveries whose outcome is unknown, newest first.
func (s *Store) UnknownDeliveries(ctx context.Context, leagueID int64) ([]UnknownDelivery, error) {
	rows, err := collect[UnknownDelivery](ctx, s.pool, `
		SELECT o.id, o.kind, o.channel, o.unknown_at, o.webhook_id,
		       coalesce(u.username, '') AS recipient
		FROM outbox o LEFT JOIN users u ON u.id = o.user_id
		WHERE o.unknown_at IS NOT NULL AND o.sent_at IS NULL AND (o.payload->>'league_id')::bigint = $1
		ORDER BY o.unknown_at DESC, o.id DESC LIMIT 50`, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: unknown deliveries of league %d: %w", leagueID, err)
	}
	return rows, nil
}

// ResendDelivery sends again, inside tx, league leagueID's delivery id whose outcome is
// unknown: a new River job. ErrNotFound if the league has no such delivery still unknown
// (resent already, or sent).
func (s *Store) ResendDelivery(ctx context.Context, tx pgx.Tx, leagueID, id int64) error {
	tag, err := tx.Exec(ctx, `
		UPDATE outbox SET unknown_at = NULL, handed_at = NULL, started_at = NULL, job_id = NULL
		WHERE id = $1 AND unknown_at IS NOT NULL AND sent_at IS NULL AND (payload->>'league_id')::bigint = $2`, id, leagueID)
	if err != nil {
		return fmt.Errorf("store: resend delivery %d: %w", id, err)
	}
	if tag.RowsAffected() == 0 {
		return ErrNotFound
	}
	if err := enqueueDeliveries(ctx, tx); err != nil {
		return fmt.Errorf("store: resend delivery %d: %w", id, err)
	}
	return nil
}

// DeleteOldDeliveries removes the outbox rows sent, given up or unknown that were written
// before before (the cut-off the sweep computes, delivery.PurgeBefore; a row written
// exactly at it stays) and returns how many it removed; rows still to be delivered stay
// whatever their age.
func (s *Store) DeleteOldDeliveries(ctx context.Context, before time.Time) (int64, error) {
	tag, err := s.pool.Exec(ctx, `
		DELETE FROM outbox o WHERE o.created_at < $1
		  AND (o.sent_at IS NOT NULL OR o.gave_up <> '' OR o.unknown_at IS NOT NULL OR (o.job_id IS NOT NULL AND NOT EXISTS (
		      SELECT 1 FROM river_job j WHERE j.id = o.job_id AND j.state NOT IN ('cancelled', 'discarded', 'completed'))))`,
		before)
	if err != nil {
		return 0, fmt.Errorf("store: delete old deliveries: %w", err)
	}
	return tag.RowsAffected(), nil
}

// JobsDue reports whether any River job of queues is due now (available) or being worked
// by the River client clientID: RunOnce works until none is.
func (s *Store) JobsDue(ctx context.Context, queues []string, clientID string) (bool, error) {
	var due bool
	if err := s.pool.QueryRow(ctx, `
		SELECT EXISTS (SELECT 1 FROM river_job WHERE queue = ANY($1) AND (
		    (state = 'available' AND scheduled_at <= now())
		    OR (state = 'running' AND attempted_by[array_upper(attempted_by, 1)] = $2)))`, queues, clientID).Scan(&due); err != nil {
		return false, fmt.Errorf("store: jobs due: %w", err)
	}
	return due, nil
}
