package service

import (
	"context"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
)

// Games is the games area's service: opening a normal game's table (a game outside any
// league) and taking its seats.
type Games struct {
	store *store.Store
}

// NewGames returns the games service on st.
func NewGames(st *store.Store) *Games {
	return &Games{store: st}
}

// Create opens a table for a normal game, outside any league ("Games created for the league
// have the exact same rules of the normal games", league-scoring-system.txt): no seats taken
// yet, status open, its creator its organiser. Validate ng first (web does, against the
// games registry: a known game and 2..8 seats within its range); Postgres' checks are the
// last line.
//
// A solo Arcs table seats its SUPERCAT bots at once, in the same transaction: each is the
// ladder's member of its difficulty (supercat-solo-arcs-bot.txt), rated like anyone.
func (s *Games) Create(ctx context.Context, ng store.NewNormalGame) (store.Game, error) {
	var id int64
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		id, err = s.store.InsertNormalGame(ctx, tx, ng)
		return err
	})
	if err != nil {
		return store.Game{}, fmt.Errorf("service: create %s game: %w", ng.Game, err)
	}
	return s.store.Game(ctx, id)
}

// Join gives the user the next seat at an open normal game and returns the game as it
// stands afterwards: seat order is join order, and the last seat taken makes the game ready
// (league.TakeSeat). Refusals: store.ErrNotFound, ErrLeagueGameSeats, ErrAlreadySeated and
// ErrGameFull (all but the first *store.Conflict). The game's row is locked for the
// transaction, so seats are handed out one at a time; the seats' keys back the rule up.
func (s *Games) Join(ctx context.Context, gameID, userID int64) (store.Game, error) {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		table, err := s.store.LockSeating(ctx, tx, gameID, userID)
		if err != nil {
			return err
		}
		seating, err := league.TakeSeat(table)
		if err != nil {
			return err
		}
		if err := s.store.InsertSeat(ctx, tx, gameID, seating.Position, userID); err != nil {
			return err
		}
		if !seating.Ready {
			return nil
		}
		return s.store.UpdateGameReady(ctx, tx, gameID)
	})
	if err != nil {
		return store.Game{}, fmt.Errorf("service: join game %d: %w", gameID, err)
	}
	return s.store.Game(ctx, gameID)
}
