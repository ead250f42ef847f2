package store

import (
	"context"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
)

// Replacement is a member of a running league replaced by a substitute, who took every
// seat of theirs still to play.
type Replacement struct {
	// From is the member who left; To the substitute.
	From string `db:"from_username"`
	To   string `db:"to_username"`
	// FromID is the member who left, for the seats of their played games.
	FromID int64 `db:"from_id"`
	// Slot is the place in the league both held, the player number of the schedule.
	Slot int       `db:"slot"`
	At   time.Time `db:"replaced_at"`
	// SeatsTaken is how many unplayed games the substitute took over.
	SeatsTaken int `db:"seats_taken"`
	// Absent says, for each recorded seat of the member who left, whether it was absent
	// (the missing man played it).
	Absent []bool `db:"absent"`
	// Played is how many games the member who left played in the league, which the
	// service counts of Absent (service.Leagues.Replacements, league.GamesPlayed); the
	// store leaves it 0.
	Played int `db:"-"`
}

const memberSlotSQL = `SELECT slot FROM memberships WHERE league_id = $1 AND user_id = $2`

// MemberSlot returns the member's slot in the league: their player number in the schedule.
func (s *Store) MemberSlot(ctx context.Context, tx pgx.Tx, leagueID, userID int64) (int, error) {
	var slot int
	if err := tx.QueryRow(ctx, memberSlotSQL, leagueID, userID).Scan(&slot); err != nil {
		return 0, fmt.Errorf("store: slot of user %d: %w", userID, err)
	}
	return slot, nil
}

// standingSQL says whether a user is a member of the league, was replaced out of it and
// withdrew from it.
const standingSQL = `
SELECT EXISTS (SELECT 1 FROM memberships WHERE league_id = $1 AND user_id = $2),
       EXISTS (SELECT 1 FROM league_replacements WHERE league_id = $1 AND from_id = $2),
       EXISTS (SELECT 1 FROM league_withdrawals WHERE league_id = $1 AND user_id = $2)`

// Standing reads where the user named name stands in the league, for the league's
// decisions on replacements and withdrawals.
func (s *Store) Standing(ctx context.Context, tx pgx.Tx, leagueID, userID int64, name string) (league.Standing, error) {
	p := league.Standing{Name: name}
	if err := tx.QueryRow(ctx, standingSQL, leagueID, userID).Scan(&p.Member, &p.Replaced, &p.Withdrawn); err != nil {
		return league.Standing{}, fmt.Errorf("store: standing of %s: %w", name, err)
	}
	return p, nil
}

// lockLeaverGamesSQL locks the unplayed games the leaver sits in, so a result being
// recorded for one of them finishes first (and the game then counts as played) or waits.
const lockLeaverGamesSQL = `
SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.league_id = $1 AND s.user_id = $2 AND g.status = 'scheduled'
ORDER BY g.id
FOR UPDATE OF g`

// LockUnplayedGames locks the league's unplayed games the user sits in and returns them: a
// result being recorded for one of them (which takes the league's row first) is either
// in, and the game played, or waits.
func (s *Store) LockUnplayedGames(ctx context.Context, tx pgx.Tx, leagueID, userID int64) ([]int64, error) {
	rows, err := tx.Query(ctx, lockLeaverGamesSQL, leagueID, userID)
	if err != nil {
		return nil, fmt.Errorf("store: unplayed games of user %d: %w", userID, err)
	}
	games, err := pgx.CollectRows(rows, pgx.RowTo[int64])
	if err != nil {
		return nil, fmt.Errorf("store: unplayed games of user %d: %w", userID, err)
	}
	return games, nil
}

const moveSeatsSQL = `UPDATE seats SET user_id = $2 WHERE game_id = ANY($3) AND user_id = $1`

const bumpSequenceSQL = `UPDATE games SET sequence = sequence + 1 WHERE id = ANY($1)`

const moveMembershipSQL = `UPDATE memberships SET user_id = $3, joined_at = now() WHERE league_id = $1 AND user_id = $2`

// insertReplacementSQL dates the replacement when this transaction holds the league's lock
// (clock_timestamp, not the transaction's start), so replacements list in the order they
// happened.
const insertReplacementSQL = `
INSERT INTO league_replacements (league_id, from_id, to_id, slot, replaced_by, seats_taken, replaced_at)
VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())`

// InsertReplacement stores a replacement decided by byUserID: the substitute toID takes
// fromID's place (r.Slot) and their seats in games, the unplayed games (calendars see a new
// SEQUENCE), and the replacement is recorded.
func (s *Store) InsertReplacement(ctx context.Context, tx pgx.Tx, leagueID, byUserID, fromID, toID int64, r Replacement, games []int64) error {
	batch := &pgx.Batch{}
	batch.Queue(moveSeatsSQL, fromID, toID, games)
	batch.Queue(bumpSequenceSQL, games)
	batch.Queue(moveMembershipSQL, leagueID, fromID, toID)
	batch.Queue(insertReplacementSQL, leagueID, fromID, toID, r.Slot, byUserID, r.SeatsTaken)
	if err := tx.SendBatch(ctx, batch).Close(); err != nil {
		return fmt.Errorf("store: replace: %w", err)
	}
	return nil
}

const replacementsSQL = `
SELECT f.username AS from_username, t.username AS to_username, r.from_id, r.slot, r.replaced_at, r.seats_taken,
       ARRAY(SELECT rp.absent FROM result_points rp WHERE rp.league_id = r.league_id AND rp.user_id = r.from_id) AS absent
FROM league_replacements r JOIN users f ON f.id = r.from_id JOIN users t ON t.id = r.to_id
WHERE r.league_id = $1
ORDER BY r.replaced_at, r.slot`

// Replacements returns the league's replacements in the order they happened, Played left
// for the service (service.Leagues.Replacements).
func (s *Store) Replacements(ctx context.Context, leagueID int64) ([]Replacement, error) {
	rs, err := collect[Replacement](ctx, s.pool, replacementsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: replacements of league %d: %w", leagueID, err)
	}
	return rs, nil
}
