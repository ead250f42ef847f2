package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// SupercatFinal is the end of a companion game as the player reports it: everyone's final
// Power, the player's then each bot's in seat order.
type SupercatFinal struct {
	PlayerPower int
	BotPower    []int
}

const lockSupercatFinishSQL = `
SELECT g.difficulty, g.rated_game_id IS NOT NULL, u.username, g.version
FROM supercat_games g JOIN users u ON u.id = g.owner_id
WHERE g.id = $1 AND g.owner_id = $2 FOR UPDATE OF g`

const ratedSupercatGameSQL = `UPDATE supercat_games SET rated_game_id = $2, player_power = ARRAY[$3::int] WHERE id = $1`

// FinishSupercatGame finishes ownerID's companion game as a rated solo Arcs game, in one
// transaction: an Arcs normal game with the SUPERCAT bots in the first seats (each a ladder
// member of the game's difficulty, as the open-a-table form seats them) and the player last
// ("seat the player last in turn order"), recorded by the player through the Arcs scorer
// (placement on final Power) onto the Arcs ladder, and linked to the companion game. A
// finished game is a Conflict; bad Power a *scoring.FieldError. Returns the rated game's id.
func (s *Store) FinishSupercatGame(ctx context.Context, gameID, ownerID int64, final SupercatFinal) (int64, error) {
	var rated int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var difficulty, owner, version string
		var finished bool
		err := tx.QueryRow(ctx, lockSupercatFinishSQL, gameID, ownerID).Scan(&difficulty, &finished, &owner, &version)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if finished {
			return &Conflict{Reason: "finish: the game is already finished and rated"}
		}
		bots, err := collect[SupercatBot](ctx, tx, supercatBotsSQL, gameID)
		if err != nil {
			return err
		}
		if len(final.BotPower) != len(bots) {
			return &scoring.FieldError{Field: "power", Problem: fmt.Sprintf("give the final Power of each of the %d bots", len(bots))}
		}
		if difficulty != string(scoring.Hard) {
			difficulty = string(scoring.Normal) // "none", kept for older games, is rated as normal
		}
		ng := NewNormalGame{Game: "arcs", Version: version, Seats: len(bots) + 1, OrganiserID: ownerID, Bots: slices.Repeat([]string{difficulty}, len(bots))}
		if rated, err = createNormalGame(ctx, tx, ng); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, insertSeatSQL, rated, len(bots)+1, ownerID); err != nil {
			return err
		}
		if _, err := tx.Exec(ctx, readyGameSQL, rated); err != nil {
			return err
		}
		g, err := loadResultGame(ctx, tx, rated, resultGameSQL)
		if err != nil {
			return err
		}
		type line struct {
			ID    string `json:"id"`
			Score int    `json:"score"`
		}
		var players []line
		for i, seat := range g.Seats {
			score := final.PlayerPower
			if i < len(bots) {
				score = final.BotPower[i]
			}
			players = append(players, line{ID: seat.Username, Score: score})
		}
		body, err := json.Marshal(map[string][]line{"players": players})
		if err != nil {
			return err
		}
		w, err := g.Write(ownerID, body)
		if err != nil {
			return err
		}
		if _, err := recordResult(ctx, tx, w, nil); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, ratedSupercatGameSQL, gameID, rated, final.PlayerPower)
		return err
	})
	if err != nil {
		return 0, fmt.Errorf("store: finish SUPERCAT game %d: %w", gameID, err)
	}
	return rated, nil
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
