package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// enqueueRemindersSQL writes a "your game is soon" row for every player seated at a
// scheduled game of a running league that starts after $1 and no later than $2 (the
// reminder window from now, league.ReminderSpan), and for each webhook of its league. The key holds the start time, so a game moved later is reminded of again.
const enqueueRemindersSQL = `
WITH due AS (
    SELECT g.id, g.league_id,
           'game_soon:game:' || g.id || ':' || extract(epoch FROM g.starts_at)::bigint AS event_key,
           jsonb_strip_nulls(jsonb_build_object('kind', 'game_soon', 'league_id', l.id, 'league_name', l.name,
               'game', l.game, 'game_id', g.id, 'game_number', g.number, 'starts_at', g.starts_at,
               'place', NULLIF(g.place, ''), 'time_zone', l.time_zone)) AS payload
    FROM games g JOIN leagues l ON l.id = g.league_id
    WHERE g.status = 'scheduled' AND l.status = 'running'
      AND g.starts_at > $1 AND g.starts_at <= $2
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

// InsertReminders writes, inside tx, the reminders of every game starting after after and
// no later than through (league.ReminderSpan) that has none yet, and returns how many rows
// it wrote. Any number of servers may run it at once: each reminder is written once. The
// caller inserts their River jobs in the same transaction (QueueDeliveries).
func (s *Store) InsertReminders(ctx context.Context, tx pgx.Tx, after, through time.Time) (int, error) {
	var n int
	if err := tx.QueryRow(ctx, enqueueRemindersSQL, after, through).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: enqueue reminders: %w", err)
	}
	return n, nil
}
