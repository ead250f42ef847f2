package main

import (
	"bytes"
	"context"
	"encoding/json"
	"errors"
	"strings"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// rated is `tablestakes rate` output read with exact numbers.
type rated struct {
	Ratings []struct {
		ID     string      `json:"id"`
		Rating json.Number `json:"rating"`
		Games  int         `json:"games"`
	} `json:"ratings"`
	Games []struct {
		ID      string `json:"id"`
		System  string `json:"system"`
		Players []struct {
			ID           string      `json:"id"`
			Ante         json.Number `json:"ante"`
			Award        json.Number `json:"award"`
			Delta        json.Number `json:"delta"`
			Substitute   string      `json:"substitute"`
			Winner       bool        `json:"winner"`
			Credited     string      `json:"credited"`
			RatingBefore json.Number `json:"rating_before"`
			RatingAfter  json.Number `json:"rating_after"`
		} `json:"players"`
	} `json:"games"`
}

// runRateText runs `tablestakes rate` on input and returns stdout.
func runRateText(t *testing.T, input string) (string, error) {
	t.Helper()
	var out bytes.Buffer
	err := run(context.Background(), []string{"rate"}, strings.NewReader(input), &out)
	return out.String(), err
}

// rate runs `tablestakes rate` on input, which must succeed, and decodes its output.
func rate(t *testing.T, input string) rated {
	t.Helper()
	text, err := runRateText(t, input)
	require.NoError(t, err)
	dec := json.NewDecoder(strings.NewReader(text))
	dec.UseNumber()
	var r rated
	require.NoError(t, dec.Decode(&r))
	return r
}

// The seed's ARMADA solo of seven players, all at the initial rating of 0: ENG solos, AUS
// is eliminated in 1905 after 5 years (order 1: 1 × 5 + 0 = 5), the surviving losers have
// order 2 and 10 years (2 × 10 + centres), and ENG takes 420 − 121 + 18 − 18 = 299.
const armadaSolo = `{"id":"d1","system":"armada","input":{"outcome":"solo","players":[
	{"id":"AUS","centers":0,"years":5,"eliminated":1905},
	{"id":"ENG","centers":18,"years":10},
	{"id":"FRA","centers":5,"years":10},
	{"id":"GER","centers":4,"years":10},
	{"id":"ITA","centers":3,"years":10},
	{"id":"RUS","centers":3,"years":10},
	{"id":"TUR","centers":1,"years":10}],"winners":["ENG"]}}`

func TestRateArmadaSolo(t *testing.T) {
	t.Parallel()
	r := rate(t, `{"games":[`+armadaSolo+`]}`)
	require.Len(t, r.Games, 1)
	g := r.Games[0]
	assert.Equal(t, "d1", g.ID)
	assert.Equal(t, "armada", g.System)
	wantAward := map[string]string{"AUS": "5", "ENG": "299", "FRA": "25", "GER": "24", "ITA": "23", "RUS": "23", "TUR": "21"}
	wantDelta := map[string]string{"AUS": "-55", "ENG": "239", "FRA": "-35", "GER": "-36", "ITA": "-37", "RUS": "-37", "TUR": "-39"}
	ids := []string{}
	for _, p := range g.Players {
		ids = append(ids, p.ID)
		assert.Equal(t, "60", p.Ante.String(), "CONTRACT: seven players at 0 ante 60 each")
		assert.Equal(t, wantAward[p.ID], p.Award.String(), p.ID)
		assert.Equal(t, wantDelta[p.ID], p.Delta.String(), p.ID)
		assert.Equal(t, p.ID == "ENG", p.Winner)
		assert.Equal(t, p.ID, p.Credited)
		assert.Equal(t, "0", p.RatingBefore.String())
		assert.Equal(t, wantDelta[p.ID], p.RatingAfter.String())
	}
	assert.Equal(t, []string{"AUS", "ENG", "FRA", "GER", "ITA", "RUS", "TUR"}, ids, "seats in input order")

	// Ratings: highest first.
	var order []string
	for _, s := range r.Ratings {
		order = append(order, s.ID)
		assert.Equal(t, wantDelta[s.ID], s.Rating.String())
		assert.Equal(t, 1, s.Games)
	}
	assert.Equal(t, []string{"ENG", "FRA", "GER", "ITA", "RUS", "TUR", "AUS"}, order)
}

func TestRateSeasonWithReplacement(t *testing.T) {
	t.Parallel()
	// g1: placement of four (12-6-2-0 points) shares a pot of 60 a seat, 240, as
	// 144-72-24-0 against antes of 60. g2: an ARMADA two-way draw at 17 centres each, 210
	// apiece of ARMADA's 420; X's seat was finished by B as a winner with an award above the
	// ante, so B takes the delta, while the ante comes from X's rating (0), not B's (12).
	input := `{"games":[
	 {"id":"g1","system":"placement","input":{"players":[{"id":"A","score":10},{"id":"B","score":8},{"id":"C","score":5},{"id":"D","score":1}]}},
	 {"id":"g2","system":"armada","input":{"outcome":"draw","players":[{"id":"A","centers":17,"years":10},{"id":"X","centers":17,"years":10}],"winners":["A","X"]},"replaced":{"X":"B"}}]}`
	r := rate(t, input)
	require.Len(t, r.Games, 2)

	g1 := r.Games[0]
	for i, want := range [][3]string{{"60", "144", "84"}, {"60", "72", "12"}, {"60", "24", "-36"}, {"60", "0", "-60"}} {
		p := g1.Players[i]
		assert.Equal(t, want, [3]string{p.Ante.String(), p.Award.String(), p.Delta.String()}, p.ID)
	}

	g2 := r.Games[1]
	a, x := g2.Players[0], g2.Players[1]
	// Σ R + 210 × 2 = 84 + 0 + 420 = 504: A antes 420 × 294/504 = 245, X antes
	// 420 × 210/504 = 175.
	assert.Equal(t, []string{"245", "210", "-35", "84", "49"},
		[]string{a.Ante.String(), a.Award.String(), a.Delta.String(), a.RatingBefore.String(), a.RatingAfter.String()})
	assert.Equal(t, "X", x.ID)
	assert.Equal(t, "B", x.Substitute)
	assert.Equal(t, "B", x.Credited, "seed 4.2: the winning substitute takes the delta")
	assert.Equal(t, []string{"175", "210", "35", "12", "47"},
		[]string{x.Ante.String(), x.Award.String(), x.Delta.String(), x.RatingBefore.String(), x.RatingAfter.String()})

	got := map[string][2]string{}
	for _, s := range r.Ratings {
		got[s.ID] = [2]string{s.Rating.String(), strings.Repeat("I", s.Games)}
	}
	assert.Equal(t, map[string][2]string{
		"A": {"49", "II"}, "B": {"47", "II"}, "X": {"0", ""}, "C": {"-36", "I"}, "D": {"-60", "I"},
	}, got)
	var order []string
	for _, s := range r.Ratings {
		order = append(order, s.ID)
	}
	assert.Equal(t, []string{"A", "B", "X", "C", "D"}, order)
}

func TestRateRoundsByLargestRemainder(t *testing.T) {
	t.Parallel()
	// Nine players with the same score: a pot of 60 a seat makes every ante and award 60.
	var players []string
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g", "h", "i"} {
		players = append(players, `{"id":"`+id+`","score":3}`)
	}
	r := rate(t, `{"games":[{"id":"n","system":"placement","input":{"players":[`+strings.Join(players, ",")+`]}}]}`)
	for _, p := range r.Games[0].Players {
		assert.Equal(t, "60", p.Ante.String(), p.ID)
		assert.Equal(t, "60", p.Award.String(), p.ID)
		assert.Equal(t, "0", p.Delta.String(), p.ID)
	}

	// Eight players, seven tied on top: each of the seven has 168/7 = 24 points and takes
	// 480 × 24/168 = 68.571428|57; the four missing millionths go to the first four seats.
	// Then a, e and h (8.571429, 8.571428, −60) stake 180: Σ R + 630 = 587.142857, antes
	// 67.007299|42, 67.007299|11 and 45.985401|47; the missing millionth goes to h's
	// larger remainder, a later seat.
	players = players[:0]
	for _, id := range []string{"a", "b", "c", "d", "e", "f", "g"} {
		players = append(players, `{"id":"`+id+`","score":3}`)
	}
	players = append(players, `{"id":"h","score":1}`)
	r = rate(t, `{"games":[{"id":"n","system":"placement","input":{"players":[`+strings.Join(players, ",")+`]}},
		{"id":"m","system":"placement","input":{"players":[{"id":"a","score":1},{"id":"e","score":1},{"id":"h","score":1}]}}]}`)
	for i, p := range r.Games[0].Players {
		want := map[bool]string{true: "68.571429", false: "68.571428"}[i < 4]
		if p.ID == "h" {
			want = "0"
		}
		assert.Equal(t, "60", p.Ante.String(), p.ID)
		assert.Equal(t, want, p.Award.String(), p.ID)
	}
	var antes []string
	for _, p := range r.Games[1].Players {
		antes = append(antes, p.Ante.String())
		assert.Equal(t, "60", p.Award.String(), p.ID)
	}
	assert.Equal(t, []string{"67.007299", "67.007299", "45.985402"}, antes)
}

func TestRateIsByteIdentical(t *testing.T) {
	t.Parallel()
	input := `{"games":[` + armadaSolo + `,
	 {"id":"v1","system":"vortex","input":{"players":[{"id":"ENG","score":90},{"id":"FRA","score":70},{"id":"AUS","score":40},{"id":"TUR","score":50}]}},
	 {"id":"p1","system":"placement","input":{"players":[{"id":"ITA","score":2},{"id":"ENG","score":2},{"id":"GER","score":1}]}}]}`
	first, err := runRateText(t, input)
	require.NoError(t, err)
	second, err := runRateText(t, input)
	require.NoError(t, err)
	assert.Equal(t, first, second)

	// And the ratings still sum to zero (in millionths, summed exactly).
	r := rate(t, input)
	var total int64
	for _, s := range r.Ratings {
		total += micros(t, s.Rating.String())
	}
	assert.Equal(t, int64(0), total)
}

func TestRateEmptyLadder(t *testing.T) {
	t.Parallel()
	text, err := runRateText(t, `{"games":[]}`)
	require.NoError(t, err)
	assert.JSONEq(t, `{"ratings":[],"games":[]}`, text)
}

func TestRateBadInput(t *testing.T) {
	t.Parallel()
	two := `{"players":[{"id":"A","score":10},{"id":"B","score":8}]}`
	tests := []struct {
		name  string
		input string
		want  string
	}{
		{"unknown system", `{"games":[{"id":"g1","system":"chess","input":` + two + `}]}`,
			`games[0].system: unknown system "chess" (want one of placement, blue-max, wooden-ships, vortex, armada, arcs-ambition)`},
		{"fewer than 2 players", `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1}]}}]}`,
			`games[0].input.players: 1 player(s), need at least 2`},
		{"duplicate players", `{"games":[{"id":"g1","system":"placement","input":` + two + `},{"id":"g2","system":"vortex","input":{"players":[{"id":"A","score":1},{"id":"A","score":2}]}}]}`,
			`games[1].input.players[1].id: duplicate id "A" (also players[0].id)`},
		{"substitute holds another seat", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":"B"}}]}`,
			`games[0].replaced.A: substitute "B" already holds another seat in this game`},
		{"substitute replaces two seats", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":"X","B":"X"}}]}`,
			`games[0].replaced.B: substitute "X" already holds another seat in this game`},
		{"replaced seat not in the game", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"Z":"X"}}]}`,
			`games[0].replaced.Z: no player "Z" in this game`},
		{"empty substitute", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":""}}]}`,
			`games[0].replaced.A: missing substitute`},
		{"replaced not an object", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":["A"]}]}`,
			`games[0].replaced: must be an object, got an array`},
		{"substitute not UTF-8", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":"X` + "\xff" + `"}}]}`,
			`games[0].replaced.A: must be valid UTF-8`},
		{"game id not UTF-8", `{"games":[{"id":"g` + "\xff" + `","system":"placement","input":` + two + `}]}`, `games[0].id: must be valid UTF-8`},
		{"player id not UTF-8", `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A","score":1},{"id":"` + "\xff" + `","score":2}]}}]}`,
			`games[0].input.players[1].id: must be valid UTF-8`},
		{"missing id", `{"games":[{"system":"placement","input":` + two + `}]}`, `games[0].id: missing`},
		{"missing system", `{"games":[{"id":"g1","input":` + two + `}]}`, `games[0].system: missing`},
		{"missing input", `{"games":[{"id":"g1","system":"placement"}]}`, `games[0].input: missing`},
		{"bad score input", `{"games":[{"id":"g1","system":"placement","input":{"players":[{"id":"A"},{"id":"B","score":1}]}}]}`,
			`games[0].input.players[0].score: missing`},
		{"game field given twice", `{"games":[{"id":"g1","id":"g2","system":"placement","input":` + two + `}]}`, `games[0].id: given twice`},
		{"seat replaced twice", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":"X","A":"Y"}}]}`,
			`games[0].replaced.A: given twice`},
		{"substitute not a string", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A":7}}]}`,
			`games[0].replaced.A: must be a string, got a number`},
		{"replaced seat with a newline", `{"games":[{"id":"g1","system":"placement","input":` + two + `,"replaced":{"A\nB":"X"}}]}`,
			`games[0].replaced."A\nB": no player "A\nB" in this game`},
		{"game id with a control character", `{"games":[{"id":"g\u0007","system":"placement","input":` + two + `}]}`,
			`games[0].id: must not contain control characters, got "g\a"`},
		{"input not an object", `{"games":[{"id":"g1","system":"placement","input":[1]}]}`, `games[0].input: must be an object, got an array`},
		{"missing games", `{}`, `games: missing`},
		{"games not an array", `{"games":{}}`, `games: must be an array of games`},
		{"game not an object", `{"games":[1]}`, `games[0]: must be an object, got a number`},
		{"not an object", `[]`, `input: want a JSON object with "games", got array`},
		{"empty", ``, `input: empty, want {"games":[...]}`},
		{"malformed", `{"games":[`, `input: malformed JSON at byte 10: unexpected end of JSON input`},
		{"malformed game", `{"games":[{"id":"g1",}]}`, `input: malformed JSON at byte 22: invalid character '}' looking for beginning of object key string`},
		{"malformed number", `{"games":[], "n": 1.}`, `input: malformed JSON at byte 21: invalid character '}' after decimal point in numeric literal`},
		{"no value", `{"games":]}`, `input: malformed JSON at byte 10: invalid character ']' looking for beginning of value`},
		{"games given twice", `{"games":[],"games":[]}`, `games: given twice`},
		{"games null", `{"games":null}`, `games: missing`},
		{"data after the object", `{"games":[]} x`, `input: unexpected data after the JSON object at byte 14`},
		{"a second object", `{"games":[]}{}`, `input: unexpected data after the JSON object at byte 13`},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			text, err := runRateText(t, tt.input)
			require.Error(t, err)
			var bad *inputError
			assert.True(t, errors.As(err, &bad), "exit status 2")
			assert.Equal(t, tt.want, err.Error())
			assert.NotContains(t, err.Error(), "\n")
			assert.Empty(t, text, "nothing written on bad input")
		})
	}

	var out bytes.Buffer
	err := run(context.Background(), []string{"rate", "extra"}, strings.NewReader(`{"games":[]}`), &out)
	var bad *inputError
	require.True(t, errors.As(err, &bad))
}

// micros parses a decimal number of points into integer millionths.
func micros(t *testing.T, s string) int64 {
	t.Helper()
	neg := strings.HasPrefix(s, "-")
	s = strings.TrimPrefix(s, "-")
	whole, frac, _ := strings.Cut(s, ".")
	require.LessOrEqual(t, len(frac), 6, "more than millionths: %s", s)
	frac += strings.Repeat("0", 6-len(frac))
	var v int64
	for _, c := range whole + frac {
		require.True(t, c >= '0' && c <= '9', "not a decimal: %s", s)
		v = v*10 + int64(c-'0')
	}
	if neg {
		return -v
	}
	return v
}

func TestRateIgnoresOtherGameFields(t *testing.T) {
	t.Parallel()
	// As before the league decoder read the games: a game's other keys (a date, a note) are
	// skipped, like the input's other top-level keys.
	r := rate(t, `{"season":1,"games":[{"id":"g1","date":"2026-11-23","system":"placement","input":{"players":[{"id":"A","score":2},{"id":"B","score":1}]}}]}`)
	require.Len(t, r.Games, 1)
	assert.Equal(t, "120", r.Games[0].Players[0].Award.String())
}
