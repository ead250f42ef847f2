package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

const resultSQL = `
SELECT r.game_id, COALESCE(r.league_id, 0), r.ladder, r.ladder_seq, r.input, r.output,
       rb.username AS recorded_by, r.recorded_at, COALESCE(cb.username, '') AS corrected_by, r.corrected_at
FROM results r
JOIN users rb ON rb.id = r.recorded_by
LEFT JOIN users cb ON cb.id = r.corrected_by
WHERE r.game_id = $1`

const resultLinesSQL = `
SELECT rp.position, rp.user_id, u.username, u.display_name, rp.points_num, rp.points_den, rp.scored_num, rp.scored_den, rp.place,
       rp.winner, rp.explanation, COALESCE(sub.username, '') AS substitute, rp.absent
FROM result_points rp
JOIN users u ON u.id = rp.user_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE rp.game_id = $1
ORDER BY rp.position`

const gameLedgerSQL = `
SELECT re.position, p.username AS player, COALESCE(s.username, '') AS substitute, c.username AS credited,
       re.before_micros, re.ante_micros, re.award_micros, re.delta_micros, re.after_micros
FROM rating_entries re
JOIN users p ON p.id = re.player_id
JOIN users c ON c.id = re.credited_id
LEFT JOIN users s ON s.id = re.substitute_id
WHERE re.game_id = $1
ORDER BY re.position`

// resultLineRow is a stored seat line as read.
type resultLineRow struct {
	Position    int    `db:"position"`
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
	PointsNum   int64  `db:"points_num"`
	PointsDen   int64  `db:"points_den"`
	ScoredNum   int64  `db:"scored_num"`
	ScoredDen   int64  `db:"scored_den"`
	Place       int    `db:"place"`
	Winner      bool   `db:"winner"`
	Explanation string `db:"explanation"`
	Substitute  string `db:"substitute"`
	Absent      bool   `db:"absent"`
}

// Result returns a game's recorded result with its seat lines and rating ledger, or
// ErrNotFound when the game has no result.
func (s *Store) Result(ctx context.Context, gameID int64) (GameResult, error) {
	var r GameResult
	var output []byte
	err := s.pool.QueryRow(ctx, resultSQL, gameID).Scan(&r.GameID, &r.LeagueID, &r.Ladder, &r.LadderSeq,
		&r.Input, &output, &r.RecordedBy, &r.RecordedAt, &r.CorrectedBy, &r.CorrectedAt)
	if errors.Is(err, pgx.ErrNoRows) {
		return GameResult{}, fmt.Errorf("store: result of game %d: %w", gameID, ErrNotFound)
	}
	if err != nil {
		return GameResult{}, fmt.Errorf("store: result of game %d: %w", gameID, err)
	}
	if err := json.Unmarshal(output, &r.Result); err != nil {
		return GameResult{}, fmt.Errorf("store: result of game %d: decode output: %w", gameID, err)
	}
	lines, err := collect[resultLineRow](ctx, s.pool, resultLinesSQL, gameID)
	if err != nil {
		return GameResult{}, fmt.Errorf("store: result lines of game %d: %w", gameID, err)
	}
	sides := make(map[string]string, len(r.Result.Results))
	for _, pr := range r.Result.Results {
		sides[pr.ID] = pr.Side
	}
	for _, l := range lines {
		r.Lines = append(r.Lines, ResultLine{SeatedLine: scoring.SeatedLine{
			Position: l.Position, Player: l.Username, Points: big.NewRat(l.ScoredNum, l.ScoredDen), Place: l.Place,
			Winner: l.Winner, Side: sides[l.Username], Explanation: l.Explanation, Substitute: l.Substitute, Absent: l.Absent,
		}, UserID: l.UserID, DisplayName: l.DisplayName, League: big.NewRat(l.PointsNum, l.PointsDen)})
	}
	ledger, err := collect[LedgerLine](ctx, s.pool, gameLedgerSQL, gameID)
	if err != nil {
		return GameResult{}, fmt.Errorf("store: ledger of game %d: %w", gameID, err)
	}
	if len(ledger) > 0 {
		r.Ledger = ledger
	}
	return r, nil
}

// AuditEntry is one row of a result's audit trail: who recorded or corrected it, when, and
// what moved.
type AuditEntry struct {
	ID       int64
	Username string
	// Action is "record" or "correct".
	Action  string
	At      time.Time
	Input   json.RawMessage
	Changes Changes
	// Reason is why a correction was made; for a record the table made, how it was made.
	Reason string
	// ProposedBy and ConfirmedBy name, for a result the table recorded, its proposer and
	// the players who confirmed it, in the order they did; empty for an organiser's write.
	ProposedBy  string
	ConfirmedBy []string
}

const resultAuditSQL = `
SELECT a.id, u.username, a.action, a.at, a.input, a.changes, a.reason,
       COALESCE(pb.username, '') AS proposed_by,
       ARRAY(SELECT cu.username FROM unnest(a.confirmed_by) WITH ORDINALITY AS c(id, n)
             JOIN users cu ON cu.id = c.id ORDER BY c.n) AS confirmed_by
FROM result_audit a JOIN users u ON u.id = a.user_id LEFT JOIN users pb ON pb.id = a.proposed_by
WHERE a.game_id = $1
ORDER BY a.id`

// ResultAudit returns a game's audit trail, oldest first; empty when it has no result.
func (s *Store) ResultAudit(ctx context.Context, gameID int64) ([]AuditEntry, error) {
	type row struct {
		ID       int64           `db:"id"`
		Username string          `db:"username"`
		Action   string          `db:"action"`
		At       time.Time       `db:"at"`
		Input    json.RawMessage `db:"input"`
		Changes  []byte          `db:"changes"`
		Reason   string          `db:"reason"`
		Proposed string          `db:"proposed_by"`
		Confirmd []string        `db:"confirmed_by"`
	}
	rows, err := collect[row](ctx, s.pool, resultAuditSQL, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: audit of game %d: %w", gameID, err)
	}
	var out []AuditEntry
	for _, r := range rows {
		e := AuditEntry{ID: r.ID, Username: r.Username, Action: r.Action, At: r.At, Input: r.Input, Reason: r.Reason,
			ProposedBy: r.Proposed, ConfirmedBy: r.Confirmd}
		if err := json.Unmarshal(r.Changes, &e.Changes); err != nil {
			return nil, fmt.Errorf("store: audit of game %d: decode changes: %w", gameID, err)
		}
		out = append(out, e)
	}
	return out, nil
}

// PlayerGame is one game a player was seated in (a league game, or a normal game with
// LeagueID 0 and no LeagueName), with their result once recorded.
type PlayerGame struct {
	GameID     int64      `db:"game_id"`
	Number     int        `db:"number"`
	LeagueID   int64      `db:"league_id"`
	LeagueName string     `db:"league_name"`
	Game       string     `db:"game"`
	Status     string     `db:"status"`
	FinishedAt *time.Time `db:"finished_at"`
	// TimeZone is the league's, in which pages show the game's date; UTC for a normal game.
	TimeZone string `db:"time_zone"`
	// Position is the player's seat, 1 first (its power: scoring.Game.SeatNames); SeatCount
	// the game's seats, which the seat names depend on (a team game's sides).
	Position  int `db:"position"`
	SeatCount int `db:"seat_count"`
	// Points, Place and Winner are nil/0/false until the result is recorded.
	Points *big.Rat `db:"-"`
	Place  int      `db:"-"`
	Winner bool     `db:"-"`
}

const playerGamesSQL = `
SELECT g.id AS game_id, g.number, COALESCE(g.league_id, 0) AS league_id, COALESCE(l.name, '') AS league_name,
       COALESCE(l.game, g.game) AS game, g.status, g.finished_at, COALESCE(l.time_zone, 'UTC') AS time_zone, s.position,
       (SELECT count(*) FROM seats c WHERE c.game_id = g.id)::int AS seat_count,
       rp.points_num, rp.points_den, rp.place, rp.winner
FROM seats s
JOIN games g ON g.id = s.game_id
LEFT JOIN leagues l ON l.id = g.league_id
LEFT JOIN result_points rp ON rp.game_id = s.game_id AND rp.user_id = s.user_id
WHERE s.user_id = $1
ORDER BY g.finished_at DESC NULLS FIRST, g.league_id DESC, g.number, g.id
LIMIT $2 OFFSET $3`

// PlayerGames returns a page of the games the player was seated in, unplayed ones first,
// then the most recently finished: at most limit of them after the first offset, each with
// the player's points and place.
func (s *Store) PlayerGames(ctx context.Context, userID int64, offset, limit int) ([]PlayerGame, error) {
	// The result columns are NULL until the game's result is recorded.
	type row struct {
		PlayerGame
		PointsNum *int64 `db:"points_num"`
		PointsDen *int64 `db:"points_den"`
		RowPlace  *int   `db:"place"`
		RowWinner *bool  `db:"winner"`
	}
	rows, err := collect[row](ctx, s.pool, playerGamesSQL, userID, limit, offset)
	if err != nil {
		return nil, fmt.Errorf("store: games of user %d: %w", userID, err)
	}
	out := make([]PlayerGame, len(rows))
	for i, r := range rows {
		out[i] = r.PlayerGame
		if r.PointsNum != nil {
			out[i].Points, out[i].Place, out[i].Winner = big.NewRat(*r.PointsNum, *r.PointsDen), *r.RowPlace, *r.RowWinner
		}
	}
	return out, nil
}

// LeagueResultLine is one seat of one recorded game of a league, for the results export.
type LeagueResultLine struct {
	GameID     int64     `db:"game_id"`
	Number     int       `db:"number"`
	Round      int       `db:"round"`
	FinishedAt time.Time `db:"finished_at"`
	Position   int       `db:"position"`
	Username   string    `db:"username"`
	// PointsNum/PointsDen are the seat's league points as an exact fraction.
	PointsNum   int64  `db:"points_num"`
	PointsDen   int64  `db:"points_den"`
	Place       int    `db:"place"`
	Winner      bool   `db:"winner"`
	Substitute  string `db:"substitute"`
	Explanation string `db:"explanation"`
	// Input is the game's result as entered, from which the export takes each seat's score.
	Input json.RawMessage `db:"input"`
}

// Points is the line's league points, exact.
func (l LeagueResultLine) Points() *big.Rat { return big.NewRat(l.PointsNum, l.PointsDen) }

const leagueResultLinesSQL = `
SELECT g.id AS game_id, g.number, g.round, g.finished_at, rp.position, u.username,
       rp.points_num, rp.points_den, rp.place, rp.winner, COALESCE(sub.username, '') AS substitute, rp.explanation, r.input
FROM result_points rp
JOIN games g ON g.id = rp.game_id
JOIN results r ON r.game_id = g.id
JOIN users u ON u.id = rp.user_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE rp.league_id = $1
ORDER BY g.number, rp.position`

// LeagueResultLines returns every seat of every recorded game of a league, by game number
// and seat.
func (s *Store) LeagueResultLines(ctx context.Context, leagueID int64) ([]LeagueResultLine, error) {
	lines, err := collect[LeagueResultLine](ctx, s.pool, leagueResultLinesSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: results of league %d: %w", leagueID, err)
	}
	return lines, nil
}
