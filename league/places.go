package league

import (
	"fmt"

	"github.com/tablestakes/tablestakes/scoring"
)

// Change is a way a league's players change once they joined.
type Change int

const (
	// Leave is a member leaving an open league, freeing the place.
	Leave Change = iota
	// Remove is the organiser taking a member out of an open league, freeing the place.
	Remove
	// Replace is the organiser replacing a member of a running league by a substitute, who
	// takes the member's place and every seat still to play.
	Replace
	// Withdraw is the organiser withdrawing a member of a running league with no
	// substitute: the unplayed games are reshaped for the players who stay.
	Withdraw
)

// MayChange decides whether a league of status lets its players change by c: a place is
// freed (Leave, Remove) only while the league is open, and a member is replaced or
// withdrawn only while it runs. organiser is the organiser's username, named to a member
// who wants to leave a running league. Once the league is over its players are final.
func MayChange(status string, c Change, organiser string) error {
	freesPlace := c == Leave || c == Remove
	switch {
	case status == Open && freesPlace, status == Running && !freesPlace:
		return nil
	case status == Running:
		return &Conflict{Reason: fmt.Sprintf(
			"league: running, so its places are fixed; ask the organiser (%s) to replace the player with a substitute", organiser),
			ID: "refusal.places_fixed", Data: map[string]any{"Organiser": organiser}}
	case status == Open && c == Replace:
		return &Conflict{Reason: "league: open; nobody needs a substitute before the schedule exists: remove the member and let another join", ID: "refusal.no_substitute_yet"}
	case status == Open:
		return &Conflict{Reason: "league: open; nobody needs to withdraw before the schedule exists: remove the member, which frees the place", ID: "refusal.no_withdrawal_yet"}
	}
	return &Conflict{Reason: "league: " + status + "; its players can no longer change", ID: "refusal.players_final", Data: map[string]any{"Status": status}}
}

// Standing is where a player stands in a league: a member, replaced out of it by a
// substitute, withdrawn from it, or none of these.
type Standing struct {
	// Name is the player's username, for the refusals.
	Name string
	// Member says the player holds a place; Replaced that a substitute took their place;
	// Withdrawn that they withdrew with no substitute.
	Member, Replaced, Withdrawn bool
}

// Replacing is what a replacement is decided on: the member who leaves and the substitute.
type Replacing struct {
	From, To Standing
	// Same says From and To are one account.
	Same bool
}

// MayReplace decides whether To may replace From (the league's status is MayChange's):
// From must be a member (a withdrawn one's games were reshaped, their place is gone), To
// someone else who neither plays in the league nor left it, by withdrawal or replacement.
// Refusals are *Conflicts naming the field, from or to.
func MayReplace(r Replacing) error {
	switch {
	case !r.From.Member && r.From.Withdrawn:
		return &Conflict{Reason: "from: " + r.From.Name + " has withdrawn; their games were reshaped and their place cannot be filled",
			ID: "refusal.from_withdrawn", Data: map[string]any{"Name": r.From.Name}}
	case !r.From.Member:
		return &Conflict{Reason: "from: " + r.From.Name + " is not a member of this league", ID: "refusal.from_not_member", Data: map[string]any{"Name": r.From.Name}}
	case r.To.Withdrawn:
		return &Conflict{Reason: "to: " + r.To.Name + " withdrew from this league and cannot come back", ID: "refusal.to_withdrawn", Data: map[string]any{"Name": r.To.Name}}
	case r.Same:
		return &Conflict{Reason: "to: must be someone other than " + r.From.Name, ID: "refusal.to_same", Data: map[string]any{"Name": r.From.Name}}
	case r.To.Member:
		return &Conflict{Reason: "to: " + r.To.Name + " already plays in this league", ID: "refusal.to_member", Data: map[string]any{"Name": r.To.Name}}
	case r.To.Replaced:
		return &Conflict{Reason: "to: " + r.To.Name + " was replaced in this league and cannot come back", ID: "refusal.to_replaced", Data: map[string]any{"Name": r.To.Name}}
	}
	return nil
}

// Replaced is the league history's line of a replacement in which the substitute took
// seats unplayed games.
func Replaced(from, to string, seats int) string {
	return fmt.Sprintf("%s replaced %s for the %d %s still to play", to, from, seats, scoring.Plural(seats, "game", "games"))
}

// MinPlayersLeft is the fewest players a league goes on with after a withdrawal: a league
// of only two members takes no withdrawal, its organiser closes it instead.
const MinPlayersLeft = 2

// MayWithdraw decides whether the player may withdraw from a running league of members
// members (the league's status is MayChange's): once only, not after a replacement, only
// a member, and only while more than MinPlayersLeft stay. Refusals are *Conflicts.
func MayWithdraw(p Standing, members int) error {
	switch {
	case p.Withdrawn:
		return &Conflict{Reason: "username: " + p.Name + " has already withdrawn from this league", ID: "refusal.already_withdrawn", Data: map[string]any{"Name": p.Name}}
	case p.Replaced:
		return &Conflict{Reason: "username: " + p.Name + " was replaced by a substitute and no longer plays in this league",
			ID: "refusal.withdraw_replaced", Data: map[string]any{"Name": p.Name}}
	case !p.Member:
		return &Conflict{Reason: "username: " + p.Name + " is not a member of this league", ID: "refusal.withdraw_not_member", Data: map[string]any{"Name": p.Name}}
	case members <= MinPlayersLeft:
		return &Conflict{Reason: fmt.Sprintf("league: only %d players are left; close the league instead", members),
			ID: "refusal.too_few_left", Data: map[string]any{"Players": members}}
	}
	return nil
}
