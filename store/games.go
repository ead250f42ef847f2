package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/rating"
)

// Game statuses: scheduled when the league starts; finished once its result is recorded
// (a normal game is open, then ready, then finished: GameOpen, GameReady).
const (
	// GameScheduled is a game drawn by the schedule and not yet played.
	GameScheduled = "scheduled"
	// GameFinished is a game whose result is recorded.
	GameFinished = "finished"
)

// Game is one game of a league's schedule, or a normal game outside any league, with its
// seats in seat order.
type Game struct {
	ID int64 `db:"id"`
	// LeagueID is the game's league; 0 for a normal game.
	LeagueID int64 `db:"league_id"`
	// Game is the registry slug of the game played (scoring.GameBySlug).
	Game string `db:"game"`
	// Version is the slug of the version played and Edition its free-text note: a normal
	// game's own, a league game's league's (CONTRACT section 9).
	Version string `db:"version"`
	Edition string `db:"edition"`
	// SeatCount is the game's number of seats: a league game's seats (its league's players
	// per game, one fewer for a game shortened by a withdrawal), or the seats a normal
	// game's table was opened with.
	SeatCount int `db:"seat_count"`
	// OrganiserID and Organiser name who opened a normal game's table (its organiser);
	// 0 and empty for a league game, whose league has the organiser.
	OrganiserID int64  `db:"organiser_id"`
	Organiser   string `db:"organiser"`
	// CreatedAt is when the game was created (the league's schedule drawn, or the table opened).
	CreatedAt time.Time `db:"created_at"`
	// Number is the game's place in the league's schedule, 1 first.
	Number int `db:"number"`
	// Round is the schedule round the game belongs to, 1 first.
	Round int `db:"round"`
	// Status is "scheduled" until a result is recorded, then "finished"; a normal game is
	// "open" while it has free seats, then "ready", then "finished".
	Status string `db:"status"`
	// FinishedAt is when the result was first recorded; nil while scheduled.
	FinishedAt *time.Time `db:"finished_at"`
	// StartsAt is when the game is to be played; nil while no date is set.
	StartsAt *time.Time `db:"starts_at"`
	// Place is where it is played; empty means the league's venue.
	Place string `db:"place"`
	// Sequence counts the changes to the game's date, place and seats (iCalendar SEQUENCE).
	Sequence int `db:"sequence"`
	// Seats are the game's players in seat order (position 1 first: the starting player).
	Seats []Seat `db:"-"`
	// ResultsBy and ConfirmHours are who enters the result and the confirmation window:
	// the league's for a league game, the table's own for a normal game.
	ResultsBy    string `db:"results_by"`
	ConfirmHours int    `db:"confirm_hours"`
	// Private is whether the game's league is private: its games are rated on the league's
	// own ladder (Ladder).
	Private bool `db:"private"`
}

// Ladder is the ladder the game is rated on (rating.LeagueLadder): the game's public
// ladder, or its private league's own.
func (g Game) Ladder() string { return rating.LeagueLadder(g.Game, g.LeagueID, g.Private) }

// Seat is one player's place at a game. Position 1 is the starting player / first colour.
type Seat struct {
	GameID      int64  `db:"game_id"`
	Position    int    `db:"position"`
	UserID      int64  `db:"user_id"`
	Username    string `db:"username"`
	DisplayName string `db:"display_name"`
}

const gameColumns = `g.id, COALESCE(g.league_id, 0) AS league_id,
COALESCE(g.game, (SELECT l.game FROM leagues l WHERE l.id = g.league_id)) AS game,
COALESCE(g.version, (SELECT l.version FROM leagues l WHERE l.id = g.league_id), '') AS version,
COALESCE(g.edition, (SELECT l.edition FROM leagues l WHERE l.id = g.league_id), '') AS edition,
COALESCE(g.seat_count, (SELECT count(*)::int FROM seats s WHERE s.game_id = g.id)) AS seat_count,
COALESCE(g.organiser_id, 0) AS organiser_id,
COALESCE((SELECT o.username FROM users o WHERE o.id = g.organiser_id), '') AS organiser, g.created_at,
g.number, g.round, g.status, g.finished_at, g.starts_at, g.place, g.sequence,
COALESCE((SELECT l.results_by FROM leagues l WHERE l.id = g.league_id), g.results_by) AS results_by,
COALESCE((SELECT l.confirm_hours FROM leagues l WHERE l.id = g.league_id), g.confirm_hours) AS confirm_hours,
COALESCE((SELECT l.private FROM leagues l WHERE l.id = g.league_id), false) AS private`

const leagueGamesSQL = `SELECT ` + gameColumns + ` FROM games g WHERE g.league_id = $1 ORDER BY g.number`

const leagueSeatsSQL = `
SELECT s.game_id, s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN games g ON g.id = s.game_id JOIN users u ON u.id = s.user_id
WHERE g.league_id = $1
ORDER BY g.number, s.position`

// Games returns the league's games in number order, each with its seats; empty while the
// league is open.
func (s *Store) Games(ctx context.Context, leagueID int64) ([]Game, error) {
	games, err := collect[Game](ctx, s.pool, leagueGamesSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: games of league %d: %w", leagueID, err)
	}
	seats, err := collect[Seat](ctx, s.pool, leagueSeatsSQL, leagueID)
	if err != nil {
		return nil, fmt.Errorf("store: seats of league %d: %w", leagueID, err)
	}
	index := make(map[int64]int, len(games))
	for i, g := range games {
		index[g.ID] = i
	}
	for _, seat := range seats {
		if i, ok := index[seat.GameID]; ok {
			games[i].Seats = append(games[i].Seats, seat)
		}
	}
	return games, nil
}

const gameSQL = `SELECT ` + gameColumns + ` FROM games g WHERE g.id = $1`

const gameSeatsSQL = `
SELECT s.game_id, s.position, s.user_id, u.username, u.display_name
FROM seats s JOIN users u ON u.id = s.user_id
WHERE s.game_id = $1
ORDER BY s.position`

// Game returns the game with the given id and its seats, or ErrNotFound.
func (s *Store) Game(ctx context.Context, id int64) (Game, error) {
	g, err := collectOne[Game](ctx, s.pool, gameSQL, id)
	if errors.Is(err, pgx.ErrNoRows) {
		return Game{}, fmt.Errorf("store: game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return Game{}, fmt.Errorf("store: game %d: %w", id, err)
	}
	g.Seats, err = collect[Seat](ctx, s.pool, gameSeatsSQL, id)
	if err != nil {
		return Game{}, fmt.Errorf("store: seats of game %d: %w", id, err)
	}
	return g, nil
}
