package service

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/webhook"
)

// Webhooks lists a league's webhooks, their secrets included, each paused only while its
// pause is still to come (webhook.Paused), for its organiser or a co-organiser
// (league.Require: store.ErrNotManager otherwise).
func (s *Leagues) Webhooks(ctx context.Context, leagueID, byUserID int64) ([]store.Webhook, error) {
	var hooks []store.Webhook
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		role, err := s.role(ctx, tx, leagueID, byUserID)
		if err != nil {
			return err
		}
		if err := league.Require(role, league.RoleCoOrganiser); err != nil {
			return err
		}
		hooks, err = s.store.LeagueWebhooks(ctx, tx, leagueID)
		return err
	})
	if err != nil {
		return nil, fmt.Errorf("service: webhooks of league %d: %w", leagueID, err)
	}
	// A pause that is over is no pause: the pages and the API say only one still to come.
	now := time.Now()
	for i, h := range hooks {
		if !webhook.Paused(h.PausedUntil, now) {
			hooks[i].PausedUntil = nil
		}
	}
	return hooks, nil
}

// AddWebhook adds a webhook to a league (organiser or co-organiser) with a new secret,
// written on the league's history. The caller checks url and format; the league holds at
// most league.MaxWebhooks (league.AddWebhook).
func (s *Leagues) AddWebhook(ctx context.Context, leagueID, byUserID int64, url, format, secret string) (store.Webhook, error) {
	var hook store.Webhook
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleCoOrganiser); err != nil {
			return err
		}
		n, err := s.store.WebhookCount(ctx, tx, leagueID)
		if err != nil {
			return err
		}
		if err := league.AddWebhook(n); err != nil {
			return err
		}
		if hook, err = s.store.InsertWebhook(ctx, tx, leagueID, byUserID, url, format, secret); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "webhook",
			fmt.Sprintf("added a %s webhook to %s", format, store.WebhookName(hook.ID, url)),
			store.EventMessage{ID: "history.webhook.added", Data: map[string]any{
				"Format": format, "Host": store.WebhookHost(url), "Number": hook.ID}})
	})
	if err != nil {
		return store.Webhook{}, fmt.Errorf("service: add webhook to league %d: %w", leagueID, err)
	}
	return hook, nil
}

// DeleteWebhook removes a league's webhook (organiser or co-organiser), with its pending
// deliveries, written on the league's history. store.ErrNotFound if the league has no
// such webhook.
func (s *Leagues) DeleteWebhook(ctx context.Context, leagueID, webhookID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleCoOrganiser); err != nil {
			return err
		}
		url, err := s.store.DeleteWebhook(ctx, tx, leagueID, webhookID)
		if err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "webhook", "removed the webhook to "+store.WebhookName(webhookID, url),
			store.EventMessage{ID: "history.webhook.removed", Data: map[string]any{"Host": store.WebhookHost(url), "Number": webhookID}})
	})
	if err != nil {
		return fmt.Errorf("service: delete webhook %d of league %d: %w", webhookID, leagueID, err)
	}
	return nil
}

// UnknownDeliveries lists the league's notifications whose outcome nobody can tell (their
// server died after handing them over), for its organiser only.
func (s *Leagues) UnknownDeliveries(ctx context.Context, leagueID, byUserID int64) ([]store.UnknownDelivery, error) {
	role, err := s.Role(ctx, leagueID, byUserID)
	if err != nil {
		return nil, fmt.Errorf("service: unknown deliveries of league %d: %w", leagueID, err)
	}
	if err := league.Require(role, league.RoleOrganiser); err != nil {
		return nil, fmt.Errorf("service: unknown deliveries of league %d: %w", leagueID, err)
	}
	ds, err := s.store.UnknownDeliveries(ctx, leagueID)
	if err != nil {
		return nil, fmt.Errorf("service: unknown deliveries of league %d: %w", leagueID, err)
	}
	return ds, nil
}

// ResendDelivery sends again a notification of the league whose outcome is unknown (the
// organiser only), written on the league's history. ErrNotFound if the league has no such
// notification still unknown.
func (s *Leagues) ResendDelivery(ctx context.Context, leagueID, deliveryID, byUserID int64) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.manage(ctx, tx, leagueID, byUserID, league.RoleOrganiser); err != nil {
			return err
		}
		if err := s.store.ResendDelivery(ctx, tx, leagueID, deliveryID); err != nil {
			return err
		}
		return s.store.InsertLeagueEvent(ctx, tx, leagueID, byUserID, "notification",
			fmt.Sprintf("sent again notification %d, which may not have arrived", deliveryID),
			store.EventMessage{ID: "history.notification.resent", Data: map[string]any{"Number": deliveryID}})
	})
	if err != nil {
		return fmt.Errorf("service: resend delivery %d of league %d: %w", deliveryID, leagueID, err)
	}
	return nil
}
