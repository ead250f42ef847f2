package service

import (
	"context"
	"errors"
	"fmt"

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
func RecordsAtClose(g store.ResultGame, p store.Proposal) bool {
	return recordsAtClose(g, p, p.ClosesAt)
}

// ProposeBody is userID's proposal of the game's result as the API and the result form send
// it (body, a result of the game): it refuses the wrong person or state before judging the
// body (MayPropose), checks the body against the seats as a result is checked, and stores it
// (Propose, which asks again under the game's lock). Refusals as Propose's, and the body's
// *scoring.FieldError problems.
func (s *Results) ProposeBody(ctx context.Context, gameID, userID int64, body []byte) (store.Proposal, error) {
	g, err := s.store.ResultGame(ctx, gameID)
	if err != nil {
		return store.Proposal{}, fmt.Errorf("service: propose the result of game %d: %w", gameID, err)
	}
	if err := MayPropose(g, userID); err != nil {
		return store.Proposal{}, err
	}
	w, err := CheckResultBody(g, userID, body)
	if err != nil {
		return store.Proposal{}, err
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
