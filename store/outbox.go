package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// Delivery limits: a failed delivery is tried again after RetryDelay(attempts), at most
// MaxDeliveryAttempts times in all.
//
// Leases: a worker holds the deliveries it claims for ClaimLease, and one it has started
// sending for SendLease, renewing both while it works (RenewDeliveryLeases). When a worker
// dies, the deliveries it had claimed but not started go back to the queue as soon as their
// short ClaimLease runs out, for another server's worker to send; the one it was sending is
// given up once its SendLease runs out, never sent twice (the outbox's at-most-once
// promise). ClaimLease plus the worker's poll interval (10 s) is how long a dead server can
// delay anybody's notification: 25 s, within the 30 s promise (trust review 3, finding 2).
const (
	MaxDeliveryAttempts = 6
	ClaimLease          = 15 * time.Second
	SendLease           = 2 * time.Minute
)

// RetryDelay is how long a delivery waits after its attempts-th failed attempt: 30 s,
// doubling, at most an hour (30 s, 1, 2, 4, 8 min before the sixth and last try).
func RetryDelay(attempts int) time.Duration {
	d := 30 * time.Second
	for i := 1; i < attempts && d < time.Hour; i++ {
		d *= 2
	}
	return min(d, time.Hour)
}

// Delivery is one outbox row a worker has claimed: the notice and where it goes.
type Delivery struct {
	ID int64 `db:"id"`
	// Claim tells this claim of the row from later ones (after the lease ran out).
	Claim    int    `db:"claim"`
	EventKey string `db:"event_key"`
	Kind     string `db:"kind"`
	Channel  string `db:"channel"`
	// Attempts counts this one.
	Attempts int    `db:"attempts"`
	Notice   Notice `db:"payload"`
	// Email is the recipient's verified address ("" if they no longer have one).
	Email string `db:"email"`
	// WebhookURL, WebhookFormat and WebhookSecret are the webhook's, for a webhook delivery.
	WebhookURL    string `db:"url"`
	WebhookFormat string `db:"format"`
	WebhookSecret string `db:"secret"`
}

// takeBackSQL takes back the deliveries whose worker stopped (their lease ran out, judged
// $1 ahead of now): one it had not started goes back to the queue as it was, the one it was
// sending is given up (it may have gone out). Their webhooks are free again. Servers taking
// back at the same moment never deadlock: each locks the rows in id order, skipping those
// another is taking back (SKIP LOCKED), and then their webhooks in id order.
const takeBackSQL = `
WITH expired AS (
    SELECT id FROM outbox WHERE status = 'sending' AND lease_until < now() + $1::interval
    ORDER BY id FOR UPDATE SKIP LOCKED),
back AS (
    UPDATE outbox o SET lease_until = NULL,
        status = CASE WHEN o.started_at IS NULL THEN 'pending' ELSE 'failed' END,
        attempts = CASE WHEN o.started_at IS NULL THEN o.attempts - 1 ELSE o.attempts END,
        last_error = CASE WHEN o.started_at IS NULL THEN o.last_error
                          ELSE 'the server stopped while sending it; not sent again, so that nobody gets it twice' END
    FROM expired WHERE o.id = expired.id
    RETURNING o.webhook_id),
hooks AS (
    SELECT id FROM league_webhooks WHERE id IN (SELECT webhook_id FROM back) ORDER BY id FOR UPDATE)
UPDATE league_webhooks w SET busy_until = NULL FROM hooks WHERE w.id = hooks.id`

// claimColumns are what a claimed delivery carries, from the claimed rows c.
const claimColumns = `
SELECT c.id, c.claim, c.event_key, c.kind, c.channel, c.attempts, c.payload,
       coalesce(u.email, '') AS email, coalesce(w.url, '') AS url, coalesce(w.format, '') AS format,
       coalesce(w.secret, '') AS secret
FROM claimed c
LEFT JOIN users u ON u.id = c.user_id AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
LEFT JOIN league_webhooks w ON w.id = c.webhook_id
ORDER BY c.id`

// claimDue follows a CTE "due" of outbox ids: it leases those rows to the caller for $2 and
// returns them as claimColumns reads them. Both claims, e-mail and webhook, end with it.
const claimDue = `, claimed AS (
    UPDATE outbox o SET status = 'sending', lease_until = now() + $2::interval, attempts = o.attempts + 1,
        started_at = NULL, claim = o.claim + 1
    FROM due WHERE o.id = due.id
    RETURNING o.id, o.claim, o.event_key, o.kind, o.channel, o.attempts, o.payload, o.user_id, o.webhook_id
)` + claimColumns

// claimMailSQL claims up to $1 due e-mail deliveries for $2. SKIP LOCKED lets any number
// of workers claim at once, each row going to one.
const claimMailSQL = `
WITH due AS (
    SELECT id FROM outbox WHERE status = 'pending' AND due_at <= now() AND channel = 'email'
    ORDER BY due_at, id LIMIT $1 FOR UPDATE SKIP LOCKED
)` + claimDue

// claimHooksSQL marks busy, for $2, up to $1 webhooks with due deliveries that are neither
// busy (a delivery in flight, its lease judged $3 ahead of now) nor paused by their
// breaker. The row lock of the UPDATE and its re-check of busy_until make two workers never
// take one webhook.
const claimHooksSQL = `
UPDATE league_webhooks w SET busy_until = now() + $2::interval
WHERE w.id IN (
        SELECT o.webhook_id FROM outbox o
        WHERE o.channel = 'webhook' AND o.status = 'pending' AND o.due_at <= now()
        GROUP BY o.webhook_id ORDER BY min(o.due_at) LIMIT $1)
  AND (w.busy_until IS NULL OR w.busy_until < now() + $3::interval)
  AND (w.paused_until IS NULL OR w.paused_until <= now())
RETURNING w.id`

// claimHookDeliveriesSQL claims the oldest due delivery of each webhook of $1 for $2.
const claimHookDeliveriesSQL = `
WITH due AS (
    SELECT x.id FROM unnest($1::bigint[]) h(id)
    CROSS JOIN LATERAL (
        SELECT o.id FROM outbox o
        WHERE o.webhook_id = h.id AND o.channel = 'webhook' AND o.status = 'pending' AND o.due_at <= now()
        ORDER BY o.due_at, o.id LIMIT 1 FOR UPDATE SKIP LOCKED) x
)` + claimDue

// WithLeaseClockAhead makes the Store judge every delivery lease as if ahead more time had
// passed: a test of a worker killed mid-run lets its leases run out without waiting them out.
func WithLeaseClockAhead(ahead time.Duration) Option {
	return func(s *Store) { s.leaseClockAhead = ahead }
}

// BreakerFailures is how many failed attempts in a row pause a webhook (its breaker opens).
const BreakerFailures = 3

// Delivery channels: by e-mail to a user, or to a league's webhook.
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
)

// ClaimDeliveries claims up to limit due deliveries of channel (ChannelEmail,
// ChannelWebhook) for this worker, each leased for ClaimLease, after taking back those of
// workers that stopped (their leases ran out). Each channel is claimed on its own, so slow webhooks never hold
// up the mail; a webhook has at most one delivery in flight (the oldest due), and none
// while its breaker pauses it. The worker renews the leases while it works through them
// (RenewDeliveryLeases), starts each (DeliveryStarted) just before sending it, reports it
// sent or failed, and gives back what it will not start (GiveBackDeliveries).
func (s *Store) ClaimDeliveries(ctx context.Context, channel string, limit int) ([]Delivery, error) {
	var ds []Delivery
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, takeBackSQL, s.leaseClockAhead); err != nil {
			return err
		}
		var err error
		if channel == ChannelEmail {
			ds, err = collect[Delivery](ctx, tx, claimMailSQL, limit, ClaimLease)
			return err
		}
		rows, err := tx.Query(ctx, claimHooksSQL, limit, ClaimLease, s.leaseClockAhead)
		if err != nil {
			return err
		}
		hooks, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil || len(hooks) == 0 {
			return err
		}
		if ds, err = collect[Delivery](ctx, tx, claimHookDeliveriesSQL, hooks, ClaimLease); err != nil {
			return err
		}
		// A webhook whose due delivery another worker took meanwhile is free again.
		_, err = tx.Exec(ctx, `
			UPDATE league_webhooks SET busy_until = NULL
			WHERE id = ANY($1) AND NOT EXISTS (
			    SELECT 1 FROM outbox o WHERE o.webhook_id = league_webhooks.id AND o.status = 'sending')`, hooks)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: claim deliveries: %w", err)
	}
	return ds, nil
}

// DeliveryStarted marks a claimed delivery as being sent, just before it is, and leases it
// (and its webhook) for SendLease. It reports whether the delivery is still this worker's
// claim: false when its lease ran out and it was taken back, perhaps claimed by another
// worker since (then it must not be sent).
func (s *Store) DeliveryStarted(ctx context.Context, d Delivery) (bool, error) {
	var n int
	if err := s.pool.QueryRow(ctx, `
		WITH o AS (
		    UPDATE outbox SET started_at = now(), lease_until = now() + $3::interval
		    WHERE id = $1 AND claim = $2 AND status = 'sending' AND started_at IS NULL
		    RETURNING webhook_id),
		hook AS (
		    UPDATE league_webhooks w SET busy_until = now() + $3::interval FROM o WHERE w.id = o.webhook_id)
		SELECT count(*) FROM o`, d.ID, d.Claim, SendLease).Scan(&n); err != nil {
		return false, fmt.Errorf("store: delivery %d started: %w", d.ID, err)
	}
	return n == 1, nil
}

// claimsOf are the ids and claims of a worker's deliveries, for the statements that touch
// only the rows still claimed by it.
func claimsOf(ds []Delivery) ([]int64, []int) {
	ids := make([]int64, len(ds))
	claims := make([]int, len(ds))
	for i, d := range ds {
		ids[i], claims[i] = d.ID, d.Claim
	}
	return ids, claims
}

// RenewDeliveryLeases renews the leases of the worker's deliveries ds that are still its
// claims: ClaimLease for those it has not started yet, SendLease for the one it is sending
// (and its webhook). The worker renews them while it works through them, so that a slow
// send is not taken for a dead worker's; a delivery it no longer holds is left alone.
func (s *Store) RenewDeliveryLeases(ctx context.Context, ds []Delivery) error {
	if len(ds) == 0 {
		return nil
	}
	ids, claims := claimsOf(ds)
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox o SET lease_until = now() + CASE WHEN o.started_at IS NULL THEN $3::interval ELSE $4::interval END
		    FROM unnest($1::bigint[], $2::int[]) AS c(id, claim)
		    WHERE o.id = c.id AND o.claim = c.claim AND o.status = 'sending'
		    RETURNING o.webhook_id, o.lease_until)
		UPDATE league_webhooks w SET busy_until = o.lease_until FROM o WHERE w.id = o.webhook_id`,
		ids, claims, ClaimLease, SendLease); err != nil {
		return fmt.Errorf("store: renew delivery leases: %w", err)
	}
	return nil
}

// GiveBackDeliveries puts the worker's deliveries ds that it has claimed but not started
// back in the queue as they were, for any worker to claim at once: a server shutting down
// gives back what it will not send. A delivery it started, or no longer holds, is left alone.
func (s *Store) GiveBackDeliveries(ctx context.Context, ds []Delivery) error {
	if len(ds) == 0 {
		return nil
	}
	ids, claims := claimsOf(ds)
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox o SET status = 'pending', lease_until = NULL, attempts = o.attempts - 1
		    FROM unnest($1::bigint[], $2::int[]) AS c(id, claim)
		    WHERE o.id = c.id AND o.claim = c.claim AND o.status = 'sending' AND o.started_at IS NULL
		    RETURNING o.webhook_id)
		UPDATE league_webhooks w SET busy_until = NULL FROM o WHERE w.id = o.webhook_id`, ids, claims); err != nil {
		return fmt.Errorf("store: give back deliveries: %w", err)
	}
	return nil
}

// DeliverySent marks a claimed delivery sent.
func (s *Store) DeliverySent(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox SET status = 'sent', sent_at = now(), lease_until = NULL, last_error = ''
		    WHERE id = $1 AND status = 'sending'
		    RETURNING webhook_id)
		UPDATE league_webhooks w SET busy_until = NULL, failures = 0, paused_until = NULL
		FROM o WHERE w.id = o.webhook_id`, id); err != nil {
		return fmt.Errorf("store: delivery %d sent: %w", id, err)
	}
	return nil
}

// DeliveryFailed records a claimed delivery's failed attempt: it is due again after
// RetryDelay, or failed for good when permanent or after MaxDeliveryAttempts.
func (s *Store) DeliveryFailed(ctx context.Context, d Delivery, cause error, permanent bool) error {
	msg := cause.Error()
	if len(msg) > 500 {
		msg = msg[:500]
	}
	final := permanent || d.Attempts >= MaxDeliveryAttempts
	// A webhook's failed attempt also moves its breaker: from the third failure in a row
	// its deliveries wait a minute, doubling up to an hour, before the next is tried.
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox SET status = CASE WHEN $2 THEN 'failed' ELSE 'pending' END,
		        due_at = now() + $3::interval, lease_until = NULL, last_error = $4
		    WHERE id = $1 AND status = 'sending'
		    RETURNING webhook_id)
		UPDATE league_webhooks w SET busy_until = NULL,
		    failures = CASE WHEN $5 THEN w.failures ELSE w.failures + 1 END,
		    paused_until = CASE WHEN NOT $5 AND w.failures + 1 >= $6
		        THEN now() + least(interval '1 minute' * power(2, least(w.failures + 1 - $6, 10)), interval '1 hour')
		        ELSE w.paused_until END
		FROM o WHERE w.id = o.webhook_id`, d.ID, final, RetryDelay(d.Attempts), msg, permanent, BreakerFailures); err != nil {
		return fmt.Errorf("store: delivery %d failed: %w", d.ID, err)
	}
	return nil
}

// OutboxRow is one outbox row as an administrator or test sees it.
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
		       coalesce(u.username, 'webhook ' || o.webhook_id) AS recipient, o.status, o.attempts, o.last_error
		FROM outbox o LEFT JOIN users u ON u.id = o.user_id
		ORDER BY o.id`)
	if err != nil {
		return nil, fmt.Errorf("store: outbox: %w", err)
	}
	return rows, nil
}

// DeliveryRetention is how long delivered and given-up notifications stay in the outbox,
// for the manage page's "last delivery" and for an administrator looking into a failure.
const DeliveryRetention = 30 * 24 * time.Hour

// DeleteOldDeliveries removes the outbox rows sent or given up more than DeliveryRetention
// ago and returns how many it removed; pending rows stay whatever their age. The server
// runs it with the session sweep.
func (s *Store) DeleteOldDeliveries(ctx context.Context) (int64, error) {
	tag, err := s.pool.Exec(ctx, `
		DELETE FROM outbox WHERE status IN ('sent', 'failed') AND created_at < now() - $1::interval`, DeliveryRetention)
	if err != nil {
		return 0, fmt.Errorf("store: delete old deliveries: %w", err)
	}
	return tag.RowsAffected(), nil
}
