package league

import (
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// ErrStaleResult refuses a write built from a version of the game's result that is no
// longer current: another save (a second tab, a double click) came first.
var ErrStaleResult = &Conflict{Reason: "result: changed since this form was opened; check the current result and save again", ID: "refusal.stale_result"}

// CurrentVersion refuses (ErrStaleResult) a result write built from version built of a
// game's result that now stands at version stored (0 before it is recorded, then one more
// per write): a form or a script saves only over the result it was shown.
func CurrentVersion(stored, built int) error {
	if stored != built {
		return ErrStaleResult
	}
	return nil
}

// Refusals of a result write, a proposal or an answer to one, in the words their callers
// see: each is a *Forbidden (the caller's role or seat does not allow it) or a *Conflict
// (the game's state does not), which the web answers with 403 or 409 in one place; store
// names them for its callers (store.ErrNotOrganiser and the others).
var (
	// ErrNotOrganiser refuses a league game's result written by anyone but the league's
	// organiser or a co-organiser.
	ErrNotOrganiser = &Forbidden{Reason: "only the league's organiser or a co-organiser records and corrects results", ID: "refusal.not_organiser"}
	// ErrNotTableOrganiser refuses a normal game's result written by anyone but who opened
	// its table.
	ErrNotTableOrganiser = &Forbidden{Reason: "only the game's organiser (who opened the table) records and corrects its result", ID: "refusal.not_table_organiser"}
	// ErrTableNotReady refuses a result of a normal game whose table still has free seats.
	ErrTableNotReady = &Conflict{Reason: "result: the table still has free seats; every seat must be taken first", ID: "refusal.table_not_ready"}
	// ErrStandingsFrozen refuses a result in a league closed, cancelled or archived (the
	// results service names the league's status in it).
	ErrStandingsFrozen = &Conflict{Reason: "league: its standings are frozen and take no more results", ID: "refusal.league_frozen"}
	// ErrRecorded refuses a second record of a game; a correction replaces its result.
	ErrRecorded = &Conflict{Reason: "result: already recorded for this game; PUT corrects it", ID: "refusal.result_recorded"}
	// ErrNotRecorded refuses a correction of a game with no result yet.
	ErrNotRecorded = &Conflict{Reason: "result: none recorded for this game yet; POST records it", ID: "refusal.no_result"}
	// ErrOrganisersOnly refuses a player's proposal where only the organisers enter results.
	ErrOrganisersOnly = &Forbidden{Reason: "result: here only the organisers enter results; players do not propose them", ID: "refusal.organisers_only"}
	// ErrNotSeated refuses a proposal, confirmation or dispute by anyone not seated.
	ErrNotSeated = &Forbidden{Reason: "only a player seated at this game proposes, confirms or disputes its result", ID: "refusal.not_seated"}
	// ErrProposalChanged refuses an answer to a revision of the proposal that is no longer
	// the current one.
	ErrProposalChanged = &Conflict{Reason: "proposal: changed by its proposer since you read it; read it again", ID: "refusal.proposal_changed"}
	// ErrOwnProposal refuses the proposer's answer to their own proposal.
	ErrOwnProposal = &Forbidden{Reason: "proposal: you proposed it; change it or withdraw it instead", ID: "refusal.own_proposal"}
	// ErrAlreadyConfirmed refuses a second confirmation by the same player.
	ErrAlreadyConfirmed = &Conflict{Reason: "proposal: you have already confirmed it", ID: "refusal.already_confirmed"}
	// ErrAbsentSeat refuses an answer from a seat the result says was absent (CONTRACT
	// section 12; in Diplomacy, played by the missing man, seed 4.1).
	ErrAbsentSeat = &Forbidden{Reason: "an absent seat (its player did not come) neither proposes nor confirms the result", ID: "refusal.absent_seat"}
	// ErrProposalDisputed refuses a confirmation or a second dispute of a disputed proposal:
	// the organiser records the result.
	ErrProposalDisputed = &Conflict{Reason: "proposal: disputed; the organiser records this game's result", ID: "refusal.proposal_disputed"}
	// ErrSeatsChanged refuses a result checked against seats that are no longer the game's
	// (a player was replaced or withdrew between the check and the write).
	ErrSeatsChanged = &Conflict{Reason: "game: its seats changed while the result was entered (a player was replaced or withdrew); " +
		"open the game again and enter the result for the players seated now", ID: "refusal.seats_changed"}
	// ErrProposalOutdated refuses the recording of a proposal that no longer fits the game:
	// its body no longer checks against the seats, or its seats changed.
	ErrProposalOutdated = &Conflict{Reason: "proposal: no longer fits the game's seats (a player was replaced or withdrew); the proposer must change it", ID: "refusal.proposal_outdated"}
)

// SameSeats refuses (ErrSeatsChanged) a result whose lines, checked against the game's
// seats when it was entered, are not the game's seats now: one line per seat, in seat
// order, each the same position and player (usernames compared without case).
func SameSeats(lines []scoring.SeatedLine, seats []scoring.Seat) error {
	if len(lines) != len(seats) {
		return ErrSeatsChanged
	}
	for i, l := range lines {
		if l.Position != seats[i].Position || !strings.EqualFold(l.Player, seats[i].Player) {
			return ErrSeatsChanged
		}
	}
	return nil
}

// League statuses whose standings are frozen: they take no more results.
const (
	statusClosed    = "closed"
	statusCancelled = "cancelled"
	statusArchived  = "archived"
)

// StandingsFrozen reports whether a league in status takes no more results: one closed
// early, cancelled or archived, whose standings are final. A finished league still takes
// corrections.
func StandingsFrozen(status string) bool {
	switch status {
	case statusClosed, statusCancelled, statusArchived:
		return true
	}
	return false
}

// ResultTable is what deciding who writes a game's result needs to know about the game.
type ResultTable struct {
	// InLeague is false for a normal game, a table opened outside any league.
	InLeague bool
	// LeagueStatus is the league's status; empty for a normal game.
	LeagueStatus string
	// SeatsFree reports a normal game's table that still has free seats.
	SeatsFree bool
	// Recorded reports a game whose result is recorded (the game is finished).
	Recorded bool
	// OrganiserID is the league's organiser, or who opened a normal game's table;
	// CoOrganiserIDs the league's co-organisers (a normal game has none).
	OrganiserID    int64
	CoOrganiserIDs []int64
	// SeatIDs are the seated players' accounts, in seat order.
	SeatIDs []int64
	// PlayersReport reports that the seated players propose the result, which the table
	// confirms (CONTRACT section 8); otherwise only the organisers enter it.
	PlayersReport bool
}

// MayRecord reports whether userID records and corrects the game's result: the league's
// organiser or a co-organiser, or the organiser of a normal game (who opened its table).
func (t ResultTable) MayRecord(userID int64) bool {
	return t.OrganiserID == userID || slices.Contains(t.CoOrganiserIDs, userID)
}

// Seated reports whether userID sits at the game.
func (t ResultTable) Seated(userID int64) bool { return slices.Contains(t.SeatIDs, userID) }

// TakesResult refuses a result write the game's state does not allow, whoever writes it:
// a table with free seats, a league whose standings are frozen, a record of a recorded
// game and a correction of an unrecorded one.
func (t ResultTable) TakesResult(correction bool) error {
	switch {
	case t.SeatsFree:
		return ErrTableNotReady
	case StandingsFrozen(t.LeagueStatus):
		return ErrStandingsFrozen
	case t.Recorded && !correction:
		return ErrRecorded
	case !t.Recorded && correction:
		return ErrNotRecorded
	}
	return nil
}

// Writable refuses a record (or, with correction, a correction) of the game's result by
// userID: anyone MayRecord does not name, and any write TakesResult refuses.
func (t ResultTable) Writable(userID int64, correction bool) error {
	if !t.MayRecord(userID) {
		if !t.InLeague {
			return ErrNotTableOrganiser
		}
		return ErrNotOrganiser
	}
	return t.TakesResult(correction)
}

// MayPropose refuses a seated player's proposal of the result before its body is judged:
// where only the organisers enter results, by anyone not seated, and on a game that takes
// no record.
func (t ResultTable) MayPropose(userID int64) error {
	if !t.PlayersReport {
		return ErrOrganisersOnly
	}
	if !t.Seated(userID) {
		return ErrNotSeated
	}
	return t.TakesResult(false)
}

// ProposesAbsent refuses a proposal by userID that says their own seat was absent
// (absentIDs: CONTRACT section 12; in Diplomacy the missing man played it, ARMADA 4.1): an
// absent player was not at the table, so neither proposes nor confirms its result.
func ProposesAbsent(userID int64, absentIDs []int64) error {
	if slices.Contains(absentIDs, userID) {
		return ErrAbsentSeat
	}
	return nil
}

// ProposalCloses is when the confirmation window of a proposal made (or changed) at
// proposedAt closes, on a table whose window is hours long (CONTRACT section 8: the
// league's confirm_hours): exactly hours later, the instant RecordsAtClose takes as closed.
func ProposalCloses(proposedAt time.Time, hours int) time.Time {
	return proposedAt.Add(time.Duration(hours) * time.Hour)
}

// TableSeat is one seat of a game, as asking the table to confirm a proposal reads it.
type TableSeat struct {
	UserID int64
	// Username is the seated player's, as a result's body names the seat.
	Username string
	// Bot marks a ladder member seated (the Seventh Player, a SUPERCAT bot): it never logs
	// in, so is never asked.
	Bot bool
}

// Asked are the seated players proposal asks to confirm it, in seat order: every seat but
// the proposer's, a bot's and those the proposal says the missing man played (absentIDs,
// ARMADA 4.1: their players were not at the table), less who has confirmed it.
func Asked(seats []TableSeat, proposerID int64, absentIDs, confirmerIDs []int64) []int64 {
	var asked []int64
	for _, s := range seats {
		if s.UserID == proposerID || s.Bot || slices.Contains(absentIDs, s.UserID) || slices.Contains(confirmerIDs, s.UserID) {
			continue
		}
		asked = append(asked, s.UserID)
	}
	return asked
}

// AbsentSeats are the accounts of the seats a result's body says were absent (absent, its
// "absent" list: usernames in any letter case, spaces around them ignored), in seat order.
func AbsentSeats(seats []TableSeat, absent []string) []int64 {
	var ids []int64
	for _, s := range seats {
		if slices.ContainsFunc(absent, func(a string) bool { return strings.EqualFold(strings.TrimSpace(a), s.Username) }) {
			ids = append(ids, s.UserID)
		}
	}
	return ids
}

// Waiting are the usernames of the seated players a proposal still asks to confirm it, in
// seat order (Asked), the absent seats being those its body names (absent, AbsentSeats);
// empty, never nil, when nobody is.
func Waiting(seats []TableSeat, proposerID int64, absent []string, confirmerIDs []int64) []string {
	waiting := []string{}
	asked := Asked(seats, proposerID, AbsentSeats(seats, absent), confirmerIDs)
	for _, s := range seats {
		if slices.Contains(asked, s.UserID) {
			waiting = append(waiting, s.Username)
		}
	}
	return waiting
}

// Proposal is a seated player's result waiting for the table (CONTRACT section 8), as the
// rules on answering it read it.
type Proposal struct {
	ProposerID int64
	// Revision counts the proposer's versions of it, 1 first.
	Revision int
	// ConfirmerIDs confirmed it; AskedIDs are still asked to: every seated player but the
	// proposer, the bots and the seats the proposal says the missing man played.
	ConfirmerIDs []int64
	AskedIDs     []int64
	Disputed     bool
	// ClosesAt is when its confirmation window ends.
	ClosesAt time.Time
}

// Answer is a seated player's confirmation or dispute of the proposal.
type Answer struct {
	UserID int64
	// Revision is the revision of the proposal the player read; 0 answers the current one.
	Revision int
	// Dispute says the player disputes the proposal rather than confirms it.
	Dispute bool
}

// MayAnswer refuses an answer to proposal p: by anyone not seated, on a game that takes no
// result, to a revision no longer current, by the proposer, a second confirmation, from an
// absent seat, and any answer but a dispute's withdrawal of a confirmation once disputed.
// A player who confirmed may still dispute (their confirmation is withdrawn); a disputed
// proposal waits for the organisers. Bots never log in, so never answer.
func (t ResultTable) MayAnswer(p Proposal, a Answer) error {
	if !t.Seated(a.UserID) {
		return ErrNotSeated
	}
	if err := t.TakesResult(false); err != nil {
		return err
	}
	confirmed := slices.Contains(p.ConfirmerIDs, a.UserID)
	switch {
	case a.Revision != 0 && a.Revision != p.Revision:
		return ErrProposalChanged
	case p.ProposerID == a.UserID:
		return ErrOwnProposal
	case confirmed && !a.Dispute:
		return ErrAlreadyConfirmed
	case !confirmed && !slices.Contains(p.AskedIDs, a.UserID):
		return ErrAbsentSeat
	case p.Disputed:
		return ErrProposalDisputed
	}
	return nil
}

// Completes reports whether userID's confirmation of p is the last one asked for, which
// records the result as the organiser's record would.
func (p Proposal) Completes(userID int64) bool {
	return len(p.AskedIDs) == 1 && p.AskedIDs[0] == userID
}

// RecordsAtClose reports whether the table's proposal p is recorded by the end of its
// confirmation window, at now: the window has closed, at least one player confirmed, none
// disputed, and the game still takes its result.
func (t ResultTable) RecordsAtClose(p Proposal, now time.Time) bool {
	return !p.Disputed && !p.ClosesAt.After(now) && len(p.ConfirmerIDs) > 0 && t.TakesResult(false) == nil
}

// RecordsProposal refuses the recording of the table's proposal once its table has
// confirmed it (or its window closed), under the game's lock: a proposal that no longer
// fits the game (fits false: its body no longer checks against the seats, or the seats it
// was checked against changed) is outdated (ErrProposalOutdated) and waits for its
// proposer; otherwise the table's confirmations stand in for the organisers' say, so only
// the game's state is asked (TakesResult).
func (t ResultTable) RecordsProposal(fits bool) error {
	if !fits {
		return ErrProposalOutdated
	}
	return t.TakesResult(false)
}

// SeatOutcome is what one seat's line of a result says, as a correction compares it: the
// points the seat scored, its place and win, the scorer's explanation with its raw numbers,
// and who finished the seat.
type SeatOutcome struct {
	Points      *big.Rat
	Place       int
	Winner      bool
	Explanation string
	Substitute  string
}

// Outcome is a game's result as a correction compares it: its seats' lines in seat order
// and the team result (the victory and the winning side; empty outside team games).
type Outcome struct {
	Seats       []SeatOutcome
	Victory     string
	WinningSide string
}

// ChangesNothing reports whether a correction leaves the stored result as it is: every
// seat's line and the team result the same. Such a correction is refused; it would move
// nothing and only add to the audit trail.
func ChangesNothing(stored, corrected Outcome) bool {
	if len(stored.Seats) != len(corrected.Seats) || stored.Victory != corrected.Victory ||
		stored.WinningSide != corrected.WinningSide {
		return false
	}
	for i, s := range stored.Seats {
		c := corrected.Seats[i]
		if !sameRat(s.Points, c.Points) || s.Place != c.Place || s.Winner != c.Winner ||
			s.Explanation != c.Explanation || s.Substitute != c.Substitute {
			return false
		}
	}
	return true
}

// sameRat reports whether x and y are the same number, nil being none.
func sameRat(x, y *big.Rat) bool {
	if x == nil || y == nil {
		return x == y
	}
	return x.Cmp(y) == 0
}

// RatedAs is the kind of ladder member a recorded seat of a game of system is rated as in
// place of its player: the ladder's Seventh Player (rating.SeventhPlayer) for an absent seat
// whose power the missing man played ("For the purposes of rating, this "Seventh Player" is
// considered to be a member of the ARMADA and shall ante into the game pot accordingly",
// ARMADA 4.1; scoring.System.PlaysAbsentSeat). "" for a seat rated as its player, or not
// rated at all (scoring.SeatRated: an absent seat outside Diplomacy).
func RatedAs(system scoring.System, absent bool) string {
	if absent && system.PlaysAbsentSeat() {
		return rating.SeventhPlayer
	}
	return ""
}

// LeaguePoints are the league points a seat's player takes from a game in which the seat
// scored scored: all of them, or none when the seat was absent. An absent seat's power was
// played by the missing man (ARMADA 4.1): what it scored is the "Seventh Player"'s award on
// the ladder, and its player was not at the table, so takes no league points. The store
// writes these points, so no query decides this again. nil scored is none.
func LeaguePoints(scored *big.Rat, absent bool) *big.Rat {
	if absent || scored == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(scored)
}
