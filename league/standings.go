package league

import "github.com/tablestakes/tablestakes/scoring"

// GamePlayed reports whether a recorded seat is a game its player played: not an absent
// seat, whose player did not come (CONTRACT section 12: "not a game played"; in Diplomacy
// the missing man played the power, ARMADA 4.1). A game played counts in the standings'
// games and its place in their countback, and for the activity rule (store's activity
// counts leave absent seats out); an absent seat does none of these.
func GamePlayed(absent bool) bool { return !absent }

// GamesPlayed counts the games played among a player's recorded seats, given whether each
// was absent (GamePlayed): what a withdrawal's or a replacement's line says they played.
func GamesPlayed(absent []bool) int {
	n := 0
	for _, a := range absent {
		if GamePlayed(a) {
			n++
		}
	}
	return n
}

// RecordedLine is one player's line of one recorded league game, as stored: the
// standings' line and whether the seat was absent.
type RecordedLine struct {
	scoring.StandingLine
	Absent bool
}

// Standings are a league's standings (scoring.Standings) from its members and every line
// of theirs recorded, counting only the games each played (GamePlayed).
func Standings(members []string, lines []RecordedLine) []scoring.Standing {
	played := make([]scoring.StandingLine, 0, len(lines))
	for _, l := range lines {
		if GamePlayed(l.Absent) {
			played = append(played, l.StandingLine)
		}
	}
	return scoring.Standings(members, played)
}
