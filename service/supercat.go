package service

import (
	"context"
	"encoding/json"
	"fmt"
	"slices"

	"github.com/jackc/pgx/v5"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// Supercat is the SUPERCAT companion's service: a player's solo Arcs games against the
// SUPERCAT bots. Each write holds one transaction: it locks the game (and the bot), asks the
// rules (scoring's SUPERCAT procedures, and the companion's own: a finished game takes no
// more turns, one turn at a time, answers to the page as it stands), and saves through
// store's SQL-only methods. Finishing a game as a rated one is service.Results.FinishSupercat.
type Supercat struct {
	store *store.Store
}

// NewSupercat returns the SUPERCAT service on st.
func NewSupercat(st *store.Store) *Supercat {
	return &Supercat{store: st}
}

// Create starts a solo game with the choices of ng (base, no modifiers, no Leaders and Lore
// when not chosen). In hard mode every bot is tied at Power 0, so all are named for the
// first chapter's initiative.
func (s *Supercat) Create(ctx context.Context, ng store.NewSupercatGame) (store.SupercatGame, error) {
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
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		var err error
		id, err = s.store.InsertSupercatGame(ctx, tx, ng, initiative)
		return err
	})
	if err != nil {
		return store.SupercatGame{}, fmt.Errorf("service: create SUPERCAT game: %w", err)
	}
	g, _, err := s.store.SupercatGame(ctx, id, ng.OwnerID)
	return g, err
}

// NewChapter ends the chapter and starts the next: "Continue until the player has no cards
// and each bot's hand counter is at zero, at which point the chapter ends" — otherwise a
// Conflict saying why not. Every bot's hand counter goes back to 6, its play area is
// cleared, every Guild card is ready again, everyone's Power is kept, and in hard mode the
// bots with the most Power are named to start the chapter with initiative.
func (s *Supercat) NewChapter(ctx context.Context, gameID, ownerID int64, end store.SupercatChapterEnd) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		g, err := s.store.LockSupercatGame(ctx, tx, gameID, ownerID)
		if err != nil {
			return err
		}
		if g.Finished {
			return ErrChapterGameFinished
		}
		bots, err := s.store.SupercatHands(ctx, tx, gameID)
		if err != nil {
			return err
		}
		var names []string
		var hands []int
		for _, b := range bots {
			if b.InTurn {
				return ErrChapterBotInTurn
			}
			names, hands = append(names, b.Name), append(hands, b.Hand)
		}
		if err := ChapterGoesOn(end.PlayerHasNoCards, hands, names); err != nil {
			return err
		}
		if len(end.BotPower) != len(hands) {
			return &scoring.FieldError{Field: "power", Problem: fmt.Sprintf("give the Power of each of the %d bots", len(hands))}
		}
		initiative := []int{}
		if g.Difficulty == string(scoring.Hard) {
			initiative = scoring.SupercatChapterInitiative(end.BotPower)
		}
		if end.PlayerPower == nil {
			end.PlayerPower = []int{0}
		}
		return s.store.UpdateSupercatChapter(ctx, tx, gameID, end.PlayerPower, initiative, scoring.SupercatHandStart, end.BotPower)
	})
	if err != nil {
		return fmt.Errorf("service: SUPERCAT game %d new chapter: %w", gameID, err)
	}
	return nil
}

// SetPower records everyone's Power during a chapter (the advantages are "evaluated per
// bot", from these); a finished game is a Conflict.
func (s *Supercat) SetPower(ctx context.Context, gameID, ownerID int64, playerPower, botPower []int) error {
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		if _, err := s.open(ctx, tx, gameID, ownerID); err != nil {
			return err
		}
		return s.store.UpdateSupercatPower(ctx, tx, gameID, ownerID, playerPower, botPower)
	})
	if err != nil {
		return fmt.Errorf("service: SUPERCAT game %d Power: %w", gameID, err)
	}
	return nil
}

// open reads ownerID's game locked against its finishing and refuses, as a Conflict, any
// change to a finished one: "a finished game offers no more turns". Someone else's game is
// not found.
func (s *Supercat) open(ctx context.Context, tx pgx.Tx, gameID, ownerID int64) (store.SupercatLock, error) {
	g, err := s.store.ShareSupercatGame(ctx, tx, gameID, ownerID)
	if err != nil {
		return store.SupercatLock{}, err
	}
	if g.Finished {
		return store.SupercatLock{}, ErrSupercatFinished
	}
	return g, nil
}

// changeBot runs change on ownerID's bot in seat, locked for the transaction, and saves it.
func (s *Supercat) changeBot(ctx context.Context, gameID int64, seat int, ownerID int64,
	change func(g store.SupercatLock, b *store.SupercatBot) error) (store.SupercatBot, error) {
	var bot store.SupercatBot
	err := pgx.BeginFunc(ctx, s.store.Pool(), func(tx pgx.Tx) error {
		g, err := s.open(ctx, tx, gameID, ownerID)
		if err != nil {
			return err
		}
		if bot, err = s.store.LockSupercatBot(ctx, tx, gameID, seat, ownerID); err != nil {
			return err
		}
		if err := change(g, &bot); err != nil {
			return err
		}
		return s.store.SaveSupercatBot(ctx, tx, bot)
	})
	if err != nil {
		return store.SupercatBot{}, fmt.Errorf("service: SUPERCAT game %d bot %d: %w", gameID, seat, err)
	}
	return bot, nil
}

// StartTurn performs the start of the bot's turn (scoring.SupercatStartTurn) from its
// stored counters and what the player reports, stores the new counters and opens the turn.
// A turn already in progress is a Conflict; bad input a *scoring.FieldError.
func (s *Supercat) StartTurn(ctx context.Context, gameID int64, seat int, ownerID int64, t store.SupercatTable) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(g store.SupercatLock, b *store.SupercatBot) error {
		if b.Turn != nil {
			return BotInTurn(b.Name)
		}
		state := TurnState(t, *b, g.Difficulty, g.Players)
		turn, err := scoring.SupercatStartTurn(state)
		if err != nil {
			return err
		}
		input, err := json.Marshal(state)
		if err != nil {
			return err
		}
		b.Hand, b.Seize, b.BonusCards, b.Power = turn.Hand, turn.Seize, turn.BonusCards, t.Power
		b.Turn = &store.SupercatTurnRecord{State: input, Answers: []string{}}
		return nil
	})
}

// Answer records the answer to the current question of the bot's turn. step is the number
// of answers the player saw: an answer from a page that is out of date (another device
// answered first) is a Conflict, and an answer the question does not take a
// *scoring.FieldError.
func (s *Supercat) Answer(ctx context.Context, gameID int64, seat int, ownerID int64, step int, answer string) (store.SupercatBot, error) {
	return s.AnswerGuild(ctx, gameID, seat, ownerID, step, answer, "")
}

// AnswerGuild is Answer naming, for an answer that uses a ready Guild or lore card, which
// card: it must be ready (not exhausted this chapter, nor used earlier in the turn), and is
// exhausted when the turn is finished ("Guild and Lore Cards").
func (s *Supercat) AnswerGuild(ctx context.Context, gameID int64, seat int, ownerID int64, step int, answer, guild string) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(_ store.SupercatLock, b *store.SupercatBot) error {
		if b.Turn == nil {
			return AnswerNoTurn(b.Name)
		}
		if step != len(b.Turn.Answers) {
			return ErrAnswerMovedOn
		}
		answers := append(slices.Clone(b.Turn.Answers), answer)
		_, _, walk, err := ReplayTurn(store.SupercatTurnRecord{State: b.Turn.State, Answers: answers})
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
			b.Turn.Guilds = append(b.Turn.Guilds, store.SupercatGuildUse{Answer: step, Card: guild})
		}
		b.Turn.Answers = answers
		return nil
	})
}

// Undo takes back the last answer of the bot's turn (and, called again, the one before).
// step is the number of answers the player saw: a page that is out of date is a Conflict,
// as is a turn with no answer to take back.
func (s *Supercat) Undo(ctx context.Context, gameID int64, seat int, ownerID int64, step int) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(_ store.SupercatLock, b *store.SupercatBot) error {
		if b.Turn == nil {
			return UndoNoTurn(b.Name)
		}
		if step != len(b.Turn.Answers) {
			return ErrUndoMovedOn
		}
		if step == 0 {
			return ErrUndoNothing
		}
		b.Turn.Answers = slices.Clone(b.Turn.Answers[:step-1])
		b.Turn.Guilds = slices.DeleteFunc(slices.Clone(b.Turn.Guilds), func(g store.SupercatGuildUse) bool { return g.Answer >= step-1 })
		return nil
	})
}

// FinishTurn closes the bot's turn once the procedures have named what it does; a bonus
// card the General Priorities selected leaves the play area.
func (s *Supercat) FinishTurn(ctx context.Context, gameID int64, seat int, ownerID int64) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(_ store.SupercatLock, b *store.SupercatBot) error {
		if b.Turn == nil {
			return TurnNoTurn(b.Name)
		}
		state, start, walk, err := ReplayTurn(*b.Turn)
		if err != nil {
			return err
		}
		if !walk.Done {
			return ErrTurnNotEnded
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

// AddBonus gives the bot a bonus action card ("place the new card in the bot's play area
// and increment the bot's hand counter").
func (s *Supercat) AddBonus(ctx context.Context, gameID int64, seat int, ownerID int64, card scoring.ActionCard) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(_ store.SupercatLock, b *store.SupercatBot) error {
		b.BonusCards = append(b.BonusCards, card)
		b.Hand++
		return nil
	})
}

// ExhaustGuild marks a Guild or lore card used this chapter ("mark the Guild card as
// exhausted"); ready again with the next chapter.
func (s *Supercat) ExhaustGuild(ctx context.Context, gameID int64, seat int, ownerID int64, card string) (store.SupercatBot, error) {
	return s.changeBot(ctx, gameID, seat, ownerID, func(_ store.SupercatLock, b *store.SupercatBot) error {
		if scoring.GuildCardExhausted(b.Exhausted, card) {
			return GuildExhausted(card)
		}
		b.Exhausted = append(b.Exhausted, card)
		return nil
	})
}

// ReplayTurn recomputes a bot's turn in progress: its start (scoring.SupercatStartTurn)
// and the walk through the procedures with the answers so far (scoring.WalkSupercat).
func ReplayTurn(r store.SupercatTurnRecord) (scoring.SupercatState, scoring.SupercatTurn, scoring.SupercatWalk, error) {
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

// TurnState is the start of bot b's turn: its counters, the game's difficulty and seats,
// and what the player reports of the table (CONTRACT section 5's input).
func TurnState(t store.SupercatTable, b store.SupercatBot, difficulty string, players int) scoring.SupercatState {
	state := scoring.SupercatState{
		Hand: b.Hand, BonusCards: b.BonusCards, Seize: b.Seize, Initiative: t.Initiative, Lead: t.Lead,
		SeizedThisRound: t.SeizedThisRound, Drawn: t.Drawn, Roll: t.Roll, Players: players,
		Ambitions: t.Ambitions, MarkersAvailable: t.MarkersAvailable, Difficulty: scoring.Difficulty(difficulty),
		Power: t.Power, PlayerPower: t.PlayerPower,
	}
	state.WinningUndeclared = state.CountWinningUndeclared()
	return state
}

// openSupercatRated opens ownerID's companion game's rated solo Arcs game inside tx: an
// Arcs normal game with the SUPERCAT bots in the first seats (each a ladder member of the
// game's difficulty, as the open-a-table form seats them) and the player last ("seat the
// player last in turn order"), with its result for the player to record: placement on
// final Power, or on the Power the ambition results bring (supercatFinalByAmbitions),
// which the caller checks with the Arcs scorer. A finished game is ErrSupercatRated; bad
// Power a *scoring.FieldError, bad ambition results scoring.FieldErrors (every field at
// once).
func openSupercatRated(ctx context.Context, st *store.Store, tx pgx.Tx, gameID, ownerID int64, final store.SupercatFinal) (store.SupercatRated, error) {
	f, err := st.LockSupercatFinish(ctx, tx, gameID, ownerID)
	if err != nil {
		return store.SupercatRated{}, err
	}
	if f.Finished {
		return store.SupercatRated{}, ErrSupercatRated
	}
	if final.Ambitions != nil {
		if final, err = supercatFinalByAmbitions(f.Version, f.PlayerPower, f.Bots, final.Ambitions); err != nil {
			return store.SupercatRated{}, err
		}
	}
	if len(final.BotPower) != len(f.Bots) {
		return store.SupercatRated{}, &scoring.FieldError{Field: "power", Problem: fmt.Sprintf("give the final Power of each of the %d bots", len(f.Bots))}
	}
	difficulty := f.Difficulty
	if difficulty != string(scoring.Hard) {
		difficulty = string(scoring.Normal) // "none", kept for older games, is rated as normal
	}
	ng := store.NewNormalGame{Game: "arcs", Version: f.Version, Seats: len(f.Bots) + 1, OrganiserID: ownerID,
		Bots: slices.Repeat([]string{difficulty}, len(f.Bots))}
	rated, err := st.InsertNormalGame(ctx, tx, ng)
	if err != nil {
		return store.SupercatRated{}, err
	}
	if err := st.InsertSeat(ctx, tx, rated, len(f.Bots)+1, ownerID); err != nil {
		return store.SupercatRated{}, err
	}
	if err := st.UpdateGameReady(ctx, tx, rated); err != nil {
		return store.SupercatRated{}, err
	}
	g, err := st.LockResultGame(ctx, tx, rated)
	if err != nil {
		return store.SupercatRated{}, err
	}
	type line struct {
		ID    string `json:"id"`
		Score int    `json:"score"`
	}
	var players []line
	for i, seat := range g.Seats {
		score := final.PlayerPower
		if i < len(f.Bots) {
			score = final.BotPower[i]
		}
		players = append(players, line{ID: seat.Username, Score: score})
	}
	body, err := json.Marshal(map[string][]line{"players": players})
	if err != nil {
		return store.SupercatRated{}, err
	}
	return store.SupercatRated{GameID: rated, Game: g, Body: body, PlayerPower: final.PlayerPower}, nil
}

// supercatFinalByAmbitions is the final Power the ambition results bring to everyone's Power
// as the companion keeps it (the player's, then each bot's): scoring.SupercatFinalPower
// under the game's version of Arcs.
func supercatFinalByAmbitions(version string, playerPower []int, bots []store.SupercatBot, ambitions []scoring.SupercatFinalAmbition) (store.SupercatFinal, error) {
	arcs, err := scoring.GameBySlug("arcs")
	if err != nil {
		return store.SupercatFinal{}, err
	}
	v, err := arcs.Version(version)
	if err != nil {
		return store.SupercatFinal{}, err
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
		return store.SupercatFinal{}, err
	}
	return store.SupercatFinal{PlayerPower: power[0], BotPower: power[1:]}, nil
}
