package league

import "math/big"

// LeaguePoints are the league points a seat's player takes from a game in which the seat
// scored scored: all of them, or none when the seat was absent. An absent seat's power was
// played by the missing man (ARMADA 4.1): what it scored is the "Seventh Player"'s award on
// the ladder, and its player was not at the table, so takes no league points. The store
// writes these points, so no query decides this again. nil scored is none.
func LeaguePoints(scored *big.Rat, absent bool) *big.Rat {
	if absent || scored == nil {
		return new(big.Rat)
	}
	return new(big.Rat).Set(scored)
}
