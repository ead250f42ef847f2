package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"
)

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

// InsertTableResult stores w, the table's proposal checked again under the game's lock
// (service.Results decides it still fits and the game takes it:
// league.ResultTable.RecordsProposal), as an organiser's record is (InsertResult, then
// InsertRating), audited as table says; rated are the seats rated as ladder members
// (ResultRows).
func (s *Store) InsertTableResult(ctx context.Context, tx pgx.Tx, g ResultGame, w ResultWrite, rated map[int]SeatRef, table TableRecord) (RecordedResult, error) {
	rw, err := resultRows(ctx, tx, g, w, rated)
	if err != nil {
		return RecordedResult{}, err
	}
	return insertResult(ctx, tx, rw, w, &table)
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
