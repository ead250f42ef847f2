package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	neturl "net/url"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"
)

// The kinds of notification: what happened. Each user receives every kind by e-mail (once
// their address is verified) unless they turn it off; a league's webhooks receive them all.
const (
	NoticeScheduleDrawn   = "schedule_drawn"
	NoticeResultRecorded  = "result_recorded"
	NoticeResultCorrected = "result_corrected"
	NoticeGameSoon        = "game_soon"
	NoticeLeagueFinished  = "league_finished"
	// NoticeResultProposed asks a game's seated players to confirm or dispute the result
	// one of them proposed (CONTRACT section 8).
	NoticeResultProposed = "result_proposed"
	// NoticeResultDisputed tells a game's players and organisers that a proposal was
	// disputed: the organiser records the result.
	NoticeResultDisputed = "result_disputed"
)

// NoticeKinds lists every kind, in the order the account page shows them.
var NoticeKinds = []string{NoticeScheduleDrawn, NoticeResultRecorded, NoticeResultCorrected, NoticeGameSoon, NoticeLeagueFinished,
	NoticeResultProposed, NoticeResultDisputed}

// Delivery limits: a failed delivery is tried again after RetryDelay(attempts), at most
// MaxDeliveryAttempts times in all. A claimed delivery is leased for DeliveryLease, which
// its worker renews while sending (RenewDeliveryLease); when a lease runs out (the worker
// died), a delivery the worker had not started goes back to the queue, and the one it had
// started is given up, never sent twice.
const (
	MaxDeliveryAttempts = 6
	DeliveryLease       = 2 * time.Minute
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

// Notice is what a notification tells: the event, and the league and game it is about.
// It is stored as the outbox row's payload; the notifier words it at delivery.
type Notice struct {
	Kind       string `json:"kind"`
	LeagueID   int64  `json:"league_id,omitempty"`
	LeagueName string `json:"league_name,omitempty"`
	// Game is the game's registry slug.
	Game       string     `json:"game,omitempty"`
	GameID     int64      `json:"game_id,omitempty"`
	GameNumber int        `json:"game_number,omitempty"`
	StartsAt   *time.Time `json:"starts_at,omitempty"`
	Place      string     `json:"place,omitempty"`
	// TimeZone is the league's, in which its dates are shown.
	TimeZone string `json:"time_zone,omitempty"`
	// Games is how many games a drawn schedule holds.
	Games int `json:"games,omitempty"`
	// Results are a recorded or corrected game's seats, by place.
	Results []NoticeResult `json:"results,omitempty"`
	// Reason is a correction's reason.
	Reason string `json:"reason,omitempty"`
	// ClosedEarly marks a league_finished notice of a league its organiser closed early.
	ClosedEarly bool `json:"closed_early,omitempty"`
	// Proposer proposed the result of a result_proposed or result_disputed notice;
	// DisputedBy disputed it (Reason is then the dispute's reason).
	Proposer   string `json:"proposer,omitempty"`
	DisputedBy string `json:"disputed_by,omitempty"`
	// AttendanceToken is, in a game_soon e-mail only, the recipient's one-tap link to say
	// whether they are coming (never sent to a webhook).
	AttendanceToken string `json:"attendance_token,omitempty"`
}

// NoticeResult is one seat of a result in a notice: its league points exact ("35/2").
type NoticeResult struct {
	Username string `json:"username"`
	Place    int    `json:"place"`
	Points   string `json:"points"`
}

// audience is who hears of an event by e-mail: everyone in the league (members,
// organiser, co-organisers), the players seated at the game, or the table: the seated
// players and the game's organisers (the league's organiser and co-organisers, or who
// opened a normal game's table).
type audience string

const (
	audienceLeague audience = "league"
	audienceSeats  audience = "seats"
	audienceTable  audience = "table"
)

// enqueueNoticeSQL writes an event's outbox rows: one per recipient user with a verified
// address who has not turned the kind off (never the user who caused the event), and one
// per webhook of the league. The payload is completed from the league and game rows.
// ON CONFLICT DO NOTHING keeps one row per event and recipient.
const enqueueNoticeSQL = `
WITH ev AS (
    SELECT $2::jsonb || jsonb_strip_nulls(jsonb_build_object(
        'league_name', l.name, 'game', coalesce(l.game, g.game, lg.game),
        'game_number', g.number, 'starts_at', g.starts_at, 'place', NULLIF(g.place, ''),
        'time_zone', l.time_zone)) AS payload
    FROM (SELECT 1) one
    LEFT JOIN games g ON g.id = NULLIF($4::bigint, 0)
    LEFT JOIN leagues l ON l.id = coalesce(NULLIF($3::bigint, 0), g.league_id)
    LEFT JOIN leagues lg ON lg.id = g.league_id
), people AS (
    SELECT m.user_id FROM memberships m WHERE $6 = 'league' AND m.league_id = $3
    UNION SELECT l.organiser_id FROM leagues l WHERE $6 = 'league' AND l.id = $3
    UNION SELECT o.user_id FROM league_organisers o WHERE $6 = 'league' AND o.league_id = $3
    UNION SELECT s.user_id FROM seats s WHERE $6 IN ('seats', 'table') AND s.game_id = $4
    UNION SELECT l.organiser_id FROM leagues l WHERE $6 = 'table' AND l.id = $3
    UNION SELECT o.user_id FROM league_organisers o WHERE $6 = 'table' AND o.league_id = $3
    UNION SELECT g.organiser_id FROM games g WHERE $6 = 'table' AND g.id = $4 AND g.organiser_id IS NOT NULL
), mail AS (
    INSERT INTO outbox (event_key, kind, channel, user_id, payload)
    SELECT $1, $5, 'email', u.id, ev.payload
    FROM ev, people p JOIN users u ON u.id = p.user_id
    WHERE u.id <> $7 AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM notification_optouts o WHERE o.user_id = u.id AND o.kind = $5)
    ON CONFLICT DO NOTHING
)
INSERT INTO outbox (event_key, kind, channel, webhook_id, payload)
SELECT $1, $5, 'webhook', w.id, ev.payload
FROM ev, league_webhooks w
WHERE w.league_id = NULLIF($3::bigint, 0)
ON CONFLICT DO NOTHING`

// noticeArgs are enqueueNoticeSQL's arguments for notice n under key, told to who, caused
// by actorID (0: nobody in particular).
func noticeArgs(key string, n Notice, who audience, actorID int64) ([]any, error) {
	payload, err := json.Marshal(n)
	if err != nil {
		return nil, fmt.Errorf("notice %s: %w", key, err)
	}
	return []any{key, payload, n.LeagueID, n.GameID, n.Kind, string(who), actorID}, nil
}

// queueNotice queues an event's outbox rows in the event's own batch.
func queueNotice(batch *pgx.Batch, key string, n Notice, who audience, actorID int64) error {
	args, err := noticeArgs(key, n, who, actorID)
	if err != nil {
		return err
	}
	batch.Queue(enqueueNoticeSQL, args...)
	return nil
}

// notify writes an event's outbox rows in the event's transaction.
func notify(ctx context.Context, tx pgx.Tx, key string, n Notice, who audience, actorID int64) error {
	args, err := noticeArgs(key, n, who, actorID)
	if err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, enqueueNoticeSQL, args...); err != nil {
		return fmt.Errorf("notice %s: %w", key, err)
	}
	return nil
}

// resultNotice is the notice of a game's result: its seats by place (the lines' order is
// seat order; places tie, so seat order stays among equals).
func resultNotice(kind string, g ResultGame, lines []ResultLine, reason string) Notice {
	n := Notice{Kind: kind, LeagueID: g.LeagueID, GameID: g.ID, Reason: reason}
	for place := 1; place <= len(lines); place++ {
		for _, l := range lines {
			if l.Place == place && !l.Absent {
				n.Results = append(n.Results, NoticeResult{Username: l.Username, Place: l.Place, Points: l.Points.RatString()})
			}
		}
	}
	return n
}

// resultAudience is who hears of a game's result: the league, or a normal game's players.
func resultAudience(g ResultGame) audience {
	if g.LeagueID == 0 {
		return audienceSeats
	}
	return audienceLeague
}

// enqueueRemindersSQL writes a "your game is soon" row for every player seated at a
// scheduled game of a running league that starts within the next $1, and for each webhook
// of its league. The key holds the start time, so a game moved later is reminded of again.
const enqueueRemindersSQL = `
WITH due AS (
    SELECT g.id, g.league_id,
           'game_soon:game:' || g.id || ':' || extract(epoch FROM g.starts_at)::bigint AS event_key,
           jsonb_strip_nulls(jsonb_build_object('kind', 'game_soon', 'league_id', l.id, 'league_name', l.name,
               'game', l.game, 'game_id', g.id, 'game_number', g.number, 'starts_at', g.starts_at,
               'place', NULLIF(g.place, ''), 'time_zone', l.time_zone)) AS payload
    FROM games g JOIN leagues l ON l.id = g.league_id
    WHERE g.status = 'scheduled' AND l.status = 'running'
      AND g.starts_at > now() AND g.starts_at <= now() + $1::interval
), links AS (
    -- Each recipient's one-tap attendance link (store/proposals.go, AttendanceLink).
    INSERT INTO attendance_links (token, game_id, user_id)
    SELECT replace(gen_random_uuid()::text || gen_random_uuid()::text, '-', ''), due.id, s.user_id
    FROM due JOIN seats s ON s.game_id = due.id
    ON CONFLICT (game_id, user_id) DO UPDATE SET game_id = EXCLUDED.game_id
    RETURNING token, game_id, user_id
), mail AS (
    INSERT INTO outbox (event_key, kind, channel, user_id, payload)
    SELECT due.event_key, 'game_soon', 'email', u.id, due.payload || jsonb_build_object('attendance_token', links.token)
    FROM due JOIN seats s ON s.game_id = due.id JOIN users u ON u.id = s.user_id
    JOIN links ON links.game_id = due.id AND links.user_id = s.user_id
    WHERE u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
      AND NOT EXISTS (SELECT 1 FROM notification_optouts o WHERE o.user_id = u.id AND o.kind = 'game_soon')
    ON CONFLICT DO NOTHING
    RETURNING 1
), hooks AS (
    INSERT INTO outbox (event_key, kind, channel, webhook_id, payload)
    SELECT due.event_key, 'game_soon', 'webhook', w.id, due.payload
    FROM due JOIN league_webhooks w ON w.league_id = due.league_id
    ON CONFLICT DO NOTHING
    RETURNING 1
)
SELECT (SELECT count(*) FROM mail) + (SELECT count(*) FROM hooks)`

// ReminderWindow is how long before a game its players are reminded of it.
const ReminderWindow = 24 * time.Hour

// EnqueueReminders writes the reminders of every game starting within ReminderWindow that
// has none yet, and returns how many rows it wrote. Any number of servers may run it at
// once: each reminder is written once.
func (s *Store) EnqueueReminders(ctx context.Context) (int, error) {
	var n int
	if err := s.pool.QueryRow(ctx, enqueueRemindersSQL, ReminderWindow).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: enqueue reminders: %w", err)
	}
	return n, nil
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

// takeBackSQL takes back the deliveries whose worker stopped (their lease ran out): one it
// had not started goes back to the queue as it was, the one it was sending is given up (it
// may have gone out).
const takeBackSQL = `
UPDATE outbox SET lease_until = NULL,
    status = CASE WHEN started_at IS NULL THEN 'pending' ELSE 'failed' END,
    attempts = CASE WHEN started_at IS NULL THEN attempts - 1 ELSE attempts END,
    last_error = CASE WHEN started_at IS NULL THEN last_error
                      ELSE 'the server stopped while sending it; not sent again, so that nobody gets it twice' END
WHERE status = 'sending' AND lease_until < now()`

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
// busy (a delivery in flight) nor paused by their breaker. The row lock of the UPDATE and
// its re-check of busy_until make two workers never take one webhook.
const claimHooksSQL = `
UPDATE league_webhooks w SET busy_until = now() + $2::interval
WHERE w.id IN (
        SELECT o.webhook_id FROM outbox o
        WHERE o.channel = 'webhook' AND o.status = 'pending' AND o.due_at <= now()
        GROUP BY o.webhook_id ORDER BY min(o.due_at) LIMIT $1)
  AND (w.busy_until IS NULL OR w.busy_until < now())
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

// BreakerFailures is how many failed attempts in a row pause a webhook (its breaker opens).
const BreakerFailures = 3

// Delivery channels: by e-mail to a user, or to a league's webhook.
const (
	ChannelEmail   = "email"
	ChannelWebhook = "webhook"
)

// ClaimDeliveries claims up to limit due deliveries of channel (ChannelEmail,
// ChannelWebhook) for this worker, each leased for DeliveryLease, after taking back those
// of workers that stopped. Each channel is claimed on its own, so slow webhooks never hold
// up the mail; a webhook has at most one delivery in flight (the oldest due), and none
// while its breaker pauses it. The worker starts each (DeliveryStarted) just before
// sending it and reports it sent or failed.
func (s *Store) ClaimDeliveries(ctx context.Context, channel string, limit int) ([]Delivery, error) {
	var ds []Delivery
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, takeBackSQL); err != nil {
			return err
		}
		var err error
		if channel == ChannelEmail {
			ds, err = collect[Delivery](ctx, tx, claimMailSQL, limit, DeliveryLease)
			return err
		}
		rows, err := tx.Query(ctx, claimHooksSQL, limit, DeliveryLease)
		if err != nil {
			return err
		}
		hooks, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil || len(hooks) == 0 {
			return err
		}
		if ds, err = collect[Delivery](ctx, tx, claimHookDeliveriesSQL, hooks, DeliveryLease); err != nil {
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

// DeliveryStarted marks a claimed delivery as being sent, just before it is, and reports
// whether it is still this worker's: false when its lease ran out and it was taken back,
// perhaps claimed by another worker since (then it must not be sent).
func (s *Store) DeliveryStarted(ctx context.Context, d Delivery) (bool, error) {
	tag, err := s.pool.Exec(ctx, `
		UPDATE outbox SET started_at = now(), lease_until = now() + $3::interval
		WHERE id = $1 AND claim = $2 AND status = 'sending' AND started_at IS NULL`, d.ID, d.Claim, DeliveryLease)
	if err != nil {
		return false, fmt.Errorf("store: delivery %d started: %w", d.ID, err)
	}
	return tag.RowsAffected() == 1, nil
}

// RenewDeliveryLease extends the lease of a delivery being sent by DeliveryLease, so that a
// slow send is not taken for a dead worker's.
func (s *Store) RenewDeliveryLease(ctx context.Context, id int64) error {
	if _, err := s.pool.Exec(ctx, `
		WITH o AS (
		    UPDATE outbox SET lease_until = now() + $2::interval WHERE id = $1 AND status = 'sending'
		    RETURNING webhook_id)
		UPDATE league_webhooks w SET busy_until = now() + $2::interval FROM o WHERE w.id = o.webhook_id`, id, DeliveryLease); err != nil {
		return fmt.Errorf("store: renew lease of delivery %d: %w", id, err)
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

// NotificationPrefs returns which kinds the user receives by e-mail (every kind, true or false).
func (s *Store) NotificationPrefs(ctx context.Context, userID int64) (map[string]bool, error) {
	rows, err := s.pool.Query(ctx, `SELECT kind FROM notification_optouts WHERE user_id = $1`, userID)
	if err != nil {
		return nil, fmt.Errorf("store: notification preferences of user %d: %w", userID, err)
	}
	off, err := pgx.CollectRows(rows, pgx.RowTo[string])
	if err != nil {
		return nil, fmt.Errorf("store: notification preferences of user %d: %w", userID, err)
	}
	prefs := make(map[string]bool, len(NoticeKinds))
	for _, k := range NoticeKinds {
		prefs[k] = true
	}
	for _, k := range off {
		prefs[k] = false
	}
	return prefs, nil
}

// SetNotificationPrefs changes which kinds the user receives: kinds not in prefs keep
// their setting. An unknown kind is refused (*Invalid) and nothing changes.
func (s *Store) SetNotificationPrefs(ctx context.Context, userID int64, prefs map[string]bool) error {
	var on, off []string
	for k, v := range prefs {
		if !isNoticeKind(k) {
			return &Invalid{Reason: fmt.Sprintf("%s: no such notification; the kinds are %v", k, NoticeKinds)}
		}
		if v {
			on = append(on, k)
		} else {
			off = append(off, k)
		}
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := tx.Exec(ctx, `DELETE FROM notification_optouts WHERE user_id = $1 AND kind = ANY($2)`, userID, on); err != nil {
			return err
		}
		_, err := tx.Exec(ctx, `
			INSERT INTO notification_optouts (user_id, kind) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, userID, off)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: notification preferences of user %d: %w", userID, err)
	}
	return nil
}

func isNoticeKind(k string) bool { return slices.Contains(NoticeKinds, k) }

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
