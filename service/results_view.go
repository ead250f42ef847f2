package service

import (
	"context"
	"errors"
	"fmt"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// The results service's read model: what a page shows of who may write a game's result,
// asked of package league through the same functions the writes ask (Writable,
// MayPropose, RecordsAtClose), so no page decides it again.

// MayWrite reports whether userID records the game's result now or, once it is recorded,
// corrects it (Writable): the game page's record and correct buttons.
func MayWrite(g store.ResultGame, userID int64) bool {
	return Writable(g, userID, ResultTable(g).Recorded) == nil
}

// MayProposeNow reports whether userID may propose the game's result now (MayPropose): the
// game page's propose button.
func MayProposeNow(g store.ResultGame, userID int64) bool {
	return MayPropose(g, userID) == nil
}

// RecordsAtClose reports whether p's confirmation window records the result when it
// closes, at p.ClosesAt, as things stand (league.ResultTable.RecordsAtClose: a confirmation,
// no dispute, a game that takes the result): only then does the page say when.
func RecordsAtClose(g store.ResultGame, p Proposal) bool {
	return recordsAtClose(g, p.Proposal, p.ClosesAt)
}

// Proposal is a standing proposal as the pages and the API read it: the stored proposal
// with who it still asks to confirm it.
type Proposal struct {
	store.Proposal
	// Waiting are the seated players still asked to confirm it, in seat order
	// (league.Waiting): neither the proposer, nor a bot, nor an absent seat; empty, never
	// nil, when nobody is.
	Waiting []string
}

// readProposal is p with who it still asks to confirm it (league.Waiting).
func readProposal(p store.Proposal) Proposal {
	return Proposal{Proposal: p, Waiting: league.Waiting(p.Seats, p.ProposerID, proposalAbsent(p), p.ConfirmerIDs)}
}

// proposalAbsent are the usernames p's stored body says were absent: in Diplomacy the
// seats the missing man played (ARMADA 4.1), elsewhere the players who did not come
// (CONTRACT section 12).
func proposalAbsent(p store.Proposal) []string {
	in, err := scoring.DecodeResultInput(p.Input)
	if err != nil { // a stored proposal was checked when it was made
		return nil
	}
	return in.Absent
}

// leagueProposal is p as league reads it (league.Proposal): who it asks to confirm it by
// account (league.Asked).
func leagueProposal(p store.Proposal) league.Proposal {
	asked := league.Asked(p.Seats, p.ProposerID, league.AbsentSeats(p.Seats, proposalAbsent(p)), p.ConfirmerIDs)
	return league.Proposal{ProposerID: p.ProposerID, Revision: p.Revision, ConfirmerIDs: p.ConfirmerIDs,
		AskedIDs: asked, Disputed: p.Disputed(), ClosesAt: p.ClosesAt}
}

// Proposal returns the proposal standing for the game, with who it still asks to confirm
// it; store.ErrNotFound when none stands.
func (s *Results) Proposal(ctx context.Context, gameID int64) (Proposal, error) {
	p, err := s.store.Proposal(ctx, gameID)
	if err != nil {
		return Proposal{}, err
	}
	return readProposal(p), nil
}

// Proposals returns the proposals standing for the given games, by game id, each with who
// it still asks to confirm it.
func (s *Results) Proposals(ctx context.Context, gameIDs []int64) (map[int64]Proposal, error) {
	stored, err := s.store.Proposals(ctx, gameIDs)
	if err != nil {
		return nil, err
	}
	out := make(map[int64]Proposal, len(stored))
	for id, p := range stored {
		out[id] = readProposal(p)
	}
	return out, nil
}

// SeatedProposals returns the proposals standing for the games the user sits at, oldest
// first (those they are asked to confirm and their own), each with who it still asks to
// confirm it.
func (s *Results) SeatedProposals(ctx context.Context, userID int64) ([]Proposal, error) {
	stored, err := s.store.SeatedProposals(ctx, userID)
	if err != nil {
		return nil, err
	}
	out := make([]Proposal, len(stored))
	for i, p := range stored {
		out[i] = readProposal(p)
	}
	return out, nil
}

// ProposeBody is userID's proposal of the game's result as the API and the result form send
// it (body, a result of the game): it refuses the wrong person or state before judging the
// body (MayPropose), checks the body against the seats as a result is checked, and stores it
// (Propose, which asks again under the game's lock). Refusals as Propose's, and the body's
// *scoring.FieldError problems.
func (s *Results) ProposeBody(ctx context.Context, gameID, userID int64, body []byte) (Proposal, error) {
	g, err := s.store.ResultGame(ctx, gameID)
	if err != nil {
		return Proposal{}, fmt.Errorf("service: propose the result of game %d: %w", gameID, err)
	}
	if err := MayPropose(g, userID); err != nil {
		return Proposal{}, err
	}
	w, err := CheckResultBody(g, userID, body)
	if err != nil {
		return Proposal{}, err
	}
	return s.Propose(ctx, w)
}

// MayUseResultForm refuses the result form to userID unless they record the game's result
// (the organisers) or propose it (a seated player where players report): anyone else is
// told who records it (store.ErrNotOrganiser, or ErrNotTableOrganiser at a normal game's
// table where only its organiser enters the result); a game that takes no result now says
// why (MayPropose's refusal).
func MayUseResultForm(g store.ResultGame, userID int64) error {
	if ResultTable(g).MayRecord(userID) {
		return nil
	}
	err := MayPropose(g, userID)
	switch {
	case err == nil:
		return nil
	case g.LeagueID == 0 && !g.PlayersReport():
		return store.ErrNotTableOrganiser
	case errors.Is(err, store.ErrOrganisersOnly) || errors.Is(err, store.ErrNotSeated):
		return store.ErrNotOrganiser
	}
	return err
}
