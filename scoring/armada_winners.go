package scoring

import (
	"fmt"
	"slices"
)

// ArmadaWinners names the winning players of a Diplomacy game from how it concluded
// (armada-scoring-and-rating.txt, 1.1): the one surviving player owning 18 or more supply
// centres for a solo, the player conceded to for a concession, every survivor owning a
// centre for a draw ("Draws Include All Survivors"; CONTRACT section 1). It is how a form that asks "how did the game end?"
// fills the scorer's "winners"; the scorer itself checks the winners it is given (a draw
// no survivor owns a centre of has an empty list, which the scorer refuses). Problems
// are *FieldError on "outcome" or "conceded_to".
func ArmadaWinners(outcome ArmadaOutcome, players []ArmadaPlayer, concededTo string) ([]string, error) {
	var winners []string
	switch outcome {
	case OutcomeSolo:
		for _, p := range players {
			if p.Eliminated == 0 && p.Centers >= SoloCenters {
				winners = append(winners, p.ID)
			}
		}
		if len(winners) != 1 {
			return nil, wordedErr("outcome", "scoring.armada_solo_needs", map[string]any{"Min": SoloCenters},
				fmt.Sprintf("a solo victory needs exactly one surviving player with %d or more centres", SoloCenters))
		}
	case OutcomeConcession:
		if !slices.ContainsFunc(players, func(p ArmadaPlayer) bool { return p.ID == concededTo }) {
			return nil, wordedErr("conceded_to", "scoring.armada_choose_conceded_to", nil, "choose the player the game was conceded to")
		}
		winners = []string{concededTo}
	case OutcomeDraw:
		// A list even when no survivor owns a centre: the scorer then says what is wrong
		// with such a draw, where a missing list would only say "missing".
		winners = []string{}
		for _, p := range players {
			if p.Eliminated == 0 && p.Centers > 0 {
				winners = append(winners, p.ID)
			}
		}
	default:
		return nil, wordedErr("outcome", "scoring.armada_choose_outcome", nil, "choose how the game ended (solo, concession or draw)")
	}
	return winners, nil
}
