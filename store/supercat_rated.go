package store

import (
	"context"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// SupercatFinal is the end of a companion game as the player reports it: everyone's final
// Power, the player's then each bot's in seat order, or instead the ambitions scored at the
// game's end.
type SupercatFinal struct {
	PlayerPower int
	BotPower    []int
	// Ambitions, when given, are the ambition results of the last chapter end: the final
	// Power is then everyone's Power as the companion keeps it plus what the Arcs scorer
	// awards (scoring.SupercatFinalPower), and PlayerPower and BotPower are not read.
	Ambitions []scoring.SupercatFinalAmbition
}

const lockSupercatFinishSQL = `
SELECT difficulty, rated_game_id IS NOT NULL, version, player_power
FROM supercat_games WHERE id = $1 AND owner_id = $2 FOR UPDATE`

const ratedSupercatGameSQL = `UPDATE supercat_games SET rated_game_id = $2, player_power = ARRAY[$3::int] WHERE id = $1`

// SupercatRated is a companion game's rated game as the service opens it: its id, the game
// as its result is recorded, the result the player records on it (its body, not checked
// nor stored) and the player's final Power.
type SupercatRated struct {
	GameID      int64
	Game        ResultGame
	Body        []byte
	PlayerPower int
}

// SupercatFinishing is ownerID's companion game as its finishing reads it, locked: its
// difficulty and version, whether it is rated already, everyone's Power as the companion
// keeps it (the player's, then each bot's) and its bots in seat order.
type SupercatFinishing struct {
	Difficulty  string
	Version     string
	Finished    bool
	PlayerPower []int
	Bots        []SupercatBot
}

// LockSupercatFinish locks ownerID's companion game inside tx, against any other change,
// and reads what finishing it as a rated game decides on; ErrNotFound when there is none
// (or it is someone else's).
func (s *Store) LockSupercatFinish(ctx context.Context, tx pgx.Tx, gameID, ownerID int64) (SupercatFinishing, error) {
	var f SupercatFinishing
	err := tx.QueryRow(ctx, lockSupercatFinishSQL, gameID, ownerID).Scan(&f.Difficulty, &f.Finished, &f.Version, &f.PlayerPower)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatFinishing{}, ErrNotFound
	}
	if err != nil {
		return SupercatFinishing{}, fmt.Errorf("store: finish SUPERCAT game %d: %w", gameID, err)
	}
	if f.Bots, err = collect[SupercatBot](ctx, tx, supercatBotsSQL, gameID); err != nil {
		return SupercatFinishing{}, fmt.Errorf("store: finish SUPERCAT game %d: %w", gameID, err)
	}
	return f, nil
}

// UpdateSupercatRated links the companion game to its rated game, keeping the player's
// final Power.
func (s *Store) UpdateSupercatRated(ctx context.Context, tx pgx.Tx, gameID int64, r SupercatRated) error {
	_, err := tx.Exec(ctx, ratedSupercatGameSQL, gameID, r.GameID, r.PlayerPower)
	return err
}

const supercatOfRatedSQL = `SELECT id FROM supercat_games WHERE rated_game_id = $1 AND owner_id = $2`

// SupercatGameOfRated returns the id of ownerID's companion game finished as the rated game
// ratedID; ErrNotFound when there is none (or it is someone else's).
func (s *Store) SupercatGameOfRated(ctx context.Context, ratedID, ownerID int64) (int64, error) {
	var id int64
	err := s.pool.QueryRow(ctx, supercatOfRatedSQL, ratedID, ownerID).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return 0, ErrNotFound
	}
	if err != nil {
		return 0, fmt.Errorf("store: companion game of %d: %w", ratedID, err)
	}
	return id, nil
}
