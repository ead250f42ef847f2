package store

import (
	"context"
	"errors"
	"fmt"
	neturl "net/url"
	"time"

	"github.com/jackc/pgx/v5"
)

// MaxWebhooks is how many webhooks a league may have.
const MaxWebhooks = 5

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
	// LastStatus is the latest delivery's status ("" before the first), LastError its error.
	LastStatus string `db:"last_status" json:"last_status"`
	LastError  string `db:"last_error" json:"last_error"`
	// PausedUntil is when its breaker lets deliveries go again, after failures in a row
	// (nil when it is not paused).
	PausedUntil *time.Time `db:"paused_until" json:"paused_until,omitempty"`
}

const leagueWebhooksSQL = `
SELECT w.id, w.url, w.format, w.secret, w.created_at,
       CASE WHEN w.paused_until > now() THEN w.paused_until END AS paused_until,
       coalesce(last.status, '') AS last_status, coalesce(last.last_error, '') AS last_error
FROM league_webhooks w
LEFT JOIN LATERAL (
    SELECT o.status, o.last_error FROM outbox o WHERE o.webhook_id = w.id ORDER BY o.id DESC LIMIT 1
) last ON true
WHERE w.league_id = $1
ORDER BY w.id`

// Webhooks lists a league's webhooks for its organiser or a co-organiser
// (ErrNotOrganiser otherwise).
func (s *Store) Webhooks(ctx context.Context, leagueID, byUserID int64) ([]Webhook, error) {
	var hooks []Webhook
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		role, err := leagueRole(ctx, tx, leagueID, byUserID)
		if err != nil {
			return err
		}
		if err := require(role, RoleCoOrganiser); err != nil {
			return err
		}
		hooks, err = collect[Webhook](ctx, tx, leagueWebhooksSQL, leagueID)
		for i := range hooks {
			hooks[i].Host, hooks[i].URL = WebhookHost(hooks[i].URL), ""
		}
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("store: webhooks of league %d: %w", leagueID, err)
	}
	return hooks, nil
}

// AddWebhook adds a webhook to a league (organiser or co-organiser) with a new secret,
// written on the league's history. The caller checks url and format; the league holds at
// most MaxWebhooks (a *Conflict beyond).
func (s *Store) AddWebhook(ctx context.Context, leagueID, byUserID int64, url, format, secret string) (Webhook, error) {
	var hook Webhook
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := manageLeague(ctx, tx, leagueID, byUserID, RoleCoOrganiser); err != nil {
			return err
		}
		var n int
		if err := tx.QueryRow(ctx, `SELECT count(*) FROM league_webhooks WHERE league_id = $1`, leagueID).Scan(&n); err != nil {
			return err
		}
		if n >= MaxWebhooks {
			return &Conflict{Reason: fmt.Sprintf("url: a league has at most %d webhooks; remove one first", MaxWebhooks)}
		}
		err := tx.QueryRow(ctx, `
			INSERT INTO league_webhooks (league_id, url, format, secret, created_by) VALUES ($1, $2, $3, $4, $5)
			RETURNING id, url, format, secret, created_at`, leagueID, url, format, secret, byUserID).
			Scan(&hook.ID, &hook.URL, &hook.Format, &hook.Secret, &hook.CreatedAt)
		if err != nil {
			return err
		}
		hook.Host = WebhookHost(hook.URL)
		return logEvent(ctx, tx, leagueID, byUserID, "webhook", fmt.Sprintf("added a %s webhook to %s", format, webhookName(hook.ID, url)))
	})
	if err != nil {
		return Webhook{}, fmt.Errorf("store: add webhook to league %d: %w", leagueID, err)
	}
	return hook, nil
}

// DeleteWebhook removes a league's webhook (organiser or co-organiser), with its pending
// deliveries, written on the league's history. ErrNotFound if the league has no such webhook.
func (s *Store) DeleteWebhook(ctx context.Context, leagueID, webhookID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := manageLeague(ctx, tx, leagueID, byUserID, RoleCoOrganiser); err != nil {
			return err
		}
		var url string
		err := tx.QueryRow(ctx, `DELETE FROM league_webhooks WHERE id = $1 AND league_id = $2 RETURNING url`,
			webhookID, leagueID).Scan(&url)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		return logEvent(ctx, tx, leagueID, byUserID, "webhook", "removed the webhook to "+webhookName(webhookID, url))
	})
	if err != nil {
		return fmt.Errorf("store: delete webhook %d of league %d: %w", webhookID, leagueID, err)
	}
	return nil
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

// webhookName is how the league's history names a webhook: its host and id, never the
// whole address (migration 00018 rewrote the lines written before).
func webhookName(id int64, raw string) string {
	return fmt.Sprintf("%s (webhook %d)", WebhookHost(raw), id)
}
