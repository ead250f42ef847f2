package league

import (
	"fmt"

	"github.com/tablestakes/tablestakes/scheduler"
)

// Refusals of a join. Each is a *Conflict, so errors.Is(err, ErrConflict) holds for all.
var (
	// ErrAlreadyMember refuses a player who already holds a place in the league.
	ErrAlreadyMember = &Conflict{Reason: "league: you have already joined this league", ID: "refusal.already_member"}
	// ErrLeagueFull refuses a join once the league has all its members.
	ErrLeagueFull = &Conflict{Reason: "league: full; every place is taken", ID: "refusal.league_full"}
	// ErrLeagueRunning refuses a join once the league's games are scheduled.
	ErrLeagueRunning = &Conflict{Reason: "league: already running; its players are set and its games scheduled", ID: "refusal.league_running"}
	// ErrLeagueFinished refuses a join to a league that is over.
	ErrLeagueFinished = &Conflict{Reason: "league: finished", ID: "refusal.league_finished"}
)

// Joining is what a join is decided on: the league as it stands, read under its row lock,
// and the player who asks.
type Joining struct {
	// Status is the league's status.
	Status string
	// Members is how many members the league has before this join, of Size (its N).
	Members int
	Size    int
	// Member says the player already holds a place in the league.
	Member bool
	// Activity is the league's activity rule and Recent the player's finished games in its
	// window (left 0 when the rule is off).
	Activity Activity
	Recent   int
}

// Joined is a join accepted and what it causes.
type Joined struct {
	// Starts says the join is the N-th, the league's last place (the seed's league has
	// 8: "When the 8th player subscribe to the league, the
	// system automatically creates all the games that are part of the league and
	// automatically subscribe all the players to those games" (league-scoring-system.txt).
	// The league starts running with the schedule Draw builds.
	Starts bool
}

// Join decides whether a player may join the league: not twice, only while it is open and
// not full, and only an active player (Activity). The refusals, in that order, are
// ErrAlreadyMember, ErrLeagueRunning, ErrLeagueFinished, a *Conflict for a league ended
// otherwise, ErrLeagueFull and an *InactiveError.
func Join(j Joining) (Joined, error) {
	if j.Member {
		return Joined{}, ErrAlreadyMember
	}
	switch j.Status {
	case Open:
	case Running:
		return Joined{}, ErrLeagueRunning
	case Finished:
		return Joined{}, ErrLeagueFinished
	default:
		return Joined{}, &Conflict{Reason: "league: " + j.Status + "; it takes no new players", ID: "refusal.no_new_players", Data: map[string]any{"Status": j.Status}}
	}
	if Full(j.Members, j.Size) {
		return Joined{}, ErrLeagueFull
	}
	if err := j.Activity.Check(j.Recent); err != nil {
		return Joined{}, err
	}
	return Joined{Starts: Full(j.Members+1, j.Size)}, nil
}

// Full reports whether a league of size places with members members has all its players.
func Full(members, size int) bool { return members >= size }

// Draw builds the schedule of a league of format f that has just filled with members
// members, in slot order: a balanced schedule in which "You will play against all other 7
// players an equal number of times" (league-scoring-system.txt, for 8; as evenly as the
// scheduler can for any N), from seed so it can be rebuilt and audited. Schedule player p
// is the member in slot p. A face-to-face league's games are grouped into rounds in which
// nobody plays twice; otherwise every game is a round of its own.
func Draw(f Format, members int, faceToFace bool, seed uint64) (scheduler.Schedule, error) {
	if members != f.Players {
		return scheduler.Schedule{}, fmt.Errorf("league: draw the schedule: %d members, want %d", members, f.Players)
	}
	s, err := scheduler.Build(scheduler.Options{Players: f.Players, PerGame: f.PlayersPerGame, GamesPerPlayer: f.GamesPerPlayer,
		Seed: seed, Rounds: faceToFace})
	if err != nil {
		return scheduler.Schedule{}, fmt.Errorf("league: draw the schedule: %w", err)
	}
	return s, nil
}
