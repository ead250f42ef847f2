package rating

import (
	"strconv"
	"strings"
)

// A game's results are rated on one of two kinds of ladder. A public league's games and
// normal games are rated on the game's public ladder, named by the game's slug ("armada"),
// which /ratings/{game}, player pages, ledgers, forecasts and the back-test show. A private
// league's games are rated on a ladder of that league's own, "<slug>@<league id>", by the
// same rules (CONTRACT section 3: everyone starts at 0): private play never moves a rating
// on a public ladder, and a private ladder is shown only to its league's members.

// privateMark separates a private ladder's game from its league: no game slug holds it.
const privateMark = "@"

// LeagueLadder returns the ladder a league's games are rated on: the game's public ladder
// (the slug), or for a private league the league's own.
func LeagueLadder(game string, leagueID int64, private bool) string {
	if !private || leagueID == 0 {
		return game
	}
	return game + privateMark + strconv.FormatInt(leagueID, 10)
}

// PublicLadder reports whether ladder is a game's public ladder, not a private league's.
func PublicLadder(ladder string) bool { return !strings.Contains(ladder, privateMark) }

// LadderGame returns the game slug of a ladder, public or private.
func LadderGame(ladder string) string {
	game, _, _ := strings.Cut(ladder, privateMark)
	return game
}
