package store

import (
	"context"
	"crypto/rand"
	"encoding/base64"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

// RoundStart is when round starts under a rhythm: first plus (round-1) × everyDays days at
// the same wall-clock time in first's location, so a league that meets on Tuesdays at 19:00
// still meets at 19:00 after the clocks change.
func RoundStart(first time.Time, everyDays, round int) time.Time {
	return first.AddDate(0, 0, (round-1)*everyDays)
}

// GameSchedule is a game's date and place, as the organiser sets them.
type GameSchedule struct {
	// StartsAt is when the game starts; nil when not set.
	StartsAt *time.Time
	// Place is where it is played; empty means the league's venue.
	Place string
}

const gameLeagueSQL = `SELECT COALESCE(league_id, 0) FROM games WHERE id = $1`

// GameLeague returns, inside tx, the league of a game: 0 for a normal game, ErrNotFound
// for an unknown one.
func (s *Store) GameLeague(ctx context.Context, tx pgx.Tx, gameID int64) (int64, error) {
	var leagueID int64
	err := tx.QueryRow(ctx, gameLeagueSQL, gameID).Scan(&leagueID)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: league of game %d: %w", gameID, err)
	}
	return leagueID, nil
}

const lockScheduledGameSQL = `SELECT number, status FROM games WHERE id = $1 FOR UPDATE`

// LockGame locks a league game's row inside tx (after its league's: every league operation
// locks in that order) and returns its number and status.
func (s *Store) LockGame(ctx context.Context, tx pgx.Tx, gameID int64) (int, string, error) {
	var number int
	var status string
	if err := tx.QueryRow(ctx, lockScheduledGameSQL, gameID).Scan(&number, &status); err != nil {
		return 0, "", fmt.Errorf("store: lock game %d: %w", gameID, err)
	}
	return number, status, nil
}

const lockTableSQL = `SELECT organiser_id, status FROM games WHERE id = $1 AND league_id IS NULL FOR UPDATE`

// LockTable locks a normal game's row inside tx and returns its table's organiser (who
// opened it) and its status.
func (s *Store) LockTable(ctx context.Context, tx pgx.Tx, gameID int64) (int64, string, error) {
	var organiser int64
	var status string
	if err := tx.QueryRow(ctx, lockTableSQL, gameID).Scan(&organiser, &status); err != nil {
		return 0, "", fmt.Errorf("store: lock table %d: %w", gameID, err)
	}
	return organiser, status, nil
}

const scheduleGameSQL = `
UPDATE games SET starts_at = $2, place = $3, sequence = sequence + 1
WHERE id = $1 AND (starts_at IS DISTINCT FROM $2 OR place <> $3)`

// UpdateGameSchedule sets one game's date and place inside tx and reports whether they
// changed. A change raises the game's sequence, so calendars update the same event.
func (s *Store) UpdateGameSchedule(ctx context.Context, tx pgx.Tx, gameID int64, gs GameSchedule) (bool, error) {
	tag, err := tx.Exec(ctx, scheduleGameSQL, gameID, gs.StartsAt, gs.Place)
	if err != nil {
		return false, fmt.Errorf("store: schedule game %d: %w", gameID, err)
	}
	return tag.RowsAffected() > 0, nil
}

const roundGamesSQL = `SELECT id FROM games WHERE league_id = $1 AND round = $2 AND status = 'scheduled' ORDER BY number FOR UPDATE`

// LockRoundGames locks, inside tx, the unplayed games of one round of the league and
// returns their ids in number order.
func (s *Store) LockRoundGames(ctx context.Context, tx pgx.Tx, leagueID int64, round int) ([]int64, error) {
	rows, err := tx.Query(ctx, roundGamesSQL, leagueID, round)
	if err != nil {
		return nil, fmt.Errorf("store: games of round %d: %w", round, err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: games of round %d: %w", round, err)
	}
	return ids, nil
}

const scheduleRoundSQL = `
UPDATE games SET starts_at = $3, place = $4, sequence = sequence + 1
WHERE league_id = $1 AND round = $2 AND status = 'scheduled' AND (starts_at IS DISTINCT FROM $3 OR place <> $4)`

// UpdateRoundSchedule sets the date and place of every unplayed game of one round inside
// tx, as UpdateGameSchedule does for one game, and reports whether any changed.
func (s *Store) UpdateRoundSchedule(ctx context.Context, tx pgx.Tx, leagueID int64, round int, gs GameSchedule) (bool, error) {
	tag, err := tx.Exec(ctx, scheduleRoundSQL, leagueID, round, gs.StartsAt, gs.Place)
	if err != nil {
		return false, fmt.Errorf("store: schedule round %d: %w", round, err)
	}
	return tag.RowsAffected() > 0, nil
}

const setRhythmSQL = `UPDATE leagues SET first_round_at = $2, round_every_days = $3 WHERE id = $1`

const unplayedRoundsSQL = `SELECT DISTINCT round FROM games WHERE league_id = $1 AND status = 'scheduled' ORDER BY round`

// dateRoundSQL dates a round's unplayed games. A game without a date was in no calendar
// yet, so dating it first keeps its sequence; moving a dated game raises it.
const dateRoundSQL = `
UPDATE games SET starts_at = $3, sequence = sequence + CASE WHEN starts_at IS NULL THEN 0 ELSE 1 END
WHERE league_id = $1 AND round = $2 AND status = 'scheduled' AND starts_at IS DISTINCT FROM $3`

// UpdateLeagueRhythm sets the league's rhythm inside tx — round 1 at first, then a round
// every everyDays days at the same local time — and dates every unplayed game by its
// round. A league still open keeps the rhythm for its schedule, dated when its last member
// joins. Every moved game's sequence goes up.
func (s *Store) UpdateLeagueRhythm(ctx context.Context, tx pgx.Tx, leagueID int64, first time.Time, everyDays int) error {
	if _, err := tx.Exec(ctx, setRhythmSQL, leagueID, first, everyDays); err != nil {
		return fmt.Errorf("store: rhythm of league %d: %w", leagueID, err)
	}
	return dateRounds(ctx, tx, leagueID, first, everyDays)
}

// dateRounds dates the league's unplayed games by their round under the rhythm.
func dateRounds(ctx context.Context, tx pgx.Tx, leagueID int64, first time.Time, everyDays int) error {
	rows, err := tx.Query(ctx, unplayedRoundsSQL, leagueID)
	if err != nil {
		return err
	}
	rounds, err := pgx.CollectRows(rows, pgx.RowTo[int])
	if err != nil {
		return err
	}
	batch := &pgx.Batch{}
	for _, r := range rounds {
		batch.Queue(dateRoundSQL, leagueID, r, RoundStart(first, everyDays, r))
	}
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("date rounds: %w", err)
	}
	return nil
}

const leagueRhythmSQL = `SELECT first_round_at, round_every_days, time_zone FROM leagues WHERE id = $1`

// dateNewSchedule dates a schedule just drawn by the last (N-th) join when the league has a rhythm.
func dateNewSchedule(ctx context.Context, tx pgx.Tx, leagueID int64) error {
	var first *time.Time
	var every *int
	var zone string
	if err := tx.QueryRow(ctx, leagueRhythmSQL, leagueID).Scan(&first, &every, &zone); err != nil {
		return err
	}
	if first == nil || every == nil {
		return nil
	}
	loc, err := time.LoadLocation(zone)
	if err != nil {
		loc = time.UTC
	}
	return dateRounds(ctx, tx, leagueID, first.In(loc), *every)
}

const feedTokenSQL = `
INSERT INTO calendar_feeds (user_id, token, created_at) VALUES ($1, $2, $3)
ON CONFLICT (user_id) DO UPDATE SET token = calendar_feeds.token
RETURNING token`

const renewFeedTokenSQL = `
INSERT INTO calendar_feeds (user_id, token, created_at) VALUES ($1, $2, $3)
ON CONFLICT (user_id) DO UPDATE SET token = excluded.token, created_at = $3
RETURNING token`

// CalendarFeedToken returns the user's private calendar feed token, storing token (made by
// the caller, account.NewToken) made at at the first time. renew replaces it by token, so
// the old feed URL stops working.
func (s *Store) CalendarFeedToken(ctx context.Context, userID int64, token string, renew bool, at time.Time) (string, error) {
	sql := feedTokenSQL
	if renew {
		sql = renewFeedTokenSQL
	}
	var out string
	if err := s.pool.QueryRow(ctx, sql, userID, token, at).Scan(&out); err != nil {
		return "", fmt.Errorf("store: calendar feed of user %d: %w", userID, err)
	}
	return out, nil
}

// newFeedToken is 256 random bits, URL-safe (a league's invite token).
func newFeedToken() (string, error) {
	var b [32]byte
	if _, err := rand.Read(b[:]); err != nil {
		return "", fmt.Errorf("store: feed token: %w", err)
	}
	return base64.RawURLEncoding.EncodeToString(b[:]), nil
}

const feedOwnerSQL = `SELECT user_id FROM calendar_feeds WHERE token = $1`

// CalendarFeedOwner returns whose private feed token is; ErrNotFound for an unknown or
// renewed token.
func (s *Store) CalendarFeedOwner(ctx context.Context, token string) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, feedOwnerSQL, token).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, fmt.Errorf("store: calendar feed: %w", ErrNotFound)
	}
	if err != nil {
		return 0, fmt.Errorf("store: calendar feed: %w", err)
	}
	return id, nil
}

// CalendarGame is one dated game as a calendar shows it.
type CalendarGame struct {
	ID         int64     `db:"id"`
	Number     int       `db:"number"`
	Round      int       `db:"round"`
	Status     string    `db:"status"`
	StartsAt   time.Time `db:"starts_at"`
	Place      string    `db:"place"`
	Sequence   int       `db:"sequence"`
	LeagueID   int64     `db:"league_id"`
	LeagueName string    `db:"league_name"`
	// LeagueStatus tells a game of a league that ended early (cancelled in the calendar).
	LeagueStatus string `db:"league_status"`
	Game         string `db:"game"`
	// Version is the slug of the version of the game the league plays.
	Version string `db:"version"`
	Venue   string `db:"venue"`
	// Seats are the usernames in seat order.
	Seats []string `db:"seats"`
}

const calendarGameColumns = `
g.id, g.number, g.round, g.status, g.starts_at, g.place, g.sequence, l.id AS league_id, l.name AS league_name,
l.status AS league_status, l.game, l.version, l.venue,
ARRAY(SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seats`

const leagueCalendarSQL = `
SELECT ` + calendarGameColumns + `
FROM games g JOIN leagues l ON l.id = g.league_id
WHERE g.league_id = $1 AND g.starts_at IS NOT NULL
ORDER BY g.starts_at, g.number`

// LeagueCalendar returns the league's dated games, earliest first.
func (s *Store) LeagueCalendar(ctx context.Context, leagueID int64) ([]CalendarGame, error) {
	gs, err := collect[CalendarGame](ctx, s.pool, leagueCalendarSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: calendar of league %d: %w", leagueID, err)
	}
	return gs, nil
}

const playerCalendarSQL = `
SELECT ` + calendarGameColumns + `
FROM seats me JOIN games g ON g.id = me.game_id JOIN leagues l ON l.id = g.league_id
WHERE me.user_id = $1 AND g.starts_at IS NOT NULL
ORDER BY g.starts_at, g.id
LIMIT 2000`

// PlayerCalendar returns the dated games the user sits in, in every league, earliest first.
func (s *Store) PlayerCalendar(ctx context.Context, userID int64) ([]CalendarGame, error) {
	gs, err := collect[CalendarGame](ctx, s.pool, playerCalendarSQL, userID)
	if err != nil {
		return nil, fmt.Errorf("store: calendar of user %d: %w", userID, err)
	}
	return gs, nil
}
