package demo

import (
	"context"
	"fmt"
	"slices"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// SupercatGameName is the demo's solo Arcs game against SUPERCAT, kept by ada.
const SupercatGameName = "Solo Arcs: ada against two SUPERCATs"

// SupercatFinishedName is the demo's finished and rated SUPERCAT companion game, kept by
// ada: her rated solo Arcs game against SUPERCAT (SoloArcsBot).
const SupercatFinishedName = "Solo Arcs: ada against SUPERCAT, finished"

// seedSupercat gives ada a solo game against two SUPERCAT bots in the middle of a chapter:
// Ruby has a bonus card and is half-way through a turn whose card the General Priorities
// are choosing; Jade has played one turn and exhausted a Guild card.
func seedSupercat(ctx context.Context, st *store.Store, users []store.User) error {
	ada := users[0].ID
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: ada, Name: SupercatGameName, Difficulty: "normal", Bots: 2,
		Version: scoring.ArcsBase, Modifiers: []string{"fleet-readiness", "warp-blockades"}, LeadersLore: scoring.LeadersLorePassive})
	if err != nil {
		return fmt.Errorf("seed SUPERCAT: %w", err)
	}
	steps := []func() error{
		func() error {
			_, err := service.NewSupercat(st).AddBonus(ctx, g.ID, 1, ada, scoring.ActionCard{Suit: scoring.Administration, Number: 5})
			return err
		},
		func() error {
			// Jade leads and declares Warlord with its Aggression 4, then Secures an
			// effective Vox card.
			_, err := service.NewSupercat(st).StartTurn(ctx, g.ID, 2, ada, store.SupercatTable{
				Initiative: true, MarkersAvailable: true,
				Drawn:     []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}, {Suit: scoring.Aggression, Number: 4}},
				Ambitions: map[scoring.Ambition]scoring.AmbitionState{scoring.Warlord: {Standing: scoring.Winning}},
				Power:     3, PlayerPower: []int{2},
			})
			if err != nil {
				return err
			}
			for step, a := range []string{"no", "no", "no", "no", "no", "no", "no", "no", "yes", "mass-uprising", "yes", "no"} {
				if _, err := service.NewSupercat(st).Answer(ctx, g.ID, 2, ada, step, a); err != nil {
					return err
				}
			}
			if _, err := service.NewSupercat(st).FinishTurn(ctx, g.ID, 2, ada); err != nil {
				return err
			}
			_, err = service.NewSupercat(st).ExhaustGuild(ctx, g.ID, 2, ada, "Farseers")
			return err
		},
		func() error {
			// Ruby follows Mobilization 4 without a Mobilization card: the seize counter goes
			// up and the General Priorities choose; one question is answered.
			_, err := service.NewSupercat(st).StartTurn(ctx, g.ID, 1, ada, store.SupercatTable{
				Lead:  &scoring.ActionCard{Suit: scoring.Mobilization, Number: 4},
				Drawn: []scoring.ActionCard{{Suit: scoring.Aggression, Number: 3}, {Suit: scoring.Construction, Number: 6}},
				Roll:  5, MarkersAvailable: true, Power: 2, PlayerPower: []int{2},
			})
			if err != nil {
				return err
			}
			_, err = service.NewSupercat(st).Answer(ctx, g.ID, 1, ada, 0, "no")
			return err
		},
	}
	for _, step := range steps {
		if err := step(); err != nil {
			return fmt.Errorf("seed SUPERCAT: %w", err)
		}
	}
	return nil
}

// seedSupercatFinished gives ada a game against one SUPERCAT bot (SoloArcsBot) whose
// first chapter was played out, then finished by the ambition results of its end and rated
// on the Arcs ladder: the bot 27, ada 31.
func seedSupercatFinished(ctx context.Context, st *store.Store, ada int64) error {
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: ada, Name: SupercatFinishedName, Difficulty: SoloArcsBot, Bots: 1,
		Version: scoring.ArcsBase, Modifiers: []string{"armored-hulls", "energy-shields"}})
	if err != nil {
		return err
	}
	if err := playOutSupercatHand(ctx, st, g.ID, 1, ada); err != nil {
		return err
	}
	if err := service.NewSupercat(st).NewChapter(ctx, g.ID, ada, store.SupercatChapterEnd{PlayerHasNoCards: true, PlayerPower: []int{26}, BotPower: []int{24}}); err != nil {
		return err
	}
	// Tycoon 5/3: ada first, the bot second.
	_, err = service.NewResults(st).FinishSupercat(ctx, g.ID, ada, store.SupercatFinal{Ambitions: []scoring.SupercatFinalAmbition{
		{Ambition: scoring.Tycoon, Markers: [][]int64{{5, 3}}, Counts: []int64{4, 2}},
	}})
	return err
}

// playOutSupercatHand plays the bot's turns until its hand counter is 0, each turn leading
// with two cards drawn and every question of the procedures answered no (or, where the
// question names a thing, with its first answer).
func playOutSupercatHand(ctx context.Context, st *store.Store, gameID int64, seat int, owner int64) error {
	drawn := [][]scoring.ActionCard{
		{{Suit: scoring.Aggression, Number: 4}, {Suit: scoring.Construction, Number: 2}},
		{{Suit: scoring.Administration, Number: 3}, {Suit: scoring.Mobilization, Number: 6}},
	}
	for turn := 0; ; turn++ {
		_, bots, err := st.SupercatGame(ctx, gameID, owner)
		if err != nil {
			return err
		}
		bot := bots[seat-1]
		if bot.Hand == 0 {
			return nil
		}
		table := store.SupercatTable{Initiative: true, MarkersAvailable: true, Power: bot.Power, PlayerPower: []int{0}}
		if scoring.SupercatDraws(bot.Hand, len(bot.BonusCards)) {
			table.Drawn = drawn[turn%len(drawn)]
		}
		if bot, err = service.NewSupercat(st).StartTurn(ctx, gameID, seat, owner, table); err != nil {
			return err
		}
		for step := 0; ; step++ {
			_, _, walk, err := service.ReplayTurn(*bot.Turn)
			if err != nil {
				return err
			}
			if walk.Done {
				break
			}
			answer := walk.Choices[0]
			if slices.Contains(walk.Choices, "no") {
				answer = "no"
			}
			if bot, err = service.NewSupercat(st).Answer(ctx, gameID, seat, owner, step, answer); err != nil {
				return err
			}
		}
		if _, err := service.NewSupercat(st).FinishTurn(ctx, gameID, seat, owner); err != nil {
			return err
		}
	}
}
