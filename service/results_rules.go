package service

import (
	"errors"
	"math/big"
	"time"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// The results service asks package league about a game read by the store (ResultTable); league's refusals are the errors its callers see, each a
// Forbidden or a Conflict the HTTP layer maps to a status in one place (httpx.Classify).
// These are the only places that ask; the pages ask through them too.

// ResultTable is the game as league decides who writes its result (league.ResultTable).
func ResultTable(g store.ResultGame) league.ResultTable {
	t := league.ResultTable{InLeague: g.LeagueID != 0, LeagueStatus: g.LeagueStatus, SeatsFree: g.Status == store.GameOpen,
		Recorded: g.Status == store.GameFinished, OrganiserID: g.OrganiserID, CoOrganiserIDs: g.CoOrganiserIDs,
		SeatIDs: make([]int64, len(g.Seats)), PlayersReport: g.PlayersReport()}
	for i, s := range g.Seats {
		t.SeatIDs[i] = s.UserID
	}
	return t
}

// MayRecord reports whether the user records and corrects the game's results
// (league.ResultTable.MayRecord): the league's organiser or one of its co-organisers, or
// the organiser of a normal game.
func MayRecord(g store.ResultGame, userID int64) bool { return ResultTable(g).MayRecord(userID) }

// CheckResult checks in, a result of the game decoded once (DecodeResult,
// or a result form's scoring.FormEntry.Input), against its seats (scoring.ScoreSeated: the
// rules live there) and returns it checked, as byUserID's write; it stores nothing.
// Problems are *scoring.FieldError, or scoring.FieldErrors when the seats have several.
func CheckResult(g store.ResultGame, byUserID int64, in scoring.ResultInput) (store.ResultWrite, error) {
	seated, err := scoring.ScoreSeated(g.Game, in, g.LeagueSeats())
	if err != nil {
		return store.ResultWrite{}, err
	}
	points := make([]*big.Rat, len(seated.Lines))
	for i, l := range seated.Lines {
		points[i] = league.LeaguePoints(l.Points, l.Absent)
	}
	ladder, owner := Ladder(g)
	return store.ResultWrite{GameID: g.ID, ByUserID: byUserID, Input: in, Seated: seated, LeaguePoints: points,
		Ladder: ladder, LadderLeagueID: owner, Version: g.Version, Reason: in.Reason}, nil
}

// Ladder is the ladder g is rated on (rating.LeagueLadder): the game's public ladder, or
// its private league's own, which owner names (nil for a public ladder).
func Ladder(g store.ResultGame) (ladder string, owner *int64) {
	ladder = rating.LeagueLadder(g.Game.Slug, g.LeagueID, g.Private)
	if !rating.PublicLadder(ladder) {
		owner = &g.LeagueID
	}
	return ladder, owner
}

// DecodeResult decodes body, a result of g as the API or the result form submits it, once
// (scoring.Game.DecodeResult, in the game's version: a Vortex board takes its die).
// Problems are *scoring.FieldError, or scoring.FieldErrors for every field of a list.
func DecodeResult(g store.ResultGame, body []byte) (scoring.ResultInput, error) {
	return g.Game.DecodeResult(g.GameVersion, body)
}

// RecordedInput is g's recorded result decoded (DecodeResult): the zero input before a
// result is recorded, and only its Body when the scorer now refuses the stored body
// (CheckResult then names the problem).
func RecordedInput(g store.ResultGame) scoring.ResultInput {
	if g.Recorded == nil {
		return scoring.ResultInput{}
	}
	in, err := DecodeResult(g, g.Recorded)
	if err != nil {
		return scoring.ResultInput{Body: g.Recorded}
	}
	return in
}

// CheckResultBody decodes body once (DecodeResult) and checks it
// (CheckResult): what the API and a stored proposal hand over as text.
func CheckResultBody(g store.ResultGame, byUserID int64, body []byte) (store.ResultWrite, error) {
	in, err := DecodeResult(g, body)
	if err != nil {
		return store.ResultWrite{}, err
	}
	return CheckResult(g, byUserID, in)
}

// Writable refuses a result write on the game by anyone but the league's organiser or a
// co-organiser (store.ErrNotOrganiser; ErrNotTableOrganiser for a normal game), any result
// in a league whose standings are frozen, a record of a recorded game (ErrResultRecorded)
// and a correction of an unrecorded one (ErrNoResult): league.ResultTable.Writable decides.
// The results service asks it again under the league's and the game's row locks.
func Writable(g store.ResultGame, byUserID int64, correction bool) error {
	return refusal(g, ResultTable(g).Writable(byUserID, correction))
}

// MayPropose refuses a proposal by userID before its body is judged
// (league.ResultTable.MayPropose): where only the organisers enter results
// (store.ErrOrganisersOnly), by anyone not seated (ErrNotSeated), and on a game that takes
// no result (recorded, a table not full, a frozen league). The results service asks it
// again under the game's lock.
func MayPropose(g store.ResultGame, userID int64) error {
	return refusal(g, ResultTable(g).MayPropose(userID))
}

// sameSeats refuses a checked result whose seat lines are not the game's seats now
// (store.ErrSeatsChanged; league.SameSeats): a replacement or a withdrawal reseated the game
// between the check and the lock.
func sameSeats(g store.ResultGame, seated scoring.SeatedResult) error {
	return refusal(g, league.SameSeats(seated.Lines, g.LeagueSeats()))
}

// proposesAbsent refuses a proposal seated by userID in which their own seat is absent
// (store.ErrAbsentSeat; league.ProposesAbsent).
func proposesAbsent(g store.ResultGame, userID int64, seated scoring.SeatedResult) error {
	var absentIDs []int64
	for i, l := range seated.Lines {
		if l.Absent && i < len(g.Seats) {
			absentIDs = append(absentIDs, g.Seats[i].UserID)
		}
	}
	return refusal(g, league.ProposesAbsent(userID, absentIDs))
}

// mayAnswer refuses, before a proposal is read, an answer (a confirmation or a dispute) by
// anyone not seated (store.ErrNotSeated) or on a game that takes no result
// (ErrResultRecorded, ...): they learn it before whether a proposal stands.
func mayAnswer(g store.ResultGame, userID int64) error {
	t := ResultTable(g)
	if !t.Seated(userID) {
		return store.ErrNotSeated
	}
	return refusal(g, t.TakesResult(false))
}

// answers refuses answer a to the proposal p (league.ResultTable.MayAnswer):
// store.ErrProposalChanged, ErrOwnProposal, ErrAlreadyConfirmed, ErrAbsentSeat and
// ErrProposalDisputed.
func answers(g store.ResultGame, p store.Proposal, a league.Answer) error {
	return refusal(g, ResultTable(g).MayAnswer(leagueProposal(p), a))
}

// recordsAtClose reports whether p is recorded as the game's result now that its window
// has closed (league.ResultTable.RecordsAtClose).
func recordsAtClose(g store.ResultGame, p store.Proposal, now time.Time) bool {
	return ResultTable(g).RecordsAtClose(leagueProposal(p), now)
}

// tableResult checks the proposal p again under the game's lock, as its proposer's write,
// and refuses its recording (league.ResultTable.RecordsProposal): one whose body no longer
// checks against the seats (a *scoring.FieldError) or whose seats changed
// (league.SameSeats) is store.ErrProposalOutdated; a game that takes no result now refuses
// it as any write.
func tableResult(g store.ResultGame, p store.Proposal) (store.ResultWrite, error) {
	w, err := checkProposal(g, p)
	var fe *scoring.FieldError
	if err != nil && !errors.As(err, &fe) {
		return store.ResultWrite{}, err
	}
	fits := err == nil && league.SameSeats(w.Seated.Lines, g.LeagueSeats()) == nil
	if err := refusal(g, ResultTable(g).RecordsProposal(fits)); err != nil {
		return store.ResultWrite{}, err
	}
	return w, nil
}

// checkProposal decodes the stored body of p once, as read from the database, and checks
// it against the game's seats as its proposer's write (CheckResult).
func checkProposal(g store.ResultGame, p store.Proposal) (store.ResultWrite, error) {
	return CheckResultBody(g, p.ProposerID, p.Input)
}

// attends refuses the attendance answer of a (league.Attends): store.ErrAttendanceNotSeated
// for anyone not seated, store.ErrGamePlayed once the game is recorded.
func attends(a store.Attendee) error {
	err := league.Attends(a.Seated, a.Status == store.GameFinished)
	switch {
	case errors.Is(err, league.ErrNotSeated):
		return store.ErrAttendanceNotSeated
	case errors.Is(err, league.ErrRecorded):
		return store.ErrGamePlayed
	}
	return err
}

// refusal is league's refusal as the service's callers see it, nil staying nil: league's
// refusals are already the errors they see (league.ErrNotSeated and the others, named in
// store too), but a frozen league's, which names the league's status.
func refusal(g store.ResultGame, err error) error {
	if errors.Is(err, league.ErrStandingsFrozen) {
		return StandingsFrozen(g.LeagueStatus)
	}
	return err
}
