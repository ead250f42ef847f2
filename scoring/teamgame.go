package scoring

import (
	"fmt"
	"math/big"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// Team games: Blue Max and Wooden Ships and Iron Men (league-scoring-system.txt, "Special
// scoring system for Blue Max leagues"). The seed page is cut off inside the Wooden Ships
// section; its Blue Max table notes that the enemy-unit-destroyed point "is not used in
// Wooden Ships and Iron Men". TableStakes implements CONTRACT section 1's reading: Wooden
// Ships is scored exactly like Blue Max without the enemy-units-destroyed point.

// TeamGameInput is the input of the Blue Max and Wooden Ships scorers (CONTRACT section 1).
type TeamGameInput struct {
	// Sides are the game's two sides.
	Sides []Side
}

// Side is one side of a team game.
type Side struct {
	// Name names the side; it is the result's WinningSide when the side wins.
	Name string
	// Players are the side's players, in input order.
	Players []TeamPlayer
}

// TeamPlayer is one player's report of a team game.
type TeamPlayer struct {
	// ID identifies the player.
	ID string
	// Units is how many units the player started with (at least 1).
	Units int64
	// Lost is how many of them were lost; "a plane retired with honor, is considered still on
	// the map", so a retired unit is not lost.
	Lost int64
	// Destroyed is the enemy units credited to the player: "If a unit is destroyed by more
	// than one enemy during the same turn, each enemy receive 1 point".
	Destroyed int64
	// Points is the player's personal score in the game (at least 0).
	Points *big.Rat
}

// VictoryPoints is the seed table's "Winning side" row: 4, 3, 1, 0 for a strategic,
// tactical, marginal victory and a draw (the defeated side always gets 0).
func VictoryPoints(v Victory) int64 {
	switch v {
	case Strategic:
		return 4
	case Tactical:
		return 3
	case Marginal:
		return 1
	}
	return 0
}

// exceedsBy15Percent reports whether a exceeds b by more than 15%, the seed's margin for a
// marginal victory ("exceed by more than 15% the points score by opponents"):
// a > b × 115/100, exactly.
func exceedsBy15Percent(a, b *big.Rat) bool {
	return a.Cmp(new(big.Rat).Mul(b, big.NewRat(115, 100))) > 0
}

// scored15PercentMore reports whether a "scored 15% more points" than b, the seed's test for
// the best team player (CONTRACT section 1): at least 115% of b, exactly, and more than b.
// Exactly 15% more counts (23 against 20), unlike the marginal victory's "more than 15%";
// "more than b" keeps 0 against 0, or a negative score against a higher one, from counting.
func scored15PercentMore(a, b *big.Rat) bool {
	return a.Cmp(b) > 0 && a.Cmp(new(big.Rat).Mul(b, big.NewRat(115, 100))) >= 0
}

// sideTally is what decides the victory: units, losses and personal points of a side.
type sideTally struct {
	units, lost int64
	points      *big.Rat
}

// remaining is the number of the side's units still on the map.
func (t sideTally) remaining() int64 { return t.units - t.lost }

// lostShare is the exact fraction of the side's units lost.
func (t sideTally) lostShare() *big.Rat { return big.NewRat(t.lost, t.units) }

// decideVictory returns the victory type and the winning side's index (−1 on a draw) from
// the two sides' tallies (league-scoring-system.txt): strategic when "One side completely
// destroy the other and remain the only side on the map"; else tactical for the side whose
// percentage of units lost is lower; else (equal percentages, which includes both sides
// wiped out) marginal "only if the total points scored by a side exceed by more than 15% the
// points score by opponents"; else a draw.
func decideVictory(a, b sideTally) (Victory, int) {
	switch {
	case a.remaining() > 0 && b.remaining() == 0:
		return Strategic, 0
	case b.remaining() > 0 && a.remaining() == 0:
		return Strategic, 1
	}
	switch a.lostShare().Cmp(b.lostShare()) {
	case -1:
		return Tactical, 0
	case 1:
		return Tactical, 1
	}
	switch {
	case exceedsBy15Percent(a.points, b.points):
		return Marginal, 0
	case exceedsBy15Percent(b.points, a.points):
		return Marginal, 1
	}
	return Draw, -1
}

// BestTeamPlayer returns the index of the side's best team player, or −1: "For each side 1
// point is awarded if there is a player who scored 15% more points of all his mate" — a
// player whose personal points are at least 115% of every teammate's, and more than each
// (exactly 23 against 20 earns the point). A side of one has none
// (seed examples 3 and 4: "None is declared the best team player since ... only one player").
func BestTeamPlayer(side Side) int {
	if len(side.Players) < 2 {
		return -1
	}
	for i, p := range side.Players {
		best := true
		for j, q := range side.Players {
			if j != i && !scored15PercentMore(p.Points, q.Points) {
				best = false
				break
			}
		}
		if best {
			return i
		}
	}
	return -1
}

// ScoreTeamGame scores a Blue Max (system BlueMax) or Wooden Ships and Iron Men (system
// WoodenShips) game by the seed's table: the winning side 4/3/1/0 for a strategic, tactical,
// marginal victory or draw, the defeated side 0; +1 for each side's best team player; +1 per
// enemy unit destroyed (Blue Max only); −1 per own unit lost.
func ScoreTeamGame(system System, in TeamGameInput) (Result, error) {
	if !system.IsTeamGame() {
		return Result{}, fieldErr("system", "%q is not a team game", system)
	}
	if err := checkTeamGame(in); err != nil {
		return Result{}, err
	}
	tallies := make([]sideTally, 2)
	sides := make([]SideResult, 2)
	for s, side := range in.Sides {
		t := sideTally{points: new(big.Rat)}
		for _, p := range side.Players {
			t.units += p.Units
			t.lost += p.Lost
			t.points.Add(t.points, p.Points)
		}
		tallies[s] = t
		sides[s] = SideResult{Name: side.Name, Units: t.units, Lost: t.lost,
			LostPercent: new(big.Rat).Mul(t.lostShare(), ratInt(100)), PersonalPoints: t.points}
	}
	victory, winner := decideVictory(tallies[0], tallies[1])
	res := Result{System: system, Victory: victory, Sides: sides}
	if winner >= 0 {
		res.WinningSide = in.Sides[winner].Name
	}
	reason := victoryReason(victory, winner, in.Sides, sides)
	for s, side := range in.Sides {
		best := BestTeamPlayer(side)
		for i, p := range side.Players {
			var terms []string
			total := int64(0)
			switch {
			case winner == s:
				total = VictoryPoints(victory)
				terms = append(terms, fmt.Sprintf("%d %s victory (%s)", total, victory, reason))
			case winner < 0:
				terms = append(terms, fmt.Sprintf("0 draw (%s)", reason))
			default:
				terms = append(terms, fmt.Sprintf("0 defeated side (%s victory of %s: %s)", victory, in.Sides[winner].Name, reason))
			}
			if system == BlueMax && p.Destroyed > 0 {
				total += p.Destroyed
				terms = append(terms, fmt.Sprintf("+ %s", plural(p.Destroyed, "enemy unit destroyed", "enemy units destroyed")))
			}
			if i == best {
				total++
				terms = append(terms, "+ 1 best team player")
			}
			if p.Lost > 0 {
				total -= p.Lost
				terms = append(terms, fmt.Sprintf("− %s", plural(p.Lost, "unit lost", "units lost")))
			}
			explanation := strings.Join(terms, " ") + " = " + signed(ratInt(total))
			if system == WoodenShips && p.Destroyed > 0 {
				explanation += fmt.Sprintf(" (%s not counted in Wooden Ships)", plural(p.Destroyed, "enemy unit destroyed", "enemy units destroyed"))
			}
			res.Results = append(res.Results, PlayerResult{ID: p.ID, Points: ratInt(total), Side: side.Name, Explanation: explanation})
		}
	}
	markWinners(res.Results)
	return res, nil
}

// victoryReason says in a few words why the game ended as it did.
func victoryReason(v Victory, winner int, in []Side, sides []SideResult) string {
	switch v {
	case Strategic:
		return fmt.Sprintf("only %s still has units on the map", in[winner].Name)
	case Tactical:
		loser := 1 - winner
		return fmt.Sprintf("%s lost %s%% of its units, %s %s%%", in[winner].Name, decimalPercent(sides[winner].LostPercent),
			in[loser].Name, decimalPercent(sides[loser].LostPercent))
	case Marginal:
		loser := 1 - winner
		return fmt.Sprintf("equal losses, %s's %s personal points exceed %s's %s by more than 15%%",
			in[winner].Name, decimal(sides[winner].PersonalPoints), in[loser].Name, decimal(sides[loser].PersonalPoints))
	}
	return fmt.Sprintf("equal losses, personal points %s and %s within 15%%",
		decimal(sides[0].PersonalPoints), decimal(sides[1].PersonalPoints))
}

// decimalPercent writes a percentage with at most two decimals (66.67), for explanations.
func decimalPercent(r *big.Rat) string {
	if r.IsInt() {
		return r.Num().String()
	}
	s := strings.TrimRight(r.FloatString(2), "0")
	return strings.TrimSuffix(s, ".")
}

// lostExceedsErr is the problem of a player losing more units than it had.
func lostExceedsErr(path string, lost, units int64) *FieldError {
	return wordedErr(path, "scoring.lost_exceeds_units", map[string]any{"Lost": lost, "Units": units},
		fmt.Sprintf("%d exceeds units %d", lost, units))
}

// checkTeamGame validates a team game's input.
func checkTeamGame(in TeamGameInput) error {
	if len(in.Sides) != 2 {
		return fieldErr("sides", "%d side(s), need exactly 2", len(in.Sides))
	}
	if in.Sides[0].Name == in.Sides[1].Name {
		return fieldErr("sides[1].name", "duplicate side name %q (also sides[0].name)", in.Sides[1].Name)
	}
	var ids []string
	var paths []string
	for s, side := range in.Sides {
		sp := strictjson.Index("sides", s)
		if strings.TrimSpace(side.Name) == "" {
			return fieldErr(sp+".name", "must not be empty")
		}
		if len(side.Players) == 0 {
			return wordedErr(sp+".players", "scoring.side_no_players", nil, "no players, need at least 1")
		}
		for i, p := range side.Players {
			pp := strictjson.Index(sp+".players", i)
			ids = append(ids, p.ID)
			paths = append(paths, pp+".id")
			switch {
			case p.Units < 1:
				return atLeastErr(pp+".units", 1, strconv.FormatInt(p.Units, 10))
			case p.Lost < 0:
				return negativeErr(pp+".lost", strconv.FormatInt(p.Lost, 10))
			case p.Lost > p.Units:
				return lostExceedsErr(pp+".lost", p.Lost, p.Units)
			case p.Destroyed < 0:
				return negativeErr(pp+".destroyed", strconv.FormatInt(p.Destroyed, 10))
			case p.Points == nil:
				return missingErr(pp + ".points")
			case p.Points.Sign() < 0:
				return negativeErr(pp+".points", decimal(p.Points))
			}
		}
	}
	if err := checkPlayerCount(len(ids), 0, maxPlayers, "sides"); err != nil {
		return err
	}
	if err := checkIDs(ids, func(i int) string { return paths[i] }); err != nil {
		return err
	}
	// Each enemy unit lost can credit a given player at most once, so nobody can have
	// destroyed more units than the other side lost.
	for s, side := range in.Sides {
		enemy := in.Sides[1-s]
		var enemyLost int64
		for _, q := range enemy.Players {
			enemyLost += q.Lost
		}
		for i, p := range side.Players {
			if p.Destroyed > enemyLost {
				return wordedErr(strictjson.Index(strictjson.Index("sides", s)+".players", i)+".destroyed", "scoring.destroyed_exceeds_lost",
					map[string]any{"Destroyed": p.Destroyed, "Lost": enemyLost, "Side": enemy.Name},
					fmt.Sprintf("%d exceeds the %d unit(s) side %s lost", p.Destroyed, enemyLost, enemy.Name))
			}
		}
	}
	return nil
}

// scoreTeamGameJSON decodes CONTRACT section 1's team-game input and scores it.
func scoreTeamGameJSON(system System, input []byte, o scoreOptions) (Result, error) {
	in, err := decodeTeamGameJSON(input, o)
	if err != nil {
		return Result{}, err
	}
	return ScoreTeamGame(system, in)
}

// decodeTeamGameJSON decodes CONTRACT section 1's team-game input.
func decodeTeamGameJSON(input []byte, o scoreOptions) (TeamGameInput, error) {
	doc, err := o.decodeDocument(input, "sides")
	if err != nil {
		return TeamGameInput{}, err
	}
	items, err := doc.array("sides")
	if err != nil {
		return TeamGameInput{}, err
	}
	if len(items) != 2 {
		return TeamGameInput{}, fieldErr("sides", "%d side(s), need exactly 2", len(items))
	}
	var in TeamGameInput
	one, zero := int64(1), int64(0)
	for s, raw := range items {
		sp := strictjson.Index("sides", s)
		obj, err := decodeObject(raw, sp, "name", "players")
		if err != nil {
			return TeamGameInput{}, err
		}
		var side Side
		if side.Name, err = obj.id("name"); err != nil {
			return TeamGameInput{}, err
		}
		players, err := obj.array("players")
		if err != nil {
			return TeamGameInput{}, err
		}
		if len(players) > maxPlayers {
			return TeamGameInput{}, fieldErr(sp+".players", "%d players, at most %d", len(players), maxPlayers)
		}
		for i, praw := range players {
			po, err := decodeObject(praw, strictjson.Index(sp+".players", i), "id", "units", "lost", "destroyed", "points")
			if err != nil {
				return TeamGameInput{}, err
			}
			var p TeamPlayer
			if p.ID, err = po.id("id"); err != nil {
				return TeamGameInput{}, err
			}
			if p.Units, err = po.count("units", 1, &one); err != nil {
				return TeamGameInput{}, err
			}
			if p.Lost, err = po.count("lost", 0, &zero); err != nil {
				return TeamGameInput{}, err
			}
			if p.Destroyed, err = po.count("destroyed", 0, &zero); err != nil {
				return TeamGameInput{}, err
			}
			p.Points = new(big.Rat)
			if _, ok := po.field("points"); ok {
				if p.Points, err = po.number("points"); err != nil {
					return TeamGameInput{}, err
				}
			}
			side.Players = append(side.Players, p)
		}
		in.Sides = append(in.Sides, side)
	}
	return in, nil
}
