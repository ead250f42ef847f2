package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
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

// Warning says, in one line for the organiser, that the player has fallen inactive.
func (a ActivityState) Warning() string {
	return fmt.Sprintf("activity rule: %s has %d finished %s in the last %d days; this league needs %d",
		a.Username, a.Recent, scoring.Plural(a.Recent, "game", "games"), a.Days, a.Need)
}

// gameActivitySQL reads the activity of a league game's seated players, in seat order: each
// one's finished games since $2, the start of the league's window (league.Activity.Since),
// without the game $1 itself (the game being recorded does not make its own players active).
const gameActivitySQL = `
SELECT u.id AS user_id, u.username,
       (SELECT count(*) FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.user_id = u.id AND g.status = 'finished' AND g.id <> $1
          AND g.finished_at > $2` + notAbsentSQL + `)::int AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM seats s JOIN games g ON g.id = s.game_id JOIN leagues l ON l.id = g.league_id
JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

const activityRuleSQL = `SELECT min_recent_games, recent_days FROM leagues WHERE id = $1`

// leagueActivitySQL reads every member's finished games since $2, the start of the league's
// window (league.Activity.Since).
const leagueActivitySQL = `
SELECT u.id AS user_id, u.username,
       (SELECT count(*) FROM seats s JOIN games g ON g.id = s.game_id
        WHERE s.user_id = u.id AND g.status = 'finished' AND g.finished_at > $2` + notAbsentSQL + `)::int AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM memberships m JOIN users u ON u.id = m.user_id JOIN leagues l ON l.id = m.league_id
WHERE m.league_id = $1
ORDER BY m.slot`

// LeagueActivity returns every member's state under the league's activity rule, in slot
// order, as the league page shows it. ErrNotFound when there is no such league.
func (s *Store) LeagueActivity(ctx context.Context, leagueID int64) ([]ActivityState, error) {
	var rule league.Activity
	err := s.pool.QueryRow(ctx, activityRuleSQL, leagueID).Scan(&rule.MinRecentGames, &rule.RecentDays)
	if errors.Is(err, pgx.ErrNoRows) {
		err = ErrNotFound
	}
	if err != nil {
		return nil, fmt.Errorf("store: activity of league %d: %w", leagueID, err)
	}
	out, err := collect[ActivityState](ctx, s.pool, leagueActivitySQL, leagueID, rule.Since(time.Now()))
	if err != nil {
		return nil, fmt.Errorf("store: activity of league %d: %w", leagueID, err)
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
