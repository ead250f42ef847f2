package league

import (
	"fmt"
	"time"

	"github.com/tablestakes/tablestakes/scoring"
)

// ErrNotTableScheduler refuses a normal game's date and place to anyone but its organiser.
var ErrNotTableScheduler = &Forbidden{Reason: "only the organiser of this table may set its date and place", ID: "refusal.not_table_scheduler"}

// SetRhythm decides whether a league of status may take a rhythm (round 1 on a date, then a
// round every few days): while it is open (its schedule is dated when its last member
// joins) or running. A league that is over is a *Conflict.
func SetRhythm(status string) error {
	if status != Open && status != Running {
		return gamesStay(status)
	}
	return nil
}

// MoveGames decides whether the games of a league of status may get a new date or place:
// only while it runs. An open league has no games yet, and one that is over keeps them
// where they were (a *Conflict).
func MoveGames(status string) error {
	if status != Running {
		return gamesStay(status)
	}
	return nil
}

// gamesStay is the refusal to date the games of a league of status.
func gamesStay(status string) error {
	return &Conflict{Reason: "league: " + status + "; its games can no longer be moved", ID: "refusal.games_stay", Data: map[string]any{"Status": status}}
}

// Reschedule decides whether a game may get a new date or place: not once it is played
// (a *Conflict), as its date is when it was played.
func Reschedule(played bool) error {
	if played {
		return &Conflict{Reason: "game: already played; its date stays as it was", ID: "refusal.game_date_stays"}
	}
	return nil
}

// MoveRound decides whether round, with unplayed games still to play, may get a new date
// or place: a round with none left is a *Conflict.
func MoveRound(round, unplayed int) error {
	if unplayed == 0 {
		return &Conflict{Reason: fmt.Sprintf("round: round %d has no game left to play", round), ID: "refusal.round_played", Data: map[string]any{"Round": round}}
	}
	return nil
}

// ScheduleTable decides whether byUserID may set the date and place of a normal game
// organised by organiserID: only its organiser, who opened the table, and only while its
// result is not recorded (Reschedule).
func ScheduleTable(organiserID, byUserID int64, played bool) error {
	if organiserID != byUserID {
		return ErrNotTableScheduler
	}
	return Reschedule(played)
}

// ScheduleLine is the league history's line for a new date and place of what ("game 3",
// "round 2"): no date (startsAt nil) is a change too, and no place is the league's venue.
func ScheduleLine(what string, startsAt *time.Time, place string) string {
	line := what + " has no date"
	if startsAt != nil {
		line = what + " set to " + startsAt.UTC().Format("2006-01-02 15:04 UTC")
	}
	if place != "" {
		return line + " at " + place
	}
	return line
}

// RhythmLine is the league history's line for a rhythm: round 1 at first (in its own
// location), then a round every everyDays days.
func RhythmLine(first time.Time, everyDays int) string {
	return fmt.Sprintf("rhythm: round 1 on %s, then every %d %s",
		first.Format("Mon 2 Jan 2006 15:04 MST"), everyDays, scoring.Plural(everyDays, "day", "days"))
}
