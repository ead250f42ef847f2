package store

import (
	"context"
	"encoding/json"
	"errors"
	"fmt"
	"slices"
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
// input, as JSON) and the answers given since.
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

// Replay recomputes the turn: its start and the walk through the procedures so far.
func (r SupercatTurnRecord) Replay() (scoring.SupercatState, scoring.SupercatTurn, scoring.SupercatWalk, error) {
	state, err := scoring.DecodeSupercatState(r.State)
	if err != nil {
		return scoring.SupercatState{}, scoring.SupercatTurn{}, scoring.SupercatWalk{}, err
	}
	start, err := scoring.SupercatStartTurn(state)
	if err != nil {
		return scoring.SupercatState{}, scoring.SupercatTurn{}, scoring.SupercatWalk{}, err
	}
	lead := state.Lead
	if state.Initiative {
		lead = nil
	}
	walk, err := scoring.WalkSupercat(start, lead, r.Answers)
	return state, start, walk, err
}

// SupercatTable is what the player reports at the start of a bot's turn: the table's state
// (the bot's own counters come from the store).
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

// State is the start of bot b's turn: its counters, the game's difficulty and seats, and
// what the player reports (CONTRACT section 5's input).
func (t SupercatTable) State(b SupercatBot, difficulty string, players int) scoring.SupercatState {
	state := scoring.SupercatState{
		Hand: b.Hand, BonusCards: b.BonusCards, Seize: b.Seize, Initiative: t.Initiative, Lead: t.Lead,
		SeizedThisRound: t.SeizedThisRound, Drawn: t.Drawn, Roll: t.Roll, Players: players,
		Ambitions: t.Ambitions, MarkersAvailable: t.MarkersAvailable, Difficulty: scoring.Difficulty(difficulty),
		Power: t.Power, PlayerPower: t.PlayerPower,
	}
	state.WinningUndeclared = state.CountWinningUndeclared()
	return state
}

// SupercatBotNames names the bots of a new game.
var SupercatBotNames = []string{"SUPERCAT Ruby", "SUPERCAT Jade", "SUPERCAT Onyx"}

const createSupercatGameSQL = `
INSERT INTO supercat_games (owner_id, name, difficulty, players, version, modifiers, leaders_lore, initiative_seats)
VALUES ($1, $2, $3, $4, $5, $6, $7, $8)
RETURNING id`

const createSupercatBotSQL = `INSERT INTO supercat_bots (game_id, seat, name, hand) VALUES ($1, $2, $3, $4)`

// CreateSupercatGame starts a solo base game for ownerID against bots SUPERCAT bots (1..3) at
// the given difficulty, without modifiers; the table has bots + 1 seats.
func (s *Store) CreateSupercatGame(ctx context.Context, ownerID int64, name, difficulty string, bots int) (SupercatGame, error) {
	return s.CreateSupercatGameWith(ctx, NewSupercatGame{OwnerID: ownerID, Name: name, Difficulty: difficulty, Bots: bots})
}

// CreateSupercatGameWith starts a solo game with the choices of ng. In hard mode every bot
// is tied at Power 0, so all are named for the first chapter's initiative.
func (s *Store) CreateSupercatGameWith(ctx context.Context, ng NewSupercatGame) (SupercatGame, error) {
	if ng.Version == "" {
		ng.Version = scoring.ArcsBase
	}
	if ng.LeadersLore == "" {
		ng.LeadersLore = scoring.LeadersLoreNone
	}
	if ng.Modifiers == nil {
		ng.Modifiers = []string{}
	}
	initiative := []int{}
	if ng.Difficulty == string(scoring.Hard) {
		initiative = scoring.SupercatChapterInitiative(make([]int, ng.Bots))
	}
	var id int64
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := tx.QueryRow(ctx, createSupercatGameSQL, ng.OwnerID, ng.Name, ng.Difficulty, ng.Bots+1,
			ng.Version, ng.Modifiers, ng.LeadersLore, initiative).Scan(&id); err != nil {
			return err
		}
		for seat := 1; seat <= ng.Bots; seat++ {
			if _, err := tx.Exec(ctx, createSupercatBotSQL, id, seat, SupercatBotNames[seat-1], scoring.SupercatHandStart); err != nil {
				return err
			}
		}
		return nil
	})
	if err != nil {
		return SupercatGame{}, fmt.Errorf("store: create SUPERCAT game: %w", err)
	}
	g, _, err := s.SupercatGame(ctx, id, ng.OwnerID)
	return g, err
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

const lockSupercatBotSQL = `
SELECT ` + supercatBotColumns + ` FROM supercat_bots b
WHERE b.game_id = $1 AND b.seat = $2
  AND EXISTS (SELECT 1 FROM supercat_games g WHERE g.id = b.game_id AND g.owner_id = $3)
FOR UPDATE`

const saveSupercatBotSQL = `
UPDATE supercat_bots SET hand = $3, seize = $4, bonus_cards = $5, exhausted = $6, turn = $7, turns = $8, power = $9
WHERE game_id = $1 AND seat = $2`

// changeSupercatBot runs change on ownerID's bot, locked for the transaction, and saves it.
func (s *Store) changeSupercatBot(ctx context.Context, gameID int64, seat int, ownerID int64, change func(tx pgx.Tx, b *SupercatBot) error) (SupercatBot, error) {
	var bot SupercatBot
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var err error
		bot, err = collectOne[SupercatBot](ctx, tx, lockSupercatBotSQL, gameID, seat, ownerID)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if err := change(tx, &bot); err != nil {
			return err
		}
		if bot.BonusCards == nil {
			bot.BonusCards = []scoring.ActionCard{}
		}
		if bot.Exhausted == nil {
			bot.Exhausted = []string{}
		}
		_, err = tx.Exec(ctx, saveSupercatBotSQL, gameID, seat, bot.Hand, bot.Seize, bot.BonusCards, bot.Exhausted, bot.Turn, bot.Turns, bot.Power)
		return err
	})
	if err != nil {
		return SupercatBot{}, fmt.Errorf("store: SUPERCAT game %d bot %d: %w", gameID, seat, err)
	}
	return bot, nil
}

const supercatGameSettingsSQL = `SELECT difficulty, players FROM supercat_games WHERE id = $1`

// StartSupercatTurn performs the start of the bot's turn (scoring.SupercatStartTurn) from its
// stored counters and what the player reports, stores the new counters and opens the turn.
// A turn already in progress is a Conflict; bad input a *scoring.FieldError.
func (s *Store) StartSupercatTurn(ctx context.Context, gameID int64, seat int, ownerID int64, t SupercatTable) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(tx pgx.Tx, b *SupercatBot) error {
		if b.Turn != nil {
			return &Conflict{Reason: "turn: " + b.Name + " is already in the middle of a turn"}
		}
		var difficulty string
		var players int
		if err := tx.QueryRow(ctx, supercatGameSettingsSQL, gameID).Scan(&difficulty, &players); err != nil {
			return err
		}
		state := t.State(*b, difficulty, players)
		turn, err := scoring.SupercatStartTurn(state)
		if err != nil {
			return err
		}
		input, err := json.Marshal(state)
		if err != nil {
			return err
		}
		b.Hand, b.Seize, b.BonusCards, b.Power = turn.Hand, turn.Seize, turn.BonusCards, t.Power
		b.Turn = &SupercatTurnRecord{State: input, Answers: []string{}}
		return nil
	})
}

// AnswerSupercat records the answer to the current question of the bot's turn. step is the
// number of answers the player saw: an answer from a page that is out of date (another
// device answered first) is a Conflict, and an answer the question does not take a
// *scoring.FieldError.
func (s *Store) AnswerSupercat(ctx context.Context, gameID int64, seat int, ownerID int64, step int, answer string) (SupercatBot, error) {
	return s.AnswerSupercatGuild(ctx, gameID, seat, ownerID, step, answer, "")
}

// AnswerSupercatGuild is AnswerSupercat naming, for an answer that uses a ready Guild or lore
// card, which card: it must be ready (not exhausted this chapter, nor used earlier in the
// turn), and is exhausted when the turn is finished ("Guild and Lore Cards").
func (s *Store) AnswerSupercatGuild(ctx context.Context, gameID int64, seat int, ownerID int64, step int, answer, guild string) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(_ pgx.Tx, b *SupercatBot) error {
		if b.Turn == nil {
			return &Conflict{Reason: "answer: " + b.Name + " has no turn in progress"}
		}
		if step != len(b.Turn.Answers) {
			return &Conflict{Reason: "answer: the turn has moved on since this page was loaded"}
		}
		answers := append(slices.Clone(b.Turn.Answers), answer)
		_, _, walk, err := (SupercatTurnRecord{State: b.Turn.State, Answers: answers}).Replay()
		if err != nil {
			return err
		}
		if slices.Contains(walk.Exhausted, step) {
			if guild == "" {
				return &scoring.FieldError{Field: "guild", Problem: "name the ready Guild or lore card whose ability the bot uses"}
			}
			used := slices.Clone(b.Exhausted)
			for _, g := range b.Turn.Guilds {
				used = append(used, g.Card)
			}
			if slices.Contains(used, guild) {
				return &scoring.FieldError{Field: "guild", Problem: guild + " is exhausted this chapter, not ready"}
			}
			b.Turn.Guilds = append(b.Turn.Guilds, SupercatGuildUse{Answer: step, Card: guild})
		}
		b.Turn.Answers = answers
		return nil
	})
}

// UndoSupercatAnswer takes back the last answer of the bot's turn (and, called again, the
// one before). step is the number of answers the player saw: a page that is out of date is
// a Conflict, as is a turn with no answer to take back.
func (s *Store) UndoSupercatAnswer(ctx context.Context, gameID int64, seat int, ownerID int64, step int) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(_ pgx.Tx, b *SupercatBot) error {
		if b.Turn == nil {
			return &Conflict{Reason: "undo: " + b.Name + " has no turn in progress"}
		}
		if step != len(b.Turn.Answers) {
			return &Conflict{Reason: "undo: the turn has moved on since this page was loaded"}
		}
		if step == 0 {
			return &Conflict{Reason: "undo: no answer to take back yet"}
		}
		b.Turn.Answers = slices.Clone(b.Turn.Answers[:step-1])
		b.Turn.Guilds = slices.DeleteFunc(slices.Clone(b.Turn.Guilds), func(g SupercatGuildUse) bool { return g.Answer >= step-1 })
		return nil
	})
}

// FinishSupercatTurn closes the bot's turn once the procedures have named what it does; a
// bonus card the General Priorities selected leaves the play area.
func (s *Store) FinishSupercatTurn(ctx context.Context, gameID int64, seat int, ownerID int64) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(_ pgx.Tx, b *SupercatBot) error {
		if b.Turn == nil {
			return &Conflict{Reason: "turn: " + b.Name + " has no turn in progress"}
		}
		state, start, walk, err := b.Turn.Replay()
		if err != nil {
			return err
		}
		if !walk.Done {
			return &Conflict{Reason: "turn: answer the procedures' questions until the turn ends"}
		}
		if start.Card == nil && walk.Card != nil && !slices.Contains(state.Drawn, *walk.Card) {
			if i := slices.Index(b.BonusCards, *walk.Card); i >= 0 {
				b.BonusCards = slices.Delete(b.BonusCards, i, i+1)
			}
		}
		for _, g := range b.Turn.Guilds {
			b.Exhausted = append(b.Exhausted, g.Card)
		}
		b.Turn = nil
		b.Turns++
		return nil
	})
}

// AddSupercatBonus gives the bot a bonus action card ("place the new card in the bot's play
// area and increment the bot's hand counter").
func (s *Store) AddSupercatBonus(ctx context.Context, gameID int64, seat int, ownerID int64, card scoring.ActionCard) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(_ pgx.Tx, b *SupercatBot) error {
		b.BonusCards = append(b.BonusCards, card)
		b.Hand++
		return nil
	})
}

// ExhaustSupercatGuild marks a Guild or lore card used this chapter ("mark the Guild card as
// exhausted"); ready again with the next chapter.
func (s *Store) ExhaustSupercatGuild(ctx context.Context, gameID int64, seat int, ownerID int64, card string) (SupercatBot, error) {
	return s.changeSupercatBot(ctx, gameID, seat, ownerID, func(_ pgx.Tx, b *SupercatBot) error {
		if slices.Contains(b.Exhausted, card) {
			return &Conflict{Reason: "guild: " + card + " is already exhausted this chapter"}
		}
		b.Exhausted = append(b.Exhausted, card)
		return nil
	})
}

const lockSupercatGameSQL = `SELECT difficulty, players, rated_game_id IS NOT NULL FROM supercat_games WHERE id = $1 AND owner_id = $2 FOR UPDATE`

const supercatBotHandsSQL = `SELECT name, hand, turn IS NOT NULL FROM supercat_bots WHERE game_id = $1 ORDER BY seat`

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

// NewSupercatChapter ends the chapter and starts the next: "Continue until the player has no
// cards and each bot's hand counter is at zero, at which point the chapter ends" — otherwise
// a Conflict saying why not. Every bot's hand counter goes back to 6, its play area is
// cleared, every Guild card is ready again, everyone's Power is kept, and in hard mode the
// bots with the most Power are named to start the chapter with initiative.
func (s *Store) NewSupercatChapter(ctx context.Context, gameID, ownerID int64, end SupercatChapterEnd) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var difficulty string
		var players int
		var finished bool
		err := tx.QueryRow(ctx, lockSupercatGameSQL, gameID, ownerID).Scan(&difficulty, &players, &finished)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		if finished {
			return &Conflict{Reason: "chapter: the game is finished"}
		}
		rows, err := tx.Query(ctx, supercatBotHandsSQL, gameID)
		if err != nil {
			return err
		}
		var names []string
		var hands []int
		var inTurn bool
		for rows.Next() {
			var name string
			var hand int
			var turn bool
			if err := rows.Scan(&name, &hand, &turn); err != nil {
				return err
			}
			names, hands, inTurn = append(names, name), append(hands, hand), inTurn || turn
		}
		if err := rows.Err(); err != nil {
			return err
		}
		if inTurn {
			return &Conflict{Reason: "chapter: a bot is in the middle of a turn; finish it first"}
		}
		if ok, why := scoring.SupercatChapterEnds(end.PlayerHasNoCards, hands, names); !ok {
			return &Conflict{Reason: "chapter: " + why}
		}
		if len(end.BotPower) != len(hands) {
			return &scoring.FieldError{Field: "power", Problem: fmt.Sprintf("give the Power of each of the %d bots", len(hands))}
		}
		initiative := []int{}
		if difficulty == string(scoring.Hard) {
			initiative = scoring.SupercatChapterInitiative(end.BotPower)
		}
		if end.PlayerPower == nil {
			end.PlayerPower = []int{0}
		}
		if _, err := tx.Exec(ctx, newSupercatChapterSQL, gameID, end.PlayerPower, initiative); err != nil {
			return err
		}
		_, err = tx.Exec(ctx, newSupercatChapterBotsSQL, gameID, scoring.SupercatHandStart, end.BotPower)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: SUPERCAT game %d new chapter: %w", gameID, err)
	}
	return nil
}

const setSupercatPowerSQL = `UPDATE supercat_games SET player_power = $3 WHERE id = $1 AND owner_id = $2 RETURNING id`

const setSupercatBotPowerSQL = `UPDATE supercat_bots SET power = ($2::int[])[seat] WHERE game_id = $1`

// SetSupercatPower records everyone's Power during a chapter (the advantages are "evaluated
// per bot", from these).
func (s *Store) SetSupercatPower(ctx context.Context, gameID, ownerID int64, playerPower, botPower []int) error {
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		var id int64
		err := tx.QueryRow(ctx, setSupercatPowerSQL, gameID, ownerID, playerPower).Scan(&id)
		if errors.Is(err, pgx.ErrNoRows) {
			return ErrNotFound
		}
		if err != nil {
			return err
		}
		_, err = tx.Exec(ctx, setSupercatBotPowerSQL, gameID, botPower)
		return err
	})
	if err != nil {
		return fmt.Errorf("store: SUPERCAT game %d Power: %w", gameID, err)
	}
	return nil
}

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
