package service

import (
	"context"
	"fmt"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// The two ways a result arrives over HTTP, each one call: the result form's post
// (SubmitForm) and the API's scorer input (WriteBody). The handlers bind and render; what
// the result may be, who may write it and how it is stored are decided below them, once.

// Submitted is what a result form's post did: checked (the preview), recorded or
// corrected (Result), or proposed (Proposal, when Proposed).
type Submitted struct {
	// Write is the result as checked against the game's seats.
	Write store.ResultWrite
	// Proposed reports that a seated player proposed it (Proposal) instead of recording.
	Proposed bool
	Proposal Proposal
	// Result is the result recorded or corrected.
	Result store.GameResult
}

// SubmitForm checks in, the result the result form built for byUserID from g (the game as
// the form read it), against g's seats (CheckResult) with its reason (league.ResultReason,
// which a save would refuse too), and with save stores it: a writer who may not record
// (MayRecord: a seated player where players report) proposes it (Propose); the organisers
// record it, or correct it when the form was built from a recorded result (correct). Without
// save nothing is stored: the form's preview. Refusals are those of CheckResult, Propose,
// Record and Correct; on any error nothing changes.
func (s *Results) SubmitForm(ctx context.Context, g store.ResultGame, byUserID int64, in scoring.ResultInput, save, correct bool) (Submitted, error) {
	w, err := CheckResult(g, byUserID, in)
	if err != nil {
		return Submitted{}, err
	}
	if err := league.ResultReason(w.Reason); err != nil {
		return Submitted{}, err
	}
	out := Submitted{Write: w}
	switch {
	case !save:
	case !MayRecord(g, byUserID):
		out.Proposed = true
		out.Proposal, err = s.Propose(ctx, w)
	case correct:
		out.Result, err = s.Correct(ctx, w)
	default:
		out.Result, err = s.Record(ctx, w)
	}
	if err != nil {
		return Submitted{}, err
	}
	return out, nil
}

// WriteBody records a game's result given as the scorer's JSON input (CONTRACT section 1),
// or with correct corrects the recorded one, as byUserID: the wrong writer or a game in the
// wrong state is refused before the body is judged (Writable, asked again under the game's
// lock), the body is decoded and checked once (CheckResultBody) and then written (Record,
// Correct). Problems of the body are *scoring.FieldError or scoring.FieldErrors; on any
// error nothing changes.
func (s *Results) WriteBody(ctx context.Context, gameID, byUserID int64, body []byte, correct bool) (store.GameResult, error) {
	g, err := s.store.ResultGame(ctx, gameID)
	if err != nil {
		return store.GameResult{}, fmt.Errorf("service: %w", err)
	}
	if err := Writable(g, byUserID, correct); err != nil {
		return store.GameResult{}, err
	}
	w, err := CheckResultBody(g, byUserID, body)
	if err != nil {
		return store.GameResult{}, err
	}
	if correct {
		return s.Correct(ctx, w)
	}
	return s.Record(ctx, w)
}
