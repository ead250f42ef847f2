package rating

import "slices"

// restOfLadder stands for every member of a ladder who is not at the game being rated
// (RateAppended). It can never clash with a username, which starts with a letter or digit.
const restOfLadder = " rest of the ladder"

// RateAppended rates g, the newest game of its ladder, from the ratings its seats' members
// hold there (held: members not listed start at 0 with no games, seed 3.1). A game's antes
// and awards depend only on its own seats' ratings (seed 3.2), so the ladder it is applied
// to holds just those members and one balancing member for the rest of the ladder, whose
// rating keeps the sum at exactly 0 as LadderFrom requires. It returns the game's ledger
// entries and the standing after it of every member the game touched (each seat's player
// and each credited substitute, in the order the entries name them).
func RateAppended(held []Standing, g Game) ([]Entry, []Standing, error) {
	standings := make([]Standing, 0, len(held)+1)
	var sum Micros
	for _, h := range held {
		standings = append(standings, h)
		sum += h.Rating
	}
	standings = append(standings, Standing{Player: restOfLadder, Rating: -sum})
	ladder, err := LadderFrom(standings)
	if err != nil {
		return nil, nil, err
	}
	entries, err := ladder.Apply(g)
	if err != nil {
		return nil, nil, err
	}
	var touched []string
	for _, e := range entries {
		if !slices.Contains(touched, e.Player) {
			touched = append(touched, e.Player)
		}
		if !slices.Contains(touched, e.Credited) {
			touched = append(touched, e.Credited)
		}
	}
	after := make([]Standing, len(touched))
	for i, name := range touched {
		after[i] = Standing{Player: name, Rating: ladder.Rating(name), Games: ladder.Games(name)}
	}
	return entries, after, nil
}
