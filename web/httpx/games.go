package httpx

import (
	"github.com/tablestakes/tablestakes/scoring"
)

// SeatNames names n seats of the game with the given slug (scoring.Game.SeatNames); a slug
// the registry does not know gets "Seat 1", "Seat 2", ….
func SeatNames(slug string, n int) []string {
	game, err := scoring.GameBySlug(slug)
	if err != nil {
		return scoring.Game{}.SeatNames(n)
	}
	return game.SeatNames(n)
}
