package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"math/big"
	"slices"
	"strings"
	"time"

	"github.com/jackc/pgx/v5"
	"github.com/jackc/pgx/v5/pgconn"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

// ErrNotOrganiser refuses a result recorded or corrected by anyone but the league's
// organiser, the game's players included.
var ErrNotOrganiser = errors.New("only the league's organiser or a co-organiser records and corrects results")

// ErrNotTableOrganiser refuses a normal game's result recorded or corrected by anyone but
// who opened its table.
var ErrNotTableOrganiser = &Forbidden{Reason: "only the game's organiser (who opened the table) records and corrects its result"}

// Refusals of a result write. Each is a *Conflict, so errors.Is(err, ErrConflict) holds.
var (
	// ErrResultRecorded refuses a second result for a game; a correction replaces it.
	ErrResultRecorded = &Conflict{Reason: "result: already recorded for this game; PUT corrects it"}
	// ErrNoResult refuses a correction of a game that has no result yet.
	ErrNoResult = &Conflict{Reason: "result: none recorded for this game yet; POST records it"}
	// ErrStaleResult refuses a write built from a version of the game's result that is no
	// longer current: another save (a second tab, a double click) came first.
	ErrStaleResult = &Conflict{Reason: "result: changed since this form was opened; check the current result and save again"}
	// ErrNoChange refuses a correction that leaves the result as it is.
	ErrNoChange = &Conflict{Reason: "result: the correction changes nothing"}
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
	// Place is the player's place in the game, for countback (scoring.Places).
	Place int
	// Winner reports a winner of the game (scoring.PlayerResult.Winner).
	Winner bool
	// Side is the player's side in a team game; empty otherwise.
	Side string
	// Explanation is the scorer's breakdown of Points.
	Explanation string
	// Substitute is the username of who finished the seat (seed 4.2), or empty.
	Substitute string
	// Absent marks a Diplomacy seat played by the missing-man rules (seed 4.1): Points are
	// what its power scored, the Seventh Player's award; its player gets none of them.
	Absent bool
	// Member and MemberID name the ladder member rated for an absent seat (the ladder's
	// Seventh Player); empty otherwise.
	Member   string
	MemberID int64
}

// rated is who the seat is rated as: its player, or for an absent seat the ladder's
// Seventh Player, who "shall ante into the game pot" (seed 4.1).
func (l ResultLine) rated() (string, int64) {
	if l.Absent && l.Member != "" {
		return l.Member, l.MemberID
	}
	return l.Username, l.UserID
}

// LeaguePoints are the league points the seat's player takes (league.LeaguePoints): none
// for an absent seat.
func (l ResultLine) LeaguePoints() *big.Rat { return league.LeaguePoints(l.Points, l.Absent) }

// ScoredResult is a game's result as its scorer scored it against the game's seats, before
// or after it is stored.
type ScoredResult struct {
	// Input is the scorer input as submitted.
	Input json.RawMessage
	// Result is the scorer's output, its ids the seated players' usernames.
	Result scoring.Result
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
	// Inactive lists, on a write, the seated players who had fallen inactive under the
	// league's activity rule: a warning to the organiser, never a refusal.
	Inactive []ActivityState
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
	ID       int64
	LeagueID int64
	Status   string
	Game     scoring.Game
	// GameVersion is the version of the game played (its league's, or the normal game's own;
	// CONTRACT section 9): a Vortex board takes its die (scoring.Version.ApplyDie).
	GameVersion scoring.Version
	OrganiserID int64
	Organiser   string
	// CoOrganiserIDs are the league's co-organisers, who record and correct results too.
	CoOrganiserIDs []int64
	// LeagueStatus is the league's status: a league closed, cancelled or archived takes no
	// more results.
	LeagueStatus string
	Seats        []SeatRef
	// Number is the game's number in its league; LeagueName the league's name.
	Number     int
	LeagueName string
	// Input is the recorded result's body as submitted; nil until a result is recorded.
	Input json.RawMessage
	// Version counts the writes of the game's result: 0 before it is recorded, 1 once
	// recorded, one more per correction. A write names the version it was built from.
	Version int
	// Activity is each seated player's state under the league's activity rule, counted
	// without this game; empty for a normal game or a league without the rule.
	Activity []ActivityState
	// ResultsBy is who enters results, the league's or the normal game's setting
	// (ResultsByOrganisers or ResultsByPlayers); ConfirmHours the table's confirmation window.
	ResultsBy    string
	ConfirmHours int
}

// SeatRef is one seat of a game: its position and the seated player.
type SeatRef struct {
	Position    int    `db:"position"`
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
}

const resultGameSQL = `
SELECT g.id, COALESCE(g.league_id, 0), g.status, COALESCE(l.game, g.game), COALESCE(l.version, g.version, ''), o.id, o.username, g.number,
       COALESCE(l.name, ''), r.input,
       (SELECT count(*) FROM result_audit a WHERE a.game_id = g.id)::int AS version,
       ARRAY(SELECT lo.user_id FROM league_organisers lo WHERE lo.league_id = l.id ORDER BY lo.user_id),
       COALESCE(l.status, ''),
       COALESCE(l.results_by, g.results_by), COALESCE(l.confirm_hours, g.confirm_hours)
FROM games g LEFT JOIN leagues l ON l.id = g.league_id JOIN users o ON o.id = COALESCE(l.organiser_id, g.organiser_id)
LEFT JOIN results r ON r.game_id = g.id
WHERE g.id = $1`

const gameSeatRefsSQL = `
SELECT s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

// ResultGame returns what recording the game's result needs, in one round trip: its
// league, game, organiser, seats and the recorded input; ErrNotFound when there is no such
// game.
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
	var slug, version string
	found := false
	batch := &pgx.Batch{}
	batch.Queue(sql, gameID).Query(func(rows pgx.Rows) error {
		_, err := pgx.ForEachRow(rows, []any{&g.ID, &g.LeagueID, &g.Status, &slug, &version, &g.OrganiserID, &g.Organiser, &g.Number, &g.LeagueName, &g.Input,
			&g.Version, &g.CoOrganiserIDs, &g.LeagueStatus, &g.ResultsBy, &g.ConfirmHours},
			func() error { found = true; return nil })
		return err
	})
	batch.Queue(gameSeatRefsSQL, gameID).Query(func(rows pgx.Rows) error {
		var err error
		g.Seats, err = pgx.CollectRows(rows, pgx.RowToStructByName[SeatRef])
		return err
	})
	batch.Queue(gameActivitySQL, gameID, gameID).Query(func(rows pgx.Rows) error {
		var err error
		g.Activity, err = pgx.CollectRows(rows, pgx.RowToStructByName[ActivityState])
		return err
	})
	if err := q.SendBatch(ctx, batch).Close(); err != nil {
		return ResultGame{}, err
	}
	if !found {
		return ResultGame{}, ErrNotFound
	}
	var err error
	if g.Game, err = scoring.GameBySlug(slug); err != nil {
		return ResultGame{}, fmt.Errorf("league %d plays %w", g.LeagueID, err)
	}
	if g.GameVersion, err = g.Game.Version(version); err != nil {
		return ResultGame{}, fmt.Errorf("game %d plays %w", g.ID, err)
	}
	return g, nil
}

const usersByNamesSQL = `SELECT id AS user_id, username, display_name, 0 AS position FROM users WHERE lower(username) = ANY($1)`

// LeagueSeats returns the game's seats as scoring.ScoreSeated checks a result against them.
func (g ResultGame) LeagueSeats() []scoring.Seat {
	out := make([]scoring.Seat, len(g.Seats))
	for i, s := range g.Seats {
		out[i] = scoring.Seat{Position: s.Position, Player: s.Username}
	}
	return out
}

// table is the game as league decides who writes its result.
func (g ResultGame) table() league.ResultTable {
	t := league.ResultTable{InLeague: g.LeagueID != 0, LeagueStatus: g.LeagueStatus, SeatsFree: g.Status == GameOpen,
		Recorded: g.Status == GameFinished, OrganiserID: g.OrganiserID, CoOrganiserIDs: g.CoOrganiserIDs,
		SeatIDs: make([]int64, len(g.Seats)), PlayersReport: g.PlayersReport()}
	for i, s := range g.Seats {
		t.SeatIDs[i] = s.UserID
	}
	return t
}

// MayRecord reports whether the user records and corrects the game's results
// (league.ResultTable.MayRecord): the league's organiser or one of its co-organisers, or
// the organiser of a normal game.
func (g ResultGame) MayRecord(userID int64) bool { return g.table().MayRecord(userID) }

// Writable refuses a result write on the game by anyone but the league's organiser or a
// co-organiser (ErrNotOrganiser; ErrNotTableOrganiser for a normal game), any result in a
// league whose standings are frozen, a record of a recorded game (ErrResultRecorded) and a
// correction of an unrecorded one (ErrNoResult): league.ResultTable.Writable decides. The
// store asks it again under the league's and the game's row locks.
func (g ResultGame) Writable(byUserID int64, correction bool) error {
	return g.refusal(g.table().Writable(byUserID, correction))
}

// takesResult refuses a result write the game's state does not allow, whoever writes it
// (league.ResultTable.TakesResult).
func (g ResultGame) takesResult(correction bool) error {
	return g.refusal(g.table().TakesResult(correction))
}

// refusal gives a refusal of package league the store's error for it, which its callers
// see (and the HTTP layer maps to a status); nil stays nil.
func (g ResultGame) refusal(err error) error {
	switch {
	case err == nil:
		return nil
	case errors.Is(err, league.ErrNotOrganiser):
		return ErrNotOrganiser
	case errors.Is(err, league.ErrNotTableOrganiser):
		return ErrNotTableOrganiser
	case errors.Is(err, league.ErrTableNotReady):
		return ErrTableNotReady
	case errors.Is(err, league.ErrStandingsFrozen):
		return &Conflict{Reason: "league: " + g.LeagueStatus + "; its standings are frozen and take no more results"}
	case errors.Is(err, league.ErrRecorded):
		return ErrResultRecorded
	case errors.Is(err, league.ErrNotRecorded):
		return ErrNoResult
	case errors.Is(err, league.ErrOrganisersOnly):
		return ErrOrganisersOnly
	case errors.Is(err, league.ErrNotSeated):
		return ErrNotSeated
	}
	return err
}

// ResultWrite is a result checked against its game's seats (scoring.ScoreSeated), ready to
// be stored.
type ResultWrite struct {
	GameID   int64
	ByUserID int64
	// Input is the body as submitted (the scorer input and "replaced"), kept with the result
	// and in the audit trail.
	Input json.RawMessage
	// Seated is the checked result.
	Seated scoring.SeatedResult
	// Version is the ResultGame.Version the write was built from; the store refuses the
	// write with ErrStaleResult when the result has moved on since.
	Version int
	// Reason says why a correction was made, for the history (the result form asks for
	// one; the API takes an optional "reason").
	Reason string
}

// Write checks body, a result of the game, against its seats (scoring.ScoreSeated: the
// rules live there) and returns the write that stores it by byUserID. Problems are
// *scoring.FieldError, or scoring.FieldErrors when the seats have several.
func (g ResultGame) Write(byUserID int64, body []byte) (ResultWrite, error) {
	seated, body, err := scoring.ScoreSeatedVersion(g.Game, g.GameVersion, body, g.LeagueSeats())
	if err != nil {
		return ResultWrite{}, err
	}
	in, err := scoring.DecodeResultInput(body)
	if err != nil {
		return ResultWrite{}, err
	}
	return ResultWrite{GameID: g.ID, ByUserID: byUserID, Input: json.RawMessage(body), Seated: seated,
		Version: g.Version, Reason: in.Reason}, nil
}

// ErrSeatsChanged refuses a result checked against seats that changed before it was stored
// (a player replaced or withdrawn meanwhile).
var ErrSeatsChanged = &Conflict{Reason: "game: its seats changed while the result was entered (a player was replaced or withdrew); " +
	"open the game again and enter the result for the players seated now"}

// resultRows is a checked result laid out for its rows, inside the write's transaction:
// its game (locked), its seat lines with account ids, the substitutes' account ids by
// username and the scorer's output encoded.
type resultRows struct {
	game   ResultGame
	lines  []ResultLine
	subs   map[string]int64
	output []byte
}

// prepareWrite starts a result write inside tx: it locks the game, asks Writable, matches
// the checked lines to the stored seats and resolves the substitutes to accounts (an
// unknown one is a *scoring.FieldError on "replaced.<seated username>").
//
// A result the table confirmed (byTable) is written by its proposer, a seated player: the
// confirmations stand in for the organiser's say, so only the game's state is asked.
func prepareWrite(ctx context.Context, tx pgx.Tx, w ResultWrite, correction, byTable bool) (resultRows, error) {
	// The league's row first, as every league operation takes it (closing the league,
	// replacing a player, moving a game): a result and a close never cross.
	if _, err := tx.Exec(ctx, lockGameLeagueSQL, w.GameID); err != nil {
		return resultRows{}, err
	}
	g, err := loadResultGame(ctx, tx, w.GameID, lockResultGameSQL)
	if err != nil {
		return resultRows{}, err
	}
	check := g.Writable
	if byTable {
		check = func(_ int64, correction bool) error { return g.takesResult(correction) }
	}
	if err := check(w.ByUserID, correction); err != nil {
		return resultRows{}, err
	}
	if g.Version != w.Version {
		return resultRows{}, ErrStaleResult
	}
	if !postgresText(w.Reason) {
		return resultRows{}, &scoring.FieldError{Field: "reason", Problem: "must be text without NUL characters"}
	}
	// The seats can change between the check and the write: a replacement or a withdrawal
	// (under the league's row lock, which this write now holds) reseated the game.
	if len(w.Seated.Lines) != len(g.Seats) {
		return resultRows{}, ErrSeatsChanged
	}
	rows := resultRows{game: g, lines: make([]ResultLine, len(g.Seats)), subs: map[string]int64{}}
	var names []string
	for i, l := range w.Seated.Lines {
		seat := g.Seats[i]
		if l.Position != seat.Position || !strings.EqualFold(l.Player, seat.Username) {
			return resultRows{}, ErrSeatsChanged
		}
		rows.lines[i] = ResultLine{Position: seat.Position, UserID: seat.UserID, Username: seat.Username,
			DisplayName: seat.DisplayName, Points: l.Points, Place: l.Place, Winner: l.Winner, Side: l.Side,
			Explanation: l.Explanation, Substitute: l.Substitute, Absent: l.Absent}
		if l.Absent {
			m, err := ensureLadderMember(ctx, tx, SeventhPlayer, g.Game.Slug)
			if err != nil {
				return resultRows{}, err
			}
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
			return resultRows{}, fmt.Errorf("look up substitutes: %w", err)
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
			unknown = append(unknown, &scoring.FieldError{Field: "replaced." + l.Username, Problem: fmt.Sprintf("no player %q", l.Substitute)})
		}
	}
	if len(unknown) > 0 {
		return resultRows{}, unknown
	}
	if rows.output, err = json.Marshal(w.Seated.Result); err != nil {
		return resultRows{}, fmt.Errorf("encode scored result: %w", err)
	}
	return rows, nil
}

// absentNote opens an absent seat's explanation, on the game page and in the CSV.
const absentNote = "absent: the power was played by the missing man (ARMADA 4.1); the Seventh Player antes and takes the award, " +
	"and the player gets no league points and no rating change. The power scored: "

const lockResultGameSQL = resultGameSQL + ` FOR UPDATE OF g`

// lockGameLeagueSQL locks the row of the game's league (no row for an unknown game).
const lockGameLeagueSQL = `SELECT 1 FROM leagues WHERE id = (SELECT league_id FROM games WHERE id = $1) FOR UPDATE`

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
SELECT $1, NULLIF($2::bigint, 0), $3, seq.results, $4, $5, $6, $7 FROM seq
RETURNING ladder_seq, recorded_at`

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

const finishGameSQL = `UPDATE games SET status = 'finished', finished_at = now() WHERE id = $1`

// finishLeagueSQL sets a running league finished once none of its games is left to play
// (games_unfinished_idx finds a remaining game at once).
const finishLeagueSQL = `
UPDATE leagues SET status = 'finished', finished_at = now()
WHERE id = $1 AND status = 'running'
  AND NOT EXISTS (SELECT 1 FROM games WHERE league_id = $1 AND status <> 'finished')`

const insertAuditSQL = `
INSERT INTO result_audit (game_id, user_id, action, input, changes, reason) VALUES ($1, $2, $3, $4, $5, $6)`

// RecordResult stores a game's result in one transaction: it scores input against the
// game's seats, stores the result and each seat's league points, marks the game finished
// (and the league, when it was its last game), rates the game on its ladder (every seat's
// rating before, ante, award, delta and rating after, seed 3.2) and writes the audit row.
// Only the league's organiser may record (ErrNotOrganiser); a game is recorded once
// (ErrResultRecorded); input problems are *scoring.FieldError. On any error nothing changes.
//
// The statements go in three batches (read the game; store the result and read the seats'
// ratings; write the ledger, ratings and audit row), so a result costs a handful of round
// trips whatever the size of the ladder.
//
// An organiser's record closes a proposal standing for the game (CONTRACT section 8: "An
// organiser's or co-organiser's own POST .../result always wins over a standing proposal,
// which it closes").
func (s *Store) RecordResult(ctx context.Context, w ResultWrite) (GameResult, error) {
	var out GameResult
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		out, err = recordResult(ctx, tx, w, nil)
		return err
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("store: record result of game %d: %w", w.GameID, err)
	}
	return out, nil
}

// tableRecord is a result the table recorded: proposed by one seated player and confirmed
// by others (or by the end of the confirmation window), written as the organiser's would be.
type tableRecord struct {
	proposerID int64
	// confirmerIDs confirmed it, in the order they did.
	confirmerIDs []int64
	// actorID caused the recording (the last confirmer; 0 when the window closed), and is
	// not told of it by e-mail.
	actorID int64
	// reason is the audit row's account of it ("proposed by ada; confirmed by ...").
	reason string
}

// recordResult is RecordResult inside tx, for writes that record a result with others (a
// SUPERCAT companion game finished as a rated game, a result the table confirmed); table is
// nil for an organiser's record.
func recordResult(ctx context.Context, tx pgx.Tx, w ResultWrite, table *tableRecord) (GameResult, error) {
	var out GameResult
	err := func() error {
		rw, err := prepareWrite(ctx, tx, w, false, table != nil)
		if err != nil {
			return err
		}
		g := rw.game
		out = GameResult{ScoredResult: ScoredResult{Input: w.Input, Result: w.Seated.Result, Lines: rw.lines},
			GameID: g.ID, LeagueID: g.LeagueID, Ladder: g.Game.Slug, RecordedBy: g.Organiser, Inactive: g.Inactive()}

		ids := seatIDs(rw.lines, rw.subs)
		var held []heldRating
		batch := &pgx.Batch{}
		batch.Queue(recordResultSQL, g.ID, g.LeagueID, g.Game.Slug, string(g.Game.System), w.Input, rw.output, w.ByUserID).
			QueryRow(func(row pgx.Row) error { return row.Scan(&out.LadderSeq, &out.RecordedAt) })
		queueResultPoints(batch, g, rw.lines, rw.subs)
		batch.Queue(finishGameSQL, g.ID)
		batch.Queue(closeProposalSQL, g.ID)
		var leagueFinished bool
		batch.Queue(finishLeagueSQL, g.LeagueID).Exec(func(tag pgconn.CommandTag) error {
			leagueFinished = tag.RowsAffected() == 1
			return nil
		})
		batch.Queue(seatRatingsSQL, g.Game.Slug, idList(ids)).Query(func(rows pgx.Rows) error {
			var err error
			held, err = pgx.CollectRows(rows, pgx.RowToStructByName[heldRating])
			return err
		})
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("store result: %w", err)
		}

		entries, ratings, changes, err := rateAppended(g, rw.lines, ids, held)
		if err != nil {
			return err
		}
		for _, l := range rw.lines {
			changes.Points = append(changes.Points, PointsChange{Username: l.Username, Before: new(big.Rat), After: l.LeaguePoints()})
		}
		out.Changes = changes
		out.Ledger = ledgerLines(entries)
		batch = &pgx.Batch{}
		queueLedger(batch, g.Game.Slug, []int64{g.ID}, []int64{out.LadderSeq}, [][]rating.Entry{entries}, ids)
		queueRatings(batch, g.Game.Slug, ratings)
		actor := w.ByUserID
		if table == nil {
			if err := queueAudit(batch, g.ID, w.ByUserID, "record", w.Input, changes, ""); err != nil {
				return err
			}
		} else {
			text, err := json.Marshal(changes)
			if err != nil {
				return fmt.Errorf("encode changes: %w", err)
			}
			batch.Queue(insertTableAuditSQL, g.ID, table.proposerID, w.Input, text, table.reason, table.confirmerIDs)
			actor = table.actorID
		}
		if err := queueNotice(batch, fmt.Sprintf("result_recorded:game:%d", g.ID),
			resultNotice(NoticeResultRecorded, g, rw.lines, ""), resultAudience(g), actor); err != nil {
			return err
		}
		if leagueFinished {
			if err := queueNotice(batch, fmt.Sprintf("league_finished:league:%d", g.LeagueID),
				Notice{Kind: NoticeLeagueFinished, LeagueID: g.LeagueID}, audienceLeague, 0); err != nil {
				return err
			}
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("rate result: %w", err)
		}
		return nil
	}()
	if err != nil {
		return GameResult{}, err
	}
	return out, nil
}

// closeProposalSQL closes the game's proposal, if one stands, when its result is recorded.
const closeProposalSQL = `DELETE FROM result_proposals WHERE game_id = $1`

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
		points := l.LeaguePoints()
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

// queueAudit queues one row of the result audit trail.
func queueAudit(batch *pgx.Batch, gameID, byUserID int64, action string, input json.RawMessage, changes Changes, reason string) error {
	text, err := json.Marshal(changes)
	if err != nil {
		return fmt.Errorf("encode changes: %w", err)
	}
	batch.Queue(insertAuditSQL, gameID, byUserID, action, input, text, reason)
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
func ratingGame(id string, system scoring.System, lines []ResultLine) rating.Game {
	g := rating.Game{ID: id, PointsArePot: system.PointsArePot(), Seats: make([]rating.Seat, len(lines))}
	for i, l := range lines {
		player, _ := l.rated()
		g.Seats[i] = rating.Seat{Player: player, Substitute: l.Substitute, Points: l.Points, Winner: l.Winner}
	}
	return g
}

// ratingError turns the rating package's refusal of a game into a *scoring.FieldError: the
// only ones reachable after scoreSeated are out-of-range amounts.
func ratingError(err error) error {
	var fe *scoring.FieldError
	if errors.As(err, &fe) {
		return err
	}
	if errors.Is(err, rating.ErrOverflow) || errors.Is(err, rating.ErrPotMismatch) || errors.Is(err, rating.ErrTooFewSeats) {
		return &scoring.FieldError{Field: "result", Problem: err.Error()}
	}
	var seat *rating.SeatError
	if errors.As(err, &seat) {
		return &scoring.FieldError{Field: "result", Problem: seat.Error()}
	}
	return err
}

const resultSQL = `
SELECT r.game_id, COALESCE(r.league_id, 0), r.ladder, r.ladder_seq, r.input, r.output,
       rb.username AS recorded_by, r.recorded_at, COALESCE(cb.username, '') AS corrected_by, r.corrected_at
FROM results r
JOIN users rb ON rb.id = r.recorded_by
LEFT JOIN users cb ON cb.id = r.corrected_by
WHERE r.game_id = $1`

const resultLinesSQL = `
SELECT rp.position, rp.user_id, u.username, u.display_name, rp.scored_num, rp.scored_den, rp.place,
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
		r.Lines = append(r.Lines, ResultLine{
			Position: l.Position, UserID: l.UserID, Username: l.Username, DisplayName: l.DisplayName,
			Points: big.NewRat(l.ScoredNum, l.ScoredDen), Place: l.Place, Winner: l.Winner,
			Side: sides[l.Username], Explanation: l.Explanation, Substitute: l.Substitute, Absent: l.Absent,
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
func (s *Store) CorrectResult(ctx context.Context, w ResultWrite) (GameResult, error) {
	var changes Changes
	var inactive []ActivityState
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		rw, err := prepareWrite(ctx, tx, w, true, false)
		if err != nil {
			return err
		}
		g := rw.game
		inactive = g.Inactive()
		var ladder string
		var seq, last int64
		if err := tx.QueryRow(ctx, resultPlaceSQL, g.ID).Scan(&ladder, &seq); err != nil {
			return fmt.Errorf("read result: %w", err)
		}
		if err := tx.QueryRow(ctx, lockLadderSQL, ladder).Scan(&last); err != nil {
			return fmt.Errorf("lock ladder %s: %w", ladder, err)
		}
		if err := refuseNoChange(ctx, tx, rw, w.Seated.Result); err != nil {
			return err
		}
		before, err := readBefore(ctx, tx, g.ID, ladder)
		if err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, updateResultSQL, g.ID, w.Input, rw.output, w.ByUserID); err != nil {
			return fmt.Errorf("update result: %w", err)
		}
		if _, err := tx.Exec(ctx, deleteResultPointsSQL, g.ID); err != nil {
			return fmt.Errorf("delete points: %w", err)
		}
		batch := &pgx.Batch{}
		queueResultPoints(batch, g, rw.lines, rw.subs)
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert points: %w", err)
		}
		standings, err := replayLadder(ctx, tx, ladder, seq)
		if err != nil {
			return err
		}
		changes = before.diff(rw.lines, standings)
		batch = &pgx.Batch{}
		if err := queueAudit(batch, g.ID, w.ByUserID, "correct", w.Input, changes, w.Reason); err != nil {
			return err
		}
		// Each correction is its own event, numbered from 1 (one ladder's corrections happen
		// one at a time; this one's audit row is queued, not yet written).
		var corrections int
		if err := tx.QueryRow(ctx, `SELECT count(*) + 1 FROM result_audit WHERE game_id = $1 AND action = 'correct'`, g.ID).Scan(&corrections); err != nil {
			return fmt.Errorf("count corrections: %w", err)
		}
		if err := queueNotice(batch, fmt.Sprintf("result_corrected:game:%d:%d", g.ID, corrections),
			resultNotice(NoticeResultCorrected, g, rw.lines, w.Reason), resultAudience(g), w.ByUserID); err != nil {
			return err
		}
		if err := tx.SendBatch(ctx, batch).Close(); err != nil {
			return fmt.Errorf("insert audit row: %w", err)
		}
		return nil
	})
	if err != nil {
		return GameResult{}, fmt.Errorf("store: correct result of game %d: %w", w.GameID, err)
	}
	r, err := s.Result(ctx, w.GameID)
	if err != nil {
		return GameResult{}, err
	}
	r.Changes, r.Inactive = changes, inactive
	return r, nil
}

const storedOutcomeSQL = `
SELECT rp.scored_num, rp.scored_den, rp.place, rp.winner, rp.explanation, COALESCE(sub.username, '') AS substitute,
       COALESCE(r.output->>'victory', '') AS victory, COALESCE(r.output->>'winner', '') AS winning_side
FROM results r
JOIN result_points rp ON rp.game_id = r.game_id
LEFT JOIN users sub ON sub.id = rp.substitute_id
WHERE r.game_id = $1
ORDER BY rp.position`

// refuseNoChange refuses a correction that leaves the stored result as it is
// (league.ChangesNothing): ErrNoChange.
func refuseNoChange(ctx context.Context, tx pgx.Tx, rw resultRows, res scoring.Result) error {
	type storedLine struct {
		ScoredNum   int64  `db:"scored_num"`
		ScoredDen   int64  `db:"scored_den"`
		Place       int    `db:"place"`
		Winner      bool   `db:"winner"`
		Explanation string `db:"explanation"`
		Substitute  string `db:"substitute"`
		Victory     string `db:"victory"`
		WinningSide string `db:"winning_side"`
	}
	rows, err := collect[storedLine](ctx, tx, storedOutcomeSQL, rw.game.ID)
	if err != nil {
		return fmt.Errorf("read stored result: %w", err)
	}
	var stored league.Outcome
	for _, st := range rows {
		stored.Seats = append(stored.Seats, league.SeatOutcome{Points: big.NewRat(st.ScoredNum, st.ScoredDen), Place: st.Place,
			Winner: st.Winner, Explanation: st.Explanation, Substitute: st.Substitute})
		stored.Victory, stored.WinningSide = st.Victory, st.WinningSide
	}
	corrected := league.Outcome{Victory: string(res.Victory), WinningSide: res.WinningSide}
	for _, l := range rw.lines {
		corrected.Seats = append(corrected.Seats, league.SeatOutcome{Points: l.Points, Place: l.Place, Winner: l.Winner,
			Explanation: l.Explanation, Substitute: l.Substitute})
	}
	if league.ChangesNothing(stored, corrected) {
		return ErrNoChange
	}
	return nil
}

// standingBefore is what a correction may move, read before it writes: the game's league
// points by username and the ladder's ratings by username.
type standingBefore struct {
	points  map[string]*big.Rat
	ratings map[string]rating.Micros
}

// readBefore reads a game's league points and its ladder's ratings before a correction.
func readBefore(ctx context.Context, tx pgx.Tx, gameID int64, ladder string) (standingBefore, error) {
	points, err := collect[struct {
		Username  string `db:"username"`
		PointsNum int64  `db:"points_num"`
		PointsDen int64  `db:"points_den"`
	}](ctx, tx, oldPointsSQL, gameID)
	if err != nil {
		return standingBefore{}, fmt.Errorf("read points: %w", err)
	}
	held, err := collect[struct {
		Username string        `db:"username"`
		Rating   rating.Micros `db:"rating_micros"`
	}](ctx, tx, ladderRatingsByNameSQL, ladder)
	if err != nil {
		return standingBefore{}, fmt.Errorf("read ratings: %w", err)
	}
	b := standingBefore{points: make(map[string]*big.Rat, len(points)), ratings: make(map[string]rating.Micros, len(held))}
	for _, p := range points {
		b.points[p.Username] = big.NewRat(p.PointsNum, p.PointsDen)
	}
	for _, h := range held {
		b.ratings[h.Username] = h.Rating
	}
	return b, nil
}

// diff is the visible change of a correction: every seat whose league points moved, and
// every member whose rating on the replayed ladder moved (by username).
func (b standingBefore) diff(lines []ResultLine, standings []rating.Standing) Changes {
	var changes Changes
	for _, l := range lines {
		before := b.points[l.Username]
		if before == nil {
			before = new(big.Rat)
		}
		if after := l.LeaguePoints(); before.Cmp(after) != 0 {
			changes.Points = append(changes.Points, PointsChange{Username: l.Username, Before: before, After: after})
		}
	}
	seen := map[string]bool{}
	for _, st := range standings {
		seen[st.Player] = true
		if r, ok := b.ratings[st.Player]; !ok || r != st.Rating {
			changes.Ratings = append(changes.Ratings, RatingChange{Username: st.Player, Before: r, After: st.Rating})
		}
	}
	for player, r := range b.ratings {
		if !seen[player] && r != 0 {
			changes.Ratings = append(changes.Ratings, RatingChange{Username: player, Before: r})
		}
	}
	slices.SortFunc(changes.Ratings, func(x, y RatingChange) int { return strings.Compare(x.Username, y.Username) })
	return changes
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
       COALESCE(l.game, g.game) AS game, g.status, g.finished_at, s.position,
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
}

// Points is the line's league points, exact.
func (l LeagueResultLine) Points() *big.Rat { return big.NewRat(l.PointsNum, l.PointsDen) }

const leagueResultLinesSQL = `
SELECT g.id AS game_id, g.number, g.round, g.finished_at, rp.position, u.username,
       rp.points_num, rp.points_den, rp.place, rp.winner, COALESCE(sub.username, '') AS substitute, rp.explanation
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
