package scoring

import (
	"errors"
	"fmt"
	"slices"
	"strconv"

	"github.com/tablestakes/tablestakes/strictjson"
)

// SupercatFinalAmbition is one ambition scored at the end of a companion game's last
// chapter, as the player enters it instead of everyone's final Power: its markers and each
// seat's count and bonus, the player's first, then each bot's in seat order.
type SupercatFinalAmbition struct {
	// Ambition is the ambition scored, each at most once.
	Ambition Ambition
	// Markers are the ambition markers on it, each listing the Power for 1st and 2nd place
	// (and 3rd, where the version's markers show it).
	Markers [][]int64
	// Counts are each seat's total of what the ambition counts.
	Counts []int64
	// Bonus is each seat's extra Power for an untied first place (0, 2 or 5; city slots);
	// nil for none.
	Bonus []int64
	// Neutral is, in a two-seat game (the player against one bot), the count of the
	// resources on the ambition box.
	Neutral int64
}

// SupercatFinalSeatID names seat i (0: the player, then the bots by seat) in the Arcs
// scorer's input and explanations.
func SupercatFinalSeatID(i int) string {
	if i == 0 {
		return "player"
	}
	return "bot " + strconv.Itoa(i)
}

// CheckSupercatFinalAmbitions checks the ambitions entered for a game of seats seats (the
// player and the bots) played with version v, and returns every problem at once, each on
// its field: "ambitions[i].ambition", "ambitions[i].markers", "ambitions[i].counts[j]",
// "ambitions[i].bonus[j]", "ambitions[i].neutral". The markers follow the version's
// (Version.CheckMarkers); the rest follows CONTRACT section 1's arcs-ambition input.
func CheckSupercatFinalAmbitions(v Version, seats int, ambitions []SupercatFinalAmbition) FieldErrors {
	var errs FieldErrors
	if len(ambitions) == 0 {
		errs = append(errs, wordedErr("ambitions", "scoring.supercat_no_ambition", nil, "enter at least one ambition scored at the game's end"))
	}
	var seen []Ambition
	for i, a := range ambitions {
		path := strictjson.Index("ambitions", i)
		switch {
		case !slices.Contains(Ambitions, a.Ambition):
			errs = append(errs, wordedErr(path+".ambition", "scoring.supercat_choose_ambition", nil, "choose one of tycoon, tyrant, warlord, keeper, empath"))
		case slices.Contains(seen, a.Ambition):
			errs = append(errs, wordedErr(path+".ambition", "scoring.supercat_ambition_twice", map[string]any{"Ambition": string(a.Ambition)},
				fmt.Sprintf("%s is entered twice; enter all its markers once", a.Ambition)))
		}
		seen = append(seen, a.Ambition)
		errs = append(errs, checkSupercatMarkers(v, path+".markers", a.Markers)...)
		if len(a.Counts) != seats {
			errs = append(errs, wordedErr(path+".counts", "scoring.supercat_counts", map[string]any{"Seats": seats},
				fmt.Sprintf("give the count of each of the %d seats", seats)))
		}
		for j, c := range a.Counts {
			if c < 0 {
				errs = append(errs, negativeErr(strictjson.Index(path+".counts", j), strconv.FormatInt(c, 10)))
			}
		}
		if a.Bonus != nil && len(a.Bonus) != seats {
			errs = append(errs, wordedErr(path+".bonus", "scoring.supercat_bonuses", map[string]any{"Seats": seats},
				fmt.Sprintf("give the bonus of each of the %d seats", seats)))
		}
		for j, b := range a.Bonus {
			if b != 0 && b != 2 && b != 5 {
				errs = append(errs, arcsBonusErr(strictjson.Index(path+".bonus", j), b))
			}
		}
		switch {
		case a.Neutral < 0:
			errs = append(errs, negativeErr(path+".neutral", strconv.FormatInt(a.Neutral, 10)))
		case a.Neutral > 0 && seats != 2:
			errs = append(errs, neutralTwoPlayersErr(path+".neutral", seats))
		}
	}
	return errs
}

// checkSupercatMarkers checks one ambition's markers: at least one, each 2 or 3 values of 0
// or more, no more values than the version's markers show.
func checkSupercatMarkers(v Version, path string, markers [][]int64) FieldErrors {
	if len(markers) == 0 {
		return FieldErrors{wordedErr(path, "scoring.arcs_no_markers", nil, "no markers, need at least 1")}
	}
	for _, m := range markers {
		if len(m) != 2 && len(m) != 3 {
			return FieldErrors{wordedErr(path, "scoring.supercat_marker_values", map[string]any{"Got": len(m)},
				fmt.Sprintf("%d values on a marker, want 2 (1st, 2nd) or 3 (1st, 2nd, 3rd)", len(m)))}
		}
		if slices.Min(m) < 0 {
			return FieldErrors{wordedErr(path, "scoring.supercat_marker_negative", nil, "a marker's Power must not be negative")}
		}
	}
	var fe *FieldError
	if errors.As(v.CheckMarkers(markers), &fe) {
		return FieldErrors{wordedErr(path, fe.ID, fe.Data, fe.Problem)}
	}
	return nil
}

// SupercatFinalPower is everyone's final Power when a companion game is finished by its
// ambition results: before is each seat's Power before the last scoring (the player's, then
// each bot's), and each ambition adds what the Arcs scorer awards its places
// (ScoreArcsAmbition: arcs-tied-ambitions.txt's places, "a player with count 0 gains
// nothing"). explanations has one line per ambition and seat. Bad input is every problem at
// once (CheckSupercatFinalAmbitions).
func SupercatFinalPower(v Version, before []int, ambitions []SupercatFinalAmbition) (final []int, explanations []string, err error) {
	if errs := CheckSupercatFinalAmbitions(v, len(before), ambitions); len(errs) > 0 {
		return nil, nil, errs
	}
	final = slices.Clone(before)
	for i, a := range ambitions {
		in := ArcsInput{Markers: a.Markers, Neutral: a.Neutral}
		for j, c := range a.Counts {
			p := ArcsPlayer{ID: SupercatFinalSeatID(j), Count: c}
			if a.Bonus != nil {
				p.Bonus = a.Bonus[j]
			}
			in.Players = append(in.Players, p)
		}
		res, err := ScoreArcsAmbition(in)
		if err != nil {
			return nil, nil, fmt.Errorf("%s: %w", strictjson.Index("ambitions", i), err)
		}
		for j, r := range res.Results {
			final[j] += int(r.Points.Num().Int64())
			explanations = append(explanations, fmt.Sprintf("%s, %s: %s", a.Ambition, r.ID, r.Explanation))
		}
	}
	return final, explanations, nil
}
