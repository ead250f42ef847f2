package league

import (
	"fmt"
	"time"

	"github.com/tablestakes/tablestakes/scoring"
)

// Default activity rule: "To be an active player you just need to have terminated at least 5
// games in the last 90 days" (league-scoring-system.txt).
const (
	// DefaultMinRecentGames is the finished games an active player needs by default.
	DefaultMinRecentGames = 5
	// DefaultRecentDays is the default window, in days, the activity rule counts them in.
	DefaultRecentDays = 90
)

// Activity is a league's activity rule: "In order to play a league game you have to be an
// Active player. To be an active player you just need to have terminated at least 5 games
// in the last 90 days" (league-scoring-system.txt). Each league sets its own numbers
// (min_recent_games, recent_days); a MinRecentGames of 0 switches the rule off.
//
// The rule is checked where the seed puts it: a join is refused when the player is not
// active (Join), and a league game's result recorded for a player who has fallen inactive
// since is kept, with a warning to the organiser.
type Activity struct {
	// MinRecentGames is how many finished games (league and normal) a player needs.
	MinRecentGames int
	// RecentDays is the window, in days back from now, the games are counted in.
	RecentDays int
}

// On reports whether the league has the rule at all.
func (a Activity) On() bool { return a.MinRecentGames > 0 }

// Since is where the window of the rule starts at now: a game counts when it finished
// strictly after Since (Counts). The window is whole days of 24 hours, counted in UTC so
// that a change of summer time neither lengthens nor shortens it.
func (a Activity) Since(now time.Time) time.Time {
	return now.UTC().AddDate(0, 0, -a.RecentDays)
}

// Counts reports whether a game that finished at finishedAt counts towards the rule at now:
// "in the last 90 days". The store counts with the same boundary (finished_at > Since).
func (a Activity) Counts(finishedAt, now time.Time) bool {
	return finishedAt.After(a.Since(now))
}

// Active reports whether a player with recent finished games in the window meets the rule:
// "at least 5 games". Without the rule everyone is active.
func (a Activity) Active(recent int) bool {
	return !a.On() || recent >= a.MinRecentGames
}

// Check is Active as a refusal: nil for an active player, an *InactiveError saying how far
// short the player is otherwise.
func (a Activity) Check(recent int) error {
	if a.Active(recent) {
		return nil
	}
	return &InactiveError{Have: recent, Need: a.MinRecentGames, Days: a.RecentDays}
}

// InactiveError refuses a join by a player who is not active under the league's rule
// (Activity). It says how many finished games the player has in the window and how many
// the league needs; the web answers it with 403.
type InactiveError struct {
	// Have is the player's finished games within the last Days days.
	Have int
	// Need is the league's min_recent_games.
	Need int
	// Days is the league's recent_days window.
	Days int
}

// Error explains the refusal in one line.
func (e *InactiveError) Error() string {
	return fmt.Sprintf("activity rule: you have %d finished %s in the last %d days; this league needs %d",
		e.Have, scoring.Plural(e.Have, "game", "games"), e.Days, e.Need)
}
