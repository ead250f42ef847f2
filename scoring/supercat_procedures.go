package scoring

import (
	"fmt"
	"slices"
	"strings"
)

// The SUPERCAT procedures after the start of a turn (supercat-solo-arcs-bot.txt: "General
// Priorities", "Prelude", and the four suit pages), encoded as data: every bullet is a node
// holding the seed's own yes/no question, and its answers lead to the next node, to an
// action the bot takes, or to a card of the indicated suits. WalkSupercat replays a list of
// answers through the nodes, so a turn can be stored as its answers and continued anywhere.
// Question texts keep the seed's words; **term** marks a word of its "Terminology".

// SupercatNode is one bullet of a procedure page: a question and where each answer leads.
type SupercatNode struct {
	// ID names the node ("gp-5a", "adm-3").
	ID string
	// Page is the page the node is on (SupercatPages).
	Page string
	// Question is the seed's question, with **term** marking its vocabulary.
	Question string
	// Type is the seed's question type ("Questions"): 1 an action the bot takes if it can,
	// 2 a question with one nested section, 3 one with Yes and No sections, 4 a General
	// Priorities question leading to a card suit.
	Type int
	// Cite is the seed's bracketed reference, e.g. "[13]"; empty where the seed has none.
	Cite string
	// Prefer lists the seed's "Prefer:" priorities, in order.
	Prefer []string
	// Seed is the seed's bullet in its own words where the node asks one part of it (a
	// bullet naming two actions is asked one action at a time, in its order); empty where
	// Question is the bullet itself.
	Seed string
	// Yes and No are where each answer leads.
	Yes, No SupercatBranch
	// Options, where the question names a thing rather than yes or no, are its answers.
	Options []SupercatOption
}

// SupercatBranch is where an answer leads.
type SupercatBranch struct {
	// Do is the action the bot takes, in the seed's words; empty for none.
	Do string
	// Next is the node to go to; one of the Supercat* sentinels, or empty to end the turn.
	Next string
	// Suits, on a General Priorities answer, are the suits of the card to select, in order:
	// the first one available is selected and the walk goes to Prelude, then its page; when
	// none is available the walk goes on to Next ("If the indicated suit is not available,
	// proceed to the next question").
	Suits []ArcsSuit
	// ChooseSuit asks the player which suit: the answer is a suit among those available.
	ChooseSuit bool
	// Unavailable, on a General Priorities answer, is the node to go to when none of Suits is
	// available; empty for Next. A **combat card** question asks next whether the bot can
	// play another card with Weapon.
	Unavailable string
	// Weapon says the card is selected to be played with Weapon ("combat card: card played
	// with Weapon, or an Aggression card").
	Weapon bool
	// Exhaust says the answer uses an ability of a ready Guild or lore card, which is then
	// exhausted for the chapter ("Guild and Lore Cards": "mark the Guild card as exhausted").
	Exhaust bool
}

// Sentinels for SupercatBranch.Next.
const (
	// SupercatToPage continues at the first node of the selected card's suit page.
	SupercatToPage = "page"
	// SupercatAgain asks whether actions remain, then restarts the current suit page.
	SupercatAgain = "again"
)

// SupercatPages names the procedure pages in the order of the seed.
var SupercatPages = map[string]string{
	"general-priorities":   "General Priorities",
	"prelude":              "Prelude",
	"guild":                "Guild and Lore Cards",
	"guild-cards":          "Guild Cards",
	string(Administration): "Administration - Tax | Repair | Influence",
	string(Aggression):     "Aggression - Move | Battle | Secure",
	string(Construction):   "Construction - Build | Repair",
	string(Mobilization):   "Mobilization - Move | Influence",
	"influence-principles": "Influence Principles",
	"combat-principles":    "Combat Principles",
	"movement-principles":  "Movement Principles",
	"expansion-principles": "Expansion Principles",
	"vox-cards":            "Vox Cards",
}

// supercatPageStart is each page's first node.
var supercatPageStart = map[string]string{
	"general-priorities": "gp-1", "prelude": "pre-1", "guild": "gld-use",
	string(Administration): "adm-1", string(Aggression): "agg-1",
	string(Construction): "con-1", string(Mobilization): "mob-1",
}

// SupercatTerms is the seed's "Terminology", by term.
var SupercatTerms = map[string]string{
	"claim":               "open building slot in a system with bot's loyal pieces",
	"combat card":         `card played with Weapon, or an Aggression card (see "Combat Principles")`,
	"contend":             "take an action causing bot to improve its position with respect to an ambition AND bot will be either winning or tied for first or second place",
	"contested card":      "court card with bot agents and rival agents, and more rival agents than bot agents",
	"double city":         "a second loyal city on planet that already has a loyal city",
	"effective":           "a Vox card is effective if its When Secured text can be fully carried out",
	"favorable combat":    `a series of Move and Battle actions that the bot considers likely to result in a specific goal (see "Combat Principles")`,
	"new resources":       "type of resource that bot does not have OR type of planet bot does not have a city on",
	"partial move":        "a bot Move which does not reach a destination on a single card",
	"ready/exhausted":     "a Guild card which has not been used this chapter is ready. after it has been used it is exhausted, and then becomes ready again at the start of the next chapter",
	"task force":          "group of bot ships with the most fresh ships",
	"unbuilt city":        "a loyal city on bot's board (not a destroyed city in a rival's trophy area)",
	"unclaimed":           "system that is not controlled by a rival",
	"uncontested card":    "court card with no agents",
	"undeclared ambition": "ambition that has not been declared yet AND there are markers available",
}

// supercatTermForms maps the forms the questions use to their terms.
var supercatTermForms = map[string]string{"claims": "claim", "unbuilt cities": "unbuilt city",
	"ready": "ready/exhausted", "exhausted": "ready/exhausted", "Effective": "effective", "contending": "contend",
	"contended": "contend", "double cities": "double city", "uncontested cards": "uncontested card"}

// SupercatTerm resolves a marked word of a question to its term ("claims" → "claim").
func SupercatTerm(word string) (string, bool) {
	if t, ok := supercatTermForms[word]; ok {
		return t, true
	}
	_, ok := SupercatTerms[word]
	return word, ok
}

// t1 is a type 1 question: the bot takes the action when it can ("If the bot is able to take
// the action ... then take the action. If the answer is “no”, continue reading"), then
// checks for actions remaining.
func t1(id, q, cite, next string, prefer ...string) SupercatNode {
	do := strings.TrimSuffix(strings.TrimPrefix(q, "Can bot "), "?")
	return SupercatNode{ID: id, Question: q, Type: 1, Cite: cite, Prefer: prefer,
		Yes: SupercatBranch{Do: strings.ToUpper(do[:1]) + do[1:], Next: SupercatAgain}, No: SupercatBranch{Next: next}}
}

// t2 is a type 2 question: yes reads the nested section, no continues with the next bullet.
func t2(id, q, nested, next string) SupercatNode {
	return SupercatNode{ID: id, Question: q, Type: 2, Yes: SupercatBranch{Next: nested}, No: SupercatBranch{Next: next}}
}

// t4 is a type 4 General Priorities question: yes selects a card of the suits when one is
// available; otherwise, and on no, the next question.
func t4(id, q, next string, suits ...ArcsSuit) SupercatNode {
	return SupercatNode{ID: id, Question: q, Type: 4,
		Yes: SupercatBranch{Suits: suits, Next: next}, No: SupercatBranch{Next: next}}
}

// t4of is a type 4 question asking one action of a bullet that names several, each leading
// to its own suits: "the suit follows the action that works, in the bullet's order" ("Decision
// making for the bot", "Actions": "the bot will prefer to Secure rather than Tax if both
// actions contend a declared ambition").
func t4of(id, q, seed, next string, suits ...ArcsSuit) SupercatNode {
	n := t4(id, q, next, suits...)
	n.Seed = seed
	return n
}

// combat is a type 4 question whose suit is a **combat card**: an Aggression card is
// selected when there is one; otherwise the next question asks whether the bot plays another
// card with Weapon ("combat card: card played with Weapon, or an Aggression card").
func combat(id, q, seed, next string) []SupercatNode {
	n := t4of(id, q, seed, next, Aggression)
	n.Yes.Unavailable = id + "w"
	w := SupercatNode{ID: id + "w", Seed: seed, Type: 4,
		Question: "No Aggression card: does bot have a Weapon resource, to play one of its cards with Weapon as the **combat card**?",
		Yes:      SupercatBranch{ChooseSuit: true, Weapon: true, Next: next},
		No:       SupercatBranch{Next: next}}
	return []SupercatNode{n, w}
}

// guild is a suit page's "Can bot use an ability on a **ready** Guild or lore card?": yes uses the
// ability and exhausts the card ("The bot will use new actions on Guild and lore cards ... at
// most once per chapter").
func guild(id, next string) SupercatNode {
	n := t1(id, "Can bot use an ability on a **ready** Guild or lore card?", "", next)
	n.Yes.Do = "Use the ability of a ready Guild or lore card, then exhaust the card"
	n.Yes.Exhaust = true
	return n
}

// The seed's words on Guild cards' Prelude abilities ("Prelude", "Guild cards"; "Guild
// Cards"), beside the questions that walk them.
const (
	gcFirstOpportunity = "Bot will discard some Guild card for their Prelude ability at the first opportunity."
	gcAllCases         = "In all cases, follow the same guidelines as for spending resources for Prelude action. Do not discard a card for the ability if ambition matching a card's icon is declared. Otherwise, use ability as described below."
	gcFarseers         = "Bot will use Prelude ability at first opportunity. Discard Farseers (and no action cards) and gain one extra action card."
)

// gcUse is a "Guild Cards" entry: yes discards the card for its Prelude ability, no keeps
// it; either goes on to the bot's next Guild card.
func gcUse(id, q, seed, use, keep string) SupercatNode {
	return SupercatNode{ID: id, Question: q, Type: 3, Seed: seed,
		Yes: SupercatBranch{Do: use, Next: "gc-more"}, No: SupercatBranch{Do: keep, Next: "gc-more"}}
}

// prelude is a Prelude guideline asked as a question: yes spends the resource or Guild
// card, and either answer goes on to the next guideline.
func prelude(id, q, do, next string) SupercatNode {
	return SupercatNode{ID: id, Question: q, Type: 2, Yes: SupercatBranch{Do: do, Next: next}, No: SupercatBranch{Next: next}}
}

// again is a page's "actions remaining" check ("How to follow the procedures": "first spend
// actions according to the highest priority, then if actions remaining, restart the
// procedures from the top of that suit's page").
func again(page string) SupercatNode {
	return SupercatNode{ID: page[:3] + "-again", Question: "Does bot have actions remaining on this card?", Type: 3,
		Yes: SupercatBranch{Next: supercatPageStart[page]}, No: SupercatBranch{Do: "The turn ends."}}
}

// end is a page's last step, when no bullet applied.
func end(id string) SupercatNode {
	return SupercatNode{ID: id, Question: "No bullet on this page applies: does bot still have actions remaining?", Type: 3,
		Yes: SupercatBranch{Do: "The bot spends no more actions on this card."}, No: SupercatBranch{Do: "The turn ends."}}
}

var adm, agg, con, mob = Administration, Aggression, Construction, Mobilization

// The General Priorities bullets that name two actions, in the seed's words; each is asked
// one action at a time, in the bullet's order, and the suit follows the action.
const (
	gpSecureTax        = "Can bot Secure or Tax to **contend** declared ambition? → Administration/Aggression"
	gpBuildRepair      = "Can bot Build or Repair to change control? → Construction/Administration"
	gpTaxSecure        = "Can bot Tax or Secure to **contend** **undeclared ambition**, take captives, or grow a lead in a declared ambition? → Administration/Aggression"
	gpMoveCombat       = "Can bot Move or **favorable combat** to take control of rival city? → Mobilization/Aggression"
	gpBuildRepairShips = "Can bot Build or Repair ships? → Construction/Administration"
)

// supercatNodes is every node of the procedures, page by page in the seed's order.
var supercatNodes = buildSupercatNodes()

func buildSupercatNodes() map[string]SupercatNode {
	pages := map[string][]SupercatNode{
		"general-priorities": slices.Concat(
			[]SupercatNode{
				t4of("gp-1", "Can bot Secure to **contend** declared ambition?", gpSecureTax, "gp-1b", agg),
				t4of("gp-1b", "Can bot Tax to **contend** declared ambition?", gpSecureTax, "gp-2", adm),
				t4("gp-2", "Can bot Secure an **effective** Vox card?", "gp-3", agg),
			},
			combat("gp-3", "Can bot **favorable combat** to **contend** declared ambition?", "", "gp-4"),
			[]SupercatNode{
				t2("gp-4", "Does bot have no starport?", "gp-4a", "gp-5"),
				{ID: "gp-4a", Question: "Can bot build a starport?", Type: 3,
					Yes: SupercatBranch{Suits: []ArcsSuit{con}, Next: "gp-5"}, No: SupercatBranch{Suits: []ArcsSuit{mob, agg}, Next: "gp-5"}},
				t2("gp-5", "Are any loyal buildings in a system controlled by a rival?", "gp-5a", "gp-6"),
				t4("gp-5a", "Can bot Move to change control?", "gp-5b", mob, agg),
				t4of("gp-5b", "Can bot Build to change control?", gpBuildRepair, "gp-5b2", con),
				t4of("gp-5b2", "Can bot Repair to change control?", gpBuildRepair, "gp-5c", con, adm),
			},
			combat("gp-5c", "Can bot **favorable combat** to change control?", "", "gp-6"),
			[]SupercatNode{
				t2("gp-6", "Does bot have **unbuilt cities**?", "gp-6a", "gp-7"),
				{ID: "gp-6a", Question: "Does bot have fewer **claims** than **unbuilt cities**?", Type: 3,
					Yes: SupercatBranch{Next: "gp-6b"}, No: SupercatBranch{Next: "gp-6c"}},
				t4("gp-6b", "Can bot move to get a new **claim**?", "gp-7", mob, agg),
				t4("gp-6c", "Does bot have at least one **claim**?", "gp-7", con),
				// "Select suit matching ability, then exhaust card. Use ability, then go to page
				// for card's suit if actions remaining."
				{ID: "gp-7", Question: "Can bot use an ability on a **ready** Guild or lore card?", Type: 4,
					Yes: SupercatBranch{Do: "Select suit matching ability, then exhaust card.", ChooseSuit: true, Exhaust: true, Next: "gp-8"},
					No:  SupercatBranch{Next: "gp-8"}},
				t4of("gp-8", "Can bot Tax to **contend** **undeclared ambition**, take captives, or grow a lead in a declared ambition?", gpTaxSecure, "gp-8b", adm),
				t4of("gp-8b", "Can bot Secure to **contend** **undeclared ambition**, take captives, or grow a lead in a declared ambition?", gpTaxSecure, "gp-9", agg),
				t4("gp-9", "Can bot Influence a card with more agents than rivals?", "gp-10", mob, adm),
				t4of("gp-10", "Can bot Move to take control of rival city?", gpMoveCombat, "gp-10b", mob, agg),
			},
			combat("gp-10b", "Can bot **favorable combat** to take control of rival city?", gpMoveCombat, "gp-11"),
			[]SupercatNode{
				t4of("gp-11", "Can bot Build ships?", gpBuildRepairShips, "gp-11b", con),
				t4of("gp-11b", "Can bot Repair ships?", gpBuildRepairShips, "gp-none", con, adm),
				{ID: "gp-none", Question: "No General Priority selected a card. Pick one of the bot's options at random (the seed's “Random”: “If the bot has multiple options and the procedures do not give explicit preferences ... pick randomly”): which suit is it?", Type: 4,
					Yes: SupercatBranch{ChooseSuit: true}},
			},
		),
		"prelude": {
			prelude("pre-1", "Does bot have Union Guild cards?",
				"Discard all Union cards to gain bonus action cards. Place action card in bot's play area, and increment bot's hand counter (add it as a bonus card below).", "pre-2"),
			prelude("pre-2", "Does bot have a Weapon Guild card and 3 ships available?",
				"Discard the Weapon Guild card for its Prelude ability. Place ships at starport with most fresh ships, otherwise with **task force**.", "pre-3"),
			prelude("pre-3", "Does bot have a Material resource, and is Tycoon not declared?",
				"Material: spend to Build a starport if none on map, otherwise Build cities, then ships.", "pre-4"),
			prelude("pre-4", "The selected card is a **combat card**: does bot have Fuel (Tycoon not declared) or Weapon resources to spend for it?",
				"Fuel and Weapon: spend for **combat card** (Weapon to enable combat, Fuel to maximize available actions during a combat).", "pre-5"),
			// The walk asks this one instead of pre-4 when the card is not an Aggression card
			// and was not selected to be played with Weapon.
			{ID: "pre-4w", Question: "The selected card is not an Aggression card: does bot have a Weapon resource to play it with, making it a **combat card**?", Type: 2,
				Yes: SupercatBranch{Do: "Weapon: spend it with the selected card, now a **combat card** (see \"Combat Principles\"); spend Fuel too (Tycoon not declared) to maximize available actions during the combat.", Weapon: true, Next: "pre-5"},
				No:  SupercatBranch{Next: "pre-5"}},
			// Asked instead of pre-4 and pre-4w when Tycoon is declared: "if Tycoon is declared
			// do not spend Fuel or Material resources or Guild cards" (Prelude, Restrictions).
			prelude("pre-4t", "Tycoon is declared, so the bot keeps its Fuel. The selected card is a **combat card**: does bot have Weapon resources to spend for it?",
				"Weapon: spend for **combat card** (to enable combat); Tycoon is declared, so no Fuel.", "pre-5"),
			{ID: "pre-4wt", Question: "Tycoon is declared, so the bot keeps its Fuel. The selected card is not an Aggression card: does bot have a Weapon resource to play it with, making it a **combat card**?", Type: 2,
				Yes: SupercatBranch{Do: "Weapon: spend it with the selected card, now a **combat card** (see \"Combat Principles\"); Tycoon is declared, so no Fuel.", Weapon: true, Next: "pre-5"},
				No:  SupercatBranch{Next: "pre-5"}},
			prelude("pre-5", "Does bot have a Relic resource it could spend to Secure for captives, **contend** a declared ambition, or an **effective** Vox card (Seeker not declared, unless securing a Relic card)?",
				"Relic: Secure for captives, **contend** a declared ambition, or **effective** Vox card.", "pre-6"),
			prelude("pre-6", "Does bot have a Psionic resource it could spend to Tax/Secure to **contend** a declared ambition or for a **combat card** (Empath not declared)?",
				"Psionic: Tax/Secure to **contend** a declared ambition, or spend for **combat card**.", "pre-7"),
			// "Guild cards": the Union and Weapon guidelines above; the rest is walked on the
			// "Guild Cards" page, card by card.
			{ID: "pre-7", Question: "Does bot have another Guild card it could discard for its Prelude ability?", Type: 2,
				Seed: gcFirstOpportunity, Yes: SupercatBranch{Next: "gc-1"}, No: SupercatBranch{Next: SupercatToPage}},
		},
		"guild-cards": {
			{ID: "gc-1", Question: "Is an ambition matching the card's icon declared?", Type: 3, Seed: gcAllCases,
				Yes: SupercatBranch{Do: "Keep the card: do not discard it for its ability while an ambition matching its icon is declared.", Next: "gc-more"},
				No:  SupercatBranch{Next: "gc-2"}},
			{ID: "gc-2", Question: "Which Guild card is it?", Type: 2, Seed: gcAllCases,
				Options: []SupercatOption{
					{"lattice-spies", "Lattice Spies", "gc-ls"}, {"farseers", "Farseers", "gc-fs"},
					{"silver-tongues", "Silver Tongues", "gc-st"}, {"other", "another Guild card", "gc-ot"}}},
			gcUse("gc-ls", "Lattice Spies: does the seize roll pass?", "Bot will use Prelude ability if seize roll passes.",
				"Discard Lattice Spies for its Prelude ability.", "Keep Lattice Spies: the seize roll does not pass."),
			gcUse("gc-fs", "Farseers: can bot discard it now (its first opportunity)?", gcFarseers,
				"Discard Farseers (and no action cards) and gain one extra action card (add it as a bonus card on the game page).",
				"Keep Farseers until its first opportunity."),
			gcUse("gc-st", "Silver Tongues: would its Prelude ability cause bot to win a declared ambition?", "Bot will use Prelude ability if it causes bot to win a declared ambition.",
				"Discard Silver Tongues for its Prelude ability.", "Keep Silver Tongues: its ability would not win a declared ambition."),
			gcUse("gc-ot", "Can bot use the card's Prelude ability now?", gcFirstOpportunity,
				"Discard the Guild card for its Prelude ability.", "Keep the card."),
			{ID: "gc-more", Question: "Does bot have another Guild card it could discard for its Prelude ability?", Type: 2,
				Seed: gcFirstOpportunity, Yes: SupercatBranch{Next: "gc-1"}, No: SupercatBranch{Next: SupercatToPage}},
		},
		"guild": {
			// "Use ability, then go to page for card's suit if actions remaining."
			{ID: "gld-use", Question: "Use the ability of the Guild or lore card (now **exhausted** for the chapter). Does bot have actions remaining on this card?", Type: 3,
				Yes: SupercatBranch{Do: "Use the Guild or lore card's ability, then go to the page for the card's suit.", Next: SupercatToPage},
				No:  SupercatBranch{Do: "Use the Guild or lore card's ability. No actions remain: the turn ends."}},
		},
		string(Administration): {
			t1("adm-1", "Can bot Tax to **contend** a declared ambition?", "[1]", "adm-2"),
			t2("adm-2", "Are any loyal buildings controlled by a rival?", "adm-2a", "adm-3"),
			t1("adm-2a", "Can bot Repair to change control?", "[13]", "adm-3"),
			guild("adm-3", "adm-4"),
			t1("adm-4", "Can bot Tax to **contend** an **undeclared ambition** or to take captives?", "[23,24]", "adm-5"),
			t1("adm-5", "Can bot Influence an **uncontested card** which would **contend** a declared ambition, if Secured or a **contested card**?", "[26,27]", "adm-6"),
			t1("adm-6", "Can bot Repair to take control of a rival building?", "[30]", "adm-7"),
			t1("adm-7", "Can bot Repair any other ships or buildings?", "[38]", "adm-8", "ships in **task force**", "other ships", "starport, if only one on map", "cities"),
			t1("adm-8", "Can bot Tax to grow a lead in a declared ambition?", "[99]", "adm-9"),
			t1("adm-9", "Can bot Influence any other cards?", "[99]", "adm-10"),
			t1("adm-10", "Can bot Tax to gain resources?", "[99]", "adm-end", "**new resources**"),
			end("adm-end"), again(string(Administration)),
		},
		string(Aggression): {
			t1("agg-1", "Can bot Secure to **contend** a declared ambition?", "[2]", "agg-2"),
			t1("agg-2", "Can bot Secure an **effective** Vox card?", "[3]", "agg-3"),
			t1("agg-3", "Can bot **favorable combat** to **contend** a declared ambition?", "[8]", "agg-4"),
			t2("agg-4", "Does bot have no starport and no **claims**?", "agg-4a", "agg-5"),
			t1("agg-4a", "Can bot Move to get new **claims**?", "[10]", "agg-5"),
			t2("agg-5", "Are any loyal buildings controlled by a rival?", "agg-5a", "agg-6"),
			t1("agg-5a", "Can bot Move or **favorable combat** to change control?", "[14,15]", "agg-6"),
			t2("agg-6", "Does bot have **unbuilt cities** and fewer **claims** than **unbuilt cities**?", "agg-6a", "agg-7"),
			t1("agg-6a", "Can bot Move to get at least one new **claim**?", "[18]", "agg-7", "**new resources**", "**unclaimed**", "two slot planets"),
			guild("agg-7", "agg-8"),
			t1("agg-8", "Can bot Secure to **contend** an **undeclared ambition** or to take captives?", "[21,22]", "agg-9"),
			t1("agg-9", "Can bot Secure to grow lead in declared ambition?", "[25]", "agg-10"),
			t1("agg-10", "Can bot Move to take control of rival city?", "[32]", "agg-11"),
			t2("agg-11", "Are there any ambition markers available?", "agg-11a", "agg-12"),
			t1("agg-11a", "Can bot **favorable combat** to take trophies?", "[99]", "agg-12"),
			t1("agg-12", "Can bot Secure to grow lead in an **undeclared ambition** or to take any other cards?", "[99]", "agg-13"),
			t1("agg-13", "Can bot Move to change control of a rival-controlled gate?", "[99]", "agg-14", "take control adjacent to rival starport", "take or neutralize control adjacent to loyal starport"),
			t2("agg-14", "Are there any ships not controlling gates or **claims** or rival buildings?", "agg-14a", "agg-end"),
			t1("agg-14a", "Can bot Move to unassigned ships to **task force** (use **partial move**)?", "[99]", "agg-end"),
			end("agg-end"), again(string(Aggression)),
		},
		string(Construction): {
			t2("con-1", "Does bot have no starport?", "con-1a", "con-2"),
			t1("con-1a", "Can bot Build a starport?", "[9]", "con-2", "system with bot control", "most loyal ships", "neutral control", "least rival ships"),
			t2("con-2", "Are any loyal buildings controlled by a rival?", "con-2a", "con-3"),
			t1("con-2a", "Can bot Build or Repair to change control?", "[12,13]", "con-3"),
			t1("con-3", "Can bot Build cities?", "[17]", "con-4", "only Build **double city** if winning a declared ambition and uncovering power bonus"),
			guild("con-4", "con-5"),
			t1("con-5", "Can bot Build or Repair to take control of a rival building?", "[29,30]", "con-6"),
			t1("con-6", "Can bot Build to defend an undefended building?", "[35]", "con-7"),
			t1("con-7", "Can bot Build any ships?", "[36]", "con-8", "ships in **task force**", "fresh ships"),
			t1("con-8", "Can bot Build any other starports?", "[37]", "con-9", "system with **task force**", "bot control"),
			t1("con-9", "Can bot Repair any other ships or buildings?", "[38]", "con-end", "ships in **task force**", "other ships", "starport, if only one on map", "cities"),
			end("con-end"), again(string(Construction)),
		},
		string(Mobilization): {
			t2("mob-1", "Does bot have no starport and no **claims**?", "mob-1a", "mob-2"),
			t1("mob-1a", "Can bot Move to get new **claims**?", "[10]", "mob-2"),
			t2("mob-2", "Are any loyal buildings controlled by a rival?", "mob-2a", "mob-3"),
			t1("mob-2a", "Can bot Move to change control?", "[14]", "mob-3"),
			t2("mob-3", "Does bot have **unbuilt cities** and fewer **claims** than **unbuilt cities**?", "mob-3a", "mob-4"),
			t1("mob-3a", "Can bot Move to get at least one new **claim**?", "[18]", "mob-4", "**new resources**", "**unclaimed**", "two slot planets"),
			guild("mob-4", "mob-5"),
			t1("mob-5", "Can bot Influence an **uncontested card** which would **contend** a declared ambition, if Secured or a **contested card**?", "[26,27]", "mob-6"),
			t1("mob-6", "Can bot Move to take control of rival city?", "[32]", "mob-7"),
			t1("mob-7", "Can bot Move to change control of a rival-controlled gate?", "[99]", "mob-8", "take control adjacent to rival starport", "take or neutralize control adjacent to loyal starport"),
			t2("mob-8", "Are there any ships not controlling gates or **claims** or rival buildings?", "mob-8a", "mob-9"),
			t1("mob-8a", "Can bot Move to unassigned ships to **task force** (use **partial move**)?", "[99]", "mob-9"),
			t1("mob-9", "Can bot Influence any other cards?", "[99]", "mob-end"),
			end("mob-end"), again(string(Mobilization)),
		},
	}
	nodes := map[string]SupercatNode{}
	for page, list := range pages {
		for _, n := range list {
			n.Page = page
			nodes[n.ID] = n
		}
	}
	// Where a bullet's action is governed by a Principles page, its yes walks that page.
	for id, kind := range supercatPrinciples {
		n := nodes[id]
		chain := principleChain(kind, id, n.No.Next)
		n.Yes.Next = chain[0].ID
		nodes[id] = n
		for _, c := range chain {
			nodes[c.ID] = c
		}
	}
	return nodes
}

// SupercatNodeByID returns a node of the procedures.
func SupercatNodeByID(id string) (SupercatNode, bool) {
	n, ok := supercatNodes[id]
	return n, ok
}

// SupercatAnswered is one answered question of a walk.
type SupercatAnswered struct {
	// Node is the question.
	Node SupercatNode
	// Answer is "yes", "no" or a suit.
	Answer string
	// Outcome says what the answer did, for people ("Selected Aggression 4: go to Prelude").
	Outcome string
	// Known says the walk answered it from what the app knows (a declared ambition's
	// restriction), reading no answer of the player's.
	Known bool
}

// SupercatWalk is a bot turn after its start, as far as the answers given go.
type SupercatWalk struct {
	// Trail are the questions answered, in order.
	Trail []SupercatAnswered
	// Current is the question to answer now; nil when the turn is over.
	Current *SupercatNode
	// Choices are the answers Current accepts: "yes" and "no", or the suits to choose from.
	Choices []string
	// Card is the selected card; nil while none is, or when the bot copies the lead suit.
	Card *ActionCard
	// Page is the suit page the card leads to; empty until one is selected.
	Page string
	// Copy says the bot copies the lead card's suit with any option played facedown.
	Copy bool
	// Actions are the actions the bot takes, in order, in the seed's words.
	Actions []string
	// Weapon says the card is played with Weapon, a **combat card**.
	Weapon bool
	// Guild says the card was selected for the ability of a Guild or lore card: after Prelude
	// the ability is used, and the card's page follows only if actions remain.
	Guild bool
	// Exhausted lists the answers (by index) that used a ready Guild or lore card, which is
	// exhausted for the chapter.
	Exhausted []int
	// Done says the turn is over.
	Done bool
}

// CombatCard reports whether the selected card is a **combat card**: "card played with
// Weapon, or an Aggression card" (Terminology).
func (w SupercatWalk) CombatCard() bool {
	return w.Weapon || w.Page == string(Aggression)
}

// WalkSupercat replays answers through the procedures from where the turn's start left off:
// nothing for a pass, Prelude and then the card's suit page when the start selected a card,
// the General Priorities otherwise. lead is the lead card when the bot follows (it can
// then copy the lead suit). An answer the current question does not accept is refused as a
// *FieldError naming answers[i].
func WalkSupercat(start SupercatTurn, lead *ActionCard, answers []string) (SupercatWalk, error) {
	w := SupercatWalk{}
	var at string
	switch {
	case start.Pass:
		w.Done = true
	case start.Card != nil:
		w.Card, w.Page = start.Card, string(start.Card.Suit)
		at = supercatPageStart["prelude"]
	default:
		at = supercatPageStart["general-priorities"]
	}
	available := supercatAvailableSuits(start.Options, lead)
	for i := 0; !w.Done; i++ {
		// "combat card: card played with Weapon, or an Aggression card": Prelude asks about
		// Weapon first when the selected card is not yet a combat card.
		if at == "pre-4" && !w.CombatCard() {
			at = "pre-4w"
		}
		// The Prelude uses what the app knows: a declared ambition's restriction is applied,
		// not asked (supercat-solo-arcs-bot.txt, Prelude, Restrictions).
		if (at == "pre-4" || at == "pre-4w") && slices.Contains(start.Declared, Tycoon) {
			at += "t"
		}
		if why := preludeRestriction(at, start.Declared); why != "" {
			node := supercatNodes[at]
			w.Trail = append(w.Trail, SupercatAnswered{Node: node, Answer: "no", Outcome: why, Known: true})
			at = node.No.Next
			i-- // no answer was read
			continue
		}
		node := supercatNodes[at]
		choices := supercatChoices(node, available)
		if node.Yes.Weapon && node.Yes.ChooseSuit {
			// A card played with Weapon is one of the bot's own options, not a copy.
			choices = supercatChoices(node, supercatAvailableSuits(start.Options, nil))
		}
		if i >= len(answers) {
			w.Current, w.Choices = &node, choices
			return w, nil
		}
		answer := answers[i]
		if !slices.Contains(choices, answer) {
			return SupercatWalk{}, fieldErr(fmt.Sprintf("answers[%d]", i), "%q does not answer %s (want %s)", answer, node.ID, strings.Join(choices, ", "))
		}
		branch := node.Yes
		if answer == "no" {
			branch = node.No
		}
		for _, o := range node.Options {
			if o.Value == answer {
				branch = SupercatBranch{Next: o.Next}
			}
		}
		step := SupercatAnswered{Node: node, Answer: answer}
		if branch.Do != "" {
			w.Actions = append(w.Actions, branch.Do)
			step.Outcome = branch.Do
		}
		if branch.Exhaust {
			w.Exhausted = append(w.Exhausted, i)
		}
		next := branch.Next
		if len(branch.Suits) > 0 || branch.ChooseSuit {
			suits := branch.Suits
			if branch.ChooseSuit {
				suits = []ArcsSuit{ArcsSuit(answer)}
			}
			if w.selectCard(suits, start.Options, lead, branch.Weapon) {
				w.Weapon, w.Guild = branch.Weapon, branch.Exhaust
				step.Outcome = strings.TrimSpace(step.Outcome + " " + w.selection())
				next = supercatPageStart["prelude"]
			} else {
				step.Outcome = fmt.Sprintf("No %s card is available: go on to the next question.", suitList(suits))
				if branch.Unavailable != "" {
					next = branch.Unavailable
				}
			}
		} else if branch.Weapon {
			w.Weapon = true
		}
		switch next {
		case "":
			w.Done = true
		case SupercatToPage:
			at = supercatPageStart[w.Page]
			if w.Guild && (node.Page == "prelude" || node.Page == "guild-cards") {
				// "Use ability, then go to page for card's suit if actions remaining."
				at = supercatPageStart["guild"]
			}
		case SupercatAgain:
			at = w.Page[:3] + "-again"
		default:
			at = next
		}
		w.Trail = append(w.Trail, step)
	}
	return w, nil
}

// preludeRestriction is why the Prelude guideline at is answered "no" without asking, given
// the declared ambitions; "" when it is asked. Prelude, Restrictions: "Bot will not spend
// resources or Guild cards matching a declared ambition ... if Tycoon is declared do not
// spend Fuel or Material resources or Guild cards; if Empath is declared do not spend
// Psionic resource or Guild cards".
func preludeRestriction(at string, declared []Ambition) string {
	switch {
	case at == "pre-3" && slices.Contains(declared, Tycoon):
		return "Tycoon is declared, so the bot does not spend Material (Prelude, Restrictions): not asked."
	case at == "pre-6" && slices.Contains(declared, Empath):
		return "Empath is declared, so the bot does not spend Psionic (Prelude, Restrictions): not asked."
	}
	return ""
}

// supercatChoices are the answers node accepts: yes and no, or, where the player chooses
// the suit, the available suits (and no, where the question has a no).
func supercatChoices(node SupercatNode, available []string) []string {
	if len(node.Options) > 0 {
		out := make([]string, len(node.Options))
		for i, o := range node.Options {
			out[i] = o.Value
		}
		return out
	}
	if !node.Yes.ChooseSuit {
		return []string{"yes", "no"}
	}
	choices := append([]string{}, available...)
	if node.No.Next != "" || node.No.Do != "" {
		choices = append(choices, "no")
	}
	return choices
}

// selectCard selects the first option of the first available suit, or copies the lead
// suit when no option has it ("select a card from among the bot's options and Lead, Pivot,
// or Copy with the indicated suit").
func (w *SupercatWalk) selectCard(suits []ArcsSuit, options []ActionCard, lead *ActionCard, weapon bool) bool {
	for _, s := range suits {
		for _, c := range options {
			if c.Suit == s {
				card := c
				w.Card, w.Page, w.Copy = &card, string(s), false
				return true
			}
		}
		if lead != nil && lead.Suit == s && !weapon {
			w.Card, w.Page, w.Copy = nil, string(s), true
			return true
		}
	}
	return false
}

// selection says what selectCard chose.
func (w *SupercatWalk) selection() string {
	if w.Copy {
		return fmt.Sprintf("Copy the lead suit (%s): play any option facedown (pick at random). Check for Prelude actions, then go to the %s page.", w.Page, w.Page)
	}
	if w.Weapon {
		return fmt.Sprintf("Select %s, played with Weapon (a combat card). Check for Prelude actions, then go to the %s page.", w.Card, w.Page)
	}
	return fmt.Sprintf("Select %s. Check for Prelude actions, then go to the %s page.", w.Card, w.Page)
}

// supercatAvailableSuits are the suits the bot can play: its options' suits and, when it
// follows, the lead suit by copying.
func supercatAvailableSuits(options []ActionCard, lead *ActionCard) []string {
	var out []string
	for _, s := range ArcsSuits {
		ok := lead != nil && lead.Suit == s
		for _, c := range options {
			ok = ok || c.Suit == s
		}
		if ok {
			out = append(out, string(s))
		}
	}
	return out
}

// suitList writes "Administration or Aggression".
func suitList(suits []ArcsSuit) string {
	names := make([]string, len(suits))
	for i, s := range suits {
		names[i] = strings.ToUpper(string(s[:1])) + string(s[1:])
	}
	if len(names) == 1 {
		return names[0]
	}
	return strings.Join(names[:len(names)-1], ", ") + " or " + names[len(names)-1]
}
