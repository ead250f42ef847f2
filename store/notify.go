package store

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"
	"strings"
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
	// NoticeSeasonOpen tells the players of a finished season that its next season is open
	// for sign-up, with them signed up (issue 36).
	NoticeSeasonOpen = "season_open"
	// NoticeSeasonStarted tells each player of a season that starts their division and
	// their first games.
	NoticeSeasonStarted = "season_started"
	// NoticeSeasonFinished tells each player of a finished season where its movements send
	// them: up, down or stays.
	NoticeSeasonFinished = "season_finished"
)

// NoticeKinds lists every kind, in the order the account page shows them.
var NoticeKinds = []string{NoticeScheduleDrawn, NoticeResultRecorded, NoticeResultCorrected, NoticeGameSoon, NoticeLeagueFinished,
	NoticeResultProposed, NoticeResultDisputed, NoticeSeasonOpen, NoticeSeasonStarted, NoticeSeasonFinished}

// Notice is what a notification tells: the event, and the league and game it is about.
// It is stored as the outbox row's payload; the notification worker (package notify) words
// it at delivery.
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
	// ProposerName and DisputedByName are their display names, which e-mails show.
	ProposerName   string `json:"proposer_name,omitempty"`
	DisputedByName string `json:"disputed_by_name,omitempty"`
	// ClosesAt is when a result_proposed notice's confirmation window closes; Revision is
	// the proposal's revision (above 1: its proposer changed it).
	ClosesAt *time.Time `json:"closes_at,omitempty"`
	Revision int        `json:"revision,omitempty"`
	// ConfirmToken is, in a result_proposed e-mail only, the recipient's one-tap link to
	// confirm that revision of the proposal (never sent to a webhook).
	ConfirmToken string `json:"confirm_token,omitempty"`
	// AttendanceToken is, in a game_soon e-mail only, the recipient's one-tap link to say
	// whether they are coming (never sent to a webhook).
	AttendanceToken string `json:"attendance_token,omitempty"`
	// SeasonID and SeasonName are a season notice's season; Division is the recipient's
	// division in it (where a season_finished notice's movement comes from) and
	// ToDivision where the movement sends them.
	SeasonID   int64  `json:"season_id,omitempty"`
	SeasonName string `json:"season_name,omitempty"`
	Division   int    `json:"division,omitempty"`
	ToDivision int    `json:"to_division,omitempty"`
	// FirstGames are a season_started notice's first games of the recipient, by number in
	// their division's league.
	FirstGames []int `json:"first_games,omitempty"`
}

// NoticeResult is one seat of a result in a notice: its league points exact ("35/2").
type NoticeResult struct {
	Username string `json:"username"`
	// DisplayName is the player's display name, which e-mails show.
	DisplayName string `json:"display_name,omitempty"`
	Place       int    `json:"place"`
	Points      string `json:"points"`
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

// queueNotice queues an event's outbox rows in the event's own batch; the caller queues
// their River jobs (enqueueDeliveries) once the batch has run.
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
	if err := enqueueDeliveries(ctx, tx); err != nil {
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
				n.Results = append(n.Results, NoticeResult{Username: l.Player, DisplayName: g.displayName(l.Player),
					Place: l.Place, Points: l.Points.RatString()})
			}
		}
	}
	return n
}

// displayName is the display name of the game's seated player username (the username
// when they have none or sit elsewhere).
func (g ResultGame) displayName(username string) string {
	for _, s := range g.Seats {
		if strings.EqualFold(s.Username, username) && s.DisplayName != "" {
			return s.DisplayName
		}
	}
	return username
}

// resultAudience is who hears of a game's result: the league, or a normal game's players.
func resultAudience(g ResultGame) audience {
	if g.LeagueID == 0 {
		return audienceSeats
	}
	return audienceLeague
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

// SetNotificationOptOuts turns, inside tx, the kinds on back on and the kinds off off
// for the user; the kinds in neither keep their setting.
func (s *Store) SetNotificationOptOuts(ctx context.Context, tx pgx.Tx, userID int64, on, off []string) error {
	if _, err := tx.Exec(ctx, `DELETE FROM notification_optouts WHERE user_id = $1 AND kind = ANY($2)`, userID, on); err != nil {
		return fmt.Errorf("store: notification preferences of user %d: %w", userID, err)
	}
	if _, err := tx.Exec(ctx, `
		INSERT INTO notification_optouts (user_id, kind) SELECT $1, unnest($2::text[]) ON CONFLICT DO NOTHING`, userID, off); err != nil {
		return fmt.Errorf("store: notification preferences of user %d: %w", userID, err)
	}
	return nil
}

// insertPlayerNoticeSQL writes an event's outbox row for one user, by e-mail, when their
// address is verified and they have not turned the kind off. ON CONFLICT DO NOTHING keeps
// one row per event and recipient.
const insertPlayerNoticeSQL = `
INSERT INTO outbox (event_key, kind, channel, user_id, payload)
SELECT $1, $2, 'email', u.id, $3::jsonb
FROM users u
WHERE u.id = $4 AND u.email_verified_at IS NOT NULL AND u.deleted_at IS NULL
  AND NOT EXISTS (SELECT 1 FROM notification_optouts o WHERE o.user_id = u.id AND o.kind = $2)
ON CONFLICT DO NOTHING`

// InsertPlayerNotice writes the outbox row of an event told to one player only (a season's
// notices, each worded for its player), inside the event's transaction.
func (s *Store) InsertPlayerNotice(ctx context.Context, tx pgx.Tx, key string, n Notice, userID int64) error {
	payload, err := json.Marshal(n)
	if err != nil {
		return fmt.Errorf("notice %s: %w", key, err)
	}
	if _, err := tx.Exec(ctx, insertPlayerNoticeSQL, key, n.Kind, payload, userID); err != nil {
		return fmt.Errorf("notice %s to user %d: %w", key, userID, err)
	}
	if err := enqueueDeliveries(ctx, tx); err != nil {
		return fmt.Errorf("notice %s to user %d: %w", key, userID, err)
	}
	return nil
}

// IsNoticeKind reports whether k is one of NoticeKinds.
func IsNoticeKind(k string) bool { return slices.Contains(NoticeKinds, k) }
