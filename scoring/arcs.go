package scoring

import (
	"fmt"
	"math/big"
	"sort"
	"strconv"
	"strings"

	"github.com/tablestakes/tablestakes/strictjson"
)

// Arcs ambitions (arcs-tied-ambitions.txt and CONTRACT section 1, "arcs-ambition").

// ArcsInput is one ambition scored at the end of an Arcs chapter.
type ArcsInput struct {
	// Markers are the ambition markers in the box, each listing the Power for 1st and 2nd
	// place (and 3rd, with the five-player expansion markers).
	Markers [][]int64
	// Players are the players' counts of what the ambition counts, in input order.
	Players []ArcsPlayer
	// Neutral is, in a two-player game, the count of the resources on the ambition box; it
	// places like a third player but gains nothing. It must be 0 with more players.
	Neutral int64
}

// ArcsPlayer is one player's standing for an ambition.
type ArcsPlayer struct {
	// ID identifies the player.
	ID string
	// Count is the player's total of what the ambition counts.
	Count int64
	// Bonus is 0, 2 or 5 extra Power for an untied first place (city slots).
	Bonus int64
}

// neutralIndex stands for the two-player neutral count in the place walk.
const neutralIndex = -1

// AmbitionPlaces walks the counts from the highest down with a current place p starting
// at 1 (CONTRACT section 1, generalising arcs-tied-ambitions.txt's "When players tie for a
// place, they all get points for the next lower place. Players scoring lower also drop to
// the next place."): a player alone at a count takes place p and p grows by 1; players tied
// at a count all take place p+1 and p grows by 2. counts are indexed like the players; the
// returned places too.
func AmbitionPlaces(counts []int64) []int {
	order := make([]int, len(counts))
	for i := range order {
		order[i] = i
	}
	sort.SliceStable(order, func(a, b int) bool { return counts[order[a]] > counts[order[b]] })
	places := make([]int, len(counts))
	p := 1
	for start := 0; start < len(order); {
		end := start + 1
		for end < len(order) && counts[order[end]] == counts[order[start]] {
			end++
		}
		if end-start == 1 {
			places[order[start]] = p
			p++
		} else {
			for _, i := range order[start:end] {
				places[i] = p + 1
			}
			p += 2
		}
		start = end
	}
	return places
}

// ScoreArcsAmbition scores one ambition: place q gains the q-th value of every marker
// ("The player who gets first place for the ambition gains the higher Power shown on all its
// ambition markers"; nothing where a marker has no q-th value); an untied first place adds
// the player's bonus once; "a player with count 0 gains nothing" (CONTRACT). In a two-player
// game the neutral count places like a third player and gains nothing.
func ScoreArcsAmbition(in ArcsInput) (Result, error) {
	if err := checkArcs(in); err != nil {
		return Result{}, err
	}
	counts := make([]int64, 0, len(in.Players)+1)
	for _, p := range in.Players {
		counts = append(counts, p.Count)
	}
	twoPlayer := len(in.Players) == 2
	if twoPlayer {
		counts = append(counts, in.Neutral)
	}
	places := AmbitionPlaces(counts)
	tiedAt := func(i int) []string { // the others (players or the neutral) sharing i's count
		var ids []string
		for j, c := range counts {
			if j == i || c != counts[i] {
				continue
			}
			if j < len(in.Players) {
				ids = append(ids, in.Players[j].ID)
			} else {
				ids = append(ids, "the neutral count")
			}
		}
		return ids
	}

	results := make([]PlayerResult, len(in.Players))
	for i, p := range in.Players {
		place := places[i]
		tied := tiedAt(i)
		res := PlayerResult{ID: p.ID, Points: new(big.Rat), Place: place}
		standing := fmt.Sprintf("count %d", p.Count)
		if len(tied) > 0 {
			// The walk moves a tie one place down: tied for p, they all take p+1.
			standing += fmt.Sprintf(", tied with %s for %s", ListAnd(tied), Ordinal(place-1))
		}
		if p.Count == 0 {
			res.Explanation = fmt.Sprintf("%s: a count of 0 gains nothing", standing)
			results[i] = res
			continue
		}
		var terms []string
		var total int64
		for _, m := range in.Markers {
			if place <= len(m) {
				total += m[place-1]
				terms = append(terms, fmt.Sprint(m[place-1]))
			}
		}
		if len(terms) == 0 {
			res.Explanation = fmt.Sprintf("%s: %s place, which the markers do not pay", standing, Ordinal(place))
			results[i] = res
			continue
		}
		expl := fmt.Sprintf("%s: %s place, %s from the markers", standing, Ordinal(place), strings.Join(terms, " + "))
		if place == 1 && p.Bonus > 0 {
			total += p.Bonus
			expl += fmt.Sprintf(" + %d bonus for an untied first place", p.Bonus)
		}
		res.Points = ratInt(total)
		res.Explanation = expl + fmt.Sprintf(" = %d Power", total)
		results[i] = res
	}
	markWinners(results)
	return Result{System: ArcsAmbition, Results: results}, nil
}

// checkArcs validates an ambition's input.
func checkArcs(in ArcsInput) error {
	if len(in.Markers) == 0 {
		return wordedErr("markers", "scoring.arcs_no_markers", nil, "no markers, need at least 1")
	}
	for i, m := range in.Markers {
		mp := strictjson.Index("markers", i)
		if len(m) != 2 && len(m) != 3 {
			return markerValuesErr(mp, len(m))
		}
		for j, v := range m {
			if v < 0 {
				return negativeErr(strictjson.Index(mp, j), strconv.FormatInt(v, 10))
			}
		}
	}
	if err := checkPlayerCount(len(in.Players), 2, 5, "players"); err != nil {
		return err
	}
	ids := make([]string, len(in.Players))
	for i, p := range in.Players {
		pp := strictjson.Index("players", i)
		ids[i] = p.ID
		if p.Count < 0 {
			return negativeErr(pp+".count", strconv.FormatInt(p.Count, 10))
		}
		if p.Bonus != 0 && p.Bonus != 2 && p.Bonus != 5 {
			return arcsBonusErr(pp+".bonus", p.Bonus)
		}
	}
	if err := checkIDs(ids, func(i int) string { return strictjson.Index("players", i) + ".id" }); err != nil {
		return err
	}
	switch {
	case in.Neutral < 0:
		return negativeErr("neutral", strconv.FormatInt(in.Neutral, 10))
	case in.Neutral > 0 && len(in.Players) != 2:
		return neutralTwoPlayersErr("neutral", len(in.Players))
	}
	return nil
}

// markerValuesErr is the problem of an ambition marker showing neither two nor three values.
func markerValuesErr(path string, got int) *FieldError {
	return wordedErr(path, "scoring.arcs_marker_values", map[string]any{"Got": got},
		fmt.Sprintf("%d values, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)", got))
}

// arcsBonusErr is the problem of a bonus for an untied first place other than the city
// slots' 0, 2 or 5.
func arcsBonusErr(path string, got int64) *FieldError {
	return wordedErr(path, "scoring.arcs_bonus", map[string]any{"Got": got}, fmt.Sprintf("must be 0, 2 or 5, got %d", got))
}

// neutralTwoPlayersErr is the problem of a neutral count in a game of players players, not
// two.
func neutralTwoPlayersErr(path string, players int) *FieldError {
	return wordedErr(path, "scoring.arcs_neutral_two_players", map[string]any{"Players": players},
		fmt.Sprintf("only two-player games count the neutral resources, this game has %d players", players))
}

// scoreArcsAmbitionJSON decodes CONTRACT section 1's Arcs ambition input and scores it.
func scoreArcsAmbitionJSON(input []byte, o scoreOptions) (Result, error) {
	in, err := decodeArcsAmbitionJSON(input, o)
	if err != nil {
		return Result{}, err
	}
	return ScoreArcsAmbition(in)
}

// decodeArcsAmbitionJSON decodes CONTRACT section 1's Arcs ambition input.
func decodeArcsAmbitionJSON(input []byte, o scoreOptions) (ArcsInput, error) {
	doc, err := o.decodeDocument(input, "markers", "players", "neutral")
	if err != nil {
		return ArcsInput{}, err
	}
	var in ArcsInput
	markers, err := doc.array("markers")
	if err != nil {
		return ArcsInput{}, err
	}
	if len(markers) > maxPlayers {
		return ArcsInput{}, fieldErr("markers", "%d markers, at most %d", len(markers), maxPlayers)
	}
	for i, raw := range markers {
		values, err := decodeArray(raw, strictjson.Index("markers", i))
		if err != nil {
			return ArcsInput{}, err
		}
		if len(values) != 2 && len(values) != 3 {
			return ArcsInput{}, markerValuesErr(strictjson.Index("markers", i), len(values))
		}
		marker := make([]int64, len(values))
		for j, v := range values {
			if marker[j], err = parseCount(v, strictjson.Index(strictjson.Index("markers", i), j), 0); err != nil {
				return ArcsInput{}, err
			}
		}
		in.Markers = append(in.Markers, marker)
	}
	players, err := doc.array("players")
	if err != nil {
		return ArcsInput{}, err
	}
	if len(players) > maxPlayers {
		return ArcsInput{}, fieldErr("players", "%d players, at most 5", len(players))
	}
	zero := int64(0)
	for i, raw := range players {
		obj, err := decodeObject(raw, strictjson.Index("players", i), "id", "count", "bonus")
		if err != nil {
			return ArcsInput{}, err
		}
		var p ArcsPlayer
		if p.ID, err = obj.id("id"); err != nil {
			return ArcsInput{}, err
		}
		if p.Count, err = obj.count("count", 0, nil); err != nil {
			return ArcsInput{}, err
		}
		if p.Bonus, err = obj.count("bonus", 0, &zero); err != nil {
			return ArcsInput{}, err
		}
		in.Players = append(in.Players, p)
	}
	if in.Neutral, err = doc.count("neutral", 0, &zero); err != nil {
		return ArcsInput{}, err
	}
	return in, nil
}
