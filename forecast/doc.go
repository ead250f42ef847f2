// Package forecast says, before a game is played, how likely each seat is to win it, and
// measures how good such chances were on a ladder's own history (CONTRACT section 11,
// issue 40). It is pure Go: it takes values and returns values, and knows nothing of HTTP
// or the database.
//
// # Models
//
// Every [Model] gives each seat of a table a chance to win, from the games before it only,
// then learns the table's result ([Model.Learn]). Three models are kept:
//
//   - "armada" ([Armada]): chances from the ARMADA ratings (seed
//     armada-scoring-and-rating.txt section 3). A Plackett-Luce model whose seat strength is
//     exp(θ × R / 100), R the seat's rating in points before the game: a seat's chance to
//     win is its strength over the table's total. The one scale θ is fitted by maximum
//     likelihood, with a weak Normal(0, 2²) prior, on the games before the one forecast
//     (see [Armada] for how, and how often, it is refitted).
//   - "openskill" ([OpenSkill]): Weng and Lin's Plackett-Luce model (Weng & Lin 2011, "A
//     Bayesian Approximation Method for Online Ranking", Algorithm 4) with openskill's
//     defaults: μ 25, σ 25/3, β 25/6, τ 25/300, κ 0.0001. A seat's chance to win is the
//     Plackett-Luce chance of coming first, exp(μ_i / c) / Σ_q exp(μ_q / c).
//   - "uniform" ([Uniform]): 1/n each, the yardstick any model must beat.
//
// # Metrics
//
// [Scores] follows CONTRACT section 11 to the letter. The winners of a game are its seats in
// place 1, and ties for first share the win: log-loss is the mean over games of −ln of the
// sum of the winners' chances, the Brier score the mean over games of Σ_seats (chance − o)²
// with o = 1/(number of winners) for a winner and 0 otherwise, favourite_won the share of
// games in which a seat with the highest chance is among the winners, and the calibration
// buckets every seat's chance by tenths (see [Bucket]).
//
// # Exactness
//
// Ratings come in as integer millionths ([rating.Micros]); floats live only inside the
// models and the metrics. Every computation runs in a fixed order, so the same ladder gives
// the same chances and figures, bit for bit.
package forecast
