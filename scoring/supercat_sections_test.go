package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// Every section of supercat-solo-arcs-bot.txt, with the seed's words beside the place the
// companion applies it (docs/rules.md, "SUPERCAT bot turns", lists the same places).
func TestSupercatSeedSections(t *testing.T) {
	gp := func(options ...ActionCard) SupercatTurn {
		return SupercatTurn{Next: NextGeneralPriorities, Options: options}
	}
	page := func(suit string) SupercatTurn {
		return SupercatTurn{Card: cardPtr(suit, 5), Next: NextSuit, Options: []ActionCard{card(suit, 5)}}
	}
	walk := func(t *testing.T, start SupercatTurn, answers ...string) SupercatWalk {
		t.Helper()
		w, err := WalkSupercat(start, nil, answers)
		require.NoError(t, err)
		return w
	}
	sections := []struct {
		section, seed string
		check         func(t *testing.T)
	}{
		{"Setup", "2.P. Deal 6 cards to each player, but do not deal cards to the bot(s). Place a counter on each bot's board showing a value of 6 faceup.", func(t *testing.T) {
			steps := SupercatSetup(Hard, []string{"fleet-readiness", "strategic-reserves"}, LeadersLoreNone)
			var names []string
			for _, s := range steps {
				names = append(names, s.Step)
			}
			assert.Equal(t, []string{"1.B", "2.N", "2.O", "2.P", "2.Q"}, names)
			assert.Equal(t, 6, SupercatHandStart)
		}},
		{"Playing a chapter", "Continue until the player has no cards and each bot's hand counter is at zero, at which point the chapter ends.", func(t *testing.T) {
			ok, why := SupercatChapterEnds(true, []int{0, 1}, []string{"Ruby", "Jade"})
			assert.False(t, ok)
			assert.Equal(t, "Jade's hand counter is 1, not 0: the chapter goes on", why)
			ok, _ = SupercatChapterEnds(true, []int{0, 0}, []string{"Ruby", "Jade"})
			assert.True(t, ok)
		}},
		{"Playing a bot turn", "Draw 2 action cards from the facedown stack and decrement the counter.", func(t *testing.T) {
			turn, err := SupercatStartTurn(SupercatState{Hand: 6, Initiative: true, Drawn: []ActionCard{card("aggression", 3), card("construction", 5)}, Difficulty: Normal})
			require.NoError(t, err)
			assert.True(t, turn.Drew)
			assert.Equal(t, 5, turn.Hand)
		}},
		{"Bonus cards", "If the counter is equal to the number of bonus cards, the bot will not draw 2 cards.", func(t *testing.T) {
			assert.False(t, SupercatDraws(1, 1))
			assert.True(t, SupercatDraws(2, 1))
		}},
		{"Prelude", "Fuel and Weapon: spend for Combat card", func(t *testing.T) {
			w := walk(t, page("aggression"), no(3)...)
			assert.Equal(t, "pre-4", w.Current.ID)
			assert.Contains(t, w.Current.Question, "**combat card**")
		}},
		{"Guild and Lore Cards", "If the bot selects a card due to this procedure, mark the Guild card as exhausted", func(t *testing.T) {
			w := walk(t, gp(card("aggression", 2), card("mobilization", 5)), append(no(7), "mobilization")...)
			assert.Equal(t, []int{7}, w.Exhausted)
		}},
		{"How to follow the procedures", "then if actions remaining, restart the procedures from the top of that suit's page", func(t *testing.T) {
			w := walk(t, page("administration"), append(no(7), "yes", "yes")...)
			assert.Equal(t, "adm-1", w.Current.ID)
		}},
		{"Decision making for the bot", "the bot will prefer to Secure rather than Tax if both actions contend a declared ambition", func(t *testing.T) {
			w := walk(t, gp(card("administration", 5), card("aggression", 3)), "yes")
			assert.Equal(t, card("aggression", 3), *w.Card)
			w = walk(t, gp(card("aggression", 2), card("mobilization", 5)), no(gpQuestions)...)
			assert.Equal(t, "gp-none", w.Current.ID, "Random: pick randomly")
		}},
		{"Difficulty modifiers", "If the bot is tied with the player, it does not have more power, and will gain these advantages", func(t *testing.T) {
			assert.Len(t, SupercatAdvantages(Normal, 4, []int{4}), 2)
			assert.Empty(t, SupercatAdvantages(Normal, 5, []int{4}))
			assert.Equal(t, []int{2}, SupercatChapterInitiative([]int{3, 7}), "The bot with the most power starts every chapter with initiative.")
			assert.Len(t, SupercatModifiers, 7)
		}},
		{"Bot turn (START HERE)", "Select card which surpasses. Prefer: higher number", func(t *testing.T) {
			turn, err := SupercatStartTurn(SupercatState{Hand: 4, Lead: cardPtr("construction", 3), Drawn: []ActionCard{card("construction", 4), card("construction", 6)}, Difficulty: Normal})
			require.NoError(t, err)
			assert.Equal(t, card("construction", 6), *turn.Card)
		}},
		{"General Priorities", "Can bot Move to change control? → Mobilization/Aggression", func(t *testing.T) {
			w := walk(t, gp(card("aggression", 2), card("construction", 5)), "no", "no", "no", "no", "no", "yes", "yes")
			assert.Equal(t, card("aggression", 2), *w.Card)
		}},
		{"Administration", "Can bot Tax to contend a declared ambition? [1]", func(t *testing.T) {
			assert.Equal(t, "[1]", walk(t, page("administration"), no(7)...).Current.Cite)
		}},
		{"Aggression", "Can bot Secure to contend a declared ambition? [2]", func(t *testing.T) {
			assert.Equal(t, "[2]", walk(t, page("aggression"), no(7)...).Current.Cite)
		}},
		{"Construction", "Can bot Build a starport? [9] Prefer system with: bot control", func(t *testing.T) {
			w := walk(t, page("construction"), append(no(7), "yes")...)
			assert.Equal(t, "[9]", w.Current.Cite)
			assert.Equal(t, "system with bot control", w.Current.Prefer[0])
		}},
		{"Mobilization", "Can bot Move to get new claims? [10]", func(t *testing.T) {
			assert.Equal(t, "[10]", walk(t, page("mobilization"), append(no(7), "yes")...).Current.Cite)
		}},
		{"Influence Principles", "If possible, influence uncontested cards with 2 agents.", func(t *testing.T) {
			w := walk(t, page("mobilization"), append(no(7), "no", "no", "no", "no", "yes", "yes", "yes")...)
			assert.Equal(t, "Influence the **uncontested card** with 2 agents (spend 2 actions).", w.Actions[len(w.Actions)-1])
		}},
		{"Combat Principles", "A Battle for control is favorable if bot can roll at least 1 die per fresh defending ship.", func(t *testing.T) {
			w := walk(t, page("aggression"), append(no(7), "no", "no", "no", "no", "yes", "yes", "yes", "no", "yes")...)
			assert.Contains(t, w.Actions[len(w.Actions)-1], "Battle for control")
		}},
		{"Expansion Principles", "The bot will only build one of these double cities if it is winning a declared ambition", func(t *testing.T) {
			w := walk(t, page("construction"), append(no(7), "no", "no", "yes", "yes", "yes")...)
			assert.Equal(t, "Build the **double city**.", w.Actions[len(w.Actions)-1])
			assert.Equal(t, "in the campaign game the bot is satisfied with fewer claims than in the base game", SupercatCampaignClaims)
		}},
		{"Movement Principles", "Use task force for any moves, if possible.", func(t *testing.T) {
			w := walk(t, page("mobilization"), append(no(7), "yes", "yes")...)
			assert.Equal(t, "Movement Principles: can the **task force** make this move?", w.Current.Question)
		}},
		{"Vox Cards", "Mass Uprising: Effective if bot has 4 or more ships in its supply.", func(t *testing.T) {
			w := walk(t, page("aggression"), append(no(7), "no", "yes", "mass-uprising", "yes")...)
			assert.Equal(t, "Secure Mass Uprising. Prefer cluster with **task force**.", w.Actions[len(w.Actions)-1])
		}},
		{"Leaders and Lore", "First, randomly assign a Leader to each bot from this list: Rebel, Quartermaster, Corsair", func(t *testing.T) {
			steps := SupercatSetup(Normal, nil, LeadersLorePassive)
			assert.Contains(t, steps[len(steps)-1].Text, "Rebel, Quartermaster and Corsair")
		}},
		{"Terminology", "ready/exhausted: a Guild card which has not been used this chapter is ready.", func(t *testing.T) {
			term, ok := SupercatTerm("ready")
			require.True(t, ok)
			assert.Contains(t, SupercatTerms[term], "has not been used this chapter is ready")
			assert.Len(t, SupercatTerms, 15, "every term the seed defines")
		}},
		{"Questions", "Every question should have a yes or no answer.", func(t *testing.T) {
			w := walk(t, page("aggression"), no(7)...)
			assert.Equal(t, []string{"yes", "no"}, w.Choices)
		}},
	}
	for _, s := range sections {
		t.Run(s.section, func(t *testing.T) {
			t.Logf("%s: %q", s.section, s.seed)
			s.check(t)
		})
	}
}
