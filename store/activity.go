package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// ActivityState is where a player stands under a league's activity rule (league.Activity):
// the league's numbers and the player's finished games in its window, as the store counts
// them, and whether that meets the rule, as the service decides it.
type ActivityState struct {
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
	// Recent is the player's finished games (league and normal) within the last Days days.
	Recent int `db:"recent"`
	// Need is the league's min_recent_games; 0 switches the rule off.
	Need int `db:"need"`
	// Days is the league's recent_days window.
	Days int `db:"days"`
	// Active is whether the player meets the rule (league.Activity.Active), set by the
	// service that read the state (service.Leagues.Activity, service.Results.Game).
	Active bool `db:"-"`
}

// recentGamesSQL is the activity rule's one count, which every activity query runs: the
// games the player u.id held a seat in that finished strictly after $2, the start of the
// rule's window (league.Activity.Since at the service's now: the service passes it in), without a seat
// recorded absent (its player did not play that game: league.GamePlayed) and without the
// game $3 (0 for none: the game being recorded does not make its own players active).
const recentGamesSQL = `
       (SELECT count(*) FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.user_id = u.id AND g.status = 'finished' AND g.finished_at > $2 AND g.id <> $3
          AND NOT EXISTS (SELECT 1 FROM result_points ab WHERE ab.game_id = g.id AND ab.user_id = s.user_id AND ab.absent)
       )::int`

// recentFinishedGamesSQL counts the player $1's games for the activity rule (recentGamesSQL).
const recentFinishedGamesSQL = `SELECT` + recentGamesSQL + ` FROM users u WHERE u.id = $1`

// gameActivitySQL reads the activity of a league game's seated players, in seat order
// (recentGamesSQL, without the game $1 itself: $3 is $1).
const gameActivitySQL = `
SELECT u.id AS user_id, u.username,` + recentGamesSQL + ` AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM seats s JOIN games g ON g.id = s.game_id JOIN leagues l ON l.id = g.league_id
JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

const activityRuleSQL = `SELECT min_recent_games, recent_days FROM leagues WHERE id = $1`

// leagueActivitySQL reads every member's games for the activity rule (recentGamesSQL), in
// slot order.
const leagueActivitySQL = `
SELECT u.id AS user_id, u.username,` + recentGamesSQL + ` AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM memberships m JOIN users u ON u.id = m.user_id JOIN leagues l ON l.id = m.league_id
WHERE m.league_id = $1
ORDER BY m.slot`

// ActivityRule returns the league's activity rule; ErrNotFound when there is no such league.
func (s *Store) ActivityRule(ctx context.Context, leagueID int64) (league.Activity, error) {
	var rule league.Activity
	err := s.pool.QueryRow(ctx, activityRuleSQL, leagueID).Scan(&rule.MinRecentGames, &rule.RecentDays)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return league.Activity{}, fmt.Errorf("store: activity rule of league %d: %w", leagueID, err)
	}
	return rule, nil
}

// LeagueActivity returns every member's games in the window of the league's activity rule
// that starts after since (recentGamesSQL), in slot order, as the league page shows them.
func (s *Store) LeagueActivity(ctx context.Context, leagueID int64, since time.Time) ([]ActivityState, error) {
	out, err := collect[ActivityState](ctx, s.pool, leagueActivitySQL, leagueID, since, 0)
	if err != nil {
		return nil, fmt.Errorf("store: activity of league %d: %w", leagueID, err)
	}
	return out, nil
}

// RecentFinishedGames counts the games the user held a seat in, and played, that finished
// after since, the start of an activity rule's window (recentGamesSQL): the measure of the
// seed's activity rule ("at least 5 games in the last 90 days", league-scoring-system.txt).
func (s *Store) RecentFinishedGames(ctx context.Context, userID int64, since time.Time) (int, error) {
	return recentFinishedGames(ctx, s.pool, userID, since)
}

// RecentGames is RecentFinishedGames inside a join's transaction.
func (s *Store) RecentGames(ctx context.Context, tx pgx.Tx, userID int64, since time.Time) (int, error) {
	return recentFinishedGames(ctx, tx, userID, since)
}

func recentFinishedGames(ctx context.Context, q querier, userID int64, since time.Time) (int, error) {
	var n int
	if err := q.QueryRow(ctx, recentFinishedGamesSQL, userID, since, 0).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: recent finished games of user %d: %w", userID, err)
	}
	return n, nil
}

// GameActivity returns each seated player's games of game gameID's league that finished
// after since (the start of its activity rule's window), counted without the game itself,
// in seat order.
func (s *Store) GameActivity(ctx context.Context, gameID int64, since time.Time) ([]ActivityState, error) {
	return gameActivity(ctx, s.pool, gameID, since)
}

// LockedGameActivity is GameActivity inside the transaction that locked the game
// (LockResultGame).
func (s *Store) LockedGameActivity(ctx context.Context, tx pgx.Tx, gameID int64, since time.Time) ([]ActivityState, error) {
	return gameActivity(ctx, tx, gameID, since)
}

func gameActivity(ctx context.Context, q querier, gameID int64, since time.Time) ([]ActivityState, error) {
	out, err := collect[ActivityState](ctx, q, gameActivitySQL, gameID, since, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: activity of game %d: %w", gameID, err)
	}
	return out, nil
}
