// Package league holds the league rules of TableStakes: the scoring systems of the seed
// documents and the registry of games mapped to their scorers. It is pure Go: values in,
// values out, no I/O.
//
// Score(system, input) decodes one game's result as CONTRACT section 1's JSON, validates
// it and scores it; ScorePlacement, ScoreTeamGame, ScoreVortex, ScoreArmada and
// ScoreArcsAmbition do the same from Go values. Points are exact rationals; every player's
// line carries an Explanation a player can read. Every refusal is a *FieldError naming the
// offending field ("sides[0].players[2].lost: 3 exceeds units 1").
//
// # Readings the seeds leave open
//
// Placement (league-scoring-system.txt): "lower_is_better" only reverses the ranking; tied
// players still share the average of the points of the places they occupy and their place
// is the best of them. Any number of players from 2 is scored (the seed table covers 2–8).
//
// Blue Max and Wooden Ships (league-scoring-system.txt): the page is cut off inside the
// Wooden Ships section, so Wooden Ships and Iron Men is scored exactly like Blue Max without
// the enemy-unit-destroyed point, as CONTRACT section 1 reads it (and as the Blue Max table's
// note "This is not used in Wooden Ships and Iron Men" says); the game's RulesNote tells
// players so. Victory percentages are over units, not players. When both sides are wiped
// out their percentages are equal (100%), so the game is marginal or a draw (seed example
// 4). "More than 15%" is strict: a > 1.15 × b, and any positive total exceeds a total of 0.
// The best team player point applies to both sides, in a draw too, and never to a side of
// one (seed examples 3 and 4). units defaults to 1 and must be at least 1; lost, destroyed
// and points default to 0. Nobody can be credited with more destroyed units than the enemy
// side lost, since a unit credits each enemy who shot it down at most once.
//
// Team sides from seats (Game.Sides): the first ⌈n/2⌉ seats form the first side and the
// rest the second, so in an odd game the first side has the extra player; the scheduler's
// seat balance then spreads the larger side evenly.
//
// Vortex (vortex-mechanics.txt): every tied top scorer is a winner and is paid against
// every other player (a tied winner adds 0). Scores may be fractional, as the seed's
// vulnerability arithmetic produces.
//
// ARMADA (armada-scoring-and-rating.txt 1–2): the map has 34 supply centres and a solo needs
// 18; an eliminated player owns none; a concession goes to one survivor; a draw must list
// every survivor (players without "eliminated"). A survivor owning no centre is still a
// survivor (its units may still be on the board). Years may be 0.
//
// Arcs ambitions (arcs-tied-ambitions.txt, CONTRACT): 2 to 5 players; in a two-player game
// the neutral count always places (0 when absent), with more players it must be 0. A
// player's Place is reported even where no marker pays it.
//
// JSON input: only the fields CONTRACT lists are accepted; an unknown or repeated field is
// an error, so a misspelt "lost" cannot silently count as 0. null is the same as an absent
// field. Whole-number fields accept 3, 3.0 or 3e0 but not 3.5; numbers are limited to 64
// characters and exponents to ±30.
//
// # Winner
//
// PlayerResult.Winner is, for ARMADA, a winning player; for every other system, a player
// who finished with the top points of the game (CONTRACT section 3's rule for replaced
// seats). System.PointsArePot reports whether the points already are the rating award
// (ARMADA) rather than shares of it.
package scoring
