package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

// MayAnswer refuses, before a proposal is read, an answer (a confirmation or a dispute) by
// anyone not seated (ErrNotSeated) or on a game that takes no result (ErrResultRecorded,
// ...): they learn it before whether a proposal stands.
func (g ResultGame) MayAnswer(userID int64) error {
	if !g.seated(userID) {
		return ErrNotSeated
	}
	return g.takesResult(false)
}

// Answers refuses answer a to the proposal p (league.ResultTable.MayAnswer):
// ErrProposalChanged, ErrOwnProposal, ErrAlreadyConfirmed, ErrAbsentSeat and
// ErrProposalDisputed.
func (g ResultGame) Answers(p Proposal, a league.Answer) error {
	return g.refusal(g.table().MayAnswer(g.proposal(p), a))
}

// Completes reports whether userID's confirmation of p is the last one it waits for
// (league.Proposal.Completes).
func (g ResultGame) Completes(p Proposal, userID int64) bool { return g.proposal(p).Completes(userID) }

// RecordsAtClose reports whether p is recorded as the game's result now that its window
// has closed (league.ResultTable.RecordsAtClose).
func (g ResultGame) RecordsAtClose(p Proposal, now time.Time) bool {
	return g.table().RecordsAtClose(g.proposal(p), now)
}

// proposal is p as league reads it: who is asked to confirm it by account.
func (g ResultGame) proposal(p Proposal) league.Proposal {
	lp := league.Proposal{ProposerID: p.ProposerID, Revision: p.Revision, ConfirmerIDs: p.ConfirmerIDs,
		Disputed: p.Disputed(), ClosesAt: p.ClosesAt}
	for _, s := range g.Seats {
		if slices.Contains(p.Waiting, s.Username) {
			lp.AskedIDs = append(lp.AskedIDs, s.UserID)
		}
	}
	return lp
}

// Username is the seated player's username ("" when not seated).
func (g ResultGame) Username(userID int64) string {
	for _, s := range g.Seats {
		if s.UserID == userID {
			return s.Username
		}
	}
	return ""
}

const insertConfirmationSQL = `INSERT INTO result_confirmations (game_id, user_id) VALUES ($1, $2)`

// InsertConfirmation stores the seated player's confirmation of the game's proposal.
func (s *Store) InsertConfirmation(ctx context.Context, tx pgx.Tx, gameID, userID int64) error {
	if _, err := tx.Exec(ctx, insertConfirmationSQL, gameID, userID); err != nil {
		return fmt.Errorf("insert confirmation: %w", err)
	}
	return nil
}

// InsertTableResult records the proposal p as the table's result, inside tx holding the
// game's lock: checked again against the game's seats now (ErrProposalOutdated when it no
// longer fits them) and stored as an organiser's record is (InsertResult), audited as
// table says.
func (s *Store) InsertTableResult(ctx context.Context, tx pgx.Tx, g ResultGame, p Proposal, table TableRecord) error {
	w, err := g.Check(p.ProposerID, p.Input)
	if err != nil {
		var fe *scoring.FieldError
		if errors.As(err, &fe) {
			return ErrProposalOutdated
		}
		return err
	}
	if err := g.sameSeats(w.Seated); err != nil {
		return ErrProposalOutdated
	}
	// The table's confirmations stand in for the organisers' say: only the game's state is
	// asked (league.ResultTable.TakesResult).
	if err := g.takesResult(false); err != nil {
		return err
	}
	rw, err := resultRows(ctx, tx, g, w)
	if err != nil {
		return err
	}
	_, err = insertResult(ctx, tx, rw, w, &table)
	return err
}

const disputeProposalSQL = `
UPDATE result_proposals SET disputed_by = $2, disputed_at = now(), dispute_reason = $3 WHERE game_id = $1`

const deleteConfirmationSQL = `DELETE FROM result_confirmations WHERE game_id = $1 AND user_id = $2`

// UpdateDispute stores userID's dispute of the game's proposal, with its reason; a
// confirmation of theirs is withdrawn.
func (s *Store) UpdateDispute(ctx context.Context, tx pgx.Tx, gameID, userID int64, reason string) error {
	if _, err := tx.Exec(ctx, deleteConfirmationSQL, gameID, userID); err != nil {
		return err
	}
	if _, err := tx.Exec(ctx, disputeProposalSQL, gameID, userID, reason); err != nil {
		return fmt.Errorf("dispute: %w", err)
	}
	return nil
}

// DeleteProposal deletes the game's proposal, if one stands.
func (s *Store) DeleteProposal(ctx context.Context, tx pgx.Tx, gameID int64) error {
	_, err := tx.Exec(ctx, closeProposalSQL, gameID)
	return err
}

// closedProposalsSQL finds the proposals whose window ended by $1 with at least one
// confirmation and no dispute, oldest first.
const closedProposalsSQL = `
SELECT p.game_id FROM result_proposals p
WHERE p.disputed_at IS NULL AND p.closes_at <= $1
  AND EXISTS (SELECT 1 FROM result_confirmations c WHERE c.game_id = p.game_id)
ORDER BY p.closes_at, p.game_id
LIMIT $2`

// closedProposalsBatch bounds the proposals one sweep records.
const closedProposalsBatch = 100

// ClosedProposals returns the games (at most a sweep's batch) whose proposal's window
// ended by now with at least one confirmation and no dispute, oldest first.
func (s *Store) ClosedProposals(ctx context.Context, now time.Time) ([]int64, error) {
	rows, err := s.pool.Query(ctx, closedProposalsSQL, now, closedProposalsBatch)
	if err != nil {
		return nil, fmt.Errorf("store: closed proposals: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: closed proposals: %w", err)
	}
	return ids, nil
}
