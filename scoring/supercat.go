package scoring

import (
	"encoding/json"
	"fmt"
	"slices"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// This file is the deterministic start of a SUPERCAT bot turn (supercat-solo-arcs-bot.txt,
// "Bot turn (START HERE)", "Bonus cards" and "Difficulty modifiers"; CONTRACT section 5):
// pass, draw, hand counter, declaring an ambition when leading, surpassing when following,
// the seize counter and roll, and the difficulty advantages. What follows the start (the
// General Priorities and the suit pages) asks about the board and is walked as questions by
// the procedures in supercat_procedures.go.

// ArcsSuit is the suit of an Arcs action card.
type ArcsSuit string

// The four suits of the Arcs action deck; each names the bot's page of procedures.
const (
	Administration ArcsSuit = "administration"
	Aggression     ArcsSuit = "aggression"
	Construction   ArcsSuit = "construction"
	Mobilization   ArcsSuit = "mobilization"
)

// ArcsSuits lists the suits in the order the seed's pages come.
var ArcsSuits = []ArcsSuit{Administration, Aggression, Construction, Mobilization}

// ActionCard is one Arcs action card.
type ActionCard struct {
	// Suit is the card's suit.
	Suit ArcsSuit `json:"suit"`
	// Number is the card's number, 1..7 (1s and 7s exist only in four-player games).
	Number int `json:"number"`
}

// String writes "Construction 4".
func (c ActionCard) String() string {
	return fmt.Sprintf("%s %d", strings.ToUpper(string(c.Suit[:1]))+string(c.Suit[1:]), c.Number)
}

// Ambition is one of the base game's five ambitions.
type Ambition string

// The five ambitions, in the order of the numbers that declare them (2 to 6).
const (
	Tycoon  Ambition = "tycoon"
	Tyrant  Ambition = "tyrant"
	Warlord Ambition = "warlord"
	Keeper  Ambition = "keeper"
	Empath  Ambition = "empath"
)

// Ambitions lists the ambitions in declaring order: a 2 declares Tycoon, ..., a 6 Empath.
var Ambitions = []Ambition{Tycoon, Tyrant, Warlord, Keeper, Empath}

// Matches reports whether card number n declares ambition a: 2 to 6 one ambition each,
// 7 every ambition, 1 none (CONTRACT section 5, rule 3).
func (a Ambition) Matches(n int) bool {
	switch n {
	case 7:
		return true
	case 1:
		return false
	}
	i := slices.Index(Ambitions, a)
	return i >= 0 && n == i+2
}

// AmbitionStanding is where the bot stands in one ambition.
type AmbitionStanding string

// The bot's standings in an ambition.
const (
	// Winning is first place alone.
	Winning AmbitionStanding = "winning"
	// Tied is tied for first place.
	Tied AmbitionStanding = "tied"
	// Behind is anything else.
	Behind AmbitionStanding = "behind"
)

// AmbitionState is the bot's standing in one ambition and whether it is declared.
type AmbitionState struct {
	// Standing is winning, tied (for first) or behind.
	Standing AmbitionStanding
	// Declared says a marker is already on the ambition.
	Declared bool
}

// Difficulty is the SUPERCAT difficulty setting ("Difficulty modifiers").
type Difficulty string

// The difficulty settings.
const (
	// NoAdvantages plays without the optional advantages.
	NoAdvantages Difficulty = "none"
	// Normal grants the advantages when the bot does not have more Power than the players.
	Normal Difficulty = "normal"
	// Hard grants the advantages always.
	Hard Difficulty = "hard"
)

// The two advantages of the difficulty modifiers.
const (
	// EfficientLogistics: "bot performs 1 extra action per card".
	EfficientLogistics = "efficient-logistics"
	// ElitePilots: "bot collects 1 extra die during Battle".
	ElitePilots = "elite-pilots"
)

// Where a turn's start leads (CONTRACT section 5's "next").
const (
	// NextPass: the bot passes.
	NextPass = "pass"
	// NextSuit: a card is selected; go to its suit's page.
	NextSuit = "suit"
	// NextGeneralPriorities: the General Priorities select the card.
	NextGeneralPriorities = "general-priorities"
)

// SupercatHandStart is the hand counter at the start of a chapter ("Place a counter on each
// bot's board showing a value of 6 faceup").
const SupercatHandStart = 6

const (
	supercatMaxWinning     = 5 // ambitions the bot can be winning
	supercatTablePlayers   = 4 // the base game's largest table, the only one with 1s and 7s
	supercatSmallestTable  = 2
	supercatDieFaces       = 6
	supercatLowCard        = 1
	supercatHighCard       = 7
	supercatFourPlayerOnly = "1s and 7s exist only with 4 players"
)

// SupercatState is one bot's counters and what the table knows at the start of its turn
// (CONTRACT section 5's input).
type SupercatState struct {
	// Hand is the hand counter: the cards left in the bot's virtual hand.
	Hand int
	// BonusCards are the bonus cards in the bot's play area.
	BonusCards []ActionCard
	// Seize is the seize counter; 0 when none is on the bot's board.
	Seize int
	// Initiative says the bot leads this round.
	Initiative bool
	// Lead is the lead card when the bot follows.
	Lead *ActionCard
	// SeizedThisRound says someone already seized the initiative this round.
	SeizedThisRound bool
	// Drawn are the two cards drawn from the stack, exactly when the bot draws.
	Drawn []ActionCard
	// Roll is the d6 for a seize check; 0 when not rolled.
	Roll int
	// WinningUndeclared is the number of undeclared ambitions the bot is winning.
	WinningUndeclared int
	// Players is the number of seats at the table (bots included); 0 when not given.
	Players int
	// Ambitions holds the bot's standing per ambition; a missing ambition is behind and
	// undeclared.
	Ambitions map[Ambition]AmbitionState
	// MarkersAvailable says an ambition marker is left to declare with.
	MarkersAvailable bool
	// Difficulty is the difficulty setting.
	Difficulty Difficulty
	// Power is the bot's Power.
	Power int
	// PlayerPower is each player's Power.
	PlayerPower []int
}

// SupercatTurn is what the start of a bot turn decided (CONTRACT section 5's output).
type SupercatTurn struct {
	// Pass says the bot had no cards left and passes.
	Pass bool
	// Drew says the bot drew two cards.
	Drew bool
	// Seized says the bot seized the initiative.
	Seized bool
	// Declare is the ambition the bot declares; empty for none.
	Declare Ambition
	// Card is the selected card; nil when the General Priorities select it.
	Card *ActionCard
	// Hand is the hand counter after the turn's start.
	Hand int
	// Seize is the seize counter after the turn's start (0: none on the board).
	Seize int
	// Options are the cards the bot chooses from: the drawn cards, then the bonus cards.
	Options []ActionCard
	// Next is where the turn continues: NextPass, NextSuit or NextGeneralPriorities.
	Next string
	// Page names the seed page to go to: the selected card's suit, "general-priorities" or
	// "pass".
	Page string
	// Advantages are the difficulty advantages the bot has this turn.
	Advantages []string
	// BonusCards are the bonus cards left in the bot's play area (a selected one is played).
	BonusCards []ActionCard
	// Declared are the ambitions declared when the bot's Prelude comes: those already
	// marked and the one the bot declares this turn. The Prelude's restrictions follow
	// from them without asking (WalkSupercat).
	Declared []Ambition
	// Steps explain the turn, one rule each, citing the seed.
	Steps []string
}

// SupercatDraws reports whether a bot with hand counter hand and bonus bonus cards draws 2
// cards ("Bonus cards": "If the counter is showing a value greater than the number of bonus
// cards, the bot will draw 2 cards").
func SupercatDraws(hand, bonus int) bool { return hand >= 1 && hand > bonus }

// SupercatAdvantages returns the difficulty advantages the bot has ("Difficulty modifiers"):
// hard always; normal when "it does not have more power than the player" against every
// player ("grant the bot advantages when it is behind all players"; "If the bot is tied with
// the player, it does not have more power"); none never.
func SupercatAdvantages(d Difficulty, power int, playerPower []int) []string {
	switch d {
	case Hard:
		return []string{EfficientLogistics, ElitePilots}
	case Normal:
		for _, p := range playerPower {
			if power > p {
				return []string{}
			}
		}
		return []string{EfficientLogistics, ElitePilots}
	}
	return []string{}
}

// SupercatStartTurn performs the deterministic start of a bot turn, rule by rule as
// supercat-solo-arcs-bot.txt's "Bot turn (START HERE)" gives it.
func SupercatStartTurn(s SupercatState) (SupercatTurn, error) {
	if err := checkSupercatState(s); err != nil {
		return SupercatTurn{}, err
	}
	turn := SupercatTurn{
		Hand: s.Hand, Seize: s.Seize, Options: []ActionCard{},
		Advantages: SupercatAdvantages(s.Difficulty, s.Power, s.PlayerPower),
		BonusCards: append([]ActionCard{}, s.BonusCards...),
	}
	step := func(format string, args ...any) { turn.Steps = append(turn.Steps, fmt.Sprintf(format, args...)) }
	if len(turn.Advantages) > 0 {
		step("Difficulty modifiers (%s): Efficient Logistics, 1 extra action per card, and Elite Pilots, 1 extra die in Battle.", s.Difficulty)
	}

	// "◆ If bot has no cards left (check hand counter) then bot will pass."
	if s.Hand == 0 {
		turn.Pass, turn.Next, turn.Page = true, NextPass, NextPass
		step("Bot turn: the hand counter is 0, so the bot has no cards left and passes.")
		return turn, nil
	}

	// "◆ Is bot's hand counter greater than number of bonus cards in the bot's play area?
	// Draw 2 cards." then "◆ Decrement hand counter."
	if SupercatDraws(s.Hand, len(s.BonusCards)) {
		turn.Drew = true
		turn.Options = append(turn.Options, s.Drawn...)
		step("Bot turn: the hand counter (%d) is greater than the %d bonus card(s), so the bot draws 2 cards: %s.", s.Hand, len(s.BonusCards), cardList(s.Drawn))
	} else {
		step("Bonus cards: the hand counter (%d) is not greater than the %d bonus card(s), so the bot does not draw.", s.Hand, len(s.BonusCards))
	}
	turn.Options = append(turn.Options, s.BonusCards...)
	turn.Hand--
	step("Bot turn: decrement the hand counter to %d.", turn.Hand)

	if s.Initiative {
		supercatLead(s, &turn, step)
	} else {
		supercatFollow(s, &turn, step)
	}
	for _, a := range Ambitions {
		if s.Ambitions[a].Declared || turn.Declare == a {
			turn.Declared = append(turn.Declared, a)
		}
	}
	if turn.Card != nil {
		turn.Next, turn.Page = NextSuit, string(turn.Card.Suit)
		// Options are the drawn cards then the bonus cards, and both selections take the
		// first of equal options, so the first equal option is the one selected.
		i := slices.Index(turn.Options, *turn.Card)
		if turn.Drew {
			i -= len(s.Drawn)
		}
		if i >= 0 {
			turn.BonusCards = slices.Delete(turn.BonusCards, i, i+1)
			step("Bonus cards: %s is a bonus card; it leaves the bot's play area when played.", turn.Card)
		}
		step("Bot turn: once a card is selected, discard the other drawn cards, check for Prelude actions, then go to the %s page.", turn.Page)
	} else {
		turn.Next, turn.Page = NextGeneralPriorities, NextGeneralPriorities
		step("Bot turn: use General Priorities to select a card from the options.")
	}
	return turn, nil
}

// supercatLead is "◆ Does bot have initiative?": remove the seize counter, then declare a
// matching ambition the bot is winning, or tied for first in and not yet declared, when a
// marker is available ("Select matching card and declare, if bot is winning or ambition not
// yet declared"; "Clarifications": it declares only when "winning or tied for first place",
// and double declares only when winning).
func supercatLead(s SupercatState, turn *SupercatTurn, step func(string, ...any)) {
	if turn.Seize > 0 {
		step("Bot turn: the bot has initiative, so remove its seize counter.")
	} else {
		step("Bot turn: the bot has initiative (no seize counter to remove).")
	}
	turn.Seize = 0
	if !s.MarkersAvailable {
		step("Bot turn: no ambition marker is available, so the bot declares nothing.")
		return
	}
	pick := func(ok func(AmbitionState) bool) bool {
		for _, c := range turn.Options {
			for _, a := range Ambitions {
				if a.Matches(c.Number) && ok(s.Ambitions[a]) {
					card := c
					turn.Card, turn.Declare = &card, a
					return true
				}
			}
		}
		return false
	}
	if pick(func(st AmbitionState) bool { return st.Standing == Winning }) {
		step("Bot turn: the bot is winning %s, which %s matches, and a marker is available: it plays %s and declares %s.", turn.Declare, turn.Card, turn.Card, turn.Declare)
		return
	}
	if pick(func(st AmbitionState) bool { return st.Standing == Tied && !st.Declared }) {
		step("Bot turn: the bot is tied for first in %s, not yet declared, which %s matches, and a marker is available: it plays %s and declares %s.", turn.Declare, turn.Card, turn.Card, turn.Declare)
		return
	}
	step("Bot turn: no option matches an ambition the bot is winning, or tied for first in and not yet declared, so it declares nothing.")
}

// supercatFollow is "◆ Can bot surpass with any card?": the highest option of the lead
// suit above the lead card ("Prefer: higher number"); otherwise the seize counter goes up
// and, with 2 or more cards left and nobody having seized this round, the bot seizes when
// "1d6, [minus] 1 for each undeclared ambition that bot is winning" is less than the counter.
func supercatFollow(s SupercatState, turn *SupercatTurn, step func(string, ...any)) {
	lead := *s.Lead
	for _, c := range turn.Options {
		if c.Suit == lead.Suit && c.Number > lead.Number && (turn.Card == nil || c.Number > turn.Card.Number) {
			card := c
			turn.Card = &card
		}
	}
	if turn.Card != nil {
		step("Bot turn: %s surpasses the lead %s (prefer the higher number), so the bot plays it.", turn.Card, lead)
		return
	}
	if turn.Seize == 0 {
		turn.Seize = 1
		step("Bot turn: no option surpasses the lead %s; place the seize counter at 1.", lead)
	} else {
		turn.Seize++
		step("Bot turn: no option surpasses the lead %s; increment the seize counter to %d.", lead, turn.Seize)
	}
	switch {
	case turn.Hand < 2:
		step("Bot turn: the hand counter is %d (not 2 or greater), so the bot does not check for seize.", turn.Hand)
	case s.SeizedThisRound:
		step("Bot turn: the initiative was already seized this round, so the bot does not check for seize.")
	default:
		result := s.Roll - s.WinningUndeclared
		if result < turn.Seize {
			turn.Seized = true
			turn.Hand--
			step("Bot turn: seize check: roll %d − %d undeclared ambition(s) it is winning = %d, less than the seize counter %d: the bot seizes the initiative and decrements the hand counter to %d.", s.Roll, s.WinningUndeclared, result, turn.Seize, turn.Hand)
		} else {
			step("Bot turn: seize check: roll %d − %d undeclared ambition(s) it is winning = %d, not less than the seize counter %d: no seize.", s.Roll, s.WinningUndeclared, result, turn.Seize)
		}
	}
}

// cardList writes "Administration 6 and Construction 2".
func cardList(cards []ActionCard) string {
	names := make([]string, len(cards))
	for i, c := range cards {
		names[i] = c.String()
	}
	return ListAnd(names)
}

// checkSupercatState validates a decoded or hand-built state; the refusal is its first
// problem, naming its field.
func checkSupercatState(s SupercatState) error {
	if problems := SupercatStateProblems(s); len(problems) > 0 {
		return problems[0]
	}
	return nil
}

// SupercatStateProblems lists every problem of a state at once, each naming its field, in
// the order CONTRACT section 5 reports the first: a form marks them all in one go.
func SupercatStateProblems(s SupercatState) FieldErrors {
	var problems FieldErrors
	add := func(fe *FieldError) { problems = append(problems, fe) }
	if s.Hand < 0 {
		add(fieldErr("hand", "must not be negative, got %d", s.Hand))
	}
	if s.Seize < 0 {
		add(fieldErr("seize", "must not be negative, got %d", s.Seize))
	}
	if s.Players != 0 && (s.Players < supercatSmallestTable || s.Players > supercatTablePlayers) {
		add(fieldErr("players", "must be %d..%d, got %d", supercatSmallestTable, supercatTablePlayers, s.Players))
	}
	if s.Roll != 0 && (s.Roll < 1 || s.Roll > supercatDieFaces) {
		add(fieldErr("roll", "must be 1..%d, got %d", supercatDieFaces, s.Roll))
	}
	if s.WinningUndeclared < 0 || s.WinningUndeclared > supercatMaxWinning {
		add(fieldErr("winning_undeclared", "must be 0..%d, got %d", supercatMaxWinning, s.WinningUndeclared))
	}
	if !slices.Contains([]Difficulty{NoAdvantages, Normal, Hard}, s.Difficulty) {
		add(fieldErr("difficulty", "must be none, normal or hard, got %q", s.Difficulty))
	}
	for _, a := range sortedAmbitionKeys(s.Ambitions) {
		st := s.Ambitions[a]
		if !slices.Contains(Ambitions, a) {
			add(fieldErr("ambitions."+string(a), "unknown ambition (want tycoon, tyrant, warlord, keeper or empath)"))
			continue
		}
		if !slices.Contains([]AmbitionStanding{Winning, Tied, Behind}, st.Standing) {
			add(fieldErr("ambitions."+string(a)+".standing", "must be winning, tied or behind, got %q", st.Standing))
		}
	}
	cardsOK := true
	for i, c := range s.BonusCards {
		if err := checkActionCard(c, strictjson.Index("bonus_cards", i), s.Players); err != nil {
			add(err)
			cardsOK = false
		}
	}
	for i, c := range s.Drawn {
		if err := checkActionCard(c, strictjson.Index("drawn", i), s.Players); err != nil {
			add(err)
			cardsOK = false
		}
	}
	if s.Lead != nil {
		if err := checkActionCard(*s.Lead, "lead", s.Players); err != nil {
			add(err)
			cardsOK = false
		}
	}
	if s.Hand <= 0 {
		return problems // the bot passes: nothing else is read
	}
	if SupercatDraws(s.Hand, len(s.BonusCards)) {
		switch len(s.Drawn) {
		case 0:
			add(fieldErr("drawn", "missing (the bot draws 2 cards: hand %d is greater than its %d bonus card(s))", s.Hand, len(s.BonusCards)))
		case 2:
		default:
			add(fieldErr("drawn", "%d card(s), want exactly 2", len(s.Drawn)))
		}
	} else if len(s.Drawn) > 0 {
		add(fieldErr("drawn", "extra: the bot does not draw (hand %d is not greater than its %d bonus card(s))", s.Hand, len(s.BonusCards)))
	}
	if !s.Initiative && s.Lead == nil {
		add(fieldErr("lead", "missing (the bot follows, so the lead card is needed)"))
	}
	if cardsOK && !s.Initiative && s.Lead != nil && supercatChecksSeize(s) && s.Roll == 0 {
		add(fieldErr("roll", "missing (the bot checks for seize)"))
	}
	return problems
}

// sortedAmbitionKeys lists a state's ambitions in declaring order, unknown ones last.
func sortedAmbitionKeys(m map[Ambition]AmbitionState) []Ambition {
	keys := make([]Ambition, 0, len(m))
	for a := range m {
		keys = append(keys, a)
	}
	slices.SortFunc(keys, func(a, b Ambition) int {
		ia, ib := slices.Index(Ambitions, a), slices.Index(Ambitions, b)
		if ia < 0 {
			ia = len(Ambitions)
		}
		if ib < 0 {
			ib = len(Ambitions)
		}
		if ia != ib {
			return ia - ib
		}
		return strings.Compare(string(a), string(b))
	})
	return keys
}

// supercatChecksSeize reports whether a following bot (hand ≥ 1, valid lead) will roll for
// seize: it cannot surpass, has 2 or more cards left after decrementing, and nobody seized.
func supercatChecksSeize(s SupercatState) bool {
	if s.Hand-1 < 2 || s.SeizedThisRound {
		return false
	}
	options := append([]ActionCard{}, s.BonusCards...)
	if SupercatDraws(s.Hand, len(s.BonusCards)) {
		options = append(options, s.Drawn...)
	}
	for _, c := range options {
		if c.Suit == s.Lead.Suit && c.Number > s.Lead.Number {
			return false
		}
	}
	return true
}

// checkActionCard validates one card at path.
func checkActionCard(c ActionCard, path string, players int) *FieldError {
	if !slices.Contains(ArcsSuits, c.Suit) {
		return fieldErr(path+".suit", "must be administration, aggression, construction or mobilization, got %q", c.Suit)
	}
	if c.Number < supercatLowCard || c.Number > supercatHighCard {
		return fieldErr(path+".number", "must be 1..7, got %d", c.Number)
	}
	if (c.Number == supercatLowCard || c.Number == supercatHighCard) && players != 0 && players != supercatTablePlayers {
		return fieldErr(path+".number", "%s (players is %d)", supercatFourPlayerOnly, players)
	}
	return nil
}

// DecodeSupercatState decodes CONTRACT section 5's input. Defaults: no bonus cards, no seize
// counter, not leading, nobody seized, markers available, difficulty normal, Power 0;
// winning_undeclared counts the ambitions the bot is winning that are not declared (while
// markers are available) when it is not given.
func DecodeSupercatState(input []byte) (SupercatState, error) {
	doc, err := decodeDocument(input, "hand", "bonus_cards", "seize", "initiative", "lead", "seized_this_round",
		"drawn", "roll", "winning_undeclared", "players", "ambitions", "markers_available", "difficulty", "power", "player_power")
	if err != nil {
		return SupercatState{}, err
	}
	s := SupercatState{MarkersAvailable: true, Difficulty: Normal, Ambitions: map[Ambition]AmbitionState{}}
	zero := int64(0)
	ints := []struct {
		key  string
		low  int64
		def  *int64
		into *int
	}{
		{"hand", 0, nil, &s.Hand},
		{"seize", 0, &zero, &s.Seize},
		{"roll", 1, &zero, &s.Roll},
		{"players", 1, &zero, &s.Players},
		{"power", 0, &zero, &s.Power},
	}
	for _, f := range ints {
		n, err := doc.count(f.key, f.low, f.def)
		if err != nil {
			return SupercatState{}, err
		}
		*f.into = int(n)
	}
	if s.Initiative, err = doc.boolean("initiative"); err != nil {
		return SupercatState{}, err
	}
	if s.SeizedThisRound, err = doc.boolean("seized_this_round"); err != nil {
		return SupercatState{}, err
	}
	if _, given := doc.field("markers_available"); given {
		if s.MarkersAvailable, err = doc.boolean("markers_available"); err != nil {
			return SupercatState{}, err
		}
	}
	if raw, ok := doc.field("difficulty"); ok {
		d, err := parseString(raw, "difficulty")
		if err != nil {
			return SupercatState{}, fieldErr("difficulty", "must be none, normal or hard, got %s", strictjson.Kind(raw))
		}
		s.Difficulty = Difficulty(d)
	}
	for _, key := range []string{"bonus_cards", "drawn"} {
		raw, ok := doc.field(key)
		if !ok {
			continue
		}
		cards, err := decodeActionCards(raw, key)
		if err != nil {
			return SupercatState{}, err
		}
		if key == "drawn" {
			s.Drawn = cards
		} else {
			s.BonusCards = cards
		}
	}
	if raw, ok := doc.field("lead"); ok {
		c, err := decodeActionCard(raw, "lead")
		if err != nil {
			return SupercatState{}, err
		}
		s.Lead = &c
	}
	if raw, ok := doc.field("ambitions"); ok {
		if s.Ambitions, err = decodeAmbitions(raw); err != nil {
			return SupercatState{}, err
		}
	}
	if raw, ok := doc.field("player_power"); ok {
		items, err := decodeArray(raw, "player_power")
		if err != nil {
			return SupercatState{}, err
		}
		for i, item := range items {
			n, err := parseCount(item, strictjson.Index("player_power", i), 0)
			if err != nil {
				return SupercatState{}, err
			}
			s.PlayerPower = append(s.PlayerPower, int(n))
		}
	}
	if _, given := doc.field("winning_undeclared"); given {
		n, err := doc.count("winning_undeclared", 0, nil)
		if err != nil {
			return SupercatState{}, err
		}
		s.WinningUndeclared = int(min(n, supercatMaxWinning+1))
	} else {
		s.WinningUndeclared = s.CountWinningUndeclared()
	}
	return s, checkSupercatState(s)
}

// CountWinningUndeclared counts the undeclared ambitions the bot is winning ("undeclared
// ambition: ambition that has not been declared yet AND there are markers available").
func (s SupercatState) CountWinningUndeclared() int {
	if !s.MarkersAvailable {
		return 0
	}
	n := 0
	for _, st := range s.Ambitions {
		if st.Standing == Winning && !st.Declared {
			n++
		}
	}
	return n
}

// MarshalJSON writes the state as CONTRACT section 5's input, which DecodeSupercatState
// reads back.
func (s SupercatState) MarshalJSON() ([]byte, error) {
	type ambition struct {
		Standing AmbitionStanding `json:"standing"`
		Declared bool             `json:"declared"`
	}
	ambitions := map[Ambition]ambition{}
	for a, st := range s.Ambitions {
		ambitions[a] = ambition{Standing: st.Standing, Declared: st.Declared}
	}
	w := struct {
		Hand              int                   `json:"hand"`
		BonusCards        []ActionCard          `json:"bonus_cards"`
		Seize             int                   `json:"seize"`
		Initiative        bool                  `json:"initiative"`
		Lead              *ActionCard           `json:"lead"`
		SeizedThisRound   bool                  `json:"seized_this_round"`
		Drawn             []ActionCard          `json:"drawn"`
		Roll              *int                  `json:"roll"`
		WinningUndeclared int                   `json:"winning_undeclared"`
		Players           *int                  `json:"players"`
		Ambitions         map[Ambition]ambition `json:"ambitions"`
		MarkersAvailable  bool                  `json:"markers_available"`
		Difficulty        Difficulty            `json:"difficulty"`
		Power             int                   `json:"power"`
		PlayerPower       []int                 `json:"player_power"`
	}{
		Hand: s.Hand, BonusCards: s.BonusCards, Seize: s.Seize, Initiative: s.Initiative, Lead: s.Lead,
		SeizedThisRound: s.SeizedThisRound, Drawn: s.Drawn, WinningUndeclared: s.WinningUndeclared,
		Ambitions: ambitions, MarkersAvailable: s.MarkersAvailable, Difficulty: s.Difficulty,
		Power: s.Power, PlayerPower: s.PlayerPower,
	}
	if s.Roll != 0 {
		w.Roll = &s.Roll
	}
	if s.Players != 0 {
		w.Players = &s.Players
	}
	return json.Marshal(w)
}

// decodeActionCards decodes an array of cards at path.
func decodeActionCards(raw json.RawMessage, path string) ([]ActionCard, error) {
	items, err := decodeArray(raw, path)
	if err != nil {
		return nil, err
	}
	if len(items) > maxPlayers {
		return nil, fieldErr(path, "%d cards, at most %d", len(items), maxPlayers)
	}
	cards := make([]ActionCard, len(items))
	for i, item := range items {
		if cards[i], err = decodeActionCard(item, strictjson.Index(path, i)); err != nil {
			return nil, err
		}
	}
	return cards, nil
}

// decodeActionCard decodes {"suit", "number"} at path.
func decodeActionCard(raw json.RawMessage, path string) (ActionCard, error) {
	obj, err := decodeObject(raw, path, "suit", "number")
	if err != nil {
		return ActionCard{}, err
	}
	suitRaw, ok := obj.field("suit")
	if !ok {
		return ActionCard{}, fieldErr(path+".suit", "missing")
	}
	suit, err := parseString(suitRaw, path+".suit")
	if err != nil {
		return ActionCard{}, fieldErr(path+".suit", "must be administration, aggression, construction or mobilization, got %s", strictjson.Kind(suitRaw))
	}
	if !slices.Contains(ArcsSuits, ArcsSuit(suit)) {
		return ActionCard{}, fieldErr(path+".suit", "must be administration, aggression, construction or mobilization, got %q", suit)
	}
	n, err := obj.count("number", 0, nil)
	if err != nil {
		return ActionCard{}, err
	}
	if n < supercatLowCard || n > supercatHighCard {
		return ActionCard{}, fieldErr(path+".number", "must be 1..7, got %d", n)
	}
	return ActionCard{Suit: ArcsSuit(suit), Number: int(n)}, nil
}

// decodeAmbitions decodes {"tycoon": {"standing", "declared"}, ...}.
func decodeAmbitions(raw json.RawMessage) (map[Ambition]AmbitionState, error) {
	keys := make([]string, len(Ambitions))
	for i, a := range Ambitions {
		keys[i] = string(a)
	}
	obj, err := decodeObject(raw, "ambitions", keys...)
	if err != nil {
		return nil, err
	}
	out := map[Ambition]AmbitionState{}
	for _, a := range Ambitions {
		itemRaw, ok := obj.field(string(a))
		if !ok {
			continue
		}
		path := "ambitions." + string(a)
		item, err := decodeObject(itemRaw, path, "standing", "declared")
		if err != nil {
			return nil, err
		}
		var st AmbitionState
		standingRaw, ok := item.field("standing")
		if !ok {
			return nil, fieldErr(path+".standing", "missing")
		}
		standing, err := parseString(standingRaw, path+".standing")
		if err != nil {
			return nil, fieldErr(path+".standing", "must be winning, tied or behind, got %s", strictjson.Kind(standingRaw))
		}
		st.Standing = AmbitionStanding(standing)
		if st.Declared, err = item.boolean("declared"); err != nil {
			return nil, err
		}
		out[a] = st
	}
	return out, nil
}

// supercatTurnJSON is the wire form of SupercatTurn.
type supercatTurnJSON struct {
	Pass       bool         `json:"pass"`
	Drew       bool         `json:"drew"`
	Seized     bool         `json:"seized"`
	Declare    *Ambition    `json:"declare"`
	Card       *ActionCard  `json:"card"`
	Hand       int          `json:"hand"`
	Seize      int          `json:"seize"`
	Options    []ActionCard `json:"options"`
	Next       string       `json:"next"`
	Page       string       `json:"page"`
	Advantages []string     `json:"advantages"`
	BonusCards []ActionCard `json:"bonus_cards"`
	Steps      []string     `json:"steps"`
}

// MarshalJSON writes CONTRACT section 5's output ("declare" and "card" null when none),
// plus the page to go to, the bonus cards left and the steps with their seed citations.
func (t SupercatTurn) MarshalJSON() ([]byte, error) {
	w := supercatTurnJSON{
		Pass: t.Pass, Drew: t.Drew, Seized: t.Seized, Card: t.Card, Hand: t.Hand, Seize: t.Seize,
		Options: t.Options, Next: t.Next, Page: t.Page, Advantages: t.Advantages,
		BonusCards: t.BonusCards, Steps: t.Steps,
	}
	if t.Declare != "" {
		w.Declare = &t.Declare
	}
	if w.Options == nil {
		w.Options = []ActionCard{}
	}
	if w.Advantages == nil {
		w.Advantages = []string{}
	}
	if w.BonusCards == nil {
		w.BonusCards = []ActionCard{}
	}
	return json.Marshal(w)
}

// GuildCardExhausted reports whether card is among the Guild and lore cards used this
// chapter ("A Guild card is ready if it has not been used this chapter"). Names are matched
// without regard to case and spacing: "Lattice Spies", "lattice  spies" and "LatticeSpies"
// are one card, as the player types it at the table.
func GuildCardExhausted(exhausted []string, card string) bool {
	key := guildCardKey(card)
	return slices.ContainsFunc(exhausted, func(used string) bool { return guildCardKey(used) == key })
}

// guildCardKey is a Guild card's name folded to lower case with its spacing removed.
func guildCardKey(name string) string {
	return strings.ToLower(strings.Join(strings.Fields(name), ""))
}
