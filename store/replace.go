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
	// Played is how many games the member who left had recorded in the league.
	Played int `db:"played"`
}

const memberSlotSQL = `SELECT slot FROM memberships WHERE league_id = $1 AND user_id = $2`

// standingSQL says whether a user is a member of the league, was replaced out of it and
// withdrew from it.
const standingSQL = `
SELECT EXISTS (SELECT 1 FROM memberships WHERE league_id = $1 AND user_id = $2),
       EXISTS (SELECT 1 FROM league_replacements WHERE league_id = $1 AND from_id = $2),
       EXISTS (SELECT 1 FROM league_withdrawals WHERE league_id = $1 AND user_id = $2)`

// standing reads where the user named name stands in the league, for the league's
// decisions on replacements and withdrawals.
func standing(ctx context.Context, q querier, leagueID, userID int64, name string) (league.Standing, error) {
	p := league.Standing{Name: name}
	err := q.QueryRow(ctx, standingSQL, leagueID, userID).Scan(&p.Member, &p.Replaced, &p.Withdrawn)
	return p, err
}

// lockLeaverGamesSQL locks the unplayed games the leaver sits in, so a result being
// recorded for one of them finishes first (and the game then counts as played) or waits.
const lockLeaverGamesSQL = `
SELECT g.id FROM games g JOIN seats s ON s.game_id = g.id
WHERE g.league_id = $1 AND s.user_id = $2 AND g.status = 'scheduled'
ORDER BY g.id
FOR UPDATE OF g`

const moveSeatsSQL = `UPDATE seats SET user_id = $2 WHERE game_id = ANY($3) AND user_id = $1`

const bumpSequenceSQL = `UPDATE games SET sequence = sequence + 1 WHERE id = ANY($1)`

const moveMembershipSQL = `UPDATE memberships SET user_id = $3, joined_at = now() WHERE league_id = $1 AND user_id = $2`

// insertReplacementSQL dates the replacement when this transaction holds the league's lock
// (clock_timestamp, not the transaction's start), so replacements list in the order they
// happened.
const insertReplacementSQL = `
INSERT INTO league_replacements (league_id, from_id, to_id, slot, replaced_by, seats_taken, replaced_at)
VALUES ($1, $2, $3, $4, $5, $6, clock_timestamp())`

// ReplaceMember is the organiser replacing a member of a running league by a substitute,
// in one transaction under the league's row lock: the substitute takes the member's place
// (slot) and every seat of theirs in a game not yet recorded; the games already played keep
// their results, points and ratings under the member who played them, and the standings
// list both. Inside a game, a seat finished by someone else is still the result's
// "replaced" (ARMADA 4.2), whoever holds the seat. Refusals name the field: from must be a
// member, to a user who is not in the league and was never replaced out of it.
func (s *Store) ReplaceMember(ctx context.Context, leagueID, byUserID int64, from, to string) (Replacement, error) {
	var out Replacement
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		status, err := manageLeague(ctx, tx, leagueID, byUserID, RoleOrganiser)
		if err != nil {
			return err
		}
		if err := league.MayChange(status, league.Replace, ""); err != nil {
			return err
		}
		fromID, fromName, err := userByName(ctx, tx, "from", from)
		if err != nil {
			return err
		}
		toID, toName, err := userByName(ctx, tx, "to", to)
		if err != nil {
			return err
		}
		r := league.Replacing{Same: fromID == toID}
		if r.From, err = standing(ctx, tx, leagueID, fromID, fromName); err != nil {
			return err
		}
		if r.To, err = standing(ctx, tx, leagueID, toID, toName); err != nil {
			return err
		}
		if err := league.MayReplace(r); err != nil {
			return err
		}
		var slot int
		if err := tx.QueryRow(ctx, memberSlotSQL, leagueID, fromID).Scan(&slot); err != nil {
			return err
		}
		rows, err := tx.Query(ctx, lockLeaverGamesSQL, leagueID, fromID)
		if err != nil {
			return err
		}
		games, err := pgx.CollectRows(rows, pgx.RowTo[int64])
		if err != nil {
			return err
		}
		batch := &pgx.Batch{}
		batch.Queue(moveSeatsSQL, fromID, toID, games)
		batch.Queue(bumpSequenceSQL, games)
		batch.Queue(moveMembershipSQL, leagueID, fromID, toID)
		batch.Queue(insertReplacementSQL, leagueID, fromID, toID, slot, byUserID, len(games))
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("replace: %w", err)
		}
		out = Replacement{From: fromName, To: toName, FromID: fromID, Slot: slot, SeatsTaken: len(games)}
		return logEvent(ctx, tx, leagueID, byUserID, "replace", league.Replaced(fromName, toName, len(games)))
	})
	if err != nil {
		return Replacement{}, fmt.Errorf("store: replace in league %d: %w", leagueID, err)
	}
	return out, nil
}

const replacementsSQL = `
SELECT f.username AS from_username, t.username AS to_username, r.from_id, r.slot, r.replaced_at, r.seats_taken,
       (SELECT count(*)::int FROM result_points rp WHERE rp.league_id = r.league_id AND rp.user_id = r.from_id) AS played
FROM league_replacements r JOIN users f ON f.id = r.from_id JOIN users t ON t.id = r.to_id
WHERE r.league_id = $1
ORDER BY r.replaced_at, r.slot`

// Replacements returns the league's replacements in the order they happened.
func (s *Store) Replacements(ctx context.Context, leagueID int64) ([]Replacement, error) {
	rs, err := collect[Replacement](ctx, s.pool, replacementsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: replacements of league %d: %w", leagueID, err)
	}
	return rs, nil
}
