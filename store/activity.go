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
// the league's numbers and the player's finished games in its window.
type ActivityState struct {
	UserID   int64  `db:"user_id"`
	Username string `db:"username"`
	// Recent is the player's finished games (league and normal) within the last Days days.
	Recent int `db:"recent"`
	// Need is the league's min_recent_games; 0 switches the rule off.
	Need int `db:"need"`
	// Days is the league's recent_days window.
	Days int `db:"days"`
}

// Active reports whether the player meets the rule (league.Activity.Active).
func (a ActivityState) Active() bool {
	return league.Activity{MinRecentGames: a.Need, RecentDays: a.Days}.Active(a.Recent)
}

// recentGamesSQL is the activity rule's one count, which every activity query runs: the
// games the player u.id held a seat in that finished strictly after $2, the start of the
// rule's window (league.Activity.Since, at the now the service passes in), without a seat
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

// LeagueActivity returns every member's state under the league's activity rule at now, in
// slot order, as the league page shows it. ErrNotFound when there is no such league.
func (s *Store) LeagueActivity(ctx context.Context, leagueID int64, now time.Time) ([]ActivityState, error) {
	var rule league.Activity
	err := s.pool.QueryRow(ctx, activityRuleSQL, leagueID).Scan(&rule.MinRecentGames, &rule.RecentDays)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: activity of league %d: %w", leagueID, err)
	}
	out, err := collect[ActivityState](ctx, s.pool, leagueActivitySQL, leagueID, rule.Since(now), 0)
	if err != nil {
		return nil, fmt.Errorf("store: activity of league %d: %w", leagueID, err)
	}
	return out, nil
}

// RecentFinishedGames counts the games the user held a seat in, and played, that count
// towards rule at now (recentGamesSQL): the measure of the seed's activity rule ("at least
// 5 games in the last 90 days", league-scoring-system.txt).
func (s *Store) RecentFinishedGames(ctx context.Context, userID int64, rule league.Activity, now time.Time) (int, error) {
	return recentFinishedGames(ctx, s.pool, userID, rule, now)
}

// RecentGames is RecentFinishedGames inside a join's transaction.
func (s *Store) RecentGames(ctx context.Context, tx pgx.Tx, userID int64, rule league.Activity, now time.Time) (int, error) {
	return recentFinishedGames(ctx, tx, userID, rule, now)
}

func recentFinishedGames(ctx context.Context, q querier, userID int64, rule league.Activity, now time.Time) (int, error) {
	var n int
	if err := q.QueryRow(ctx, recentFinishedGamesSQL, userID, rule.Since(now), 0).Scan(&n); err != nil {
		return 0, fmt.Errorf("store: recent finished games of user %d: %w", userID, err)
	}
	return n, nil
}

// GameActivity returns each seated player's state under the activity rule of g's league at
// now, counted without g itself, in seat order; none for a normal game or a league without
// the rule (league.Activity.On).
func (s *Store) GameActivity(ctx context.Context, g ResultGame, now time.Time) ([]ActivityState, error) {
	return gameActivity(ctx, s.pool, g, now)
}

// LockedGameActivity is GameActivity inside the transaction that locked g (LockResultGame).
func (s *Store) LockedGameActivity(ctx context.Context, tx pgx.Tx, g ResultGame, now time.Time) ([]ActivityState, error) {
	return gameActivity(ctx, tx, g, now)
}

func gameActivity(ctx context.Context, q querier, g ResultGame, now time.Time) ([]ActivityState, error) {
	if g.LeagueID == 0 || !g.ActivityRule.On() {
		return nil, nil
	}
	out, err := collect[ActivityState](ctx, q, gameActivitySQL, g.ID, g.ActivityRule.Since(now), g.ID)
	if err != nil {
		return nil, fmt.Errorf("store: activity of game %d: %w", g.ID, err)
	}
	return out, nil
}

// Inactive returns the seated players who have fallen inactive under the league's rule,
// counted without this game: the organiser is warned when recording, never refused.
func (g ResultGame) Inactive() []ActivityState {
	var out []ActivityState
	for _, a := range g.Activity {
		if !a.Active() {
			out = append(out, a)
		}
	}
	return out
}
