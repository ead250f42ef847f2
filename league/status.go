package league

import (
	"fmt"
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/scoring"
)

// Ending is one of the organiser's ways to end a league otherwise than by playing it out.
type Ending string

const (
	// Cancel calls off an open league before it fills.
	Cancel Ending = "cancel"
	// Close ends a running league early: its standings are frozen as they stand.
	Close Ending = "close"
	// Archive puts a finished or closed league away.
	Archive Ending = "archive"
)

// endings lists, for each ending, the statuses it may start from, the status it leaves, its
// history line and its past tense.
var endings = map[Ending]struct {
	from []string
	to   string
	line string
	done string
}{
	Cancel:  {[]string{Open}, Cancelled, "cancelled the league before it filled", "cancelled"},
	Close:   {[]string{Running}, Closed, "closed the league early; its standings are frozen as they stand", "closed"},
	Archive: {[]string{Finished, Closed}, Archived, "archived the league", "archived"},
}

// Ended is an ending accepted and what it causes.
type Ended struct {
	// To is the league's status afterwards.
	To string
	// Line is the league history's line.
	Line string
	// NotifyFinished says the league's players are told it is over: a league closed early
	// is over too, its standings final.
	NotifyFinished bool
}

// End decides whether a league of status may end by e: cancel an open league, close a
// running one early, archive a finished or closed one. Any other status is a *Conflict
// naming the statuses the ending needs.
func End(status string, e Ending) (Ended, error) {
	rule, ok := endings[e]
	if !ok {
		return Ended{}, fmt.Errorf("league: no ending %q", e)
	}
	for _, from := range rule.from {
		if from == status {
			return Ended{To: rule.to, Line: rule.line, NotifyFinished: e == Close}, nil
		}
	}
	article := "a"
	if rule.from[0] == Open {
		article = "an"
	}
	return Ended{}, &Conflict{Reason: fmt.Sprintf("league: %s; only %s %s league can be %s", status, article,
		strings.Join(rule.from, " or "), rule.done), ID: "refusal.end_" + string(e), Data: map[string]any{"Status": status}}
}

// ReopenWindow is how long after closing or cancelling a league its organiser may reopen
// it (issue #24: "a league closed or cancelled by mistake can be reopened by its organiser
// within 7 days").
const ReopenWindow = 7 * 24 * time.Hour

// Reopening is what a reopen is decided on: the league as it stands under its row lock.
type Reopening struct {
	// Status is the league's status; ClosedEarly marks a league closed before its last game.
	Status      string
	ClosedEarly bool
	// EndedAt is when it was closed or cancelled (nil when it never was).
	EndedAt *time.Time
}

// Reopened is a reopen accepted.
type Reopened struct {
	// To is the league's status afterwards: running for a league closed early, open for a
	// cancelled one.
	To string
	// Line is the league history's line.
	Line string
}

// Reopen decides whether the organiser may take back, at now, a league's early close or its
// cancellation: only within ReopenWindow of it. A closed league runs again, a cancelled one
// is open again; anything else is a *Conflict naming why.
func Reopen(r Reopening, now time.Time) (Reopened, error) {
	var out Reopened
	switch r.Status {
	case Closed:
		out = Reopened{To: Running, Line: "reopened the league; it runs again and takes results"}
	case Cancelled:
		out = Reopened{To: Open, Line: "reopened the league; it is open again for players to join"}
	default:
		return Reopened{}, &Conflict{Reason: fmt.Sprintf("league: %s; only a league closed early or cancelled can be reopened", r.Status),
			ID: "refusal.not_reopenable", Data: map[string]any{"Status": r.Status}}
	}
	// Only an early close is taken back: a league is never closed otherwise, so one that
	// is not early answers as one whose window has passed.
	if (r.Status == Closed && !r.ClosedEarly) || !Reopenable(r.EndedAt, now) {
		return Reopened{}, &Conflict{Reason: "league: ended more than 7 days ago; it can no longer be reopened", ID: "refusal.reopen_too_late"}
	}
	return out, nil
}

// Reopenable reports whether a league ended at endedAt (closed early or cancelled) may
// still be reopened at now.
func Reopenable(endedAt *time.Time, now time.Time) bool {
	return endedAt != nil && now.Sub(*endedAt) < ReopenWindow
}

// ScheduleShape names what an edit changes of the league's shape: the game, its version,
// the players per game and face to face decide the schedule; the activity rule
// (MinRecentGames within RecentDays) decides who may join.
type ScheduleShape struct {
	Game, Version, PlayersPerGame, FaceToFace bool
	// Players and GamesPerPlayer are the league's size and games each (CONTRACT section 10).
	Players, GamesPerPlayer bool
	// MinRecentGames and RecentDays are the activity rule, open to change while the league fills.
	MinRecentGames, RecentDays bool
}

// Reshape decides whether an edit that changes shape may apply to a league of status: only
// while it is open, before the schedule exists. The refusal is a *Conflict naming the field.
func Reshape(status string, shape ScheduleShape) error {
	if status == Open {
		return nil
	}
	field := ""
	switch {
	case shape.Game:
		field = "game"
	case shape.PlayersPerGame:
		field = "players_per_game"
	case shape.Players:
		field = "players"
	case shape.GamesPerPlayer:
		field = "games_per_player"
	case shape.FaceToFace:
		field = "face_to_face"
	case shape.Version:
		field = "version"
	case shape.MinRecentGames, shape.RecentDays:
		// The activity rule decides who may join: once the league is full it has done its
		// work (issue #34: the organiser changes it while the league is open).
		field = "min_recent_games"
		if !shape.MinRecentGames {
			field = "recent_days"
		}
		return &Conflict{Reason: field + ": the activity rule changes only while the league is open for players to join",
			ID: "refusal.activity_rule_fixed", Data: map[string]any{"Field": field}}
	default:
		return nil
	}
	return &Conflict{Reason: field + ": cannot change once the schedule exists", ID: "refusal.shape_fixed", Data: map[string]any{"Field": field}}
}

// Delete decides whether a league with recorded results of status may be deleted: only
// one without any, whatever its status. Results stay in the players' ratings, which a
// deletion would leave without their games, so the refusal says to close (a running
// league) or archive it instead.
func Delete(status string, recorded int) error {
	if recorded == 0 {
		return nil
	}
	instead, id := "archive it", "refusal.delete_archive"
	if status == Running {
		instead, id = "close it early (its standings are frozen)", "refusal.delete_close"
	}
	return &Conflict{Reason: fmt.Sprintf(
		"league: %d %s recorded, and results stay in the players' ratings, so the league cannot be deleted; %s instead",
		recorded, scoring.Plural(recorded, "result is", "results are"), instead), ID: id, Data: map[string]any{"Results": recorded}}
}
