// Package rating keeps TableStakes' ratings: the ARMADA rating system of
// armada-scoring-and-rating.txt section 3, generalised to every game as CONTRACT section 3
// fixes it. It is pure Go and knows nothing of how a game is scored: each seat brings its
// league points (an exact rational) and whether it finished as a winner, and the game says
// whether the points are the awards themselves (ARMADA) or shares of the pot.
//
// # The rules
//
// Every game has its own ladder (Cartagena ratings are separate from Diplomacy ratings),
// and every member starts at 0 (seed 3.1). For each rated game, in the order played:
//
//   - every player antes from their rating into the game's pot P (seed 3.2):
//     ante_i = P × (R_i + 210) / (Σ_j R_j + 210 n). The pot is 60 a seat, P = 60 n, except
//     for ARMADA, whose points always make P = 420 ([Game.Pot]); so a 7-seat game is
//     exactly the seed's, every table size stakes what an ARMADA seat stakes, and the
//     ante adjustment of 210 a seat keeps the seed's floor near −210 at every size. (A
//     fixed 420 at every size made a 2-player game swing ±210 and let weak players sink
//     without bound.)
//   - every seat receives its award: ARMADA points as scored, or for other systems the pot
//     shared in proportion to points − min(0, lowest points), equally if those are all 0;
//   - R += award − ante.
//
// Ratings, antes and awards are integer millionths of a point ([Micros]). Each game's
// antes and each game's awards are rounded by the largest-remainder method (floor every
// share, then give the missing millionths to the largest remainders, the earlier seat first
// on equal remainders), so antes sum to exactly P, awards to exactly P, deltas to
// exactly 0, and a ladder's ratings to exactly 0 after every game. Property tests check
// this over random seasons against a reference written in exact rationals.
//
// # Edge cases
//
//   - A rating below −210 antes a negative amount: the player gains points for playing,
//     as seed 3.3 intends ("an absolute minimum rating exists at about −210").
//   - When Σ_j R_j + 210 n ≤ 0 the formula has no meaningful share, and every player antes
//     P / n (CONTRACT section 3), rounded like any other split.
//   - A game of 2 is rated like any other; a rated game needs at least 2 seats.
//   - Seed 4.1, Missing Man: the unplayed seat is held by a member of its own (for example
//     "missing-man"), which antes, receives its award and keeps a rating like anyone.
//   - Seed 4.2, player replacement: the ante always comes from the original player's
//     rating; when the seat finishes as a winner and its award exceeds its ante, the whole
//     delta goes to the substitute, otherwise to the original player. A seat taken over
//     under Missing Man rules has no substitute, so its result stays with the original.
//   - An amount beyond int64 millionths (only reachable when Σ_j R_j + 210 n is within
//     millionths of 0) refuses the game with [ErrOverflow] instead of wrapping.
//
// # Ledger and replay
//
// [Ladder.Apply] returns one [Entry] per seat: the credited member's rating before, the
// ante, the award, the delta and the rating after. [Replay] folds a season into a new
// ladder and returns the whole ledger; replaying the same games always gives the same
// ratings. A corrected result replays from that game on: [ReplayFrom] resumes the ladder
// from the ledger of the games before it ([Resume]) and replays the rest; [LadderFrom]
// restarts from stored standings instead. [Ladder.Standings] lists the ratings highest
// first, then by player id.
//
// # Speed
//
// BenchmarkReplayMillionGames replays 1,000,000 eight-player games in memory, building the
// full ledger of 8,000,000 entries (one 728 MB allocation): 2.5 to 2.7 s per replay on the
// 2-core development machine (AMD EPYC, Go 1.26), about 2.6 µs per game, of which 1.4 s is
// CPU time (the rest is waiting on a machine shared with other work). `make bench` runs it.
package rating
