package scoring

import (
	"encoding/json"
	"fmt"
	"strings"
)

// RescorePlaces rescores a stored result of system from its stored input (the body as
// submitted, the app's fields included) and returns each player's place as the scorer
// gives it now, by lower-case id, and the stored output with those places; the output
// keeps its own ids (the seated usernames). ok is false when the scorer now refuses the
// input or the output does not decode: such a result keeps what it has.
func RescorePlaces(system System, input, output []byte) (places map[string]int, rescored []byte, ok bool, err error) {
	in, err := DecodeResultInput(input)
	if err != nil {
		return nil, nil, false, nil
	}
	res, err := Score(system, in.Scorer)
	if err != nil {
		return nil, nil, false, nil
	}
	var out Result
	if err := json.Unmarshal(output, &out); err != nil {
		return nil, nil, false, nil
	}
	places = make(map[string]int, len(res.Results))
	for i, place := range Places(res.Results) {
		places[strings.ToLower(res.Results[i].ID)] = place
	}
	for i := range out.Results {
		out.Results[i].Place = places[strings.ToLower(out.Results[i].ID)]
	}
	if rescored, err = json.Marshal(out); err != nil {
		return nil, nil, false, fmt.Errorf("encode rescored result: %w", err)
	}
	return places, rescored, true, nil
}
