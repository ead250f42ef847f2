package service_test

import (
	"context"
	"sync"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestSupercatGameKeepsTheBotsBetweenTurns(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	players := storetest.Players(t, st, "solo", 2)
	owner, other := players[0], players[1]

	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Tuesday solo", Difficulty: "normal", Bots: 2})
	require.NoError(t, err)
	assert.Equal(t, 3, g.Players, "two bots and the player")
	assert.Equal(t, 2, g.Bots)
	_, _, err = st.SupercatGame(ctx, g.ID, other.ID)
	assert.ErrorIs(t, err, store.ErrNotFound, "a solo game is private")

	// A bonus card: into the play area, hand counter up ("Bonus cards").
	bot, err := service.NewSupercat(st).AddBonus(ctx, g.ID, 1, owner.ID, scoring.ActionCard{Suit: scoring.Mobilization, Number: 6})
	require.NoError(t, err)
	assert.Equal(t, 7, bot.Hand)

	// The start of a turn: the bot draws (7 > 1 bonus card), follows Mobilization 4 and
	// surpasses with its bonus Mobilization 6, which leaves the play area.
	table := store.SupercatTable{
		Lead:  &scoring.ActionCard{Suit: scoring.Mobilization, Number: 4},
		Drawn: []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}, {Suit: scoring.Aggression, Number: 5}},
		Roll:  4, MarkersAvailable: true, PlayerPower: []int{0},
	}
	bot, err = service.NewSupercat(st).StartTurn(ctx, g.ID, 1, owner.ID, table)
	require.NoError(t, err)
	assert.Equal(t, 6, bot.Hand)
	assert.Empty(t, bot.BonusCards)
	require.NotNil(t, bot.Turn)
	_, err = service.NewSupercat(st).StartTurn(ctx, g.ID, 1, owner.ID, table)
	assert.ErrorIs(t, err, store.ErrConflict, "one turn at a time")

	// Prelude: seven guidelines, then the Mobilization page.
	for step := range 7 {
		_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, step, "no")
		require.NoError(t, err)
	}
	_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, 3, "yes")
	assert.ErrorIs(t, err, store.ErrConflict, "an answer from an out-of-date page")
	_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, 7, "perhaps")
	var fe *scoring.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, `answers[7]: "perhaps" does not answer mob-1 (want yes, no)`, fe.Error())
	_, err = service.NewSupercat(st).FinishTurn(ctx, g.ID, 1, owner.ID)
	assert.ErrorIs(t, err, store.ErrConflict, "the turn is not over yet")

	// The stored turn replays: "Does bot have no starport and no claims?" is next.
	_, bots, err := st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	_, _, walk, err := service.ReplayTurn(*bots[0].Turn)
	require.NoError(t, err)
	require.NotNil(t, walk.Current)
	assert.Equal(t, "mob-1", walk.Current.ID)

	// mob-1, mob-1a (Move to get new claims), the Movement Principles (task force, keeping
	// the origin), no actions left.
	for step, answer := range []string{"yes", "yes", "yes", "yes", "no"} {
		_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, 7+step, answer)
		require.NoError(t, err)
	}
	bot, err = service.NewSupercat(st).FinishTurn(ctx, g.ID, 1, owner.ID)
	require.NoError(t, err)
	assert.Nil(t, bot.Turn)
	assert.Equal(t, 1, bot.Turns)

	bot, err = service.NewSupercat(st).ExhaustGuild(ctx, g.ID, 2, owner.ID, "Farseers")
	require.NoError(t, err)
	assert.Equal(t, []string{"Farseers"}, bot.Exhausted)
	_, err = service.NewSupercat(st).ExhaustGuild(ctx, g.ID, 2, owner.ID, "Farseers")
	assert.ErrorIs(t, err, store.ErrConflict)

	end := store.SupercatChapterEnd{PlayerHasNoCards: true, PlayerPower: []int{4}, BotPower: []int{3, 5}}
	err = service.NewSupercat(st).NewChapter(ctx, g.ID, owner.ID, end)
	assert.ErrorContains(t, err, "SUPERCAT Ruby's hand counter is 6, not 0: the chapter goes on")
	assert.ErrorIs(t, err, store.ErrConflict)
	storetest.PlayOutSupercatHand(t, st, g.ID, 1, owner.ID)
	storetest.PlayOutSupercatHand(t, st, g.ID, 2, owner.ID)
	err = service.NewSupercat(st).NewChapter(ctx, g.ID, owner.ID, store.SupercatChapterEnd{PlayerPower: []int{4}, BotPower: []int{3, 5}})
	assert.ErrorContains(t, err, "the chapter ends when you have no cards left too")
	require.NoError(t, service.NewSupercat(st).NewChapter(ctx, g.ID, owner.ID, end))
	g, bots, err = st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	assert.Equal(t, 2, g.Chapter)
	for _, b := range bots {
		assert.Equal(t, 6, b.Hand)
		assert.Empty(t, b.Exhausted, "Guild cards are ready again")
		assert.Empty(t, b.BonusCards)
	}
	assert.Equal(t, []int{4}, g.PlayerPower)
	assert.Equal(t, []int{3, 5}, []int{bots[0].Power, bots[1].Power})
	assert.Empty(t, g.InitiativeSeats, "normal mode names no bot")
	assert.ErrorIs(t, service.NewSupercat(st).NewChapter(ctx, g.ID, other.ID, end), store.ErrNotFound)
	_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, other.ID, 0, "yes")
	assert.ErrorIs(t, err, store.ErrNotFound, "only the owner plays the bots")
}

func TestSupercatConcurrentAnswersTakeOneStep(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := storetest.Players(t, st, "race", 1)[0]
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Race", Difficulty: "hard", Bots: 1})
	require.NoError(t, err)
	_, err = service.NewSupercat(st).StartTurn(ctx, g.ID, 1, owner.ID, store.SupercatTable{
		Initiative: true, Drawn: []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}, {Suit: scoring.Aggression, Number: 5}},
		MarkersAvailable: true,
	})
	require.NoError(t, err)
	// Two devices answer the same question at once: one answer is kept.
	var wg sync.WaitGroup
	errs := make([]error, 8)
	for i := range errs {
		wg.Add(1)
		go func() {
			defer wg.Done()
			_, errs[i] = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, 0, "no")
		}()
	}
	wg.Wait()
	ok := 0
	for _, err := range errs {
		if err == nil {
			ok++
		} else {
			assert.ErrorIs(t, err, store.ErrConflict)
		}
	}
	assert.Equal(t, 1, ok)
	_, bots, err := st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	assert.Equal(t, []string{"no"}, bots[0].Turn.Answers)
}

func TestSupercatUndoTakesBackTheLastAnswers(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := storetest.Players(t, st, "solo", 1)[0]
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Undo", Difficulty: "normal", Bots: 1})
	require.NoError(t, err)
	_, err = service.NewSupercat(st).Undo(ctx, g.ID, 1, owner.ID, 0)
	assert.ErrorIs(t, err, store.ErrConflict, "no turn in progress")
	_, err = service.NewSupercat(st).StartTurn(ctx, g.ID, 1, owner.ID, store.SupercatTable{
		Lead:  &scoring.ActionCard{Suit: scoring.Construction, Number: 4},
		Drawn: []scoring.ActionCard{{Suit: scoring.Aggression, Number: 2}, {Suit: scoring.Mobilization, Number: 5}},
		Roll:  6, MarkersAvailable: true,
	})
	require.NoError(t, err)
	_, err = service.NewSupercat(st).Undo(ctx, g.ID, 1, owner.ID, 0)
	assert.ErrorIs(t, err, store.ErrConflict, "nothing answered yet")
	for step, a := range []string{"no", "no", "no", "no", "no", "no", "no", "mobilization"} {
		var err error
		if a == "mobilization" {
			_, err = service.NewSupercat(st).AnswerGuild(ctx, g.ID, 1, owner.ID, step, a, "Farseers")
		} else {
			_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, owner.ID, step, a)
		}
		require.NoError(t, err)
	}
	_, err = service.NewSupercat(st).Undo(ctx, g.ID, 1, owner.ID, 7)
	assert.ErrorIs(t, err, store.ErrConflict, "a stale page is refused")
	bot, err := service.NewSupercat(st).Undo(ctx, g.ID, 1, owner.ID, 8)
	require.NoError(t, err)
	assert.Len(t, bot.Turn.Answers, 7)
	assert.Empty(t, bot.Turn.Guilds, "the Guild card of the undone answer is ready again")
	bot, err = service.NewSupercat(st).Undo(ctx, g.ID, 1, owner.ID, 7)
	require.NoError(t, err, "and the one before")
	assert.Len(t, bot.Turn.Answers, 6)
	_, _, walk, err := service.ReplayTurn(*bot.Turn)
	require.NoError(t, err)
	assert.Equal(t, "gp-6", walk.Current.ID)
}

// Hard mode: "The bot with the most power starts every chapter with initiative".
