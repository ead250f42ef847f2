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
SELECT g.difficulty, g.rated_game_id IS NOT NULL, u.username, g.version, g.player_power
FROM supercat_games g JOIN users u ON u.id = g.owner_id
WHERE g.id = $1 AND g.owner_id = $2 FOR UPDATE OF g`

const ratedSupercatGameSQL = `UPDATE supercat_games SET rated_game_id = $2, player_power = ARRAY[$3::int] WHERE id = $1`

// SupercatRated is a companion game's rated game as InsertSupercatRated opens it: its id,
// the game as its result is recorded, the result the player records on it (its body, not
// checked nor stored) and the player's final Power.
type SupercatRated struct {
	GameID      int64
	Game        ResultGame
	Body        []byte
	PlayerPower int
}

// InsertSupercatRated opens ownerID's companion game's rated solo Arcs game inside tx: an
// Arcs normal game with the SUPERCAT bots in the first seats (each a ladder member of the
// game's difficulty, as the open-a-table form seats them) and the player last ("seat the
// player last in turn order"), with its result for the player to record: placement on
// final Power, or on the Power the ambition results bring, which the service checks with
// the Arcs scorer. A finished game is a Conflict; bad Power a *scoring.FieldError, bad
// ambition results scoring.FieldErrors (every field at once).
func (s *Store) InsertSupercatRated(ctx context.Context, tx pgx.Tx, gameID, ownerID int64, final SupercatFinal) (SupercatRated, error) {
	var difficulty, owner, version string
	var finished bool
	var playerPower []int
	err := tx.QueryRow(ctx, lockSupercatFinishSQL, gameID, ownerID).Scan(&difficulty, &finished, &owner, &version, &playerPower)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatRated{}, ErrNotFound
	}
	if err != nil {
		return SupercatRated{}, err
	}
	if finished {
		return SupercatRated{}, ErrSupercatRated
	}
	bots, err := collect[SupercatBot](ctx, tx, supercatBotsSQL, gameID)
	if err != nil {
		return SupercatRated{}, err
	}
	if final.Ambitions != nil {
		if final, err = supercatFinalByAmbitions(version, playerPower, bots, final.Ambitions); err != nil {
			return SupercatRated{}, err
		}
	}
	if len(final.BotPower) != len(bots) {
		return SupercatRated{}, &scoring.FieldError{Field: "power", Problem: fmt.Sprintf("give the final Power of each of the %d bots", len(bots))}
	}
	if difficulty != string(scoring.Hard) {
		difficulty = string(scoring.Normal) // "none", kept for older games, is rated as normal
	}
	ng := NewNormalGame{Game: "arcs", Version: version, Seats: len(bots) + 1, OrganiserID: ownerID, Bots: slices.Repeat([]string{difficulty}, len(bots))}
	rated, err := insertNormalGame(ctx, tx, ng)
	if err != nil {
		return SupercatRated{}, err
	}
	if _, err := tx.Exec(ctx, insertSeatSQL, rated, len(bots)+1, ownerID); err != nil {
		return SupercatRated{}, err
	}
	if _, err := tx.Exec(ctx, readyGameSQL, rated); err != nil {
		return SupercatRated{}, err
	}
	g, err := loadResultGame(ctx, tx, rated, resultGameSQL)
	if err != nil {
		return SupercatRated{}, err
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
		return SupercatRated{}, err
	}
	return SupercatRated{GameID: rated, Game: g, Body: body, PlayerPower: final.PlayerPower}, nil
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

// supercatFinalByAmbitions is the final Power the ambition results bring to everyone's Power
// as the companion keeps it (the player's, then each bot's).
func supercatFinalByAmbitions(version string, playerPower []int, bots []SupercatBot, ambitions []scoring.SupercatFinalAmbition) (SupercatFinal, error) {
	arcs, err := scoring.GameBySlug("arcs")
	if err != nil {
		return SupercatFinal{}, err
	}
	v, err := arcs.Version(version)
	if err != nil {
		return SupercatFinal{}, err
	}
	before := []int{0}
	if len(playerPower) > 0 {
		before[0] = playerPower[0]
	}
	for _, b := range bots {
		before = append(before, b.Power)
	}
	power, _, err := scoring.SupercatFinalPower(v, before, ambitions)
	if err != nil {
		return SupercatFinal{}, err
	}
	return SupercatFinal{PlayerPower: power[0], BotPower: power[1:]}, nil
}

// ErrSupercatRated refuses finishing a SUPERCAT game that is already finished and rated.
var ErrSupercatRated = &Conflict{Reason: "finish: the game is already finished and rated", ID: "refusal.supercat_already_rated"}
