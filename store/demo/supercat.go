package demo

import (
	"context"
	"fmt"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
)

// SupercatGameName is the demo's solo Arcs game against SUPERCAT, kept by ada.
const SupercatGameName = "Solo Arcs: ada against two SUPERCATs"

// seedSupercat gives ada a solo game against two SUPERCAT bots in the middle of a chapter:
// Ruby has a bonus card and is half-way through a turn whose card the General Priorities
// are choosing; Jade has played one turn and exhausted a Guild card.
func seedSupercat(ctx context.Context, st *store.Store, users []store.User) error {
	ada := users[0].ID
	g, err := st.CreateSupercatGameWith(ctx, store.NewSupercatGame{OwnerID: ada, Name: SupercatGameName, Difficulty: "normal", Bots: 2,
		Version: scoring.ArcsBase, Modifiers: []string{"fleet-readiness", "warp-blockades"}, LeadersLore: scoring.LeadersLorePassive})
	if err != nil {
		return fmt.Errorf("seed SUPERCAT: %w", err)
	}
	steps := []func() error{
		func() error {
			_, err := st.AddSupercatBonus(ctx, g.ID, 1, ada, scoring.ActionCard{Suit: scoring.Administration, Number: 5})
			return err
		},
		func() error {
			// Jade leads and declares Warlord with its Aggression 4, then Secures an
			// effective Vox card.
			_, err := st.StartSupercatTurn(ctx, g.ID, 2, ada, store.SupercatTable{
				Initiative: true, MarkersAvailable: true,
				Drawn:     []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}, {Suit: scoring.Aggression, Number: 4}},
				Ambitions: map[scoring.Ambition]scoring.AmbitionState{scoring.Warlord: {Standing: scoring.Winning}},
				Power:     3, PlayerPower: []int{2},
			})
			if err != nil {
				return err
			}
			for step, a := range []string{"no", "no", "no", "no", "no", "no", "no", "no", "yes", "mass-uprising", "yes", "no"} {
				if _, err := st.AnswerSupercat(ctx, g.ID, 2, ada, step, a); err != nil {
					return err
				}
			}
			if _, err := st.FinishSupercatTurn(ctx, g.ID, 2, ada); err != nil {
				return err
			}
			_, err = st.ExhaustSupercatGuild(ctx, g.ID, 2, ada, "Farseers")
			return err
		},
		func() error {
			// Ruby follows Mobilization 4 without a Mobilization card: the seize counter goes
			// up and the General Priorities choose; one question is answered.
			_, err := st.StartSupercatTurn(ctx, g.ID, 1, ada, store.SupercatTable{
				Lead:  &scoring.ActionCard{Suit: scoring.Mobilization, Number: 4},
				Drawn: []scoring.ActionCard{{Suit: scoring.Aggression, Number: 3}, {Suit: scoring.Construction, Number: 6}},
				Roll:  5, MarkersAvailable: true, Power: 2, PlayerPower: []int{2},
			})
			if err != nil {
				return err
			}
			_, err = st.AnswerSupercat(ctx, g.ID, 1, ada, 0, "no")
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
