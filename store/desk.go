package store

import (
	"context"
	"fmt"
	"time"
)

// QueuedGame is one game on an organiser's desk or in a player's list of next games.
type QueuedGame struct {
	GameID     int64  `db:"game_id"`
	LeagueID   int64  `db:"league_id"`
	LeagueName string `db:"league_name"`
	Game       string `db:"game"`
	// Version is the slug of the version of the game played (its league's or its own).
	Version  string     `db:"version"`
	Number   int        `db:"number"`
	Round    int        `db:"round"`
	StartsAt *time.Time `db:"starts_at"`
	Place    string     `db:"place"`
	Venue    string     `db:"venue"`
	TimeZone string     `db:"time_zone"`
	// Seats are the usernames in seat order; SeatNames their display names, for people.
	Seats     []string `db:"seats"`
	SeatNames []string `db:"seat_names"`
	// Position is the viewer's seat (1 first) in a player's list; 0 on the desk's queue.
	Position int `db:"position"`
}

const queuedGameColumns = `
g.id AS game_id, l.id AS league_id, l.name AS league_name, l.game, l.version, g.number, g.round, g.starts_at, g.place,
l.venue, l.time_zone,
ARRAY(SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seats,
ARRAY(SELECT u.display_name FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seat_names`

// queueLimit bounds the games one desk list returns.
const queueLimit = 200

// queueSQL is the unrecorded games of the running leagues the user organises or
// co-organises: dated games by date, then undated ones, each league's in number order.
const queueSQL = `
WITH runs AS (` + runsLeaguesSQL + `)
SELECT ` + queuedGameColumns + `, 0 AS position
FROM runs JOIN leagues l ON l.id = runs.league_id
JOIN games g ON g.league_id = l.id AND g.status = 'scheduled'
WHERE l.status = 'running'
ORDER BY g.starts_at NULLS LAST, l.id, g.number
LIMIT $2`

// runsLeaguesSQL is the ids of the leagues user $1 organises or co-organises, each found
// through its index: the desk's lists start from the viewer's own leagues, so that their
// cost follows the viewer's leagues and never the number of leagues in the database (an
// OR across the two tables would read every league).
const runsLeaguesSQL = `
SELECT id AS league_id FROM leagues WHERE organiser_id = $1
UNION
SELECT league_id FROM league_organisers WHERE user_id = $1`

// viewersLeaguesSQL is the ids of the leagues user $1 organises, co-organises or plays in.
const viewersLeaguesSQL = runsLeaguesSQL + `
UNION
SELECT league_id FROM memberships WHERE user_id = $1`

// Queue returns the games waiting for a result in the leagues the user runs (organiser or
// co-organiser), oldest scheduled first and undated games last, at most 200.
func (s *Store) Queue(ctx context.Context, userID int64) ([]QueuedGame, error) {
	gs, err := collect[QueuedGame](ctx, s.pool, queueSQL, userID, queueLimit)
	if err != nil {
		return nil, fmt.Errorf("store: queue of user %d: %w", userID, err)
	}
	return gs, nil
}

// nextGamesSQL is the unplayed games user $1 sits in that are still to come at $3 (dated
// later, or not dated): a game whose date has passed is to report, not to come (issue #34).
const nextGamesSQL = `
SELECT ` + queuedGameColumns + `, me.position
FROM seats me JOIN games g ON g.id = me.game_id AND g.status = 'scheduled'
JOIN leagues l ON l.id = g.league_id AND l.status = 'running'
WHERE me.user_id = $1 AND (g.starts_at IS NULL OR g.starts_at >= $3)
ORDER BY g.starts_at NULLS LAST, l.id, g.number
LIMIT $2`

// unreportedSQL is the games user $1 sits in whose date passed before $2, where players
// report (the league's or the table's setting), with no result and nobody's proposal yet,
// and for which the user did not say they cannot come; oldest first.
const unreportedSQL = `
SELECT g.id AS game_id, COALESCE(l.id, 0) AS league_id, COALESCE(l.name, '') AS league_name,
       COALESCE(l.game, g.game) AS game, COALESCE(l.version, g.version, '') AS version, g.number, g.round, g.starts_at,
       g.place, COALESCE(l.venue, '') AS venue, COALESCE(l.time_zone, 'UTC') AS time_zone,
       ARRAY(SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seats,
       ARRAY(SELECT u.display_name FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seat_names,
       me.position
FROM seats me JOIN games g ON g.id = me.game_id AND g.status IN ('scheduled', 'ready')
LEFT JOIN leagues l ON l.id = g.league_id
WHERE me.user_id = $1 AND g.starts_at < $2
  AND (g.league_id IS NULL OR l.status = 'running')
  AND COALESCE(l.results_by, g.results_by) = 'players'
  AND NOT EXISTS (SELECT 1 FROM result_proposals p WHERE p.game_id = g.id)
  AND NOT EXISTS (SELECT 1 FROM attendance a WHERE a.game_id = g.id AND a.user_id = $1 AND NOT a.coming)
ORDER BY g.starts_at, g.id
LIMIT $3`

// Unreported returns the games user userID played (their date passed before now) whose
// result nobody has reported yet where players report, oldest first, at most limit: the
// desk asks the player to report them (issue #34: "Game 6 was on Tuesday: report its
// result").
func (s *Store) Unreported(ctx context.Context, userID int64, now time.Time, limit int) ([]QueuedGame, error) {
	gs, err := collect[QueuedGame](ctx, s.pool, unreportedSQL, userID, now, limit)
	if err != nil {
		return nil, fmt.Errorf("store: unreported games of user %d: %w", userID, err)
	}
	return gs, nil
}

// readyTablesSQL is the normal games the user opened whose seats are all taken and whose
// result is not recorded yet: the tables waiting for their organiser's result.
const readyTablesSQL = `
SELECT g.id AS game_id, 0::bigint AS league_id, '' AS league_name, g.game, g.version, g.number, g.round, g.starts_at,
       g.place, '' AS venue, 'UTC' AS time_zone,
       ARRAY(SELECT u.username FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seats,
       ARRAY(SELECT u.display_name FROM seats s JOIN users u ON u.id = s.user_id WHERE s.game_id = g.id ORDER BY s.position) AS seat_names,
       0 AS position
FROM games g
WHERE g.league_id IS NULL AND g.status = 'ready' AND g.organiser_id = $1
ORDER BY g.starts_at NULLS LAST, g.id
LIMIT $2`

// ReadyTables returns the normal games the user opened that wait for a result (every seat
// taken, nothing recorded), dated ones by date and then the oldest first, at most 200. The
// desk lists them beside the league games waiting for a result.
func (s *Store) ReadyTables(ctx context.Context, userID int64) ([]QueuedGame, error) {
	gs, err := collect[QueuedGame](ctx, s.pool, readyTablesSQL, userID, queueLimit)
	if err != nil {
		return nil, fmt.Errorf("store: ready tables of user %d: %w", userID, err)
	}
	return gs, nil
}

// NextGames returns the unplayed games the user sits in that are still to come at now
// (dated from now on, or not dated), soonest first and undated ones last, at most limit.
func (s *Store) NextGames(ctx context.Context, userID int64, now time.Time, limit int) ([]QueuedGame, error) {
	gs, err := collect[QueuedGame](ctx, s.pool, nextGamesSQL, userID, limit, now)
	if err != nil {
		return nil, fmt.Errorf("store: next games of user %d: %w", userID, err)
	}
	return gs, nil
}

// NextInQueue returns the first game of the user's queue other than afterGameID, or
// ErrNotFound when nothing else waits: where "Save and record the next game" goes.
func (s *Store) NextInQueue(ctx context.Context, userID, afterGameID int64) (QueuedGame, error) {
	gs, err := s.Queue(ctx, userID)
	if err != nil {
		return QueuedGame{}, err
	}
	for _, g := range gs {
		if g.GameID != afterGameID {
			return g, nil
		}
	}
	return QueuedGame{}, fmt.Errorf("store: next in queue of user %d: %w", userID, ErrNotFound)
}

// RecentResult is one recorded game in the leagues a user plays in or runs.
type RecentResult struct {
	GameID     int64     `db:"game_id"`
	LeagueID   int64     `db:"league_id"`
	LeagueName string    `db:"league_name"`
	Number     int       `db:"number"`
	FinishedAt time.Time `db:"finished_at"`
	// TimeZone is the league's, in which pages show the game's date.
	TimeZone string `db:"time_zone"`
	// Winners are the display names of the players placed first.
	Winners []string `db:"winners"`
}

// recentResultsSQL takes the latest $2 recorded games of each of the viewer's leagues (an
// index walk each, games_league_finished_idx) and keeps the latest $2 of those.
const recentResultsSQL = `
WITH mine AS (` + viewersLeaguesSQL + `)
SELECT g.id AS game_id, l.id AS league_id, l.name AS league_name, g.number, g.finished_at, l.time_zone,
       ARRAY(SELECT u.display_name FROM result_points rp JOIN users u ON u.id = rp.user_id
             WHERE rp.game_id = g.id AND rp.place = 1 ORDER BY rp.position) AS winners
FROM mine JOIN leagues l ON l.id = mine.league_id
CROSS JOIN LATERAL (
    SELECT g.id, g.number, g.finished_at FROM games g
    WHERE g.league_id = l.id AND g.status = 'finished'
    ORDER BY g.finished_at DESC, g.id DESC
    LIMIT $2) g
ORDER BY g.finished_at DESC, g.id DESC
LIMIT $2`

// RecentResults returns the latest recorded games of the leagues the user plays in or
// runs, newest first, at most limit.
func (s *Store) RecentResults(ctx context.Context, userID int64, limit int) ([]RecentResult, error) {
	rs, err := collect[RecentResult](ctx, s.pool, recentResultsSQL, userID, limit)
	if err != nil {
		return nil, fmt.Errorf("store: recent results for user %d: %w", userID, err)
	}
	return rs, nil
}

const waitingLeaguesSQL = `
WITH mine AS (` + viewersLeaguesSQL + `)
SELECT ` + leagueColumns + `
FROM mine JOIN leagues l ON l.id = mine.league_id JOIN users o ON o.id = l.organiser_id
WHERE l.status = 'open'
ORDER BY l.id DESC
LIMIT $2`

// WaitingLeagues returns the open leagues the user plays in or runs, still gathering
// players, newest first.
func (s *Store) WaitingLeagues(ctx context.Context, userID int64) ([]League, error) {
	ls, err := collect[League](ctx, s.pool, waitingLeaguesSQL, userID, leagueListLimit)
	if err != nil {
		return nil, fmt.Errorf("store: waiting leagues of user %d: %w", userID, err)
	}
	return ls, nil
}
