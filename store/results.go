package store

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
)

// ErrNotOrganiser refuses a result recorded or corrected by anyone but the league's
// organiser, the game's players included.
var ErrNotOrganiser = errors.New("only the league's organiser records and corrects results")

// Refusals of a result write. Each is a *Conflict, so errors.Is(err, ErrConflict) holds.
var (
	// ErrResultRecorded refuses a second result for a game; a correction replaces it.
	ErrResultRecorded = &Conflict{Reason: "result: already recorded for this game; PUT corrects it"}
	// ErrNoResult refuses a correction of a game that has no result yet.
	ErrNoResult = &Conflict{Reason: "result: none recorded for this game yet; POST records it"}
)

// ResultLine is one seat's line of a scored game, in seat order.
type ResultLine struct {
	// Position is the seat, 1 first (the starting player).
	Position int
	// UserID and Username name the seated player, who takes the league points.
	UserID      int64
	Username    string
	DisplayName string
	// Points are the player's league points for the game, exact.
	Points *big.Rat
	// Place is the player's place in the game, for countback (league.Places).
	Place int
	// Winner reports a winner of the game (league.PlayerResult.Winner).
	Winner bool
	// Side is the player's side in a team game; empty otherwise.
	Side string
	// Explanation is the scorer's breakdown of Points.
	Explanation string
	// Substitute is the username of who finished the seat (seed 4.2), or empty.
	Substitute string
}

// ScoredResult is a game's result as its scorer scored it against the game's seats, before
// or after it is stored.
type ScoredResult struct {
	// Input is the scorer input as submitted.
	Input json.RawMessage
	// Result is the scorer's output, its ids the seated players' usernames.
	Result league.Result
	// Lines are the seats' lines in seat order.
	Lines []ResultLine
}

// LedgerLine is one seat's line of a game's rating ledger, in seat order: why a rating
// moved (Before + Award − Ante = After).
type LedgerLine struct {
	// Position is the seat, 1 first.
	Position int `db:"position"`
	// Player is the username seated by the schedule.
	Player string `db:"player"`
	// Substitute is the username of who finished the seat (seed 4.2), or empty.
	Substitute string `db:"substitute"`
	// Credited is whose rating took the delta: Player, or Substitute (seed 4.2).
	Credited string `db:"credited"`
	// Before, Ante, Award, Delta and After are the credited player's rating before the
	// game, what they put in the pot, what they took out, the difference, and the rating
	// after (seed rules on antes and awards), all in millionths.
	Before rating.Micros `db:"before_micros"`
	Ante   rating.Micros `db:"ante_micros"`
	Award  rating.Micros `db:"award_micros"`
	Delta  rating.Micros `db:"delta_micros"`
	After  rating.Micros `db:"after_micros"`
}

// GameResult is a recorded result with its ledger.
type GameResult struct {
	ScoredResult
	GameID   int64
	LeagueID int64
	// Ladder is the game slug whose ratings the result moved; LadderSeq its place there.
	Ladder      string
	LadderSeq   int64
	RecordedBy  string
	RecordedAt  time.Time
	CorrectedBy string
	CorrectedAt *time.Time
	// Ledger holds the rating ledger lines of the game, in seat order.
	Ledger []LedgerLine
	// Changes is what the write that returned this result moved (empty when read back).
	Changes Changes
}

// Changes is the visible diff of a result write: whose league points moved by how much,
// and whose rating.
type Changes struct {
	Points  []PointsChange
	Ratings []RatingChange
}

// PointsChange is one player's league points for a game before and after a write; their
// standings total moves by After − Before.
type PointsChange struct {
	Username string
	Before   *big.Rat
	After    *big.Rat
}

// Delta is After − Before: how far the player's standings points moved.
func (c PointsChange) Delta() *big.Rat { return new(big.Rat).Sub(c.After, c.Before) }

// RatingChange is one member's rating on the ladder before and after a write.
type RatingChange struct {
	Username string
	Before   rating.Micros
	After    rating.Micros
}

// changesJSON is the stored form of Changes: points as exact fractions, ratings in
// millionths, so an audit row reads back exactly.
type changesJSON struct {
	Points []struct {
		Username string `json:"username"`
		Before   string `json:"before"`
		After    string `json:"after"`
	} `json:"points"`
	Ratings []struct {
		Username string `json:"username"`
		Before   int64  `json:"before_micros"`
		After    int64  `json:"after_micros"`
	} `json:"ratings"`
}

// MarshalJSON writes the changes exactly.
func (c Changes) MarshalJSON() ([]byte, error) {
	var w changesJSON
	for _, p := range c.Points {
		w.Points = append(w.Points, struct {
			Username string `json:"username"`
			Before   string `json:"before"`
			After    string `json:"after"`
		}{p.Username, p.Before.RatString(), p.After.RatString()})
	}
	for _, r := range c.Ratings {
		w.Ratings = append(w.Ratings, struct {
			Username string `json:"username"`
			Before   int64  `json:"before_micros"`
			After    int64  `json:"after_micros"`
		}{r.Username, int64(r.Before), int64(r.After)})
	}
	return json.Marshal(w)
}

// UnmarshalJSON reads changes written by MarshalJSON.
func (c *Changes) UnmarshalJSON(data []byte) error {
	var w changesJSON
	if err := json.Unmarshal(data, &w); err != nil {
		return fmt.Errorf("changes: %w", err)
	}
	*c = Changes{}
	for _, p := range w.Points {
		before, ok1 := new(big.Rat).SetString(p.Before)
		after, ok2 := new(big.Rat).SetString(p.After)
		if !ok1 || !ok2 {
			return fmt.Errorf("changes: points of %q: %q → %q", p.Username, p.Before, p.After)
		}
		c.Points = append(c.Points, PointsChange{Username: p.Username, Before: before, After: after})
	}
	for _, r := range w.Ratings {
		c.Ratings = append(c.Ratings, RatingChange{Username: r.Username, Before: rating.Micros(r.Before), After: rating.Micros(r.After)})
	}
	return nil
}

// ResultGame is what recording a game's result needs to know about it.
type ResultGame struct {
	ID          int64
	LeagueID    int64
	Status      string
	Game        league.Game
	OrganiserID int64
	Organiser   string
	Seats       []SeatRef
}

// SeatRef is one seat of a game: its position and the seated player.
type SeatRef struct {
	Position    int    `db:"position"`
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
}

const resultGameSQL = `
SELECT g.id, g.league_id, g.status, l.game, l.organiser_id, o.username
FROM games g JOIN leagues l ON l.id = g.league_id JOIN users o ON o.id = l.organiser_id
WHERE g.id = $1`

const gameSeatRefsSQL = `
SELECT s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

// ResultGame returns what recording the game's result needs: its league, game, organiser
// and seats; ErrNotFound when there is no such game.
func (s *Store) ResultGame(ctx context.Context, gameID int64) (ResultGame, error) {
	g, err := loadResultGame(ctx, s.pool, gameID, resultGameSQL)
	if err != nil {
		return ResultGame{}, fmt.Errorf("store: game %d: %w", gameID, err)
	}
	return g, nil
}

// loadResultGame reads a game and its seats with sql (resultGameSQL, or with FOR UPDATE),
// both in one round trip.
func loadResultGame(ctx context.Context, q querier, gameID int64, sql string) (ResultGame, error) {
	var g ResultGame
	var slug string
	found := false
	batch := &pgx.Batch{}
	batch.Queue(sql, gameID).Query(func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{&g.ID, &g.LeagueID, &g.Status, &slug, &g.OrganiserID, &g.Organiser},
			func() error { found = true; return nil })
		return err
	})
	batch.Queue(gameSeatRefsSQL, gameID).Query(func(rows pgx.Rows) error {
		var err error
		g.Seats, err = pgx.CollectRows(rows, pgx.RowToStructByName[SeatRef])
		return err
	})
	if err := q.SendBatch(ctx, batch).Close(); err != nil {
		return ResultGame{}, err
	}
	if !found {
		return ResultGame{}, ErrNotFound
	}
	var err error
	if g.Game, err = league.GameBySlug(slug); err != nil {
		return ResultGame{}, fmt.Errorf("league %d plays %w", g.LeagueID, err)
	}
	return g, nil
}

const usersByNamesSQL = `SELECT id AS user_id, username, display_name, 0 AS position FROM users WHERE lower(username) = ANY($1)`

// PreviewResult scores input against the game's seats exactly as RecordResult would, and
// stores nothing: the preview step of the result form. Input problems are *league.FieldError.
func (s *Store) PreviewResult(ctx context.Context, gameID int64, input []byte) (ScoredResult, error) {
	g, err := s.ResultGame(ctx, gameID)
	if err != nil {
		return ScoredResult{}, err
	}
	sc, _, err := scoreSeated(ctx, s.pool, g, input)
	if err != nil {
		return ScoredResult{}, fmt.Errorf("store: preview result of game %d: %w", gameID, err)
	}
	return sc, nil
}

// scoreSeated scores a game's input (CONTRACT section 1 with usernames as ids, plus an
// optional "replaced": {seated username: substitute username}) and checks it against the
// seats: every id a seated player, every seated player reported once. It returns the lines
// in seat order and the substitutes' user ids by username. Problems are *league.FieldError.
func scoreSeated(ctx context.Context, q querier, g ResultGame, input []byte) (ScoredResult, map[string]int64, error) {
	scorerInput, replaced, err := splitReplaced(input)
	if err != nil {
		return ScoredResult{}, nil, err
	}
	res, err := g.Game.Score(scorerInput) // the scorer, and what the game allows its scores to be
	if err != nil {
		return ScoredResult{}, nil, err
	}
	paths := idPaths(g.Game.System, scorerInput, len(res.Results))
	seatOf := make(map[string]int, len(g.Seats))
	for i, seat := range g.Seats {
		seatOf[strings.ToLower(seat.Username)] = i
	}
	seated := make([]string, len(g.Seats))
	for i, seat := range g.Seats {
		seated[i] = seat.Username
	}
	lines := make([]ResultLine, len(g.Seats))
	reported := make([]int, len(g.Seats)) // result index + 1 per seat
	places := league.Places(res.Results)
	for i, r := range res.Results {
		si, ok := seatOf[strings.ToLower(r.ID)]
		if !ok {
			return ScoredResult{}, nil, &league.FieldError{Field: paths[i],
				Problem: fmt.Sprintf("%q is not seated in this game (seated: %s)", r.ID, strings.Join(seated, ", "))}
		}
		if reported[si] != 0 {
			return ScoredResult{}, nil, &league.FieldError{Field: paths[i],
				Problem: fmt.Sprintf("%q is already reported at %s", r.ID, paths[reported[si]-1])}
		}
		reported[si] = i + 1
		if !r.Points.Num().IsInt64() || !r.Points.Denom().IsInt64() {
			return ScoredResult{}, nil, &league.FieldError{Field: paths[i], Problem: "league points too large to store"}
		}
		seat := g.Seats[si]
		res.Results[i].ID = seat.Username
		lines[si] = ResultLine{
			Position: seat.Position, UserID: seat.UserID, Username: seat.Username, DisplayName: seat.DisplayName,
			Points: r.Points, Place: places[i], Winner: r.Winner, Side: r.Side, Explanation: r.Explanation,
		}
	}
	var missing []string
	for si, n := range reported {
		if n == 0 {
			missing = append(missing, g.Seats[si].Username)
		}
	}
	if len(missing) > 0 {
		field := "players"
		if g.Game.System.IsTeamGame() {
			field = "sides"
		}
		return ScoredResult{}, nil, &league.FieldError{Field: field,
			Problem: fmt.Sprintf("missing seated %s %s", pluralWord(len(missing), "player", "players"), strings.Join(missing, ", "))}
	}
	subs, err := resolveSubstitutes(ctx, q, g, replaced, lines)
	if err != nil {
		return ScoredResult{}, nil, err
	}
	return ScoredResult{Input: json.RawMessage(input), Result: res, Lines: lines}, subs, nil
}

// pluralWord picks the singular or plural word for n.
func pluralWord(n int, one, many string) string {
	if n == 1 {
		return one
	}
	return many
}

// splitReplaced takes the app's "replaced" field out of a result body, leaving the scorer's
// own input. A body that is not a JSON object goes to the scorer untouched, which names the
// problem.
func splitReplaced(input []byte) ([]byte, map[string]string, error) {
	var doc map[string]json.RawMessage
	if err := json.Unmarshal(input, &doc); err != nil || doc == nil {
		return input, nil, nil
	}
	raw, ok := doc["replaced"]
	if !ok {
		return input, nil, nil
	}
	delete(doc, "replaced")
	rest, err := json.Marshal(doc)
	if err != nil {
		return nil, nil, fmt.Errorf("re-encode result input: %w", err)
	}
	if bytes.Equal(bytes.TrimSpace(raw), []byte("null")) {
		return rest, nil, nil
	}
	var replaced map[string]string
	if err := json.Unmarshal(raw, &replaced); err != nil {
		return nil, nil, &league.FieldError{Field: "replaced", Problem: "must map seated usernames to their substitutes' usernames"}
	}
	return rest, replaced, nil
}

// idPaths names the id field of each scored player, in the scorer's result order:
// "players[i].id", or "sides[s].players[i].id" for team games.
func idPaths(system league.System, input []byte, n int) []string {
	paths := make([]string, 0, n)
	if system.IsTeamGame() {
		var doc struct {
			Sides []struct {
				Players []json.RawMessage `json:"players"`
			} `json:"sides"`
		}
		if json.Unmarshal(input, &doc) == nil {
			for s, side := range doc.Sides {
				for i := range side.Players {
					paths = append(paths, fmt.Sprintf("sides[%d].players[%d].id", s, i))
				}
			}
		}
	} else {
		for i := range n {
			paths = append(paths, fmt.Sprintf("players[%d].id", i))
		}
	}
	for len(paths) < n {
		paths = append(paths, "players")
	}
	return paths
}

// resolveSubstitutes checks the replaced seats (seed 4.2: "A player wishing to leave a game
// early ... may be replaced by a human replacement") and sets each line's Substitute: the
// key must be a seated player, the substitute an account not seated in the game.
func resolveSubstitutes(ctx context.Context, q querier, g ResultGame, replaced map[string]string, lines []ResultLine) (map[string]int64, error) {
	if len(replaced) == 0 {
		return nil, nil
	}
	keys := make([]string, 0, len(replaced))
	names := make([]string, 0, len(replaced))
	for k, v := range replaced {
		keys = append(keys, k)
		if postgresText(v) { // any other name matches no account: "no player" below
			names = append(names, strings.ToLower(strings.TrimSpace(v)))
		}
	}
	slices.Sort(keys) // a stable first error whatever the map order
	found, err := collect[SeatRef](ctx, q, usersByNamesSQL, names)
	if err != nil {
		return nil, fmt.Errorf("look up substitutes: %w", err)
	}
	byName := make(map[string]SeatRef, len(found))
	for _, u := range found {
		byName[strings.ToLower(u.Username)] = u
	}
	subs := make(map[string]int64, len(replaced))
	for _, key := range keys {
		field := "replaced." + key
		si := slices.IndexFunc(lines, func(l ResultLine) bool { return strings.EqualFold(l.Username, key) })
		if si < 0 {
			return nil, &league.FieldError{Field: field, Problem: fmt.Sprintf("%q is not seated in this game", key)}
		}
		want := strings.TrimSpace(replaced[key])
		if want == "" {
			return nil, &league.FieldError{Field: field, Problem: "missing substitute"}
		}
		u, ok := byName[strings.ToLower(want)]
		if !ok {
			return nil, &league.FieldError{Field: field, Problem: fmt.Sprintf("no player %q", want)}
		}
		if slices.ContainsFunc(g.Seats, func(s SeatRef) bool { return s.UserID == u.UserID }) {
			return nil, &league.FieldError{Field: field, Problem: fmt.Sprintf("substitute %q holds a seat in this game", u.Username)}
		}
		if slices.ContainsFunc(lines, func(l ResultLine) bool { return strings.EqualFold(l.Substitute, u.Username) }) {
			return nil, &league.FieldError{Field: field, Problem: fmt.Sprintf("substitute %q already replaces another seat", u.Username)}
		}
		lines[si].Substitute = u.Username
		subs[u.Username] = u.UserID
	}
	return subs, nil
}

const lockResultGameSQL = resultGameSQL + ` FOR UPDATE OF g`

// recordResultSQL hands out the game's place in its ladder and stores the result. The
// upsert on ladders locks the ladder's row until the transaction ends, so one ladder's
// results are rated one at a time, in one order.
const recordResultSQL = `
WITH seq AS (
    INSERT INTO ladders (game, results) VALUES ($3, 1)
    ON CONFLICT (game) DO UPDATE SET results = ladders.results + 1
    RETURNING results
)
INSERT INTO results (game_id, league_id, ladder, ladder_seq, system, input, output, recorded_by)
SELECT $1, $2, $3, seq.results, $4, $5, $6, $7 FROM seq
RETURNING ladder_seq, recorded_at`

const insertResultPointsSQL = `
INSERT INTO result_points (game_id, position, league_id, user_id, points_num, points_den, place, winner, explanation, substitute_id)
SELECT $1, t.position, $2, t.user_id, t.num, t.den, t.place, t.winner, t.explanation, t.substitute_id
FROM unnest($3::int[], $4::bigint[], $5::bigint[], $6::bigint[], $7::int[], $8::bool[], $9::text[], $10::bigint[])
    AS t(position, user_id, num, den, place, winner, explanation, substitute_id)`

const finishGameSQL = `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`

// finishLeagueSQL sets a running league finished once none of its games is left to play
// (games_unfinished_idx finds a remaining game at once).
const finishLeagueSQL = `
UPDATE leagues SET status = 'finished', finished_at = now()
WHERE id = $1 AND status = 'running'
  AND NOT EXISTS (SELECT 1 FROM games WHERE league_id = $1 AND status <> 'finished')`

const insertAuditSQL = `
INSERT INTO result_audit (game_id, user_id, action, input, changes) VALUES ($1, $2, $3, $4, $5)`

// RecordResult stores a game's result in one transaction: it scores input against the
// game's seats, stores the result and each seat's league points, marks the game finished
// (and the league, when it was its last game), rates the game on its ladder (every seat's
// rating before, ante, award, delta and rating after, seed 3.2) and writes the audit row.
// Only the league's organiser may record (ErrNotOrganiser); a game is recorded once
// (ErrResultRecorded); input problems are *league.FieldError. On any error nothing changes.
//
// The statements go in three batches (read the game; store the result and read the seats'
// ratings; write the ledger, ratings and audit row), so a result costs a handful of round
// trips whatever the size of the ladder.
func (s *Store) RecordResult(ctx context.Context, gameID, byUserID int64, input []byte) (GameResult, error) {
	var out GameResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, sc, subs, output, err := scoreWrite(ctx, tx, gameID, byUserID, input, false)
		if err != nil {
			return err
		}
		out = GameResult{ScoredResult: sc, GameID: g.ID, LeagueID: g.LeagueID, Ladder: g.Game.Slug, RecordedBy: g.Organiser}

		ids := seatIDs(sc.Lines, subs)
		var held []heldRating
		batch := &pgx.Batch{}
		batch.Queue(recordResultSQL, g.ID, g.LeagueID, g.Game.Slug, string(g.Game.System), sc.Input, output, byUserID).
			QueryRow(func(row pgx.Row) error { return row.Scan(&out.LadderSeq, &out.RecordedAt) })
		queueResultPoints(batch, g, sc.Lines, subs)
		batch.Queue(finishGameSQL, g.ID)
		batch.Queue(finishLeagueSQL, g.LeagueID)
		batch.Queue(seatRatingsSQL, g.Game.Slug, idList(ids)).Query(func(rows pgx.Rows) error {
			var err error
			held, err = pgx.CollectRows(rows, pgx.RowToStructByName[heldRating])
			return err
		})
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("store result: %w", err)
		}

		entries, ratings, changes, err := rateAppended(g, sc.Lines, ids, held)
		if err != nil {
			return err
		}
		for _, l := range sc.Lines {
			changes.Points = append(changes.Points, PointsChange{Username: l.Username, Before: new(big.Rat), After: l.Points})
		}
		out.Changes = changes
		out.Ledger = ledgerLines(entries)
		batch = &pgx.Batch{}
		queueLedger(batch, g.Game.Slug, []int64{g.ID}, []int64{out.LadderSeq}, [][]rating.Entry{entries}, ids)
		queueRatings(batch, g.Game.Slug, ratings)
		if err := queueAudit(batch, g.ID, byUserID, "record", sc.Input, changes); err != nil {
			return err
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("rate result: %w", err)
		}
		return nil
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("store: record result of game %d: %w", gameID, err)
	}
	return out, nil
}

// scoreWrite starts a result write inside tx: it locks the game, refuses anyone but the
// league's organiser (ErrNotOrganiser), refuses a record of a recorded game
// (ErrResultRecorded) or a correction of an unrecorded one (ErrNoResult), and scores input
// against the seats. It returns the game, the scored result, the substitutes' user ids and
// the scorer's output encoded for storage.
func scoreWrite(ctx context.Context, tx pgx.Tx, gameID, byUserID int64, input []byte, correction bool) (
	ResultGame, ScoredResult, map[string]int64, []byte, error) {
	g, err := loadResultGame(ctx, tx, gameID, lockResultGameSQL)
	if err != nil {
		return ResultGame{}, ScoredResult{}, nil, nil, err
	}
	if g.OrganiserID != byUserID {
		return ResultGame{}, ScoredResult{}, nil, nil, ErrNotOrganiser
	}
	switch recorded := g.Status == "finished"; {
	case recorded && !correction:
		return ResultGame{}, ScoredResult{}, nil, nil, ErrResultRecorded
	case !recorded && correction:
		return ResultGame{}, ScoredResult{}, nil, nil, ErrNoResult
	}
	sc, subs, err := scoreSeated(ctx, tx, g, input)
	if err != nil {
		return ResultGame{}, ScoredResult{}, nil, nil, err
	}
	output, err := json.Marshal(sc.Result)
	if err != nil {
		return ResultGame{}, ScoredResult{}, nil, nil, fmt.Errorf("encode scored result: %w", err)
	}
	return g, sc, subs, output, nil
}

// queueResultPoints queues the insert of every seat's league points, place and substitute.
func queueResultPoints(batch *pgx.Batch, g ResultGame, lines []ResultLine, subs map[string]int64) {
	n := len(lines)
	positions, places := make([]int32, n), make([]int32, n)
	users, nums, dens := make([]int64, n), make([]int64, n), make([]int64, n)
	winners, explanations, substitutes := make([]bool, n), make([]string, n), make([]*int64, n)
	for i, l := range lines {
		positions[i], users[i], places[i] = int32(l.Position), l.UserID, int32(l.Place)
		nums[i], dens[i] = l.Points.Num().Int64(), l.Points.Denom().Int64()
		winners[i], explanations[i] = l.Winner, l.Explanation
		if l.Substitute != "" {
			id := subs[l.Substitute]
			substitutes[i] = &id
		}
	}
	batch.Queue(insertResultPointsSQL, g.ID, g.LeagueID, positions, users, nums, dens, places, winners, explanations, substitutes)
}

// queueAudit queues one row of the result audit trail.
func queueAudit(batch *pgx.Batch, gameID, byUserID int64, action string, input json.RawMessage, changes Changes) error {
	text, err := json.Marshal(changes)
	if err != nil {
		return fmt.Errorf("encode changes: %w", err)
	}
	batch.Queue(insertAuditSQL, gameID, byUserID, action, input, text)
	return nil
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

// ratingGame is the rating package's view of a scored game: its seats in seat order.
func ratingGame(id string, system league.System, lines []ResultLine) rating.Game {
	g := rating.Game{ID: id, PointsArePot: system.PointsArePot(), Seats: make([]rating.Seat, len(lines))}
	for i, l := range lines {
		g.Seats[i] = rating.Seat{Player: l.Username, Substitute: l.Substitute, Points: l.Points, Winner: l.Winner}
	}
	return g
}

// ratingError turns the rating package's refusal of a game into a *league.FieldError: the
// only ones reachable after scoreSeated are out-of-range amounts.
func ratingError(err error) error {
	var fe *league.FieldError
	if errors.As(err, &fe) {
		return err
	}
	if errors.Is(err, rating.ErrOverflow) || errors.Is(err, rating.ErrPotMismatch) || errors.Is(err, rating.ErrTooFewSeats) {
		return &league.FieldError{Field: "result", Problem: err.Error()}
	}
	var seat *rating.SeatError
	if errors.As(err, &seat) {
		return &league.FieldError{Field: "result", Problem: seat.Error()}
	}
	return err
}

const resultSQL = `
SELECT r.game_id, r.league_id, r.ladder, r.ladder_seq, r.input, r.output,
       rb.username AS recorded_by, r.recorded_at, COALESCE(cb.username, '') AS corrected_by, r.corrected_at
FROM results r
JOIN users rb ON rb.id = r.recorded_by
LEFT JOIN users cb ON cb.id = r.corrected_by
WHERE r.game_id = $1`

const resultLinesSQL = `
SELECT rp.position, rp.user_id, u.username, u.display_name, rp.points_num, rp.points_den, rp.place,
       rp.winner, rp.explanation, COALESCE(sub.username, '') AS substitute
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
	Place       int    `db:"place"`
	Winner      bool   `db:"winner"`
	Explanation string `db:"explanation"`
	Substitute  string `db:"substitute"`
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
		r.Lines = append(r.Lines, ResultLine{
			Position: l.Position, UserID: l.UserID, Username: l.Username, DisplayName: l.DisplayName,
			Points: big.NewRat(l.PointsNum, l.PointsDen), Place: l.Place, Winner: l.Winner,
			Side: sides[l.Username], Explanation: l.Explanation, Substitute: l.Substitute,
		})
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
}

const resultAuditSQL = `
SELECT a.id, u.username, a.action, a.at, a.input, a.changes
FROM result_audit a JOIN users u ON u.id = a.user_id
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
	}
	rows, err := collect[row](ctx, s.pool, resultAuditSQL, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: audit of game %d: %w", gameID, err)
	}
	var out []AuditEntry
	for _, r := range rows {
		e := AuditEntry{ID: r.ID, Username: r.Username, Action: r.Action, At: r.At, Input: r.Input}
		if err := json.Unmarshal(r.Changes, &e.Changes); err != nil {
			return nil, fmt.Errorf("store: audit of game %d: decode changes: %w", gameID, err)
		}
		out = append(out, e)
	}
	return out, nil
}

const resultPlaceSQL = `SELECT ladder, ladder_seq FROM results WHERE game_id = $1`

const lockLadderSQL = `SELECT results FROM ladders WHERE game = $1 FOR UPDATE`

const oldPointsSQL = `
SELECT u.username, rp.points_num, rp.points_den
FROM result_points rp JOIN users u ON u.id = rp.user_id
WHERE rp.game_id = $1`

const ladderRatingsByNameSQL = `
SELECT u.username, r.rating_micros FROM ratings r JOIN users u ON u.id = r.user_id WHERE r.ladder = $1`

const updateResultSQL = `
UPDATE results SET input = $2, output = $3, corrected_by = $4, corrected_at = now() WHERE game_id = $1`

const deleteResultPointsSQL = `DELETE FROM result_points WHERE game_id = $1`

// CorrectResult replaces a recorded result in one transaction: it scores the corrected
// input, replaces the seats' league points, replays the game's ladder from that game on
// (every later game is re-rated in ladder order, its ledger lines rewritten) and writes an
// audit row with the visible diff: whose league points and ratings moved, and by how much.
// The game keeps its place in the ladder. Refusals are as for RecordResult, and ErrNoResult
// when the game has no result yet.
func (s *Store) CorrectResult(ctx context.Context, gameID, byUserID int64, input []byte) (GameResult, error) {
	var changes Changes
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		g, sc, subs, output, err := scoreWrite(ctx, tx, gameID, byUserID, input, true)
		if err != nil {
			return err
		}
		var ladder string
		var seq, last int64
		if err := tx.QueryRow(ctx, resultPlaceSQL, g.ID).Scan(&ladder, &seq); err != nil {
			return fmt.Errorf("read result: %w", err)
		}
		if err := tx.QueryRow(ctx, lockLadderSQL, ladder).Scan(&last); err != nil {
			return fmt.Errorf("lock ladder %s: %w", ladder, err)
		}
		points, err := collect[struct {
			Username  string `db:"username"`
			PointsNum int64  `db:"points_num"`
			PointsDen int64  `db:"points_den"`
		}](ctx, tx, oldPointsSQL, g.ID)
		if err != nil {
			return fmt.Errorf("read points: %w", err)
		}
		oldPoints := make(map[string]*big.Rat, len(points))
		for _, p := range points {
			oldPoints[p.Username] = big.NewRat(p.PointsNum, p.PointsDen)
		}
		held, err := collect[struct {
			Username string        `db:"username"`
			Rating   rating.Micros `db:"rating_micros"`
		}](ctx, tx, ladderRatingsByNameSQL, ladder)
		if err != nil {
			return fmt.Errorf("read ratings: %w", err)
		}
		ratingsBefore := make(map[string]rating.Micros, len(held))
		for _, h := range held {
			ratingsBefore[h.Username] = h.Rating
		}

		if _, err := tx.Exec(ctx, updateResultSQL, g.ID, sc.Input, output, byUserID); err != nil {
			return fmt.Errorf("update result: %w", err)
		}
		if _, err := tx.Exec(ctx, deleteResultPointsSQL, g.ID); err != nil {
			return fmt.Errorf("delete points: %w", err)
		}
		batch := &pgx.Batch{}
		queueResultPoints(batch, g, sc.Lines, subs)
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert points: %w", err)
		}
		standings, err := replayLadder(ctx, tx, ladder, seq)
		if err != nil {
			return err
		}

		for _, l := range sc.Lines {
			before := oldPoints[l.Username]
			if before == nil {
				before = new(big.Rat)
			}
			if before.Cmp(l.Points) != 0 {
				changes.Points = append(changes.Points, PointsChange{Username: l.Username, Before: before, After: l.Points})
			}
		}
		seen := map[string]bool{}
		for _, st := range standings {
			seen[st.Player] = true
			if b, ok := ratingsBefore[st.Player]; !ok || b != st.Rating {
				changes.Ratings = append(changes.Ratings, RatingChange{Username: st.Player, Before: ratingsBefore[st.Player], After: st.Rating})
			}
		}
		for player, b := range ratingsBefore {
			if !seen[player] && b != 0 {
				changes.Ratings = append(changes.Ratings, RatingChange{Username: player, Before: b})
			}
		}
		slices.SortFunc(changes.Ratings, func(a, b RatingChange) int { return strings.Compare(a.Username, b.Username) })
		batch = &pgx.Batch{}
		if err := queueAudit(batch, g.ID, byUserID, "correct", sc.Input, changes); err != nil {
			return err
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
		return nil
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("store: correct result of game %d: %w", gameID, err)
	}
	r, err := s.Result(ctx, gameID)
	if err != nil {
		return GameResult{}, err
	}
	r.Changes = changes
	return r, nil
}

// PlayerGame is one game a player was seated in, with their result once recorded.
type PlayerGame struct {
	GameID     int64      `db:"game_id"`
	Number     int        `db:"number"`
	LeagueID   int64      `db:"league_id"`
	LeagueName string     `db:"league_name"`
	Game       string     `db:"game"`
	Status     string     `db:"status"`
	FinishedAt *time.Time `db:"finished_at"`
	// Points, Place and Winner are nil/0/false until the result is recorded.
	Points *big.Rat `db:"-"`
	Place  int      `db:"-"`
	Winner bool     `db:"-"`
}

// playerGamesLimit bounds the games a player's page lists.
const playerGamesLimit = 300

const playerGamesSQL = `
SELECT g.id AS game_id, g.number, g.league_id, l.name AS league_name, l.game, g.status, g.finished_at,
       rp.points_num, rp.points_den, rp.place, rp.winner
FROM seats s
JOIN games g ON g.id = s.game_id
JOIN leagues l ON l.id = g.league_id
LEFT JOIN result_points rp ON rp.game_id = s.game_id AND rp.user_id = s.user_id
WHERE s.user_id = $1
ORDER BY g.finished_at DESC NULLS FIRST, g.league_id DESC, g.number
LIMIT $2`

// PlayerGames returns the games the player was seated in, unplayed ones first, then the
// most recently finished, at most 300, each with the player's points and place.
func (s *Store) PlayerGames(ctx context.Context, userID int64) ([]PlayerGame, error) {
	// The result columns are NULL until the game's result is recorded.
	type row struct {
		PlayerGame
		PointsNum *int64 `db:"points_num"`
		PointsDen *int64 `db:"points_den"`
		RowPlace  *int   `db:"place"`
		RowWinner *bool  `db:"winner"`
	}
	rows, err := collect[row](ctx, s.pool, playerGamesSQL, userID, playerGamesLimit)
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
}

// Points is the line's league points, exact.
func (l LeagueResultLine) Points() *big.Rat { return big.NewRat(l.PointsNum, l.PointsDen) }

const leagueResultLinesSQL = `
SELECT g.id AS game_id, g.number, g.round, g.finished_at, rp.position, u.username, rp.points_num, rp.points_den,
       rp.place, rp.winner, COALESCE(sub.username, '') AS substitute, rp.explanation
FROM result_points rp
JOIN games g ON g.id = rp.game_id
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
