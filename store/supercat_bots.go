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

const lockSupercatBotSQL = `
SELECT ` + supercatBotColumns + ` FROM supercat_bots b
WHERE b.game_id = $1 AND b.seat = $2
  AND EXISTS (SELECT 1 FROM supercat_games g WHERE g.id = b.game_id AND g.owner_id = $3)
FOR UPDATE`

// shareSupercatGameSQL locks a game against its finishing (which holds it FOR UPDATE) while
// a bot changes, and says whether it is finished.
const shareSupercatGameSQL = `SELECT rated_game_id IS NOT NULL FROM supercat_games WHERE id = $1 AND owner_id = $2 FOR SHARE`

// supercatGameOpen refuses, as a Conflict, any change to a finished game: "a finished game
// offers no more turns" (issue 34). Someone else's game is not found.
func supercatGameOpen(ctx context.Context, tx pgx.Tx, gameID, ownerID int64) error {
	var finished bool
	err := tx.QueryRow(ctx, shareSupercatGameSQL, gameID, ownerID).Scan(&finished)
	if errors.Is(err, pgx.ErrNoRows) {
		return ErrNotFound
	}
	if err != nil {
		return err
	}
	if finished {
		return &Conflict{Reason: "the game is finished and rated: it takes no more turns"}
	}
	return nil
}

const saveSupercatBotSQL = `
UPDATE supercat_bots SET hand = $3, seize = $4, bonus_cards = $5, exhausted = $6, turn = $7, turns = $8, power = $9
WHERE game_id = $1 AND seat = $2`

// changeSupercatBot runs change on ownerID's bot, locked for the transaction, and saves it.
func (s *Store) changeSupercatBot(ctx context.Context, gameID int64, seat int, ownerID int64, change func(tx pgx.Tx, b *SupercatBot) error) (SupercatBot, error) {
	var bot SupercatBot
	err := pgx.BeginFunc(ctx, s.pool, func(tx pgx.Tx) error {
		if err := supercatGameOpen(ctx, tx, gameID, ownerID); err != nil {
			return err
		}
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
			if scoring.GuildCardExhausted(used, guild) {
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
		if scoring.GuildCardExhausted(b.Exhausted, card) {
			return &Conflict{Reason: "guild: " + card + " is already exhausted this chapter"}
		}
		b.Exhausted = append(b.Exhausted, card)
		return nil
	})
}
