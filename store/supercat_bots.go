package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// SupercatBot is one bot's counters and its turn in progress.
type SupercatBot struct {
	GameID int64  `db:"game_id"`
	Seat   int    `db:"seat"`
	Name   string `db:"name"`
	// Hand is the hand counter; Seize the seize counter (0: none on the board).
	Hand  int `db:"hand"`
	Seize int `db:"seize"`
	// BonusCards are the bonus action cards in the bot's play area.
	BonusCards []scoring.ActionCard `db:"bonus_cards"`
	// Exhausted are the Guild and lore cards used this chapter.
	Exhausted []string `db:"exhausted"`
	// Turn is the turn in progress; nil between turns.
	Turn *SupercatTurnRecord `db:"turn"`
	// Turns counts the bot's finished turns.
	Turns int `db:"turns"`
	// Power is the bot's Power.
	Power int `db:"power"`
}

// SupercatTurnRecord is a turn in progress: the state at its start (CONTRACT section 5's
// input, as JSON) and the answers given since (service.ReplayTurn walks it again).
type SupercatTurnRecord struct {
	State   json.RawMessage `json:"state"`
	Answers []string        `json:"answers"`
	// Guilds are the Guild and lore cards the turn's answers used, exhausted when the turn
	// is finished.
	Guilds []SupercatGuildUse `json:"guilds,omitempty"`
}

// SupercatGuildUse is a ready Guild or lore card that answer number Answer used.
type SupercatGuildUse struct {
	Answer int    `json:"answer"`
	Card   string `json:"card"`
}

// SupercatTable is what the player reports at the start of a bot's turn: the table's state
// (the bot's own counters come from the store; service.TurnState joins the two).
type SupercatTable struct {
	Initiative       bool
	Lead             *scoring.ActionCard
	SeizedThisRound  bool
	Drawn            []scoring.ActionCard
	Roll             int
	Ambitions        map[scoring.Ambition]scoring.AmbitionState
	MarkersAvailable bool
	Power            int
	PlayerPower      []int
}

const lockSupercatBotSQL = `
SELECT ` + supercatBotColumns + ` FROM supercat_bots b
WHERE b.game_id = $1 AND b.seat = $2
  AND EXISTS (SELECT 1 FROM supercat_games g WHERE g.id = b.game_id AND g.owner_id = $3)
FOR UPDATE`

// shareSupercatGameSQL locks a game against its finishing (which holds it FOR UPDATE) while
// a bot changes.
const shareSupercatGameSQL = `SELECT difficulty, players, rated_game_id IS NOT NULL FROM supercat_games WHERE id = $1 AND owner_id = $2 FOR SHARE`

// ShareSupercatGame reads ownerID's game, locked against its finishing until tx ends (FOR
// SHARE: bots of one game change side by side); ErrNotFound when there is none (or it is
// someone else's).
func (s *Store) ShareSupercatGame(ctx context.Context, tx pgx.Tx, gameID, ownerID int64) (SupercatLock, error) {
	var l SupercatLock
	err := tx.QueryRow(ctx, shareSupercatGameSQL, gameID, ownerID).Scan(&l.Difficulty, &l.Players, &l.Finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatLock{}, ErrNotFound
	}
	if err != nil {
		return SupercatLock{}, fmt.Errorf("store: SUPERCAT game %d: %w", gameID, err)
	}
	return l, nil
}

// LockSupercatBot reads ownerID's bot in seat of the game, locked until tx ends;
// ErrNotFound when there is none.
func (s *Store) LockSupercatBot(ctx context.Context, tx pgx.Tx, gameID int64, seat int, ownerID int64) (SupercatBot, error) {
	bot, err := collectOne[SupercatBot](ctx, tx, lockSupercatBotSQL, gameID, seat, ownerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatBot{}, ErrNotFound
	}
	if err != nil {
		return SupercatBot{}, fmt.Errorf("store: SUPERCAT game %d bot %d: %w", gameID, seat, err)
	}
	return bot, nil
}

const saveSupercatBotSQL = `
UPDATE supercat_bots SET hand = $3, seize = $4, bonus_cards = $5, exhausted = $6, turn = $7, turns = $8, power = $9
WHERE game_id = $1 AND seat = $2`

// SaveSupercatBot keeps bot b's counters and turn inside tx.
func (s *Store) SaveSupercatBot(ctx context.Context, tx pgx.Tx, b SupercatBot) error {
	if b.BonusCards == nil {
		b.BonusCards = []scoring.ActionCard{}
	}
	if b.Exhausted == nil {
		b.Exhausted = []string{}
	}
	if _, err := tx.Exec(ctx, saveSupercatBotSQL, b.GameID, b.Seat, b.Hand, b.Seize, b.BonusCards, b.Exhausted, b.Turn, b.Turns, b.Power); err != nil {
		return fmt.Errorf("store: save SUPERCAT game %d bot %d: %w", b.GameID, b.Seat, err)
	}
	return nil
}
