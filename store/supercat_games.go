package store

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
)

// SupercatGame is a player's solo Arcs game against SUPERCAT bots, as the companion keeps it.
type SupercatGame struct {
	ID      int64  `db:"id"`
	OwnerID int64  `db:"owner_id"`
	Name    string `db:"name"`
	// Difficulty is none, normal or hard (scoring.Difficulty).
	Difficulty string `db:"difficulty"`
	// Players is the number of seats at the table, bots included.
	Players   int       `db:"players"`
	Chapter   int       `db:"chapter"`
	CreatedAt time.Time `db:"created_at"`
	// Bots is the number of bot seats.
	Bots int `db:"bots"`
	// Version is the Arcs version: "base" or "blighted-reach" (the campaign game).
	Version string `db:"version"`
	// Modifiers are the optional modifiers chosen for the game (scoring.SupercatModifiers).
	Modifiers []string `db:"modifiers"`
	// LeadersLore is how Leaders and Lore are played: none, intervene or passive.
	LeadersLore string `db:"leaders_lore"`
	// PlayerPower is each player's Power.
	PlayerPower []int `db:"player_power"`
	// InitiativeSeats are, in hard mode, the bots with the most Power when the chapter
	// started (several: a tie to settle at random).
	InitiativeSeats []int `db:"initiative_seats"`
	// RatedGameID is the rated normal game the companion game was finished as; nil while
	// it is being played.
	RatedGameID *int64 `db:"rated_game_id"`
}

// NewSupercatGame is what starting a companion game supplies.
type NewSupercatGame struct {
	OwnerID int64
	Name    string
	// Difficulty is normal or hard (none is kept for older games).
	Difficulty string
	// Bots is the number of bots, 1..3.
	Bots int
	// Version is "base" or "blighted-reach"; empty for base.
	Version string
	// Modifiers are the chosen optional modifiers' slugs.
	Modifiers []string
	// LeadersLore is none, intervene or passive; empty for none.
	LeadersLore string
}

// SupercatBotNames names the bots of a new game.
var SupercatBotNames = []string{"SUPERCAT Ruby", "SUPERCAT Jade", "SUPERCAT Onyx"}

const createSupercatGameSQL = `
INSERT INTO supercat_games (owner_id, name, difficulty, players, version, modifiers, leaders_lore, initiative_seats)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING id`

const createSupercatBotSQL = `INSERT INTO supercat_bots (game_id, seat, name, hand) VALUES ($1, $2, $3, $4)`

// InsertSupercatGame stores a new solo game with its bots inside tx (service.Supercat.Create
// chooses its defaults and its hard-mode initiative) and returns its id.
func (s *Store) InsertSupercatGame(ctx context.Context, tx pgx.Tx, ng NewSupercatGame, initiative []int) (int64, error) {
	var id int64
	if err := tx.QueryRow(ctx, createSupercatGameSQL, ng.OwnerID, ng.Name, ng.Difficulty, ng.Bots+1,
		ng.Version, ng.Modifiers, ng.LeadersLore, initiative).Scan(&id); err != nil {
		return 0, fmt.Errorf("store: create SUPERCAT game: %w", err)
	}
	for seat := 1; seat <= ng.Bots; seat++ {
		if _, err := tx.Exec(ctx, createSupercatBotSQL, id, seat, SupercatBotNames[seat-1], scoring.SupercatHandStart); err != nil {
			return 0, fmt.Errorf("store: create SUPERCAT bot %d: %w", seat, err)
		}
	}
	return id, nil
}

const supercatGameColumns = `g.id, g.owner_id, g.name, g.difficulty, g.players, g.chapter, g.created_at,
(SELECT count(*)::int FROM supercat_bots b WHERE b.game_id = g.id) AS bots,
g.version, g.modifiers, g.leaders_lore, g.player_power, g.initiative_seats, g.rated_game_id`

const supercatGamesSQL = `SELECT ` + supercatGameColumns + ` FROM supercat_games g WHERE g.owner_id = $1 ORDER BY g.id DESC LIMIT 100`

// SupercatGames lists ownerID's SUPERCAT games, newest first.
func (s *Store) SupercatGames(ctx context.Context, ownerID int64) ([]SupercatGame, error) {
	gs, err := collect[SupercatGame](ctx, s.pool, supercatGamesSQL, ownerID)
	if err != nil {
		return nil, fmt.Errorf("store: SUPERCAT games of %d: %w", ownerID, err)
	}
	return gs, nil
}

const supercatGameSQL = `SELECT ` + supercatGameColumns + ` FROM supercat_games g WHERE g.id = $1 AND g.owner_id = $2`

const supercatBotColumns = `game_id, seat, name, hand, seize, bonus_cards, exhausted, turn, turns, power`

const supercatBotsSQL = `SELECT ` + supercatBotColumns + ` FROM supercat_bots WHERE game_id = $1 ORDER BY seat`

// SupercatGame returns ownerID's game with its bots; ErrNotFound when there is none (or it
// is someone else's: a solo game is private).
func (s *Store) SupercatGame(ctx context.Context, id, ownerID int64) (SupercatGame, []SupercatBot, error) {
	g, err := collectOne[SupercatGame](ctx, s.pool, supercatGameSQL, id, ownerID)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatGame{}, nil, fmt.Errorf("store: SUPERCAT game %d: %w", id, ErrNotFound)
	}
	if err != nil {
		return SupercatGame{}, nil, fmt.Errorf("store: SUPERCAT game %d: %w", id, err)
	}
	bots, err := collect[SupercatBot](ctx, s.pool, supercatBotsSQL, id)
	if err != nil {
		return SupercatGame{}, nil, fmt.Errorf("store: SUPERCAT bots of game %d: %w", id, err)
	}
	return g, bots, nil
}

const lockSupercatGameSQL = `SELECT difficulty, players, rated_game_id IS NOT NULL FROM supercat_games WHERE id = $1 AND owner_id = $2 FOR UPDATE`

// SupercatLock is a solo game as it stands, locked inside a transaction.
type SupercatLock struct {
	Difficulty string
	Players    int
	// Finished reports a game finished and rated.
	Finished bool
}

// LockSupercatGame locks ownerID's game until tx ends (FOR UPDATE: against its finishing and
// every change); ErrNotFound when there is none (or it is someone else's).
func (s *Store) LockSupercatGame(ctx context.Context, tx pgx.Tx, gameID, ownerID int64) (SupercatLock, error) {
	var l SupercatLock
	err := tx.QueryRow(ctx, lockSupercatGameSQL, gameID, ownerID).Scan(&l.Difficulty, &l.Players, &l.Finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return SupercatLock{}, ErrNotFound
	}
	if err != nil {
		return SupercatLock{}, fmt.Errorf("store: lock SUPERCAT game %d: %w", gameID, err)
	}
	return l, nil
}

const supercatBotHandsSQL = `SELECT name, hand, turn IS NOT NULL AS in_turn FROM supercat_bots WHERE game_id = $1 ORDER BY seat`

// SupercatHand is one bot's name, hand counter and whether its turn is in progress.
type SupercatHand struct {
	Name   string `db:"name"`
	Hand   int    `db:"hand"`
	InTurn bool   `db:"in_turn"`
}

// SupercatHands reads the game's bots' hands inside tx, in seat order.
func (s *Store) SupercatHands(ctx context.Context, tx pgx.Tx, gameID int64) ([]SupercatHand, error) {
	hands, err := collect[SupercatHand](ctx, tx, supercatBotHandsSQL, gameID)
	if err != nil {
		return nil, fmt.Errorf("store: SUPERCAT hands of game %d: %w", gameID, err)
	}
	return hands, nil
}

const newSupercatChapterSQL = `
UPDATE supercat_games SET chapter = chapter + 1, player_power = $2, initiative_seats = $3 WHERE id = $1`

const newSupercatChapterBotsSQL = `
UPDATE supercat_bots b SET hand = $2, bonus_cards = '[]', exhausted = '{}', turn = NULL, power = ($3::int[])[b.seat]
WHERE b.game_id = $1`

// SupercatChapterEnd is what the player reports when a chapter ends: that they have no cards
// left, and everyone's Power after the chapter's ambitions are scored.
type SupercatChapterEnd struct {
	// PlayerHasNoCards confirms the player has no cards left.
	PlayerHasNoCards bool
	// PlayerPower is each player's Power.
	PlayerPower []int
	// BotPower is each bot's Power, in seat order.
	BotPower []int
}

// UpdateSupercatChapter starts the game's next chapter inside tx: the chapter counted, the
// players' Power and the bots named for initiative kept, every bot's hand counter at hand,
// its play area cleared, its Guild cards ready, its Power kept.
func (s *Store) UpdateSupercatChapter(ctx context.Context, tx pgx.Tx, gameID int64, playerPower, initiative []int, hand int, botPower []int) error {
	if _, err := tx.Exec(ctx, newSupercatChapterSQL, gameID, playerPower, initiative); err != nil {
		return fmt.Errorf("store: SUPERCAT game %d new chapter: %w", gameID, err)
	}
	if _, err := tx.Exec(ctx, newSupercatChapterBotsSQL, gameID, hand, botPower); err != nil {
		return fmt.Errorf("store: SUPERCAT game %d new chapter's bots: %w", gameID, err)
	}
	return nil
}

const setSupercatPowerSQL = `UPDATE supercat_games SET player_power = $3 WHERE id = $1 AND owner_id = $2 RETURNING id`

const setSupercatBotPowerSQL = `UPDATE supercat_bots SET power = ($2::int[])[seat] WHERE game_id = $1`

// UpdateSupercatPower keeps everyone's Power during a chapter inside tx; ErrNotFound when
// ownerID has no such game.
func (s *Store) UpdateSupercatPower(ctx context.Context, tx pgx.Tx, gameID, ownerID int64, playerPower, botPower []int) error {
	var id int64
	err := tx.QueryRow(ctx, setSupercatPowerSQL, gameID, ownerID, playerPower).Scan(&id)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return fmt.Errorf("store: SUPERCAT game %d Power: %w", gameID, err)
	}
	if _, err := tx.Exec(ctx, setSupercatBotPowerSQL, gameID, botPower); err != nil {
		return fmt.Errorf("store: SUPERCAT game %d bots' Power: %w", gameID, err)
	}
	return nil
}
