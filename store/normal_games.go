package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
)

// Normal game statuses: a table is open while it has free seats and ready once the last
// seat is taken (league.TakeSeat); it is finished (GameFinished) once its result is recorded.
const (
	// GameOpen is a normal game with free seats.
	GameOpen = league.TableOpen
	// GameReady is a normal game whose seats are all taken, waiting for its result.
	GameReady = league.TableReady
)

// Refusals of a seat at a normal game (league.TakeSeat decides them). Each is a *Conflict,
// so errors.Is(err, ErrConflict) holds for all.
var (
	// ErrAlreadySeated refuses a player who already holds a seat at the table.
	ErrAlreadySeated = league.ErrAlreadySeated
	// ErrGameFull refuses a seat once every seat is taken.
	ErrGameFull = league.ErrGameFull
	// ErrLeagueGameSeats refuses a seat at a league game, whose seats the schedule sets.
	ErrLeagueGameSeats = league.ErrLeagueGameSeats
	// ErrTableNotReady refuses a result for a table that still has free seats.
	ErrTableNotReady = league.ErrTableNotReady
)

// NewNormalGame is what opening a table supplies. Validate it first (web does, against the
// games registry: a known game and 2..8 seats within its range); Postgres' checks are the
// last line.
type NewNormalGame struct {
	// Game is the registry slug.
	Game string
	// Version is a slug of the game's versions (empty: its default); Edition a free-text
	// note on the edition played.
	Version, Edition string
	// Seats is the number of seats at the table.
	Seats int
	// OrganiserID opened the table; they record its result and need not play.
	OrganiserID int64
	// Bots are the SUPERCAT bots seated at an Arcs table, by difficulty ("normal", "hard"),
	// at most one of each: they take the first seats, people the rest in join order.
	Bots []string
	// ResultsBy (default ResultsByPlayers) and ConfirmHours (default DefaultConfirmHours)
	// say who enters the table's result and how long its players have to confirm one.
	ResultsBy    string
	ConfirmHours int
}

// BotKinds maps a SUPERCAT difficulty to its ladder member kind.
var BotKinds = map[string]string{"normal": SupercatNormal, "hard": SupercatHard}

const createNormalGameSQL = `
INSERT INTO games (league_id, number, round, status, game, seat_count, organiser_id, version, edition, results_by, confirm_hours)
VALUES (NULL, 1, 1, 'open', $1, $2, $3, $4, $5, $6, $7)
RETURNING id`

// InsertNormalGame opens a table for a normal game in tx and seats its SUPERCAT bots (each
// the ladder's member of its difficulty); a difficulty given several times (a SUPERCAT
// companion game) seats a member per bot (SupercatBotKind).
func (s *Store) InsertNormalGame(ctx context.Context, tx pgx.Tx, ng NewNormalGame) (int64, error) {
	return insertNormalGame(ctx, tx, ng)
}

func insertNormalGame(ctx context.Context, tx pgx.Tx, ng NewNormalGame) (int64, error) {
	var id int64
	resultsBy, hours := tableSetting(ng.ResultsBy, ng.ConfirmHours)
	if err := tx.QueryRow(ctx, createNormalGameSQL, ng.Game, ng.Seats, ng.OrganiserID,
		versionOrDefault(ng.Game, ng.Version), ng.Edition, resultsBy, hours).Scan(&id); err != nil {
		return 0, err
	}
	nth := map[string]int{}
	for i, difficulty := range ng.Bots {
		nth[difficulty]++
		kind, ok := SupercatBotKind(difficulty, nth[difficulty])
		if !ok {
			return 0, fmt.Errorf("no SUPERCAT bot %d of difficulty %q", nth[difficulty], difficulty)
		}
		name, ok := rating.MemberKindName(kind)
		if !ok {
			return 0, fmt.Errorf("no ladder member kind %q", kind)
		}
		bot, err := ensureLadderMember(ctx, tx, kind, name, ng.Game)
		if err != nil {
			return 0, err
		}
		if _, err := tx.Exec(ctx, insertSeatSQL, id, i+1, bot.UserID); err != nil {
			return 0, err
		}
	}
	return id, nil
}

const lockNormalGameSQL = `
SELECT league_id IS NULL AS normal, status, COALESCE(seat_count, 0) AS seat_count
FROM games g WHERE g.id = $1 FOR UPDATE`

// gameSeatedSQL counts the seats taken and whether the user holds one. It runs as a
// statement of its own once the game's row is locked: in the locking statement its
// snapshot would be the one from before the wait, blind to the seats taken meanwhile.
const gameSeatedSQL = `
SELECT (SELECT count(*) FROM seats s WHERE s.game_id = $1)::int,
       EXISTS (SELECT 1 FROM seats s WHERE s.game_id = $1 AND s.user_id = $2)`

// LockSeating locks the game's row for tx and returns the table as the user finds it, for
// league.TakeSeat: whether it is a normal game, its status and seats, and whether the user
// holds one. No such game is ErrNotFound.
func (s *Store) LockSeating(ctx context.Context, tx pgx.Tx, gameID, userID int64) (league.Table, error) {
	var t league.Table
	err := tx.QueryRow(ctx, lockNormalGameSQL, gameID).Scan(&t.Normal, &t.Status, &t.Seats)
	if errors.Is(err, pgx.ErrNoRows) {
		return league.Table{}, ErrNotFound
	}
	if err != nil {
		return league.Table{}, err
	}
	if err := tx.QueryRow(ctx, gameSeatedSQL, gameID, userID).Scan(&t.Taken, &t.Seated); err != nil {
		return league.Table{}, err
	}
	return t, nil
}

const insertSeatSQL = `INSERT INTO seats (game_id, position, user_id) VALUES ($1, $2, $3)`

// InsertSeat seats the user at the game's seat position. The seats' keys back the lock up:
// a player seated twice is ErrAlreadySeated, a seat taken twice ErrGameFull.
func (s *Store) InsertSeat(ctx context.Context, tx pgx.Tx, gameID int64, position int, userID int64) error {
	_, err := tx.Exec(ctx, insertSeatSQL, gameID, position, userID)
	if isUniqueViolation(err, "seats_player_key") {
		return ErrAlreadySeated
	}
	if isUniqueViolation(err, "seats_pkey") {
		return ErrGameFull
	}
	return err
}

const readyGameSQL = `UPDATE games SET status = 'ready', sequence = sequence + 1 WHERE id = $1`

// UpdateGameReady marks the game ready: its last seat is taken.
func (s *Store) UpdateGameReady(ctx context.Context, tx pgx.Tx, gameID int64) error {
	_, err := tx.Exec(ctx, readyGameSQL, gameID)
	return err
}

// normalGamesLimit bounds the games one list of normal games returns.
const normalGamesLimit = 100

const normalGamesSQL = `SELECT ` + gameColumns + ` FROM games g
WHERE g.league_id IS NULL AND g.status = ANY($1)
ORDER BY g.finished_at DESC NULLS LAST, g.id DESC
LIMIT $2`

const normalSeatsSQL = `
SELECT s.game_id, s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN users u ON u.id = s.user_id
WHERE s.game_id = ANY($1)
ORDER BY s.game_id, s.position`

// NormalGames returns the normal games with one of the given statuses (GameOpen, GameReady,
// GameFinished), the most recently finished first and then the newest, at most 100, each
// with its seats.
func (s *Store) NormalGames(ctx context.Context, statuses ...string) ([]Game, error) {
	games, err := collect[Game](ctx, s.pool, normalGamesSQL, statuses, normalGamesLimit)
	if err != nil {
		return nil, fmt.Errorf("store: normal games: %w", err)
	}
	ids := make([]int64, len(games))
	index := make(map[int64]int, len(games))
	for i, g := range games {
		ids[i] = g.ID
		index[g.ID] = i
	}
	seats, err := collect[Seat](ctx, s.pool, normalSeatsSQL, ids)
	if err != nil {
		return nil, fmt.Errorf("store: seats of normal games: %w", err)
	}
	for _, seat := range seats {
		games[index[seat.GameID]].Seats = append(games[index[seat.GameID]].Seats, seat)
	}
	return games, nil
}
