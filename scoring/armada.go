package scoring

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// ARMADA scoring for Diplomacy (armada-scoring-and-rating.txt, sections 1 and 2).

// ArmadaPot is the points of one ARMADA game: "The total points awarded to all players in a
// game is 420 (the least common multiple of all numbers from 1 through 7)" (2.1).
const ArmadaPot = 420

// ArmadaLosingCap is the most a losing player can score: "—or— 60 [whichever is less]" (2.2).
const ArmadaLosingCap = 60

// SupplyCenters is the number of supply centres on the Diplomacy map.
const SupplyCenters = 34

// FirstYear is the first game-year of Diplomacy: a game starts in 1901, so a player
// eliminated in year Y played Y − 1900 years.
const FirstYear = 1901

// MaxYears bounds the game-years a player can have played.
const MaxYears = 200

// SoloCenters is the centres of a true victory: "a player owning 18 or more supply
// centers" (1.1).
const SoloCenters = 18

// ArmadaOutcome is how a Diplomacy game concluded (1.1).
type ArmadaOutcome string

// The conclusions of rule 1.1.
const (
	// OutcomeSolo is a true victory: one player owns 18 or more supply centres.
	OutcomeSolo ArmadaOutcome = "solo"
	// OutcomeConcession is the game conceded to a single surviving player.
	OutcomeConcession ArmadaOutcome = "concession"
	// OutcomeDraw is a draw shared by every survivor owning a centre ("Draws Include All
	// Survivors", between "all players owning one or more supply centers", 1.1).
	OutcomeDraw ArmadaOutcome = "draw"
)

// ArmadaInput is the ARMADA scorer's input (CONTRACT section 1, "armada").
type ArmadaInput struct {
	// Outcome is solo, concession or draw.
	Outcome ArmadaOutcome
	// Players are the powers' players, in input order.
	Players []ArmadaPlayer
	// Winners are the sole victor (solo, concession) or every survivor owning a centre (draw).
	Winners []string
}

// ArmadaPlayer is one player's end of a Diplomacy game.
type ArmadaPlayer struct {
	// ID identifies the player (or power).
	ID string
	// Centers is the supply centres the player owns at the end.
	Centers int64
	// Years is the number of game-years the player played.
	Years int64
	// Eliminated is the game-year of the player's elimination; 0 if the player survived.
	Eliminated int64
}

// EliminationOrders returns the elimination order of every eliminated player by index
// (2.2): "the first player to be eliminated — if he is the only player eliminated after that
// game-year — has an elimination order of 1", and "When more than one player is eliminated
// during the same game-year, the elimination order of all such players is the average of the
// elimination orders that they would have had if eliminated in different years" (the third
// and fourth in one year both get (3+4)/2 = 3.5).
func EliminationOrders(players []ArmadaPlayer) map[int]*big.Rat {
	var out []int
	for i, p := range players {
		if p.Eliminated != 0 {
			out = append(out, i)
		}
	}
	sort.SliceStable(out, func(a, b int) bool { return players[out[a]].Eliminated < players[out[b]].Eliminated })
	orders := make(map[int]*big.Rat, len(out))
	for start := 0; start < len(out); {
		end := start + 1
		for end < len(out) && players[out[end]].Eliminated == players[out[start]].Eliminated {
			end++
		}
		// Orders start+1 .. end, averaged: (start+1+end)/2.
		avg := big.NewRat(int64(start+1+end), 2)
		for _, i := range out[start:end] {
			orders[i] = new(big.Rat).Set(avg)
		}
		start = end
	}
	return orders
}

// ScoreArmada scores a Diplomacy game by ARMADA rules (2.2, 2.3). Losing players get
// min(order × years + centres, 60), where a surviving loser's order "is one greater than the
// number of eliminated players"; winning players get
// (420 − Σ losing points + Σ winners' centres) / number of winners − own centres, so the
// points always sum to 420.
func ScoreArmada(in ArmadaInput) (Result, error) {
	if err := checkArmada(in); err != nil {
		return Result{}, err
	}
	isWinner := make(map[string]bool, len(in.Winners))
	for _, w := range in.Winners {
		isWinner[w] = true
	}
	orders := EliminationOrders(in.Players)
	eliminated := int64(len(orders))
	survivorOrder := ratInt(eliminated + 1)

	results := make([]PlayerResult, len(in.Players))
	losingSum := new(big.Rat)
	winnersCenters := int64(0)
	for i, p := range in.Players {
		results[i] = PlayerResult{ID: p.ID, Winner: isWinner[p.ID]}
		if isWinner[p.ID] {
			winnersCenters += p.Centers
			continue
		}
		order, ok := orders[i]
		if !ok {
			order = survivorOrder
		}
		raw := new(big.Rat).Mul(order, ratInt(p.Years))
		raw.Add(raw, ratInt(p.Centers))
		points := new(big.Rat).Set(raw)
		if points.Cmp(ratInt(ArmadaLosingCap)) > 0 {
			points = ratInt(ArmadaLosingCap)
		}
		losingSum.Add(losingSum, points)
		results[i].Points = points
		results[i].Order = new(big.Rat).Set(order)
		results[i].Explanation = losingExplanation(in, i, order, raw, points, orders, eliminated)
	}

	// 2.3: the winning players share what the losing players did not take.
	share := ratInt(ArmadaPot)
	share.Sub(share, losingSum)
	share.Add(share, ratInt(winnersCenters))
	share.Quo(share, ratInt(int64(len(in.Winners))))
	for i, p := range in.Players {
		if !isWinner[p.ID] {
			continue
		}
		results[i].Points = new(big.Rat).Sub(share, ratInt(p.Centers))
		results[i].Explanation = winningExplanation(in, p, losingSum, winnersCenters, results[i].Points)
	}
	return Result{System: Armada, Results: results}, nil
}

// losingExplanation explains a losing player's points.
func losingExplanation(in ArmadaInput, i int, order, raw, points *big.Rat, orders map[int]*big.Rat, eliminated int64) string {
	p := in.Players[i]
	var why string
	if p.Eliminated == 0 {
		why = fmt.Sprintf("survived but lost to %s's %s, order %s (one more than the %d eliminated)",
			ListAnd(in.Winners), outcomeWords(in.Outcome), Readable(order), eliminated)
	} else {
		var same []string
		for j, q := range in.Players {
			if j != i && q.Eliminated == p.Eliminated && orders[j] != nil {
				same = append(same, q.ID)
			}
		}
		if len(same) == 0 {
			why = fmt.Sprintf("eliminated in %d, order %s", p.Eliminated, Readable(order))
		} else {
			why = fmt.Sprintf("eliminated in %d with %s, shared order %s", p.Eliminated, ListAnd(same), Readable(order))
		}
	}
	formula := fmt.Sprintf("%s × %s + %s", Readable(order), plural(p.Years, "year", "years"), plural(p.Centers, "centre", "centres"))
	if raw.Cmp(points) != 0 {
		return fmt.Sprintf("%s: %s = %s, capped at %d", why, formula, Mixed(raw), ArmadaLosingCap)
	}
	return fmt.Sprintf("%s: %s = %s", why, formula, Mixed(points))
}

// winningExplanation explains a winning player's points.
func winningExplanation(in ArmadaInput, p ArmadaPlayer, losingSum *big.Rat, winnersCenters int64, points *big.Rat) string {
	what := outcomeWords(in.Outcome)
	switch {
	case in.Outcome == OutcomeDraw && len(in.Winners) == 1:
		what = "draw of the only survivor"
	case in.Outcome == OutcomeDraw:
		what = fmt.Sprintf("%d-way draw", len(in.Winners))
	}
	return fmt.Sprintf("%s: (%d − %s losing points + %d winners' centres) / %d − %d own centres = %s",
		what, ArmadaPot, Mixed(losingSum), winnersCenters, len(in.Winners), p.Centers, signed(points))
}

// outcomeWords names an outcome in a sentence.
func outcomeWords(o ArmadaOutcome) string {
	switch o {
	case OutcomeSolo:
		return "solo victory"
	case OutcomeConcession:
		return "conceded victory"
	}
	return "draw"
}

// checkArmada validates an ARMADA input.
func checkArmada(in ArmadaInput) error {
	switch in.Outcome {
	case OutcomeSolo, OutcomeConcession, OutcomeDraw:
	default:
		return fieldErr("outcome", "unknown outcome %q (want solo, concession or draw)", in.Outcome)
	}
	if err := checkPlayerCount(len(in.Players), 2, 7, "players"); err != nil {
		return err
	}
	ids := make([]string, len(in.Players))
	byID := make(map[string]ArmadaPlayer, len(in.Players))
	var centers int64
	var problems FieldErrors // each power's problem at once, for a form to mark each field
	for i, p := range in.Players {
		ids[i] = p.ID
		byID[p.ID] = p
		if fe := checkArmadaPlayer(strictjson.Index("players", i), p); fe != nil {
			problems = append(problems, fe)
		}
		centers += p.Centers
	}
	if err := problems.errorOrNil(); err != nil {
		return err
	}
	if centers > SupplyCenters {
		return wordedErr("players", "scoring.armada_centres_in_all", map[string]any{"Centers": centers, "Map": SupplyCenters},
			fmt.Sprintf("%d supply centres owned in all, the map has %d", centers, SupplyCenters))
	}
	if err := checkIDs(ids, func(i int) string { return strictjson.Index("players", i) + ".id" }); err != nil {
		return err
	}
	if err := checkArmadaYears(in.Players); err != nil {
		return err
	}
	if len(in.Winners) == 0 {
		return wordedErr("winners", "scoring.armada_no_winners", nil, "empty, need the victor or every survivor of a draw")
	}
	seen := make(map[string]int, len(in.Winners))
	for i, w := range in.Winners {
		p, ok := byID[w]
		switch {
		case !ok:
			return fieldErr(strictjson.Index("winners", i), "%q is not a player", w)
		case p.Eliminated != 0:
			return wordedErr(strictjson.Index("winners", i), "scoring.armada_winner_eliminated", map[string]any{"Player": w, "Year": p.Eliminated},
				fmt.Sprintf("%s was eliminated in %d", w, p.Eliminated))
		case p.Centers == 0:
			// 1.1: only "players owning one or more supply centers" agree to concede to
			// "a single other such player" or share a draw "between all such players".
			return wordedErr(strictjson.Index("winners", i), "scoring.armada_winner_no_centre", map[string]any{"Player": w},
				w+" owns no supply centre: only a player owning one or more can win, be conceded to or share a draw")
		}
		if j, dup := seen[w]; dup {
			return fieldErr(strictjson.Index("winners", i), "%s listed twice (also winners[%d])", w, j)
		}
		seen[w] = i
	}
	switch in.Outcome {
	case OutcomeSolo, OutcomeConcession:
		if len(in.Winners) != 1 {
			return fieldErr("winners", "a %s has one winner, got %d (%s)", in.Outcome, len(in.Winners), strings.Join(in.Winners, ", "))
		}
		if w := byID[in.Winners[0]]; in.Outcome == OutcomeSolo && w.Centers < SoloCenters {
			return fieldErr("winners[0]", "a solo victory needs %d or more centres, %s owns %d", SoloCenters, w.ID, w.Centers)
		}
	case OutcomeDraw:
		// DIAS (1.1): a draw is shared "between all such players", the survivors owning one
		// or more centres; a survivor without one is a losing survivor.
		var missing []string
		for _, p := range in.Players {
			if _, ok := seen[p.ID]; !ok && p.Eliminated == 0 && p.Centers > 0 {
				missing = append(missing, p.ID)
			}
		}
		if len(missing) > 0 {
			return fieldErr("winners", "draw must include every survivor owning a centre (missing %s)", strings.Join(missing, ", "))
		}
	}
	return nil
}

// checkArmadaPlayer is the first problem of one power's line, at path pp.
func checkArmadaPlayer(pp string, p ArmadaPlayer) *FieldError {
	switch {
	case p.Centers < 0:
		return negativeErr(pp+".centers", strconv.FormatInt(p.Centers, 10))
	case p.Centers > SupplyCenters:
		return wordedErr(pp+".centers", "scoring.armada_centres_over_map", map[string]any{"Centers": p.Centers, "Map": SupplyCenters},
			fmt.Sprintf("%d exceeds the %d supply centres of the map", p.Centers, SupplyCenters))
	case p.Years < 1 || p.Years > MaxYears:
		return wordedErr(pp+".years", "scoring.armada_years", map[string]any{"Max": MaxYears, "Got": p.Years},
			fmt.Sprintf("must be 1 to %d game-years, got %d", MaxYears, p.Years))
	case p.Eliminated < 0:
		return wordedErr(pp+".eliminated", "scoring.armada_game_year", map[string]any{"Got": p.Eliminated},
			fmt.Sprintf("must be a game-year, got %d", p.Eliminated))
	case p.Eliminated != 0 && p.Eliminated < FirstYear:
		return wordedErr(pp+".eliminated", "scoring.armada_game_year_from", map[string]any{"First": FirstYear, "Got": p.Eliminated},
			fmt.Sprintf("must be a game-year from %d (games start in %d), got %d", FirstYear, FirstYear, p.Eliminated))
	case p.Eliminated != 0 && p.Years != p.Eliminated-FirstYear+1:
		played := p.Eliminated - FirstYear + 1
		return wordedErr(pp+".years", "scoring.armada_eliminated_years",
			map[string]any{"Player": p.ID, "Year": p.Eliminated, "Played": played, "First": FirstYear, "Got": p.Years},
			fmt.Sprintf("%s was eliminated in %d, so played %d years (games start in %d), not %d",
				p.ID, p.Eliminated, played, FirstYear, p.Years))
	case p.Eliminated != 0 && p.Centers != 0:
		return wordedErr(pp+".centers", "scoring.armada_eliminated_centres", map[string]any{"Player": p.ID, "Year": p.Eliminated, "Centers": p.Centers},
			fmt.Sprintf("%s was eliminated in %d but owns %d centres", p.ID, p.Eliminated, p.Centers))
	}
	return nil
}

// checkArmadaYears checks that the players' lengths agree: every survivor played the game to
// its end, so all of them played the same years, and nobody was eliminated after it ended.
func checkArmadaYears(players []ArmadaPlayer) error {
	length, first := int64(0), -1
	for i, p := range players {
		if p.Eliminated != 0 {
			continue
		}
		if first < 0 {
			length, first = p.Years, i
			continue
		}
		if p.Years != length {
			return wordedErr(strictjson.Index("players", i)+".years", "scoring.armada_survivor_years",
				map[string]any{"Player": p.ID, "Years": length, "Other": players[first].ID, "Got": p.Years},
				fmt.Sprintf("%s survived, so played the game's %d years like %s, not %d", p.ID, length, players[first].ID, p.Years))
		}
	}
	if first < 0 {
		return nil // nobody survived: the winners' checks refuse the game
	}
	for i, p := range players {
		if p.Eliminated != 0 && p.Years > length {
			end := FirstYear - 1 + length
			return wordedErr(strictjson.Index("players", i)+".eliminated", "scoring.armada_eliminated_after_end",
				map[string]any{"Player": p.ID, "Year": p.Eliminated, "End": end, "Years": length},
				fmt.Sprintf("%s was eliminated in %d, after the game ended in %d (the survivors played %d years)", p.ID, p.Eliminated, end, length))
		}
	}
	return nil
}

// scoreArmadaJSON decodes CONTRACT section 1's ARMADA input and scores it.
func scoreArmadaJSON(input []byte, o scoreOptions) (Result, error) {
	in, err := decodeArmadaJSON(input, o)
	if err != nil {
		return Result{}, err
	}
	return ScoreArmada(in)
}

// decodeArmadaJSON decodes CONTRACT section 1's ARMADA input.
func decodeArmadaJSON(input []byte, o scoreOptions) (ArmadaInput, error) {
	doc, err := o.decodeDocument(input, "outcome", "players", "winners")
	if err != nil {
		return ArmadaInput{}, err
	}
	var in ArmadaInput
	outcome, err := doc.id("outcome")
	if err != nil {
		return ArmadaInput{}, err
	}
	in.Outcome = ArmadaOutcome(outcome)
	items, err := doc.array("players")
	if err != nil {
		return ArmadaInput{}, err
	}
	if len(items) > maxPlayers {
		return ArmadaInput{}, fieldErr("players", "%d players, at most 7", len(items))
	}
	for i, raw := range items {
		obj, err := decodeObject(raw, strictjson.Index("players", i), "id", "centers", "years", "eliminated")
		if err != nil {
			return ArmadaInput{}, err
		}
		var p ArmadaPlayer
		if p.ID, err = obj.id("id"); err != nil {
			return ArmadaInput{}, err
		}
		if p.Centers, err = obj.count("centers", 0, nil); err != nil {
			return ArmadaInput{}, err
		}
		if p.Years, err = obj.count("years", 0, nil); err != nil {
			return ArmadaInput{}, err
		}
		none := int64(0)
		if p.Eliminated, err = obj.count("eliminated", 1, &none); err != nil {
			return ArmadaInput{}, err
		}
		in.Players = append(in.Players, p)
	}
	winners, err := doc.array("winners")
	if err != nil {
		return ArmadaInput{}, err
	}
	if len(winners) > maxPlayers {
		return ArmadaInput{}, fieldErr("winners", "%d winners, at most 7", len(winners))
	}
	for i, raw := range winners {
		path := strictjson.Index("winners", i)
		w, err := parseID(raw, path)
		if err != nil {
			return ArmadaInput{}, err
		}
		in.Winners = append(in.Winners, w)
	}
	return in, nil
}
