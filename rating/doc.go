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
//   - the table plays for a pot (seed 3.2, CONTRACT section 3): its full pot P is 60 a
//     seat, P = 60 n, except for ARMADA, whose points always make P = 420 ([Game.Pot]); so
//     a 7-seat game is exactly the seed's and every table size stakes what an ARMADA seat
//     stakes. Each player holds stake_i = max(0, R_i + 210) above the floor, S = Σ stake;
//     the table plays for pot = min(P, S), and S = 0 moves no rating;
//   - every player antes ante_i = pot × stake_i / S ([Antes]). Whenever everyone stands
//     above −210 and S ≥ P this is the seed's P × (R_i + 210) / (Σ_j R_j + 210 n);
//   - every seat receives its award from the same pot: ARMADA points × pot / 420, or for
//     other systems the pot shared in proportion to points − min(0, lowest points),
//     equally if those are all 0 ([Awards]);
//   - R += award − ante.
//
// Ratings, antes and awards are integer millionths of a point ([Micros]). Each game's
// antes and each game's awards are rounded by the largest-remainder method (floor every
// share, then give the missing millionths to the largest remainders, the earlier seat first
// on equal remainders), so antes and awards each sum to exactly the pot, deltas to
// exactly 0, and a ladder's ratings to exactly 0 after every game. Property tests check
// this over random seasons against a reference written in exact rationals.
//
// # Edge cases
//
//   - The floor: seed 3.3 says "An absolute minimum rating exists at about -210 points".
//     No ante exceeds what its player holds above −210 and no award is negative, so no
//     rating ever falls below −210, at every table size. (Round 2's rule, ante =
//     P × (R_i + 210) / (Σ_j R_j + 210 n), blew up when two players near the floor met:
//     the denominator neared 0 and a 2-seat ladder reached −6.7 million.)
//   - A table near the floor plays for less than its pot: two players at −150 and −180
//     hold 60 + 30 = 90 above it, so their 2-seat game plays for 90 instead of 120; each
//     antes everything they hold, and the winner can take it all.
//   - A game of 2 is rated like any other; a rated game needs at least 2 seats.
//   - Seed 4.1, Missing Man: the unplayed seat is held by a member of its own (for example
//     "missing-man"), which antes, receives its award and keeps a rating like anyone.
//   - Seed 4.2, player replacement: the ante always comes from the original player's
//     rating; when the seat finishes as a winner and its award exceeds its ante, the whole
//     delta goes to the substitute, otherwise to the original player. A seat taken over
//     under Missing Man rules has no substitute, so its result stays with the original.
//   - A rating beyond int64 millionths (only reachable from standings given to
//     [LadderFrom] near the limits of int64) refuses the game with [ErrOverflow] instead
//     of wrapping.
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
