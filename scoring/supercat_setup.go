package scoring

import (
	"fmt"
	"slices"
)

// The SUPERCAT choices made when a game is set up (supercat-solo-arcs-bot.txt, "Setup",
// "Difficulty modifiers", "Leaders and Lore", "Playing a chapter") and the chapter's
// bookkeeping: which bot starts a chapter with initiative in hard mode and when a chapter
// ends. Pure data and functions; the companion stores the choices and shows them.

// SupercatModifier is one of the seven optional modifiers "For extra challenge".
type SupercatModifier struct {
	// Slug names the modifier in forms and the store ("fleet-readiness").
	Slug string
	// Name is the seed's name ("Fleet Readiness").
	Name string
	// Text is the seed's description.
	Text string
	// When says when it applies: "setup", "attack" (a battle the player starts) or "gates".
	When string
	// AttackerOnly marks the seed's asterisk: "*apply only if player is the attacker".
	AttackerOnly bool
}

// When a modifier applies.
const (
	ModifierAtSetup  = "setup"
	ModifierAtAttack = "attack"
	ModifierAtGates  = "gates"
)

// SupercatModifiers are the seven modifiers, in the seed's order and words.
var SupercatModifiers = []SupercatModifier{
	{Slug: "fleet-readiness", Name: "Fleet Readiness", When: ModifierAtSetup,
		Text: "during setup, place 1 extra ship in each system with bot pieces"},
	{Slug: "strategic-reserves", Name: "Strategic Reserves", When: ModifierAtSetup,
		Text: "during setup, give bot 1 extra random resource"},
	{Slug: "armored-hulls", Name: "Armored Hulls", When: ModifierAtAttack, AttackerOnly: true,
		Text: "bot's fresh ships are Tough. they take 2 hits to damage (but damaged ships only take 1 hit to destroy)"},
	{Slug: "energy-shields", Name: "Energy Shields", When: ModifierAtAttack, AttackerOnly: true,
		Text: "all bot's ships are Tough"},
	{Slug: "carrier-tactics", Name: "Carrier Tactics", When: ModifierAtAttack, AttackerOnly: true,
		Text: "attacker must damage all ships before destroying any of them"},
	{Slug: "fortress-vaults", Name: "Fortress Vaults", When: ModifierAtAttack, AttackerOnly: true,
		Text: "treat bot's 1 key resource slots as having 2 keys for all purposes"},
	{Slug: "warp-blockades", Name: "Warp Blockades", When: ModifierAtGates,
		Text: "bot controls gates with a single fresh ship (regardless of number of fresh player ships). if more than one bot in play, bot with more fresh ships controls the gate"},
}

// SupercatModifierBySlug finds a modifier.
func SupercatModifierBySlug(slug string) (SupercatModifier, bool) {
	i := slices.IndexFunc(SupercatModifiers, func(m SupercatModifier) bool { return m.Slug == slug })
	if i < 0 {
		return SupercatModifier{}, false
	}
	return SupercatModifiers[i], true
}

// SupercatAttackerOnly is the seed's note on the asterisked modifiers.
const SupercatAttackerOnly = "*apply only if player is the attacker"

// The Arcs versions a SUPERCAT companion game is played with (CONTRACT section 9's slugs).
const (
	// ArcsBase is the base game, the version the seed is written for ("There are two
	// versions of this document; this is the base game version").
	ArcsBase = "base"
	// ArcsCampaign is the Blighted Reach campaign game, where the seed's campaign notes apply.
	ArcsCampaign = "blighted-reach"
)

// SupercatCampaignClaims is the seed's campaign note on claims ("Expansion Principles").
const SupercatCampaignClaims = "in the campaign game the bot is satisfied with fewer claims than in the base game"

// Leaders and Lore, "If you prefer the non-player system makes as many decisions as possible".
var (
	// SupercatLeaders are the Leaders a bot is randomly assigned from.
	SupercatLeaders = []string{"Rebel", "Quartermaster", "Corsair"}
	// SupercatLore are the Lore a bot is randomly assigned from.
	SupercatLore = []string{"Seeker Torpedoes", "Railgun Arrays", "Repair Drones", "Signal Breaker", "Mirror Plating"}
)

// How Leaders and Lore are played ("Leaders and Lore": "several options for different styles
// of solo gaming").
const (
	// LeadersLoreNone plays the "vanilla" game, in which "The bot performs better".
	LeadersLoreNone = "none"
	// LeadersLoreIntervene: "Draft L&L as normal ... override the procedures to take
	// advantage of L&L abilities."
	LeadersLoreIntervene = "intervene"
	// LeadersLorePassive: the bots get "passive" Leaders and Lore from the seed's lists.
	LeadersLorePassive = "passive"
)

// SupercatSetupStep is one step of the setup checklist: the seed's step and its words.
type SupercatSetupStep struct {
	// Step is the rulebook step the seed changes ("2.P"), or a section's name.
	Step string
	// Text is what to do, in the seed's words.
	Text string
	// Optional says the seed marks the step "(optional)"; it is listed because an option
	// chosen for the game calls for it.
	Optional bool
}

// SupercatSetup is the setup checklist for a game's choices ("Setup": "Set up the game
// according to the Arcs rulebook, but make changes at the steps listed below"): 1.B with the
// difficulty modifiers ("start each game with the player last in turn order"), 2.N with Fleet
// Readiness, 2.O with Strategic Reserves, always 2.P and 2.Q, then the Leaders and Lore.
func SupercatSetup(d Difficulty, modifiers []string, leadersLore string) []SupercatSetupStep {
	var steps []SupercatSetupStep
	if d == Normal || d == Hard {
		steps = append(steps, SupercatSetupStep{Step: "1.B", Optional: true,
			Text: "Give the initiative marker to a bot, and seat the player last in turn order."})
	}
	if slices.Contains(modifiers, "fleet-readiness") {
		steps = append(steps, SupercatSetupStep{Step: "2.N", Optional: true,
			Text: "Place an extra ship in each system with bot pieces. (Fleet Readiness)"})
	}
	if slices.Contains(modifiers, "strategic-reserves") {
		steps = append(steps, SupercatSetupStep{Step: "2.O", Optional: true,
			Text: "Give each bot a random resource. (Strategic Reserves)"})
	}
	steps = append(steps,
		SupercatSetupStep{Step: "2.P", Text: "Deal 6 cards to each player, but do not deal cards to the bot(s). Place a counter on each bot's board showing a value of 6 faceup."},
		SupercatSetupStep{Step: "2.Q", Text: "Place all action cards not in player hands in a single face down stack next to the board."})
	switch leadersLore {
	case LeadersLoreIntervene:
		steps = append(steps, SupercatSetupStep{Step: "Leaders and Lore",
			Text: "Draft L&L as normal, choosing the most interesting options for yourself and for each bot. When an opportunity arises, override the procedures to take advantage of L&L abilities."})
	case LeadersLorePassive:
		steps = append(steps, SupercatSetupStep{Step: "Leaders and Lore",
			Text: fmt.Sprintf("First, randomly assign a Leader to each bot from this list: %s. Then randomly assign a Lore to each bot from this list: %s. Finally, draw two Leaders and two Lore, and choose one of each for the player.",
				ListAnd(SupercatLeaders), ListAnd(SupercatLore))})
	}
	return steps
}

// SupercatChapterInitiative returns the seats (1-based) of the bots with the most Power, given
// each bot's Power in seat order: in hard mode "The bot with the most power starts every
// chapter with initiative"; several seats are a tie, which the seed's "Random" settles ("pick
// randomly").
func SupercatChapterInitiative(powers []int) []int {
	var seats []int
	best := -1
	for i, p := range powers {
		switch {
		case p > best:
			best, seats = p, []int{i + 1}
		case p == best:
			seats = append(seats, i+1)
		}
	}
	return seats
}

// SupercatChapterEnds reports whether the chapter is over ("Continue until the player has no
// cards and each bot's hand counter is at zero, at which point the chapter ends"), and if not,
// why not.
func SupercatChapterEnds(playerHasNoCards bool, hands []int, names []string) (bool, string) {
	for i, h := range hands {
		if h > 0 {
			return false, fmt.Sprintf("%s's hand counter is %d, not 0: the chapter goes on", names[i], h)
		}
	}
	if !playerHasNoCards {
		return false, "the chapter ends when you have no cards left too"
	}
	return true, ""
}
