package scoring

import (
	"fmt"
	"strings"
)

// Game is one game of the registry (CONTRACT section 4 slugs) mapped to its scorer.
type Game struct {
	// Slug is the game's id in URLs and the API: gonzaga, cartagena, vampiring, king-me,
	// arcs, blue-max, wooden-ships-and-iron-men, vortex, diplomacy.
	Slug string
	// Name is the display name, e.g. "Wooden Ships and Iron Men".
	Name string
	// System is the scorer of a finished game.
	System System
	// MinPlayers and MaxPlayers bound the players per game this game and its scorer
	// accept, within the league's 2..8.
	MinPlayers, MaxPlayers int
	// SideNames names the two sides of a team game (first side first); nil otherwise.
	SideNames []string
	// Powers are the game's own names for its seats in seat order (Diplomacy's powers,
	// Vortex's corners); nil when its seats have none (see SeatNames).
	Powers []string
	// TwoPlayerPowers name the seats of a two-player game where its set-up seats them
	// apart rather than side by side (Vortex: "the players start at opposite corners",
	// vortex-mechanics.txt); nil where two players take the first two Powers.
	TwoPlayerPowers []string
	// ScoreLabel says what the per-player input number is, for forms ("final score",
	// "final Power", "supply centres"); empty for team games, whose players report units.
	ScoreLabel string
	// FractionalScores and NegativeScores report that a player's score (the "score" of the
	// placement and Vortex inputs) may be a fraction or below 0. Games whose scores are
	// counts (Cartagena, Gonzaga, Vampiring, King Me, and Arcs' final Power) allow neither:
	// their scores are whole numbers ≥ 0 (CONTRACT section 1). Vortex's
	// distance-minus-vulnerability scores may be fractions ("about 27", 22.5) but never
	// negative. Team games and Diplomacy report counts of their own (units, centres, years),
	// which their scorers check; their flags say what their personal points may be.
	FractionalScores, NegativeScores bool
	// LowerIsBetter reports that the game may rank its lowest score first (the placement
	// input's "lower_is_better"), so the result form offers "Lower scores are better". None
	// of the registry's games does: each ranks the highest score first, and the option
	// would invert an Arcs game.
	LowerIsBetter bool
	// RulesNote is a short note on how TableStakes scores the game, for the UI.
	RulesNote string
}

// placementNote is the rules note of every all-vs-all game (league-scoring-system.txt,
// "Basic scoring system for all vs. all games").
const placementNote = "All vs. all: place p of n earns (n−p+1)(n−p) league points " +
	"(2 players: 2, 0; 4 players: 12, 6, 2, 0; 8 players: 56, 42, 30, 20, 12, 6, 2, 0). " +
	"Tied players share the average of the points of the places they occupy."

// countNote tells players of the games whose scores are counts what the form takes.
const countNote = " Scores are whole numbers of 0 or more."

// teamNote is the rules note shared by the team games (league-scoring-system.txt, "Special
// scoring system for Blue Max leagues").
const teamNote = "Team game: seats form two sides; the first ⌈n/2⌉ seats are the first side and " +
	"the rest the second, so with an odd number of players the first side has one more player. " +
	"Strategic victory (only one side still has units) 4, tactical (lower percentage of units lost) 3, " +
	"marginal (equal percentages, one side's personal points more than 15% above the other's) 1, draw 0; " +
	"the defeated side 0. +1 for a side's best team player (personal points at least 115% of every teammate's " +
	"and more than each, so 23 against 20 counts; sides of two or more), −1 per own unit lost (a unit retired with honour is not lost)."

// Games lists the registry in display order (a fresh slice on every call).
func Games() []Game {
	return []Game{
		{Slug: "gonzaga", Name: "Gonzaga", System: Placement, MinPlayers: 2, MaxPlayers: 4,
			ScoreLabel: "final score", RulesNote: placementNote + countNote},
		{Slug: "cartagena", Name: "Cartagena", System: Placement, MinPlayers: 2, MaxPlayers: 5,
			ScoreLabel: "final score", RulesNote: placementNote + countNote},
		{Slug: "vampiring", Name: "Vampiring", System: Placement, MinPlayers: 2, MaxPlayers: 8,
			ScoreLabel: "final score", RulesNote: placementNote + countNote},
		{Slug: "king-me", Name: "Viva il Re! / King Me", System: Placement, MinPlayers: 2, MaxPlayers: 8,
			ScoreLabel: "final score", RulesNote: placementNote + countNote},
		{Slug: "arcs", Name: "Arcs", System: Placement, MinPlayers: 2, MaxPlayers: 5,
			ScoreLabel: "final Power",
			RulesNote: placementNote + " Places come from each player's final Power; the Power itself " +
				"comes from the ambitions scored at the end of each chapter (the ambition scorer gives " +
				"each chapter's Power, ties included)." + countNote},
		{Slug: "blue-max", Name: "Blue Max", System: BlueMax, MinPlayers: 2, MaxPlayers: 8,
			SideNames: []string{"Allies", "Central Powers"}, FractionalScores: true, NegativeScores: true,
			RulesNote: teamNote + " +1 per enemy unit destroyed (a unit shot down by two enemies in one " +
				"turn credits both; its owner loses one point)."},
		{Slug: "wooden-ships-and-iron-men", Name: "Wooden Ships and Iron Men", System: WoodenShips,
			MinPlayers: 2, MaxPlayers: 8, SideNames: []string{"First fleet", "Second fleet"},
			FractionalScores: true, NegativeScores: true,
			RulesNote: teamNote + " Enemy units destroyed do not count. The published league rules are cut " +
				"off inside the Wooden Ships section; TableStakes scores Wooden Ships and Iron Men like Blue Max " +
				"without the enemy-unit-destroyed point, as the Blue Max table notes for this game."},
		{Slug: "vortex", Name: "Vortex", System: Vortex, MinPlayers: 2, MaxPlayers: 4,
			Powers: []string{"Red", "Cyan", "Blue", "Green"}, TwoPlayerPowers: []string{"Red", "Blue"},
			ScoreLabel: "final Vortex score", FractionalScores: true,
			RulesNote: "The winner (every tied top scorer) gets 10 × the sum, over every other player, of the " +
				"winner's score minus theirs; everyone else gets 0. Example: 90, 70, 40, 50 → 1100."},
		{Slug: "diplomacy", Name: "Diplomacy", System: Armada, MinPlayers: 2, MaxPlayers: 7,
			Powers:     []string{"Austria", "England", "France", "Germany", "Italy", "Russia", "Turkey"},
			ScoreLabel: "supply centres",
			RulesNote: "ARMADA scoring, 420 points a game. Losing players get order × years played + centres " +
				"(at most 60), where order is the elimination order (same-year eliminations share the average; " +
				"a survivor who loses to a sole victor has one more than the number eliminated). Winning players " +
				"(the 18-centre solo, the player conceded to, or every survivor owning a centre in a draw; a survivor " +
				"without a centre loses) share the rest: (420 − losers' points + winners' centres) / winners − own centres. " +
				"Games start in 1901: a player eliminated in 1905 played 5 years, and every survivor played the whole game."},
	}
}

// GameBySlug finds the game with slug; the error is a *FieldError on "game" naming the
// unknown slug and the known ones.
func GameBySlug(slug string) (Game, error) {
	for _, g := range Games() {
		if g.Slug == slug {
			return g, nil
		}
	}
	var slugs []string
	for _, g := range Games() {
		slugs = append(slugs, g.Slug)
	}
	return Game{}, fieldErr("game", "unknown game %q (want one of %s)", slug, strings.Join(slugs, ", "))
}

// IsTeamGame reports whether the game is played by two sides.
func (g Game) IsTeamGame() bool { return g.System.IsTeamGame() }

// AcceptsPlayers checks that perGame players per game is within the game's range; the error
// is a *FieldError on "players_per_game".
func (g Game) AcceptsPlayers(perGame int) error {
	if perGame < g.MinPlayers || perGame > g.MaxPlayers {
		return wordedErr("players_per_game", "scoring.players_per_game",
			map[string]any{"Game": g.Name, "Min": g.MinPlayers, "Max": g.MaxPlayers, "Got": perGame},
			fmt.Sprintf("%s takes %d to %d players per game, got %d", g.Name, g.MinPlayers, g.MaxPlayers, perGame))
	}
	return nil
}

// Score scores one finished game of g with its system (see Score) and checks that the
// number of players is within g's range and that the scores are what g allows (whole
// numbers ≥ 0 where they are counts); the error is a *FieldError, or FieldErrors holding
// every problem found at once (a form marks each field).
func (g Game) Score(input []byte) (Result, error) {
	in := ResultInput{Body: input, Scorer: input}
	if err := in.decodeScorer(g.System); err != nil {
		return Result{}, err
	}
	return g.scoreDecoded(in)
}

// Sides says how the seats of a team game form its two sides for a game of perGame
// players: seat positions (1-based) per side; nil for games that are not team games or for
// fewer than 2 players. The seed leaves the split open; TableStakes puts the first ⌈n/2⌉
// seats on the first side and the rest on the second (4 players: [1 2] v [3 4]; 3 players:
// [1 2] v [3]; 2 players: [1] v [2]), so the scheduler's seat balance also balances who
// plays on the larger side of an odd game.
func (g Game) Sides(perGame int) [][]int {
	if !g.IsTeamGame() || perGame < 2 {
		return nil
	}
	first := (perGame + 1) / 2
	sides := [][]int{make([]int, 0, first), make([]int, 0, perGame-first)}
	for seat := 1; seat <= perGame; seat++ {
		side := 0
		if seat > first {
			side = 1
		}
		sides[side] = append(sides[side], seat)
	}
	return sides
}

// SeatNames names the seats of a game of perGame players in seat order (CONTRACT section 7):
// the game's own names where it has them — Diplomacy's powers in their alphabetical seat
// order (Austria, England, France, Germany, Italy, Russia, Turkey), Vortex's four corners
// (Red, Cyan, Blue, Green), a team game's sides ("Allies" alone, or "Allies 1", "Allies 2"
// for a side of two or more; see Sides) — otherwise "Seat 1", "Seat 2", …. A seat beyond
// the game's own names is "Seat n".
func (g Game) SeatNames(perGame int) []string {
	if perGame < 0 {
		perGame = 0
	}
	names := make([]string, perGame)
	powers := g.Powers
	if perGame == 2 && g.TwoPlayerPowers != nil {
		powers = g.TwoPlayerPowers
	}
	for i := range names {
		names[i] = fmt.Sprintf("Seat %d", i+1)
		if i < len(powers) {
			names[i] = powers[i]
		}
	}
	for s, seats := range g.Sides(perGame) {
		for i, pos := range seats {
			names[pos-1] = g.SideNames[s]
			if len(seats) > 1 {
				names[pos-1] = fmt.Sprintf("%s %d", g.SideNames[s], i+1)
			}
		}
	}
	return names
}
