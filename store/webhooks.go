package store

import (
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// MaxWebhooks is how many webhooks a league may have (league.MaxWebhooks).
const MaxWebhooks = league.MaxWebhooks

// WebhookFormats are the bodies a webhook can receive: TableStakes' JSON, or a message
// Discord or Slack posts to a channel.
var WebhookFormats = []string{"json", "discord", "slack"}

// Webhook is one of a league's outgoing webhooks, with its last delivery's outcome.
type Webhook struct {
	ID int64 `db:"id" json:"id"`
	// URL is the whole address, a secret of its own (a Discord or Slack webhook URL is
	// its key): only the API's answer to the organiser who adds it carries it.
	URL string `db:"url" json:"url,omitempty"`
	// Host is how pages and the history name the webhook, beside its id.
	Host      string    `db:"-" json:"host"`
	Format    string    `db:"format" json:"format"`
	Secret    string    `db:"secret" json:"secret"`
	CreatedAt time.Time `db:"created_at" json:"created_at"`
	// LastStatus is the latest delivery's status ("" before the first), LastError its
	// error, as River recorded its attempts.
	LastStatus string `db:"last_status" json:"last_status"`
	LastError  string `db:"last_error" json:"last_error"`
	// PausedUntil is when its breaker lets deliveries go again, after failures in a row
	// (nil when it is not paused): as stored, until the leagues service (Webhooks) leaves
	// out a pause that is over (webhook.Paused).
	PausedUntil *time.Time `db:"paused_until" json:"paused_until,omitempty"`
}

const leagueWebhooksSQL = `
SELECT w.id, w.url, w.format, w.secret, w.created_at,
       w.paused_until,
       coalesce(last.status, '') AS last_status, coalesce(last.last_error, '') AS last_error
FROM league_webhooks w
LEFT JOIN LATERAL (
    SELECT ` + deliveryStatusSQL + ` AS status, ` + deliveryErrorSQL + ` AS last_error
    FROM outbox o LEFT JOIN river_job j ON j.id = o.job_id
    WHERE o.webhook_id = w.id ORDER BY o.id DESC LIMIT 1
) last ON true
WHERE w.league_id = $1
ORDER BY w.id`

// LeagueWebhooks lists a league's webhooks inside tx, each named by its host (its whole
// address is left out).
func (s *Store) LeagueWebhooks(ctx context.Context, tx pgx.Tx, leagueID int64) ([]Webhook, error) {
	hooks, err := collect[Webhook](ctx, tx, leagueWebhooksSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: webhooks of league %d: %w", leagueID, err)
	}
	for i := range hooks {
		hooks[i].Host, hooks[i].URL = WebhookHost(hooks[i].URL), ""
	}
	return hooks, nil
}

const webhookCountSQL = `SELECT count(*) FROM league_webhooks WHERE league_id = $1`

// WebhookCount returns how many webhooks the league has, inside tx.
func (s *Store) WebhookCount(ctx context.Context, tx pgx.Tx, leagueID int64) (int, error) {
	var n int
	if err := tx.QueryRow(ctx, webhookCountSQL, leagueID).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: webhooks of league %d: %w", leagueID, err)
	}
	return n, nil
}

const insertWebhookSQL = `
INSERT INTO league_webhooks (league_id, url, format, secret, created_by) VALUES ($1, $2, $3, $4, $5)
RETURNING id, url, format, secret, created_at`

// InsertWebhook adds a webhook to a league inside tx, with its secret, and returns it with
// its whole address (for the organiser who adds it) and its host.
func (s *Store) InsertWebhook(ctx context.Context, tx pgx.Tx, leagueID, byUserID int64, url, format, secret string) (Webhook, error) {
	var hook Webhook
	err := tx.QueryRow(ctx, insertWebhookSQL, leagueID, url, format, secret, byUserID).
		Scan(&hook.ID, &hook.URL, &hook.Format, &hook.Secret, &hook.CreatedAt)
	if err != nil {
		return Webhook{}, fmt.Errorf("store: add webhook to league %d: %w", leagueID, err)
	}
	hook.Host = WebhookHost(hook.URL)
	return hook, nil
}

const deleteWebhookSQL = `DELETE FROM league_webhooks WHERE id = $1 AND league_id = $2 RETURNING url`

// DeleteWebhook removes a league's webhook inside tx, with its pending deliveries, and
// returns its address. ErrNotFound if the league has no such webhook.
func (s *Store) DeleteWebhook(ctx context.Context, tx pgx.Tx, leagueID, webhookID int64) (string, error) {
	var url string
	err := tx.QueryRow(ctx, deleteWebhookSQL, webhookID, leagueID).Scan(&url)
	if errors.Is(err, pgx.ErrNoRows) {
		return "", ErrNotFound
	}
	if err != nil {
		return "", fmt.Errorf("store: delete webhook %d of league %d: %w", webhookID, leagueID, err)
	}
	return url, nil
}

// WebhookHost is the host (and port) of a webhook's address: the part of it that pages,
// the history, logs and errors may show. The rest of a Discord or Slack webhook URL is the
// key that lets anyone post to the channel (trust review 3, finding 1).
func WebhookHost(raw string) string {
	u, err := neturl.Parse(raw)
	if err != nil || u.Host == "" {
		return "an address that cannot be read"
	}
	return u.Host
}

// WebhookName is how the league's history names a webhook: its host and id, never the
// whole address (migration 00018 rewrote the lines written before).
func WebhookName(id int64, raw string) string {
	return fmt.Sprintf("%s (webhook %d)", WebhookHost(raw), id)
}
