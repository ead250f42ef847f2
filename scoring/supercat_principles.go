package scoring

// The four Principles pages, the Vox Cards page and the Expansion guidelines of
// supercat-solo-arcs-bot.txt, walked as questions where a suit page reaches an action they
// govern: "Use these to guide the specific actions the bot will take when Influencing,
// Moving, engaging in combat, and expanding the bot's territory" ("Decision making for the
// bot", "Principles"). Each chain is data, in the seed's words, and ends in a concrete
// instruction (then the page's "actions remaining" check), or, where the principle says the
// action is not to be taken, in the bullet's "no".

// The principle chains a suit page's bullet can lead to.
const (
	principleInfluence = "inf"
	principleTrophies  = "trophies"
	principleRaid      = "raid"
	principleControl   = "control"
	principleCombat    = "combat" // the goal is asked: trophies for warlord, or a raid
	principleMove      = "move"
	principleMoveFight = "move-or-fight" // "Move or favorable combat": a Battle, or a Move
	principleBuildCity = "city"
	principleVox       = "vox"
)

// supercatPrinciples maps a suit page's bullet to the chain walked when it is answered yes.
var supercatPrinciples = map[string]string{
	// Influence Principles: "When influencing cards in the court".
	"adm-5": principleInfluence, "adm-9": principleInfluence, "mob-5": principleInfluence, "mob-9": principleInfluence,
	// Combat Principles: "When asked if bot can favorable combat to achieve some result".
	"agg-3": principleCombat, "agg-11a": principleTrophies, "agg-5a": principleMoveFight,
	// Movement Principles: "When moving ships".
	"agg-4a": principleMove, "agg-6a": principleMove, "agg-10": principleMove, "agg-13": principleMove, "agg-14a": principleMove,
	"mob-1a": principleMove, "mob-2a": principleMove, "mob-3a": principleMove, "mob-6": principleMove, "mob-7": principleMove, "mob-8a": principleMove,
	// Expansion Principles, "Limit on Building New Cities".
	"con-3": principleBuildCity,
	// Vox Cards: "The bot will Secure a Vox card if it is effective".
	"agg-2": principleVox,
}

// SupercatOption is one answer of a question that names a thing rather than yes or no (which
// Vox card).
type SupercatOption struct {
	// Value is the answer sent; Label names it for people.
	Value, Label string
	// Next is the node it leads to.
	Next string
}

// step is a chain's yes/no question on page: yes and no each lead on, or end in an
// instruction (done: then the page's actions-remaining check) or in the bullet's "no" (fail).
func step(page, id, q string, yes, no SupercatBranch) SupercatNode {
	return SupercatNode{ID: id, Page: page, Question: q, Type: 3, Yes: yes, No: no}
}

// principleChain builds the chain kind for bullet id, whose "no" continues at fail.
func principleChain(kind, id, fail string) []SupercatNode {
	p := id + "-" + kind
	done := func(do string) SupercatBranch { return SupercatBranch{Do: do, Next: SupercatAgain} }
	to := func(next string) SupercatBranch { return SupercatBranch{Next: next} }
	not := func(do string) SupercatBranch { return SupercatBranch{Do: do, Next: fail} }
	const ip, cp, mp, ep, vp = "influence-principles", "combat-principles", "movement-principles", "expansion-principles", "vox-cards"
	switch kind {
	case principleInfluence:
		first := step(ip, p+"1", "Influence Principles: is the card to influence an **uncontested card** (no agents)?", to(p+"2"), to(p+"3"))
		first.Prefer = []string{"Weapon icon", "Union card, “Call to Action” (Vox card)", "**Effective** Vox card",
			"Captives (any card where bot could influence with more agents than rival)", "Other Vox card",
			"Icon to grow a lead in a declared ambition", "“Loyal” card matching outraged resource", "the card with more keys"}
		return []SupercatNode{first,
			step(ip, p+"2", "Does bot have 2 actions and 2 available agents?",
				done("Influence the **uncontested card** with 2 agents (spend 2 actions)."),
				done("Influence the **uncontested card** with 1 agent.")),
			step(ip, p+"3", "Can bot influence the card with one more agent than the most rival agents?",
				done("Influence the card with one more agent than the most rival agents."), to(p+"4")),
			step(ip, p+"4", "Could bot influence with agents up to the most rival agents, and still have agents in its supply left over?",
				done("Influence the card to match rival agents."),
				not("Do not influence the card (Influence Principles)."))}
	case principleCombat:
		trophies, raid := principleChain(principleTrophies, p, fail), principleChain(principleRaid, p, fail)
		return append([]SupercatNode{
			step(cp, p+"1", "Combat Principles: is the goal trophies for Warlord (otherwise a raid for resource(s) or card(s) to **contend** an ambition)?",
				to(trophies[0].ID), to(raid[0].ID))},
			append(trophies, raid...)...)
	case principleMoveFight:
		control, move := principleChain(principleControl, p, fail), principleChain(principleMove, p, fail)
		return append([]SupercatNode{
			step(cp, p+"1", "Does changing control take a Battle (otherwise bot only Moves)?", to(control[0].ID), to(move[0].ID))},
			append(control, move...)...)
	case principleTrophies, principleRaid, principleControl:
		outrage := []SupercatNode{
			step(cp, p+"1", "Combat Principles: does the combat risk outrages?", to(p+"2"), to(p+"3")),
			step(cp, p+"2", "Could bot ransack the court, AND would the outrage not cause bot to stop **contending** a declared ambition?",
				to(p+"3"), not("Not a **favorable combat**: it risks outrages (Combat Principles).")),
		}
		reroll := " If bot is able to re-roll, first re-roll any intercepts, then re-roll blanks. Spend Weapon resources to enable combat and Fuel and Psionic resources to maximize available actions."
		trophiesDice := "If bot has multiple actions, first roll all skirmish dice until ratio of fresh ships is better than 1:1, or only 1 action left. Then roll assault dice up to 2x defending fresh ships, and the rest skirmish dice."
		switch kind {
		case principleTrophies:
			return append(outrage, step(cp, p+"3", "Does bot have at least a 1:1 ratio of fresh ships against the defender?",
				done("Battle for trophies. "+trophiesDice+" Allocate hits prioritizing trophies."+reroll),
				not("Not a **favorable combat**: a Battle for trophies needs at least a 1:1 ratio of fresh ships.")))
		case principleRaid:
			return append(outrage,
				step(cp, p+"3", "Can bot roll raid dice equal to 2x keys on the target?", to(p+"4"),
					not("Not a **favorable combat**: a raid needs raid dice equal to 2x keys on the target.")),
				step(cp, p+"4", "Does bot have a better than 1:1 ratio of fresh ships to the defender, OR a 1:1 ratio AND more than one Battle action available after moving to the target?",
					done("Raid: spend actions to roll dice like a trophies Battle, up to the last action available, then roll raid dice."+reroll),
					not("Not a **favorable combat**: the raid's ratio of fresh ships falls short.")))
		default:
			return append(outrage, step(cp, p+"3", "Can bot roll at least 1 die per fresh defending ship?",
				done("Battle for control: select dice like a trophies Battle ("+trophiesDice+") Allocate hits to take control, then allocate hits to take trophies."+reroll),
				not("Not a **favorable combat**: a Battle for control needs at least 1 die per fresh defending ship.")))
		}
	case principleMove:
		first := step(mp, p+"1", "Movement Principles: can the **task force** make this move?", to(p+"2"), to(p+"2b"))
		first.Prefer = []string{"shortest path (i.e. spend fewest action)", "if goal is not new **claims**, prefer destinations which result in new **claims**",
			"if goal is not control, prefer destinations which result in bot control of rival city"}
		return []SupercatNode{first,
			step(mp, p+"2", "Can the **task force** reach the destination and achieve the goal while retaining control of the origin system?",
				done("Move the **task force**, retaining control of the origin."), to(p+"3")),
			step(mp, p+"2b", "Not the **task force**: moving as many ships as possible (damaged ships too), can bot reach the destination and achieve the goal while retaining control of the origin?",
				done("Move as many ships as possible, including damaged ships, retaining control of the origin."), to(p+"3")),
			step(mp, p+"3", "Is there another origin from which bot reaches the destination, achieves the goal and retains control?",
				done("Move from that other origin, retaining its control."),
				done("Move anyway and abandon control of the origin (\"If it's not possible to retain control of any origin, abandon control\")."))}
	case principleBuildCity:
		return []SupercatNode{
			step(ep, p+"1", "Expansion Principles: would the city be a **double city**?", to(p+"2"), done("Build the city on a **claim**.")),
			step(ep, p+"2", "Is bot winning a declared ambition (not tied for first place), AND would placing the city uncover a power bonus?",
				done("Build the **double city**."), to(p+"3")),
			step(ep, p+"3", "Does bot have another **claim** where the city would not be a **double city**?",
				done("Build the city on that other **claim**."),
				not("Do not build the **double city** (Limit on Building New Cities)."))}
	case principleVox:
		vox := func(id, q, effective, do string) SupercatNode {
			return step(vp, p+"-"+id, q, done(do), not("Not **effective**: "+effective+" (Vox Cards). Secure it only for captives, where a later bullet asks."))
		}
		which := SupercatNode{ID: p + "1", Page: vp, Type: 4, Question: "Vox Cards: which Vox card would bot Secure?",
			Options: []SupercatOption{
				{"mass-uprising", "Mass Uprising", p + "-mu"}, {"populist-demands", "Populist Demands", p + "-pd"},
				{"outrage-spreads", "Outrage Spreads", p + "-os"}, {"song-of-freedom", "Song of Freedom", p + "-sf"},
				{"guild-struggle", "Guild Struggle", p + "-gs"}, {"call-to-action", "Call to Action", p + "-ca"},
				{"other", "another Vox card", p + "-ot"}}}
		return []SupercatNode{which,
			vox("mu", "Mass Uprising: does bot have 4 or more ships in its supply?", "bot has fewer than 4 ships in its supply",
				"Secure Mass Uprising. Prefer cluster with **task force**."),
			vox("pd", "Populist Demands: is bot winning or tied for first in an **undeclared ambition**?", "bot is not winning or tied for first in an undeclared ambition",
				"Secure Populist Demands. Prefer ambition bot is winning."),
			vox("os", "Outrage Spreads: would outrage cause a Rival to stop winning a declared ambition?", "no Rival would stop winning a declared ambition",
				"Secure Outrage Spreads. Prefer resource which bot has fewest of."),
			vox("sf", "Song of Freedom: does bot control a rival city, AND is it possible to seize the initiative?", "bot controls no rival city or cannot seize the initiative",
				"Secure Song of Freedom and seize the initiative."),
			vox("gs", "Guild Struggle: do rivals have any Guild cards?", "rivals have no Guild cards",
				"Secure Guild Struggle. Steal a Guild card to **contend** a declared ambition or **contend** an **undeclared ambition**. Otherwise use \"Influence Principles\"."),
			step(vp, p+"-ca", "Call to Action: always **effective**. Secure it?", done("Secure Call to Action (always **effective**): its bonus card goes to the bot's play area (give it as a bonus card on the game page)."), SupercatBranch{Next: fail}),
			vox("ot", "Can its “When Secured” text be fully carried out?", "its When Secured text cannot be fully carried out",
				"Secure the Vox card and carry out its “When Secured” text.")}
	}
	return nil
}
