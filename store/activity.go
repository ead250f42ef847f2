package store

import (
	"context"
	"fmt"
)

// ActivityState is where a player stands under a league's activity rule: "In order to play
// a league game you have to be an Active player. To be an active player you just need to
// have terminated at least 5 games in the last 90 days" (league-scoring-system.txt). The
// league sets its own Need and Days (min_recent_games, recent_days).
//
// The rule is checked where the seed puts it: a join is refused when the player is not
// active (JoinLeague), and a league game's result recorded for a player who has fallen
// inactive since is kept, with a warning to the organiser (ResultGame.Inactive).
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

// Active reports whether the player meets the rule.
func (a ActivityState) Active() bool { return a.Recent >= a.Need }

// Warning says, in one line for the organiser, that the player has fallen inactive.
func (a ActivityState) Warning() string {
	return fmt.Sprintf("activity rule: %s has %d finished %s in the last %d days; this league needs %d",
		a.Username, a.Recent, plural(a.Recent, "game", "games"), a.Days, a.Need)
}

// recentGamesOf counts a seat holder's finished games in the league's window, leaving out
// the game $excluded (0 leaves none out): the game being recorded does not make its own
// players active. Used with the aliases u (users) and l (leagues) in scope.
const recentGamesOf = `(SELECT count(*) FROM seats rs JOIN games rg ON rg.id = rs.game_id
   WHERE rs.user_id = u.id AND rg.status = 'finished' AND rg.id <> $2
     AND rg.finished_at > now() - make_interval(days => l.recent_days))::int`

const leagueActivitySQL = `
SELECT u.id AS user_id, u.username, ` + recentGamesOf + ` AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM memberships m JOIN users u ON u.id = m.user_id JOIN leagues l ON l.id = m.league_id
WHERE m.league_id = $1
ORDER BY m.slot`

// gameActivitySQL reads the activity of a league game's seated players, in seat order; a
// normal game, or a league without the rule (min_recent_games 0), has no rows.
const gameActivitySQL = `
SELECT u.id AS user_id, u.username, ` + recentGamesOf + ` AS recent,
       l.min_recent_games AS need, l.recent_days AS days
FROM seats s JOIN games g ON g.id = s.game_id JOIN leagues l ON l.id = g.league_id
JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1 AND l.min_recent_games > 0
ORDER BY s.position`

// LeagueActivity returns every member's state under the league's activity rule, in slot
// order, as the league page shows it.
func (s *Store) LeagueActivity(ctx context.Context, leagueID int64) ([]ActivityState, error) {
	out, err := collect[ActivityState](ctx, s.pool, leagueActivitySQL, leagueID, 0)
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
