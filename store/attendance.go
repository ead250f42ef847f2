package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// AttendanceAnswer is a seated player's answer for a game: coming, not coming, or nil
// while they have not said.
type AttendanceAnswer struct {
	Position int    `db:"position"`
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
	// DisplayName is the player's name as people read it.
	DisplayName string `db:"display_name"`
	Coming      *bool  `db:"coming"`
}

// ErrGamePlayed refuses an attendance answer for a game already recorded.
var ErrGamePlayed = &Conflict{Reason: "attendance: the game is already played and recorded", ID: "refusal.game_played"}

const attendanceSQL = `
SELECT s.position, s.user_id, u.username, u.display_name, a.coming
FROM seats s JOIN users u ON u.id = s.user_id
LEFT JOIN attendance a ON a.game_id = s.game_id AND a.user_id = s.user_id
WHERE s.game_id = $1 AND u.member_kind IS NULL
ORDER BY s.position`

// Attendance returns the answers of the game's seated players (bots, who always come,
// left out), in seat order; ErrNotFound when there is no such game.
func (s *Store) Attendance(ctx context.Context, gameID int64) ([]AttendanceAnswer, error) {
	var exists bool
	if err := s.pool.QueryRow(ctx, `SELECT EXISTS (SELECT 1 FROM games WHERE id = $1)`, gameID).Scan(&exists); err != nil {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, err)
	}
	if !exists {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, ErrNotFound)
	}
	as, err := collect[AttendanceAnswer](ctx, s.pool, attendanceSQL, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: attendance of game %d: %w", gameID, err)
	}
	return as, nil
}

// GamesAttendance returns the answers of the given games' seated players, by game id.
func (s *Store) GamesAttendance(ctx context.Context, gameIDs []int64) (map[int64][]AttendanceAnswer, error) {
	type row struct {
		GameID int64 `db:"game_id"`
		AttendanceAnswer
	}
	rows, err := collect[row](ctx, s.pool, `
		SELECT s.game_id, s.position, s.user_id, u.username, u.display_name, a.coming
		FROM seats s JOIN users u ON u.id = s.user_id
		LEFT JOIN attendance a ON a.game_id = s.game_id AND a.user_id = s.user_id
		WHERE s.game_id = ANY($1) AND u.member_kind IS NULL
		ORDER BY s.game_id, s.position`, gameIDs)
	if err != nil {
		return nil, fmt.Errorf("store: attendance of games: %w", err)
	}
	out := map[int64][]AttendanceAnswer{}
	for _, r := range rows {
		out[r.GameID] = append(out[r.GameID], r.AttendanceAnswer)
	}
	return out, nil
}

const lockGameStatusSQL = `SELECT status FROM games WHERE id = $1 FOR SHARE`

const setAttendanceSQL = `
INSERT INTO attendance (game_id, user_id, coming, answered_at) VALUES ($1, $2, $3, $4)
ON CONFLICT (game_id, user_id) DO UPDATE SET coming = EXCLUDED.coming, answered_at = EXCLUDED.answered_at`

// Attendee is a player answering for a game's attendance, as the game stands locked
// (service.Results asks league.Attends whether they may).
type Attendee struct {
	// Seated reports whether the player sits at the game; Status is the game's.
	Seated bool
	Status string
}

const seatedSQL = `SELECT EXISTS (SELECT 1 FROM seats WHERE game_id = $1 AND user_id = $2)`

// LockedAttendee returns the user answering for the game's attendance, sharing the game's
// row lock until tx ends (a result recorded meanwhile waits); ErrNotFound when there is no
// such game.
func (s *Store) LockedAttendee(ctx context.Context, tx pgx.Tx, gameID, userID int64) (Attendee, error) {
	var a Attendee
	err := tx.QueryRow(ctx, lockGameStatusSQL, gameID).Scan(&a.Status)
	if errors.Is(err, pgx.ErrNoRows) {
		return Attendee{}, ErrNotFound
	}
	if err != nil {
		return Attendee{}, err
	}
	if err := tx.QueryRow(ctx, seatedSQL, gameID, userID).Scan(&a.Seated); err != nil {
		return Attendee{}, err
	}
	return a, nil
}

// UpsertAttendance stores the player's answer for the game, given at at: coming or not.
func (s *Store) UpsertAttendance(ctx context.Context, tx pgx.Tx, gameID, userID int64, coming bool, at time.Time) error {
	_, err := tx.Exec(ctx, setAttendanceSQL, gameID, userID, coming, at)
	return err
}

// AttendanceLink is what a reminder's one-tap link answers for: a game and its seated player.
type AttendanceLink struct {
	GameID   int64  `db:"game_id"`
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
}

// AttendanceLinkOf returns whom a reminder's link answers for; ErrNotFound for an unknown token.
func (s *Store) AttendanceLinkOf(ctx context.Context, token string) (AttendanceLink, error) {
	l, err := collectOne[AttendanceLink](ctx, s.pool, `
		SELECT a.game_id, a.user_id, u.username FROM attendance_links a JOIN users u ON u.id = a.user_id
		WHERE a.token = $1 AND u.deleted_at IS NULL`, token)
	if errors.Is(err, pgx.ErrNoRows) {
		return AttendanceLink{}, fmt.Errorf("store: attendance link: %w", ErrNotFound)
	}
	if err != nil {
		return AttendanceLink{}, fmt.Errorf("store: attendance link: %w", err)
	}
	return l, nil
}

// ErrAttendanceNotSeated refuses an attendance answer from someone not seated at the game.
var ErrAttendanceNotSeated = &Forbidden{Reason: "attendance: only a player seated at this game answers for it", ID: "refusal.attendance_not_seated"}
