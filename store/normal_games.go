package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"
)

// Normal game statuses: a table is open while it has free seats and ready once the last
// seat is taken; it is finished (GameFinished) once its result is recorded.
const (
	// GameOpen is a normal game with free seats.
	GameOpen = "open"
	// GameReady is a normal game whose seats are all taken, waiting for its result.
	GameReady = "ready"
)

// Refusals of a seat at a normal game. Each is a *Conflict, so errors.Is(err, ErrConflict)
// holds for all.
var (
	// ErrAlreadySeated refuses a player who already holds a seat at the table.
	ErrAlreadySeated = &Conflict{Reason: "game: you already hold a seat at this table"}
	// ErrGameFull refuses a seat once every seat is taken.
	ErrGameFull = &Conflict{Reason: "game: full; every seat is taken"}
	// ErrLeagueGameSeats refuses a seat at a league game, whose seats the schedule sets.
	ErrLeagueGameSeats = &Conflict{Reason: "game: a league game's seats are set by the league's schedule"}
	// ErrTableNotReady refuses a result for a table that still has free seats.
	ErrTableNotReady = &Conflict{Reason: "result: the table still has free seats; every seat must be taken first"}
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
}

// BotKinds maps a SUPERCAT difficulty to its ladder member kind.
var BotKinds = map[string]string{"normal": SupercatNormal, "hard": SupercatHard}

const createNormalGameSQL = `
INSERT INTO games (league_id, number, round, status, game, seat_count, organiser_id, version, edition)
VALUES (NULL, 1, 1, 'open', $1, $2, $3, $4, $5)
RETURNING id`

// CreateNormalGame opens a table for a normal game, outside any league ("Games created for
// the league have the exact same rules of the normal games", league-scoring-system.txt):
// no seats taken yet, status open, its creator its organiser.
//
// A solo Arcs table seats its SUPERCAT bots at once, in the same transaction: each is the
// ladder's member of its difficulty (supercat-solo-arcs-bot.txt), rated like anyone.
func (s *Store) CreateNormalGame(ctx context.Context, ng NewNormalGame) (Game, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, createNormalGameSQL, ng.Game, ng.Seats, ng.OrganiserID,
			versionOrDefault(ng.Game, ng.Version), ng.Edition).Scan(&id); err != nil {
			return err
		}
		for i, difficulty := range ng.Bots {
			kind, ok := BotKinds[difficulty]
			if !ok {
				return fmt.Errorf("no SUPERCAT difficulty %q", difficulty)
			}
			bot, err := ensureLadderMember(ctx, tx, kind, ng.Game)
			if err != nil {
				return err
			}
			if _, err := tx.Exec(ctx, insertSeatSQL, id, i+1, bot.UserID); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return Game{}, fmt.Errorf("store: create %s game: %w", ng.Game, err)
	}
	return s.Game(ctx, id)
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

const insertSeatSQL = `INSERT INTO seats (game_id, position, user_id) VALUES ($1, $2, $3)`

const readyGameSQL = `UPDATE games SET status = 'ready', sequence = sequence + 1 WHERE id = $1`

// JoinGame gives the user the next seat at an open normal game and returns the game as it
// stands afterwards: seat order is join order, and the last seat taken makes the game ready.
// Refusals: ErrNotFound, ErrLeagueGameSeats, ErrAlreadySeated and ErrGameFull (all but the
// first *Conflict). The game's row is locked for the transaction, so seats are handed out
// one at a time; the seats' keys back the checks up.
func (s *Store) JoinGame(ctx context.Context, gameID, userID int64) (Game, error) {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var normal, isSeated bool
		var status string
		var seatCount, seated int
		err := tx.QueryRow(ctx, lockNormalGameSQL, gameID).Scan(&normal, &status, &seatCount)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := tx.QueryRow(ctx, gameSeatedSQL, gameID, userID).Scan(&seated, &isSeated); err != nil {
			return err
		}
		switch {
		case !normal:
			return ErrLeagueGameSeats
		case isSeated:
			return ErrAlreadySeated
		case status != GameOpen || seated >= seatCount:
			return ErrGameFull
		}
		if _, err := tx.Exec(ctx, insertSeatSQL, gameID, seated+1, userID); err != nil {
			if isUniqueViolation(err, "seats_player_key") {
				return ErrAlreadySeated
			}
			if isUniqueViolation(err, "seats_pkey") {
				return ErrGameFull
			}
			return err
		}
		if seated+1 < seatCount {
			return nil
		}
		_, err = tx.Exec(ctx, readyGameSQL, gameID)
		return err
	})
	if err != nil {
		return Game{}, fmt.Errorf("store: join game %d: %w", gameID, err)
	}
	return s.Game(ctx, gameID)
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
