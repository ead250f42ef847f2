package scheduler

// Report is the fairness of a schedule, for pages and the CLI.
//
// Players are 0-based in the matrices (player p of the schedule is row p-1).
type Report struct {
	Players int `json:"players"`
	PerGame int `json:"per_game"`
	Games   int `json:"games"`
	Rounds  int `json:"rounds"`

	// PlayerGames[p] is the number of games player p plays.
	PlayerGames []int `json:"player_games"`
	// Matchups[a][b] is c(a,b), the number of games a and b share; the diagonal is 0.
	Matchups [][]int `json:"matchups"`
	// MatchupMin and MatchupMax are the least and greatest c(a,b) over pairs a != b.
	MatchupMin int `json:"matchup_min"`
	MatchupMax int `json:"matchup_max"`
	// Spread is MatchupMax - MatchupMin.
	Spread int `json:"spread"`
	// SpreadLowerBound is the arithmetic lower bound on Spread: 0 when the pair
	// meetings can be shared out equally among all pairs, else 1.
	SpreadLowerBound int `json:"spread_lower_bound"`

	// Seats[p][s] is how often player p sits in seat s (seat 1 is index 0).
	Seats [][]int `json:"seats"`
	// SatOut[p] is the number of rounds in which player p has no game.
	SatOut []int `json:"sat_out"`

	// TurnOrder[a][b] is how often b sits directly after a (b in seat i+1, a in seat i).
	TurnOrder [][]int `json:"turn_order"`
	// TurnOrderMin and TurnOrderMax are the least and greatest TurnOrder[a][b], a != b.
	TurnOrderMin int `json:"turn_order_min"`
	TurnOrderMax int `json:"turn_order_max"`

	// RepeatedSets is the number of games whose set of players an earlier game already had.
	RepeatedSets int `json:"repeated_sets"`
}

// Fairness measures a schedule: matchups, seats, sitting out and turn order.
func Fairness(s Schedule) Report {
	return Report{Players: s.Players, PerGame: s.PerGame, Games: len(s.Games)}
}
