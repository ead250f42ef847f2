package store

import (
	"context"
	"encoding/json"
	"fmt"
	"strings"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// ResultRows is a checked result laid out for its rows, inside the write's transaction:
// its game (locked), its seat lines with account ids, the substitutes' account ids by
// username and the scorer's output encoded.
type ResultRows struct {
	game   ResultGame
	lines  []ResultLine
	subs   map[string]int64
	output []byte
}

// LockResultGame locks the row of the game's league, as every league operation takes it
// (closing the league, replacing a player, moving a game: a result and a close never
// cross), then the game's, and returns the game as locked; ErrNotFound when there is none.
func (s *Store) LockResultGame(ctx context.Context, tx pgx.Tx, gameID int64) (ResultGame, error) {
	return lockResultGame(ctx, tx, gameID)
}

func lockResultGame(ctx context.Context, tx pgx.Tx, gameID int64) (ResultGame, error) {
	if _, err := tx.Exec(ctx, lockGameLeagueSQL, gameID); err != nil {
		return ResultGame{}, err
	}
	return loadResultGame(ctx, tx, gameID, lockResultGameSQL)
}

// ResultRows lays w out for its rows on g, locked by LockResultGame, once the caller has
// refused a write checked against seats that have changed since (league.SameSeats): it
// matches the checked lines to the stored seats, rates the seats of rated (by seat index)
// as the ladder members the caller found for them (league.RatedAs, LadderMember) and
// resolves the substitutes to accounts (an unknown one is a *scoring.FieldError on
// "replaced.<seated username>").
func (s *Store) ResultRows(ctx context.Context, tx pgx.Tx, g ResultGame, w ResultWrite, rated map[int]SeatRef) (ResultRows, error) {
	return resultRows(ctx, tx, g, w, rated)
}

func resultRows(ctx context.Context, tx pgx.Tx, g ResultGame, w ResultWrite, rated map[int]SeatRef) (ResultRows, error) {
	if len(w.Seated.Lines) != len(g.Seats) || len(w.LeaguePoints) != len(g.Seats) {
		return ResultRows{}, fmt.Errorf("store: result of game %d has %d lines and %d league points for %d seats",
			g.ID, len(w.Seated.Lines), len(w.LeaguePoints), len(g.Seats))
	}
	rows := ResultRows{game: g, lines: make([]ResultLine, len(g.Seats)), subs: map[string]int64{}}
	var names []string
	for i, l := range w.Seated.Lines {
		seat := g.Seats[i]
		rows.lines[i] = ResultLine{SeatedLine: l, UserID: seat.UserID, DisplayName: seat.DisplayName, League: w.LeaguePoints[i]}
		rows.lines[i].Position, rows.lines[i].Player = seat.Position, seat.Username
		if m, ok := rated[i]; ok {
			rows.lines[i].Member, rows.lines[i].MemberID = m.Username, m.UserID
			rows.lines[i].Explanation = absentNote + rows.lines[i].Explanation
		}
		if l.Substitute != "" && postgresText(l.Substitute) { // any other name matches no account
			names = append(names, strings.ToLower(l.Substitute))
		}
	}
	if len(names) > 0 {
		found, err := collect[SeatRef](ctx, tx, usersByNamesSQL, names)
		if err != nil {
			return ResultRows{}, fmt.Errorf("look up substitutes: %w", err)
		}
		for _, u := range found {
			rows.subs[u.Username] = u.UserID
			for i := range rows.lines {
				if strings.EqualFold(rows.lines[i].Substitute, u.Username) {
					rows.lines[i].Substitute = u.Username
				}
			}
		}
	}
	var unknown scoring.FieldErrors
	for _, l := range rows.lines {
		if _, ok := rows.subs[l.Substitute]; l.Substitute != "" && !ok {
			unknown = append(unknown, &scoring.FieldError{Field: "replaced." + l.Player, Problem: fmt.Sprintf("no player %q", l.Substitute)})
		}
	}
	if len(unknown) > 0 {
		return ResultRows{}, unknown
	}
	var err error
	if rows.output, err = json.Marshal(w.Seated.Result); err != nil {
		return ResultRows{}, fmt.Errorf("encode scored result: %w", err)
	}
	return rows, nil
}

const usersByNamesSQL = `SELECT id AS user_id, username, display_name, 0 AS position FROM users WHERE lower(username) = ANY($1)`

// absentNote opens an absent seat's explanation, on the game page and in the CSV.
const absentNote = "absent: the power was played by the missing man (ARMADA 4.1); the Seventh Player antes and takes the award, " +
	"and the player gets no league points and no rating change. The power scored: "

// insertResultPointsSQL stores each seat's line: the league points its player takes and
// what the seat scored, which the ladder is rated from (they differ for an absent seat).
const insertResultPointsSQL = `
INSERT INTO result_points (game_id, position, league_id, user_id, points_num, points_den, scored_num, scored_den,
                           place, winner, explanation, substitute_id, absent)
SELECT $1, t.position, NULLIF($2::bigint, 0), t.user_id, t.num, t.den, t.scored_num, t.scored_den,
       t.place, t.winner, t.explanation, t.substitute_id, t.absent
FROM unnest($3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::bigint[], $8::bigint[], $9::int[], $10::bool[],
            $11::text[], $12::bigint[], $13::bool[])
    AS t(position, user_id, num, den, scored_num, scored_den, place, winner, explanation, substitute_id, absent)`

const insertAuditSQL = `
INSERT INTO result_audit (game_id, user_id, action, input, changes, reason) VALUES ($1, $2, $3, $4, $5, $6)`

// closeProposalSQL closes the game's proposal, if one stands, when its result is recorded.
const closeProposalSQL = `DELETE FROM result_proposals WHERE game_id = $1`

// keepDisputeSQL keeps the game's disputed proposal, if one stands, in its history before
// the recorded result closes it (issue #34: the reason stays after the organiser settles it).
const keepDisputeSQL = `
INSERT INTO settled_disputes (game_id, proposer_id, input, disputed_by, disputed_at, dispute_reason)
SELECT game_id, proposer_id, input, disputed_by, disputed_at, dispute_reason
FROM result_proposals WHERE game_id = $1 AND disputed_at IS NOT NULL
ON CONFLICT (game_id) DO UPDATE SET proposer_id = EXCLUDED.proposer_id, input = EXCLUDED.input,
    disputed_by = EXCLUDED.disputed_by, disputed_at = EXCLUDED.disputed_at,
    dispute_reason = EXCLUDED.dispute_reason, settled_at = now()`

// insertTableAuditSQL is the audit row of a result the table recorded: by its proposer,
// naming the confirmers.
const insertTableAuditSQL = `
INSERT INTO result_audit (game_id, user_id, action, input, changes, reason, proposed_by, confirmed_by)
VALUES ($1, $2, 'record', $3, $4, $5, $2, $6)`

// queueResultPoints queues the insert of every seat's league points, place and substitute.
func queueResultPoints(batch *pgx.Batch, g ResultGame, lines []ResultLine, subs map[string]int64) {
	n := len(lines)
	positions, places := make([]int32, n), make([]int32, n)
	users, nums, dens := make([]int64, n), make([]int64, n), make([]int64, n)
	scoredNums, scoredDens := make([]int64, n), make([]int64, n)
	winners, explanations, substitutes := make([]bool, n), make([]string, n), make([]*int64, n)
	absent := make([]bool, n)
	for i, l := range lines {
		positions[i], users[i], places[i], absent[i] = int32(l.Position), l.UserID, int32(l.Place), l.Absent
		points := l.League
		nums[i], dens[i] = points.Num().Int64(), points.Denom().Int64()
		scoredNums[i], scoredDens[i] = l.Points.Num().Int64(), l.Points.Denom().Int64()
		winners[i], explanations[i] = l.Winner, l.Explanation
		if l.Substitute != "" {
			id := subs[l.Substitute]
			substitutes[i] = &id
		}
	}
	batch.Queue(insertResultPointsSQL, g.ID, g.LeagueID, positions, users, nums, dens, scoredNums, scoredDens,
		places, winners, explanations, substitutes, absent)
}

// ending is how a result write ends once its rows are written: its audit row with the
// visible diff, and its notice to the game's audience.
type ending struct {
	// action is the audit row's, "record" or "correct"; notice is the event's kind and key
	// its outbox key.
	action, notice, key string
	// reason says why a correction was made; empty for a record.
	reason string
	// table is the table's record of a proposal; nil for an organiser's write.
	table *TableRecord
}

// queueEnding queues the ending of w, written on rw's game, which moved changes: every
// result write, recorded or corrected, by the organisers or by the table, ends this way.
func queueEnding(batch *pgx.Batch, rw ResultRows, w ResultWrite, changes Changes, e ending) error {
	text, err := json.Marshal(changes)
	if err != nil {
		return fmt.Errorf("encode changes: %w", err)
	}
	g, actor := rw.game, w.ByUserID
	if e.table == nil {
		batch.Queue(insertAuditSQL, g.ID, w.ByUserID, e.action, w.Input.Body, text, e.reason)
	} else {
		batch.Queue(insertTableAuditSQL, g.ID, e.table.ProposerID, w.Input.Body, text, e.table.Reason, e.table.ConfirmerIDs)
		actor = e.table.ActorID
	}
	return queueNotice(batch, e.key, resultNotice(e.notice, g, rw.lines, e.reason), resultAudience(g), actor)
}

// ledgerLines turns a game's rating entries into ledger lines (seat positions from 1).
func ledgerLines(entries []rating.Entry) []LedgerLine {
	out := make([]LedgerLine, len(entries))
	for i, e := range entries {
		out[i] = LedgerLine{Position: i + 1, Player: e.Player, Substitute: e.Substitute, Credited: e.Credited,
			Before: e.Before, Ante: e.Ante, Award: e.Award, Delta: e.Delta, After: e.After}
	}
	return out
}
