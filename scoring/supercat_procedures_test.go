package scoring

import (
	"regexp"
	"slices"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// no repeats "no" n times.
func no(n int) []string { return slices.Repeat([]string{"no"}, n) }

// walkIDs lists the questions a walk answered, by node id.
func walkIDs(w SupercatWalk) []string {
	ids := make([]string, len(w.Trail))
	for i, s := range w.Trail {
		ids[i] = s.Node.ID
	}
	return ids
}

func TestWalkSupercatSelectedCardGoesThroughPreludeToItsPage(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Card: cardPtr("aggression", 6), Next: NextSuit, Options: []ActionCard{card("aggression", 6), card("construction", 2)}}
	// Prelude's seven guidelines, then Aggression's first bullet.
	w, err := WalkSupercat(start, cardPtr("aggression", 3), no(7))
	require.NoError(t, err)
	require.NotNil(t, w.Current)
	assert.Equal(t, "agg-1", w.Current.ID)
	assert.Equal(t, "Can bot Secure to **contend** a declared ambition?", w.Current.Question)
	assert.Equal(t, "[2]", w.Current.Cite)
	assert.Equal(t, []string{"yes", "no"}, w.Choices)

	// "Can bot Secure to contend a declared ambition? [2]": yes names the action, then the
	// bot restarts the page while actions remain, and the turn ends when none remain.
	// The Vox Cards page says which Vox card is effective and how the bot carries it out.
	w, err = WalkSupercat(start, cardPtr("aggression", 3), append(no(7), "yes", "yes", "no", "yes", "call-to-action", "yes", "no"))
	require.NoError(t, err)
	assert.True(t, w.Done)
	assert.Nil(t, w.Current)
	assert.Equal(t, []string{"Secure to **contend** a declared ambition", "Secure an **effective** Vox card",
		"Secure Call to Action (always **effective**): its bonus card goes to the bot's play area (give it as a bonus card on the game page).", "The turn ends."}, w.Actions)
	assert.Equal(t, []string{"pre-1", "pre-2", "pre-3", "pre-4", "pre-5", "pre-6", "pre-7", "agg-1", "agg-again", "agg-1", "agg-2", "agg-2-vox1", "agg-2-vox-ca", "agg-again"}, walkIDs(w))
	assert.Equal(t, "aggression", w.Page)
	assert.Equal(t, card("aggression", 6), *w.Card)
}

func TestWalkSupercatPass(t *testing.T) {
	t.Parallel()
	w, err := WalkSupercat(SupercatTurn{Pass: true, Next: NextPass}, nil, nil)
	require.NoError(t, err)
	assert.True(t, w.Done)
	assert.Nil(t, w.Current)
	_, err = WalkSupercat(SupercatTurn{Pass: true, Next: NextPass}, nil, []string{"yes"})
	require.NoError(t, err, "a passing bot reads no answers")
}

// gpQuestions is the number of General Priorities questions a bot answering no to all of
// them is asked (an Aggression card among its options, so no Weapon question).
const gpQuestions = 15

func TestWalkSupercatGeneralPriorities(t *testing.T) {
	t.Parallel()
	gp := func(options ...ActionCard) SupercatTurn {
		return SupercatTurn{Next: NextGeneralPriorities, Options: options}
	}
	tests := []struct {
		name     string
		start    SupercatTurn
		lead     *ActionCard
		answers  []string
		current  string
		card     *ActionCard
		page     string
		copyLead bool
		outcome  string // of the last answered question
	}{
		{
			// Type 4: "if the answer is “yes” AND the bot has a card of the indicated suit
			// available ... then select that card."
			name:    "yes with a card of the suit selects it and goes to Prelude",
			start:   gp(card("construction", 2), card("aggression", 3)),
			answers: []string{"no", "no", "yes"},
			current: "pre-1", card: cardPtr("aggression", 3), page: "aggression",
			outcome: "Select Aggression 3. Check for Prelude actions, then go to the aggression page.",
		},
		{
			// "Decision making for the bot", "Actions": "the bot will prefer to Secure rather
			// than Tax if both actions contend a declared ambition": the suit follows the
			// action that works. With Aggression 3 and Administration 5, where only Secure
			// could contend, the bot plays Aggression 3.
			name:    "Secure contends a declared ambition: the Aggression card",
			start:   gp(card("aggression", 3), card("administration", 5)),
			answers: []string{"yes"},
			current: "pre-1", card: cardPtr("aggression", 3), page: "aggression",
			outcome: "Select Aggression 3. Check for Prelude actions, then go to the aggression page.",
		},
		{
			name:    "only Tax contends a declared ambition: the Administration card",
			start:   gp(card("aggression", 3), card("administration", 5)),
			answers: []string{"no", "yes"},
			current: "pre-1", card: cardPtr("administration", 5), page: "administration",
		},
		{
			name:    "Secure could contend but there is no Aggression card: Tax is asked next",
			start:   gp(card("construction", 3), card("administration", 5)),
			answers: []string{"yes"},
			current: "gp-1b",
			outcome: "No Aggression card is available: go on to the next question.",
		},
		{
			// "If the indicated suit is not available, proceed to the next question."
			name:    "yes without a card of the suit goes on to the next question",
			start:   gp(card("construction", 2), card("construction", 5)),
			answers: []string{"no", "yes"},
			current: "gp-2",
			outcome: "No Administration card is available: go on to the next question.",
		},
		{
			// "Lead, Pivot, or Copy with the indicated suit": a follower copies the lead suit.
			name:    "a follower copies the lead suit it has no card of",
			start:   gp(card("construction", 2), card("administration", 5)),
			lead:    cardPtr("mobilization", 4),
			answers: []string{"no", "no", "no", "no", "no", "yes", "yes"},
			current: "pre-1", page: "mobilization", copyLead: true,
			outcome: "Copy the lead suit (mobilization): play any option facedown (pick at random). Check for Prelude actions, then go to the mobilization page.",
		},
		{
			// "Does bot have no starport? Can bot build a starport? ... No: → Mobilization/Aggression"
			name:    "type 3 inside General Priorities: no starport and cannot build one",
			start:   gp(card("aggression", 2), card("construction", 5)),
			answers: []string{"no", "no", "no", "no", "yes", "no"},
			current: "pre-1", card: cardPtr("aggression", 2), page: "aggression",
		},
		{
			name:    "unbuilt cities and enough claims: Construction",
			start:   gp(card("aggression", 2), card("construction", 5)),
			answers: []string{"no", "no", "no", "no", "no", "no", "yes", "no", "yes"},
			current: "pre-1", card: cardPtr("construction", 5), page: "construction",
		},
		{
			// "Can bot use an ability on a ready Guild or lore card? → Select suit matching
			// ability, then exhaust card."
			name:    "a Guild ability: the player names the matching suit",
			start:   gp(card("aggression", 2), card("mobilization", 5)),
			answers: []string{"no", "no", "no", "no", "no", "no", "no", "mobilization"},
			current: "pre-1", card: cardPtr("mobilization", 5), page: "mobilization",
			outcome: "Select suit matching ability, then exhaust card. Select Mobilization 5. Check for Prelude actions, then go to the mobilization page.",
		},
		{
			name:    "no priority applies: the player picks an option at random",
			start:   gp(card("aggression", 2), card("mobilization", 5)),
			answers: append(no(gpQuestions), "aggression"),
			current: "pre-1", card: cardPtr("aggression", 2), page: "aggression",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := WalkSupercat(tt.start, tt.lead, tt.answers)
			require.NoError(t, err)
			require.NotNil(t, w.Current, "trail %v", walkIDs(w))
			assert.Equal(t, tt.current, w.Current.ID)
			assert.Equal(t, tt.card, w.Card)
			assert.Equal(t, tt.page, w.Page)
			assert.Equal(t, tt.copyLead, w.Copy)
			if tt.outcome != "" {
				assert.Equal(t, tt.outcome, w.Trail[len(w.Trail)-1].Outcome)
			}
		})
	}
}

func TestWalkSupercatRefusesAnswers(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Next: NextGeneralPriorities, Options: []ActionCard{card("aggression", 2), card("mobilization", 5)}}
	_, err := WalkSupercat(start, nil, []string{"no", "maybe"})
	requireFieldError(t, err, `answers[1]: "maybe" does not answer gp-1b (want yes, no)`)
	_, err = WalkSupercat(start, nil, []string{"no", "no", "no", "no", "no", "no", "no", "construction"})
	requireFieldError(t, err, `answers[7]: "construction" does not answer gp-7 (want aggression, mobilization, no)`)
	w, err := WalkSupercat(start, nil, no(gpQuestions))
	require.NoError(t, err)
	assert.Equal(t, "gp-none", w.Current.ID)
	assert.Equal(t, []string{"aggression", "mobilization"}, w.Choices, "no random pick without a card")
}

// termMark finds the marked terms of a text.
var termMark = regexp.MustCompile(`\*\*([^*]+)\*\*`)

func TestSupercatProceduresAreWellFormed(t *testing.T) {
	t.Parallel()
	pageOf := map[string]bool{}
	for id, n := range supercatNodes {
		assert.Equal(t, id, n.ID)
		assert.Contains(t, SupercatPages, n.Page, "%s is on a known page", id)
		assert.True(t, strings.HasSuffix(n.Question, "?"), "%s is a yes/no question: %q", id, n.Question)
		assert.Contains(t, []int{1, 2, 3, 4}, n.Type, id)
		branches := []SupercatBranch{n.Yes, n.No}
		for _, o := range n.Options {
			branches = append(branches, SupercatBranch{Next: o.Next})
		}
		for _, b := range branches {
			if b.Unavailable != "" {
				_, ok := supercatNodes[b.Unavailable]
				assert.True(t, ok, "%s leads to a node that exists: %q", id, b.Unavailable)
				pageOf[b.Unavailable] = true
			}
			switch b.Next {
			case "", SupercatToPage, SupercatAgain:
			default:
				_, ok := supercatNodes[b.Next]
				assert.True(t, ok, "%s leads to a node that exists: %q", id, b.Next)
				pageOf[b.Next] = true
			}
		}
		texts := append([]string{n.Question, n.Yes.Do, n.No.Do}, n.Prefer...)
		for _, text := range texts {
			for _, m := range termMark.FindAllStringSubmatch(text, -1) {
				_, ok := SupercatTerm(m[1])
				assert.True(t, ok, "%s: the marked word %q is a term of the seed's Terminology", id, m[1])
			}
		}
	}
	for page, start := range supercatPageStart {
		assert.Equal(t, page, supercatNodes[start].Page)
	}
	// Every node is reached from another, or starts a page.
	for id := range supercatNodes {
		starts := slices.Contains([]string{"gp-1", "pre-1", "pre-4w", "pre-4t", "pre-4wt", "gld-use", "adm-1", "agg-1", "con-1", "mob-1", "adm-again", "agg-again", "con-again", "mob-again"}, id)
		assert.True(t, pageOf[id] || starts, "%s is reachable", id)
	}
}

// The "combat card" (Terminology): "card played with Weapon, or an Aggression card".
func TestWalkSupercatCombatCardIncludesWeapon(t *testing.T) {
	start := SupercatTurn{Next: NextGeneralPriorities, Options: []ActionCard{card("construction", 2), card("mobilization", 5)}}
	// gp-1, gp-1b, gp-2 no; gp-3 "Can bot favorable combat to contend declared ambition?"
	// yes, but no Aggression card: the bot has a Weapon, so it plays Mobilization 5 with it.
	w, err := WalkSupercat(start, nil, []string{"no", "no", "no", "yes"})
	require.NoError(t, err)
	require.NotNil(t, w.Current)
	assert.Equal(t, "gp-3w", w.Current.ID)
	assert.Equal(t, []string{"construction", "mobilization", "no"}, w.Choices)
	w, err = WalkSupercat(start, nil, []string{"no", "no", "no", "yes", "mobilization"})
	require.NoError(t, err)
	assert.Equal(t, card("mobilization", 5), *w.Card)
	assert.True(t, w.Weapon)
	assert.True(t, w.CombatCard())
	assert.Equal(t, "Select Mobilization 5, played with Weapon (a combat card). Check for Prelude actions, then go to the mobilization page.", w.Trail[len(w.Trail)-1].Outcome)
	// Prelude: "Fuel and Weapon: spend for Combat card" is asked of the combat card.
	w, err = WalkSupercat(start, nil, []string{"no", "no", "no", "yes", "mobilization", "no", "no", "no"})
	require.NoError(t, err)
	assert.Equal(t, "pre-4", w.Current.ID)
	// Without a Weapon the question goes on.
	w, err = WalkSupercat(start, nil, []string{"no", "no", "no", "yes", "no"})
	require.NoError(t, err)
	assert.Equal(t, "gp-4", w.Current.ID)
	assert.Nil(t, w.Card)

	// A card the start selected (a surpass) that is not an Aggression card: Prelude asks
	// whether the bot plays it with Weapon, which makes it a combat card.
	surpass := SupercatTurn{Card: cardPtr("construction", 6), Next: NextSuit, Options: []ActionCard{card("construction", 6), card("mobilization", 2)}}
	w, err = WalkSupercat(surpass, cardPtr("construction", 3), no(3))
	require.NoError(t, err)
	assert.Equal(t, "pre-4w", w.Current.ID)
	w, err = WalkSupercat(surpass, cardPtr("construction", 3), append(no(3), "yes"))
	require.NoError(t, err)
	assert.True(t, w.CombatCard())
	assert.Contains(t, w.Actions[0], "Weapon: spend it with the selected card")
}

// "Guild and Lore Cards" and General Priorities: "Select suit matching ability, then exhaust
// card. Use ability, then go to page for card's suit if actions remaining."
func TestWalkSupercatGuildAbilityExhaustsAndRespectsActionsRemaining(t *testing.T) {
	start := SupercatTurn{Next: NextGeneralPriorities, Options: []ActionCard{card("aggression", 2), card("mobilization", 5)}}
	toPrelude := append(no(7), "mobilization")
	w, err := WalkSupercat(start, nil, append(slices.Clone(toPrelude), no(7)...))
	require.NoError(t, err)
	require.NotNil(t, w.Current)
	assert.Equal(t, "gld-use", w.Current.ID, "after Prelude the ability is used, not the page's first bullet")
	assert.Equal(t, []int{7}, w.Exhausted, "the Guild card of answer 7 is exhausted")
	assert.True(t, w.Guild)

	// No actions remaining: the turn ends without the Mobilization page.
	w, err = WalkSupercat(start, nil, append(append(slices.Clone(toPrelude), no(7)...), "no"))
	require.NoError(t, err)
	assert.True(t, w.Done)
	assert.Equal(t, []string{"Select suit matching ability, then exhaust card.", "Use the Guild or lore card's ability. No actions remain: the turn ends."}, w.Actions)

	// Actions remaining: then the Mobilization page from the top.
	w, err = WalkSupercat(start, nil, append(append(slices.Clone(toPrelude), no(7)...), "yes"))
	require.NoError(t, err)
	assert.Equal(t, "mob-1", w.Current.ID)

	// A suit page's Guild bullet exhausts the card it uses too.
	onPage := SupercatTurn{Card: cardPtr("mobilization", 5), Next: NextSuit, Options: []ActionCard{card("mobilization", 5)}}
	w, err = WalkSupercat(onPage, cardPtr("mobilization", 2), append(no(7), "no", "no", "no", "yes"))
	require.NoError(t, err)
	assert.Equal(t, []int{10}, w.Exhausted)
	assert.Equal(t, "mob-again", w.Current.ID)
}

// The Principles pages and the Vox Cards page are walked where a suit page reaches an action
// they govern, each ending in a concrete instruction in the seed's words, or in the
// bullet's "no" where the principle says not to act.
func TestWalkSupercatPrinciples(t *testing.T) {
	onPage := func(suit string) SupercatTurn {
		return SupercatTurn{Card: cardPtr(suit, 5), Next: NextSuit, Options: []ActionCard{card(suit, 5)}}
	}
	prelude := no(7)
	tests := []struct {
		name    string
		suit    string
		answers []string
		action  string // the last action named
		current string // the question asked next
	}{
		{
			// "If possible, influence uncontested cards with 2 agents."
			name: "Influence Principles: an uncontested card with 2 agents", suit: "administration",
			answers: []string{"no", "no", "no", "no", "yes", "yes", "yes"},
			action:  "Influence the **uncontested card** with 2 agents (spend 2 actions).", current: "adm-again",
		},
		{
			// "if the bot could influence with agents up to the most rival agents, and still
			// have agents in its supply left over, then influence the card to match"
			name: "Influence Principles: a contested card, matching rival agents", suit: "mobilization",
			answers: []string{"no", "no", "no", "no", "yes", "no", "no", "yes"},
			action:  "Influence the card to match rival agents.", current: "mob-again",
		},
		{
			// "Otherwise, do not influence the card": the page goes on.
			name: "Influence Principles: too few agents, the page goes on", suit: "mobilization",
			answers: []string{"no", "no", "no", "no", "yes", "no", "no", "no"},
			action:  "Do not influence the card (Influence Principles).", current: "mob-6",
		},
		{
			// "A Battle for trophies is considered favorable if bot has at least 1:1 ratio of
			// fresh ships."
			name: "Combat Principles: trophies, favorable", suit: "aggression",
			answers: []string{"no", "no", "yes", "yes", "no", "yes"},
			action:  "Battle for trophies. If bot has multiple actions, first roll all skirmish dice until ratio of fresh ships is better than 1:1, or only 1 action left. Then roll assault dice up to 2x defending fresh ships, and the rest skirmish dice. Allocate hits prioritizing trophies. If bot is able to re-roll, first re-roll any intercepts, then re-roll blanks. Spend Weapon resources to enable combat and Fuel and Psionic resources to maximize available actions.",
			current: "agg-again",
		},
		{
			// "A combat which risks outrages is only favorable if bot could ransack the court
			// AND if outrage would not cause bot to stop contending a declared ambition."
			name: "Combat Principles: outrage makes it unfavorable", suit: "aggression",
			answers: []string{"no", "no", "yes", "no", "yes", "no"},
			action:  "Not a **favorable combat**: it risks outrages (Combat Principles).", current: "agg-4",
		},
		{
			// "A raid is considered favorable if bot can roll raid dice equal to 2x keys on the
			// target AND ..."
			name: "Combat Principles: a raid", suit: "aggression",
			answers: []string{"no", "no", "yes", "no", "no", "yes", "yes"},
			action:  "Raid: spend actions to roll dice like a trophies Battle, up to the last action available, then roll raid dice. If bot is able to re-roll, first re-roll any intercepts, then re-roll blanks. Spend Weapon resources to enable combat and Fuel and Psionic resources to maximize available actions.",
			current: "agg-again",
		},
		{
			// "A Battle for control is favorable if bot can roll at least 1 die per fresh
			// defending ship."
			name: "Combat Principles: control", suit: "aggression",
			answers: []string{"no", "no", "no", "no", "yes", "yes", "yes", "no", "no"},
			action:  "Not a **favorable combat**: a Battle for control needs at least 1 die per fresh defending ship.", current: "agg-6",
		},
		{
			// "Use task force for any moves, if possible ... When possible, retain control of
			// the origin system."
			name: "Movement Principles: the task force keeps the origin", suit: "mobilization",
			answers: []string{"yes", "yes", "yes", "yes"},
			action:  "Move the **task force**, retaining control of the origin.", current: "mob-again",
		},
		{
			name: "Movement Principles: no origin keeps control", suit: "mobilization",
			answers: []string{"yes", "yes", "no", "no", "no"},
			action:  "Move anyway and abandon control of the origin (\"If it's not possible to retain control of any origin, abandon control\").", current: "mob-again",
		},
		{
			// "The bot will only build one of these double cities if it is winning a declared
			// ambition (not tied for first place) and placing the city would uncover a power
			// bonus."
			name: "Expansion Principles: a double city", suit: "construction",
			answers: []string{"no", "no", "yes", "yes", "yes"},
			action:  "Build the **double city**.", current: "con-again",
		},
		{
			name: "Expansion Principles: no double city", suit: "construction",
			answers: []string{"no", "no", "yes", "yes", "no", "no"},
			action:  "Do not build the **double city** (Limit on Building New Cities).", current: "con-4",
		},
		{
			// "Populist Demands: Effective if bot is winning or tied for first in an
			// undeclared ambition."
			name: "Vox Cards: Populist Demands not effective", suit: "aggression",
			answers: []string{"no", "yes", "populist-demands", "no"},
			action:  "Not **effective**: bot is not winning or tied for first in an undeclared ambition (Vox Cards). Secure it only for captives, where a later bullet asks.", current: "agg-3",
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			w, err := WalkSupercat(onPage(tt.suit), nil, append(slices.Clone(prelude), tt.answers...))
			require.NoError(t, err)
			require.NotNil(t, w.Current, "trail %v", walkIDs(w))
			assert.Equal(t, tt.action, w.Actions[len(w.Actions)-1])
			assert.Equal(t, tt.current, w.Current.ID)
		})
	}
}

// Prelude's "Guild cards" guideline, walked as the seed words it ("Prelude", "Guild cards";
// "Guild Cards"): each entry's seed words, the answers after the six resource guidelines,
// the questions asked and what the bot does.
func TestWalkSupercatPreludeGuildCards(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Card: cardPtr("construction", 4), Next: NextSuit, Options: []ActionCard{card("construction", 4)}}
	tests := []struct {
		seed    string
		answers []string
		ids     []string
		actions []string
	}{
		{
			seed:    "Bot will discard some Guild card for their Prelude ability at the first opportunity.",
			answers: []string{"no"},
			ids:     []string{"pre-7"},
		},
		{
			seed:    "Do not discard a card for the ability if ambition matching a card's icon is declared.",
			answers: []string{"yes", "yes", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-more"},
			actions: []string{"Keep the card: do not discard it for its ability while an ambition matching its icon is declared."},
		},
		{
			seed:    "Lattice Spies: Bot will use Prelude ability if seize roll passes.",
			answers: []string{"yes", "no", "lattice-spies", "yes", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-2", "gc-ls", "gc-more"},
			actions: []string{"Discard Lattice Spies for its Prelude ability."},
		},
		{
			seed:    "Lattice Spies: Bot will use Prelude ability if seize roll passes.",
			answers: []string{"yes", "no", "lattice-spies", "no", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-2", "gc-ls", "gc-more"},
			actions: []string{"Keep Lattice Spies: the seize roll does not pass."},
		},
		{
			seed:    "Farseers: Bot will use Prelude ability at first opportunity. Discard Farseers (and no action cards) and gain one extra action card.",
			answers: []string{"yes", "no", "farseers", "yes", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-2", "gc-fs", "gc-more"},
			actions: []string{"Discard Farseers (and no action cards) and gain one extra action card (add it as a bonus card on the game page)."},
		},
		{
			seed:    "Silver Tongues: Bot will use Prelude ability if it causes bot to win a declared ambition.",
			answers: []string{"yes", "no", "silver-tongues", "no", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-2", "gc-st", "gc-more"},
			actions: []string{"Keep Silver Tongues: its ability would not win a declared ambition."},
		},
		{
			// Two Guild cards: each is walked in turn.
			seed:    "In all cases, follow the same guidelines as for spending resources for Prelude action. ... Otherwise, use ability as described below.",
			answers: []string{"yes", "no", "other", "yes", "yes", "no", "silver-tongues", "yes", "no"},
			ids:     []string{"pre-7", "gc-1", "gc-2", "gc-ot", "gc-more", "gc-1", "gc-2", "gc-st", "gc-more"},
			actions: []string{"Discard the Guild card for its Prelude ability.", "Discard Silver Tongues for its Prelude ability."},
		},
	}
	for _, tt := range tests {
		t.Run(tt.seed, func(t *testing.T) {
			w, err := WalkSupercat(start, nil, append(no(6), tt.answers...))
			require.NoError(t, err)
			assert.Equal(t, tt.ids, walkIDs(w)[6:])
			assert.Equal(t, tt.actions, w.Actions)
			require.NotNil(t, w.Current)
			assert.Equal(t, "con-1", w.Current.ID, "after the Prelude, the selected card's page")
			for _, step := range w.Trail[6:] {
				assert.NotEmpty(t, step.Node.Seed, "%s stands beside the seed's words", step.Node.ID)
			}
		})
	}
	// The seed's words stand beside each Guild Cards question.
	for id, seed := range map[string]string{"gc-ls": "Bot will use Prelude ability if seize roll passes.",
		"gc-st": "Bot will use Prelude ability if it causes bot to win a declared ambition.",
		"gc-fs": "Bot will use Prelude ability at first opportunity. Discard Farseers (and no action cards) and gain one extra action card."} {
		n, ok := SupercatNodeByID(id)
		require.True(t, ok)
		assert.Equal(t, seed, n.Seed)
		assert.Equal(t, "Guild Cards", SupercatPages[n.Page])
	}
}

// The Prelude uses what the app knows (Prelude, Restrictions: "if Tycoon is declared do
// not spend Fuel or Material resources or Guild cards; if Empath is declared do not spend
// Psionic resource or Guild cards"): with Tycoon declared the Material question is not
// asked and the combat card's asks only for Weapon; with Empath declared the Psionic one is
// not asked. Each is answered "no" in the trail, saying why, and reads no answer.
func TestWalkSupercatPreludeAppliesDeclaredAmbitions(t *testing.T) {
	t.Parallel()
	start := SupercatTurn{Card: cardPtr("aggression", 6), Next: NextSuit, Options: []ActionCard{card("aggression", 6)}}
	w, err := WalkSupercat(start, nil, no(7))
	require.NoError(t, err)
	assert.Equal(t, []string{"pre-1", "pre-2", "pre-3", "pre-4", "pre-5", "pre-6", "pre-7"}, walkIDs(w), "nothing declared: every guideline asked")

	start.Declared = []Ambition{Tycoon, Empath}
	w, err = WalkSupercat(start, nil, no(2))
	require.NoError(t, err)
	require.NotNil(t, w.Current)
	assert.Equal(t, "pre-4t", w.Current.ID, "Material is not asked; the combat card's question leaves Fuel out")
	assert.NotContains(t, w.Current.Question, "Fuel (")
	require.Len(t, w.Trail, 3)
	assert.True(t, w.Trail[2].Known)
	assert.Equal(t, "no", w.Trail[2].Answer)
	assert.Contains(t, w.Trail[2].Outcome, "Tycoon is declared")
	w, err = WalkSupercat(start, nil, no(5))
	require.NoError(t, err)
	assert.Equal(t, []string{"pre-1", "pre-2", "pre-3", "pre-4t", "pre-5", "pre-6", "pre-7", "agg-1"},
		append(walkIDs(w), w.Current.ID), "five answers reach the Aggression page: two guidelines were known")

	// Not an Aggression card: the Weapon question, without Fuel.
	surpass := SupercatTurn{Card: cardPtr("construction", 6), Next: NextSuit, Options: []ActionCard{card("construction", 6)},
		Declared: []Ambition{Tycoon}}
	w, err = WalkSupercat(surpass, nil, no(2))
	require.NoError(t, err)
	assert.Equal(t, "pre-4wt", w.Current.ID)
}

// The start of a turn knows which ambitions are declared: those marked, and the one the
// bot declares itself.
func TestSupercatStartTurnKnowsTheDeclaredAmbitions(t *testing.T) {
	t.Parallel()
	s := SupercatState{Hand: 6, Initiative: true, Drawn: []ActionCard{card("aggression", 2), card("construction", 4)},
		Ambitions:        map[Ambition]AmbitionState{Tycoon: {Standing: Winning}, Empath: {Standing: Behind, Declared: true}},
		MarkersAvailable: true, Difficulty: Normal}
	turn, err := SupercatStartTurn(s)
	require.NoError(t, err)
	require.Equal(t, Tycoon, turn.Declare, "the bot leads with the 2 and declares Tycoon, which it is winning")
	assert.Equal(t, []Ambition{Tycoon, Empath}, turn.Declared)
}
