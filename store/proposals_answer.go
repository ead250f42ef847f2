package store

import (
	"context"
	"errors"
	"fmt"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

// answerable finds the proposal a answers (confirms or disputes): it locks the game, reads
// the proposal, and asks league.ResultTable.MayAnswer. Refusals: ErrNotSeated, a game that
// takes no result (ErrResultRecorded, ...), no proposal (ErrNotFound), ErrProposalChanged,
// ErrOwnProposal, ErrAlreadyConfirmed, ErrAbsentSeat and ErrProposalDisputed.
func answerable(ctx context.Context, tx pgx.Tx, gameID int64, a league.Answer) (ResultGame, Proposal, error) {
	g, err := lockTable(ctx, tx, gameID)
	if err != nil {
		return ResultGame{}, Proposal{}, err
	}
	// Who is not seated, or answers a game that takes no result, learns it before whether
	// a proposal stands.
	if !g.seated(a.UserID) {
		return ResultGame{}, Proposal{}, ErrNotSeated
	}
	if err := g.takesResult(false); err != nil {
		return ResultGame{}, Proposal{}, err
	}
	p, err := readProposal(ctx, tx, gameID)
	if err != nil {
		return ResultGame{}, Proposal{}, err
	}
	if err := g.refusal(g.table().MayAnswer(g.proposal(p), a)); err != nil {
		return ResultGame{}, Proposal{}, err
	}
	return g, p, nil
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

// username is the seated player's username ("" when not seated).
func (g ResultGame) username(userID int64) string {
	for _, s := range g.Seats {
		if s.UserID == userID {
			return s.Username
		}
	}
	return ""
}

const insertConfirmationSQL = `INSERT INTO result_confirmations (game_id, user_id) VALUES ($1, $2)`

// Confirm is a seated player's confirmation of the game's proposal (revision 0: the current
// one). The last confirmation records the result exactly as the organiser's record would
// (recordResult: standings, ratings, outbox), audited as proposed and confirmed; recorded
// says whether it did. Refusals are answerable's, and ErrProposalDisputed and
// ErrAlreadyConfirmed.
func (s *Store) Confirm(ctx context.Context, gameID, userID int64, revision int) (recorded bool, err error) {
	err = pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, p, err := answerable(ctx, tx, gameID, league.Answer{UserID: userID, Revision: revision})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, insertConfirmationSQL, gameID, userID); err != nil {
			return fmt.Errorf("insert confirmation: %w", err)
		}
		if !g.proposal(p).Completes(userID) {
			return nil
		}
		// Every other seated player has confirmed.
		confirmers := append(slices.Clone(p.ConfirmerIDs), userID)
		names := append(slices.Clone(p.Confirmed), g.username(userID))
		recorded = true
		return recordProposal(ctx, tx, g, p, &tableRecord{proposerID: p.ProposerID, confirmerIDs: confirmers, actorID: userID,
			reason: fmt.Sprintf("proposed by %s; confirmed by %s", p.Proposer, scoring.ListAnd(names))})
	})
	if err != nil {
		return false, fmt.Errorf("store: confirm the result of game %d: %w", gameID, err)
	}
	return recorded, nil
}

// recordProposal records the proposal as the table's result, inside tx holding the game's
// lock: checked again against the game's seats now, and written by recordResult.
func recordProposal(ctx context.Context, tx pgx.Tx, g ResultGame, p Proposal, table *tableRecord) error {
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
	_, err = recordResult(ctx, tx, w, table)
	return err
}

const disputeProposalSQL = `
UPDATE result_proposals SET disputed_by = $2, disputed_at = now(), dispute_reason = $3 WHERE game_id = $1`

const deleteConfirmationSQL = `DELETE FROM result_confirmations WHERE game_id = $1 AND user_id = $2`

// Dispute is a seated player's dispute of the game's proposal, with its reason (checked by
// the caller: 1..MaxDisputeReason characters). The window stops; the game waits on its
// organisers' desks with the proposal beside it, and the seated players and the organisers
// are told (result_disputed). A player who had confirmed may dispute: their confirmation
// is withdrawn. Refusals are answerable's, and ErrProposalDisputed for a second dispute.
func (s *Store) Dispute(ctx context.Context, gameID, userID int64, reason string, revision int) error {
	if reason = strings.TrimSpace(reason); reason == "" || len([]rune(reason)) > MaxDisputeReason || !postgresText(reason) {
		return &Invalid{Reason: fmt.Sprintf("reason: required, at most %d characters of text", MaxDisputeReason)}
	}
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, p, err := answerable(ctx, tx, gameID, league.Answer{UserID: userID, Revision: revision, Dispute: true})
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, deleteConfirmationSQL, gameID, userID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, disputeProposalSQL, gameID, userID, reason); err != nil {
			return fmt.Errorf("dispute: %w", err)
		}
		if p, err = readProposal(ctx, tx, gameID); err != nil {
			return err
		}
		w, err := g.Check(p.ProposerID, p.Input)
		if err != nil {
			return ErrProposalOutdated
		}
		n := proposalNotice(NoticeResultDisputed, g, p, w.Seated)
		return notify(ctx, tx, proposalEventKey(NoticeResultDisputed, p), n, audienceTable, userID)
	})
	if err != nil {
		return fmt.Errorf("store: dispute the result of game %d: %w", gameID, err)
	}
	return nil
}

// Withdraw is the proposer taking back their proposal (ErrNotProposer for anyone else,
// ErrNotFound when none stands).
func (s *Store) Withdraw(ctx context.Context, gameID, userID int64) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if _, err := lockTable(ctx, tx, gameID); err != nil {
			return err
		}
		p, err := readProposal(ctx, tx, gameID)
		if err != nil {
			return err
		}
		if p.ProposerID != userID {
			return ErrNotProposer
		}
		_, err = tx.Exec(ctx, closeProposalSQL, gameID)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: withdraw the proposal of game %d: %w", gameID, err)
	}
	return nil
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

// RecordClosedProposals records every proposal whose confirmation window ended by now with
// at least one confirmation and no dispute, each in its own transaction, exactly as the
// last confirmation would, and returns how many it recorded. Every server runs it; the
// game's lock makes each proposal recorded once. A proposal that no longer fits its game
// (ErrProposalOutdated) or whose game was closed stays for the organiser.
func (s *Store) RecordClosedProposals(ctx context.Context, now time.Time) (int, error) {
	rows, err := s.pool.Query(ctx, closedProposalsSQL, now, closedProposalsBatch)
	if err != nil {
		return 0, fmt.Errorf("store: closed proposals: %w", err)
	}
	ids, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return 0, fmt.Errorf("store: closed proposals: %w", err)
	}
	recorded := 0
	for _, id := range ids {
		done := false
		err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
			g, err := lockTable(ctx, tx, id)
			if err != nil {
				return err
			}
			p, err := readProposal(ctx, tx, id)
			if errors.Is(err, ErrNotFound) {
				return nil // recorded, withdrawn or closed meanwhile
			}
			if err != nil {
				return err
			}
			if !g.table().RecordsAtClose(g.proposal(p), now) {
				return nil
			}
			err = recordProposal(ctx, tx, g, p, &tableRecord{proposerID: p.ProposerID, confirmerIDs: p.ConfirmerIDs,
				reason: fmt.Sprintf("proposed by %s; confirmed by %s; the confirmation window closed with no dispute",
					p.Proposer, scoring.ListAnd(p.Confirmed))})
			if errors.Is(err, ErrProposalOutdated) {
				return nil
			}
			done = err == nil
			return err
		})
		if err != nil {
			return recorded, fmt.Errorf("store: record the closed proposal of game %d: %w", id, err)
		}
		if done {
			recorded++
		}
	}
	return recorded, nil
}
