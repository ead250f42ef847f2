package scoring

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// seat builds a Vortex seat for test tables.
func seat(id string, start int, tokens ...int) VortexSeat {
	s := VortexSeat{ID: id, Start: start}
	copy(s.Tokens[:], tokens)
	return s
}

func TestScoreVortexPosition(t *testing.T) {
	t.Parallel()
	tests := []struct {
		name   string
		die    int
		seats  []VortexSeat
		scores []string   // exact, per seat
		worth  [][]string // exact worth of each token, per seat (nil: not checked)
	}{
		{
			// vortex-mechanics.txt, "The Algorithm, written better": RED 18 cells in, BLUE 5;
			// BLUE bumps RED with a 5 (1/6), BLUE stands on a safe square.
			name:   "seed: RED 150, BLUE 50",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 18), seat("BLUE", 8, 5)},
			scores: []string{"150", "50"},
			worth:  [][]string{{"150", "0", "0", "0"}, {"50", "0", "0", "0"}},
		},
		{
			// "Another Algorithm example": d12, RED, CYAN and BLUE each one token 3 cells in.
			name:   "seed: d12 three players 22.5, 22.5, 20",
			die:    12,
			seats:  []VortexSeat{seat("RED", 0, 3), seat("CYAN", 4, 3), seat("BLUE", 8, 3)},
			scores: []string{"45/2", "45/2", "20"},
		},
		{
			// "The Algorithm" 2): RED 6 cells in, a Blue piece four spaces behind: 60 − 60/6.
			name:   "seed: one blue piece four behind",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 6), seat("BLUE", 12, 6)},
			scores: []string{"50", "50"},
		},
		{
			// "The Algorithm" 3): another Blue piece 5 spaces behind: 60 − 60 × 2/6.
			name:   "seed: blue pieces four and five behind",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 6), seat("BLUE", 12, 6, 5)},
			scores: []string{"40", "100"},
			worth:  [][]string{{"40", "0", "0", "0"}, {"50", "50", "0", "0"}},
		},
		{
			name:   "die: a d4 cannot reach the seed's 5",
			die:    4,
			seats:  []VortexSeat{seat("RED", 0, 18), seat("BLUE", 8, 5)},
			scores: []string{"180", "50"},
		},
		{
			// BLUE's token 5 behind (r = 5) and a new token from BLUE's start (r = 10).
			name:   "die: a d12 adds the new token from start",
			die:    12,
			seats:  []VortexSeat{seat("RED", 0, 18), seat("BLUE", 8, 5)},
			scores: []string{"150", "50"},
		},
		{
			name:  "safe squares 1, 5, 9 and 13 cannot be bumped",
			die:   6,
			seats: []VortexSeat{seat("RED", 0, 1, 5, 9, 13), seat("BLUE", 4, 2, 3, 4, 6)},
			// BLUE's cells 6, 7, 8 and 10 are hit by RED's rolls {1, 5}, {2, 6}, {3} and {1, 5}:
			// 20 × 4/6 + 30 × 4/6 + 40 × 5/6 + 60 × 4/6.
			scores: []string{"280", "320/3"},
			worth:  [][]string{{"10", "50", "90", "130"}, nil},
		},
		{
			name:   "centre: 250 and never bumped",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 25, 25), seat("BLUE", 8, 24, 23)},
			scores: []string{"500", "470"},
		},
		{
			// Die 1: CYAN (13 in, cell 1) and BLUE (9 in, cell 1) both bump RED's cell 2 with a 1.
			name:   "v is capped at 1",
			die:    1,
			seats:  []VortexSeat{seat("RED", 0, 2), seat("CYAN", 4, 13), seat("BLUE", 8, 9)},
			scores: []string{"0", "130", "90"},
		},
		{
			name:   "tokens at start are worth nothing",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0), seat("BLUE", 8)},
			scores: []string{"0", "0"},
		},
		{
			// BLUE's token 16 in stands on BLUE's start cell: it and a new token from start
			// both bump RED's cell 12 with a 4, which counts once: 120 × 5/6.
			name:   "distinct die results: one roll counted once",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 12, 25, 25, 25), seat("BLUE", 8, 16)},
			scores: []string{"850", "160"},
		},
		{
			// BLUE at 22 (cell 14) would need a 4 to reach RED's cell 2: 26 cells, past the centre.
			name:   "a roll cannot overshoot the centre",
			die:    6,
			seats:  []VortexSeat{seat("RED", 0, 2, 25, 25, 25), seat("BLUE", 8, 22, 25, 25, 25)},
			scores: []string{"770", "970"},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			pos, err := ScoreVortexPosition(VortexBoard{Die: tt.die, Players: tt.seats})
			require.NoError(t, err)
			require.Len(t, pos.Players, len(tt.seats))
			for i, p := range pos.Players {
				assert.Equal(t, tt.seats[i].ID, p.ID)
				assert.Equal(t, tt.scores[i], p.Score.RatString(), "score of %s", p.ID)
				if tt.worth != nil && tt.worth[i] != nil {
					var got []string
					for _, tok := range p.Tokens {
						got = append(got, tok.Worth.RatString())
					}
					assert.Equal(t, tt.worth[i], got, "token worth of %s", p.ID)
				}
			}
		})
	}
}

func TestScoreVortexPositionThreats(t *testing.T) {
	t.Parallel()
	pos, err := ScoreVortexPosition(VortexBoard{Die: 12, Players: []VortexSeat{
		seat("RED", 0, 3), seat("CYAN", 4, 3), seat("BLUE", 8, 3),
	}})
	require.NoError(t, err)
	red := pos.Players[0].Tokens[0]
	assert.Equal(t, 3, red.Cell)
	assert.False(t, red.Safe)
	assert.Equal(t, "1/4", red.Vulnerability.RatString())
	// "CYAN ... is 12 cells away"; BLUE is 8 behind and 11 with a new token.
	assert.Equal(t, []VortexThreat{{ID: "CYAN", Rolls: []int{12}}, {ID: "BLUE", Rolls: []int{8, 11}}}, red.Threats)
	start := pos.Players[0].Tokens[1]
	assert.True(t, start.Safe)
	assert.Equal(t, -1, start.Cell)
	assert.Empty(t, start.Threats)
}

func TestDecodeVortexBoard(t *testing.T) {
	t.Parallel()
	board, err := DecodeVortexBoard([]byte(`{"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`))
	require.NoError(t, err)
	assert.Equal(t, 6, board.Die, "die defaults to 6")
	pos, err := ScoreVortexPosition(board)
	require.NoError(t, err)
	out, err := json.Marshal(pos)
	require.NoError(t, err)
	assert.JSONEq(t, `{"die":6,"results":[
		{"id":"RED","score":150,"score_exact":"150","tokens":[150,0,0,0],"details":[
			{"distance":18,"cell":2,"safe":false,"vulnerability":0.166666666667,"worth":150,"threats":[{"id":"BLUE","rolls":[5]}]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]}]},
		{"id":"BLUE","score":50,"score_exact":"50","tokens":[50,0,0,0],"details":[
			{"distance":5,"cell":13,"safe":true,"vulnerability":0,"worth":50,"threats":[]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]},
			{"distance":0,"cell":null,"safe":true,"vulnerability":0,"worth":0,"threats":[]}]}]}`, string(out))
}

func TestDecodeVortexBoardErrors(t *testing.T) {
	t.Parallel()
	tests := []struct{ input, want string }{
		{``, "input: empty, want a JSON object"},
		{`{"die":0,"players":[]}`, "die: must be at least 1, got 0"},
		{`{"die":2.5,"players":[]}`, "die: must be a whole number, got 2.5"},
		{`{"die":1001,"players":[]}`, "die: must be 1..1000, got 1001"},
		{`{"die":6}`, "players: missing"},
		{`{"players":[]}`, "players: 0 player(s), need at least 1"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":4,"tokens":[0,0,0,0]},{"id":"C","start":8,"tokens":[0,0,0,0]},{"id":"D","start":12,"tokens":[0,0,0,0]},{"id":"E","start":0,"tokens":[0,0,0,0]}]}`, "players: 5 players, at most 4"},
		{`{"players":[{"start":0,"tokens":[0,0,0,0]}]}`, "players[0].id: missing"},
		{`{"players":[{"id":"A","tokens":[0,0,0,0]}]}`, "players[0].start: missing"},
		{`{"players":[{"id":"A","start":3,"tokens":[0,0,0,0]}]}`, "players[0].start: must be 0, 4, 8 or 12, got 3"},
		{`{"players":[{"id":"A","start":4,"tokens":[0,0,0,0]},{"id":"B","start":4,"tokens":[0,0,0,0]}]}`, "players[1].start: 4 is also A's start (players[0].start)"},
		{`{"players":[{"id":"A","start":0}]}`, "players[0].tokens: missing"},
		{`{"players":[{"id":"A","start":0,"tokens":[1,2,3]}]}`, "players[0].tokens: 3 token(s), want exactly 4"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":8,"tokens":[0,0,26,0]}]}`, "players[1].tokens[2]: must be 0..25, got 26"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,-1,0,0]}]}`, "players[0].tokens[1]: must not be negative, got -1"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"A","start":8,"tokens":[0,0,0,0]}]}`, `players[1].id: duplicate id "A" (also players[0].id)`},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0],"score":3}]}`, "players[0].score: unknown field (want id, start, tokens)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := DecodeVortexBoard([]byte(tt.input))
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestScoreVortexFromTheBoard(t *testing.T) {
	t.Parallel()
	// The seed's board: RED 150 against BLUE 50, so RED takes 10 × (150 − 50).
	res, err := Score(Vortex, []byte(`{"die":6,"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"RED": "1000", "BLUE": "0"}, pointsByID(res))
	assert.Equal(t, "board score 150 (tokens 150 + 0 + 0 + 0; threatened: token 1 by BLUE rolling 5); winner: 10 × {(150 − 50)} = 10 × 100 = 1000 points", res.Results[0].Explanation)
	assert.Equal(t, []int{1, 2}, []int{res.Results[0].Place, res.Results[1].Place})

	// "If RED were to instantly win in the above case, then RED would take ((23 - 23) +
	// (23-20)) * 10": unrounded, RED and CYAN tie at 22.5 and both take 10 × 2.5.
	res, err = Score(Vortex, []byte(`{"die":12,"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]},{"id":"CYAN","start":4,"tokens":[3,0,0,0]},{"id":"BLUE","start":8,"tokens":[3,0,0,0]}]}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"RED": "25", "CYAN": "25", "BLUE": "0"}, pointsByID(res))

	// Final scores still work, and die belongs to a board only.
	res, err = Score(Vortex, []byte(`{"players":[{"id":"RED","score":90},{"id":"BLUE","score":70}]}`))
	require.NoError(t, err)
	assert.Equal(t, map[string]string{"RED": "200", "BLUE": "0"}, pointsByID(res))
	_, err = Score(Vortex, []byte(`{"die":6,"players":[{"id":"RED","score":90},{"id":"BLUE","score":70}]}`))
	requireFieldError(t, err, "die: only with a board (players with start and tokens instead of score)")
	_, err = Score(Vortex, []byte(`{"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]},{"id":"BLUE","score":70}]}`))
	requireFieldError(t, err, "players[1].score: unknown field (want id, start, tokens)")
	_, err = Score(Vortex, []byte(`{"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]}]}`))
	requireFieldError(t, err, "players: 1 player(s), need at least 2")
}

func TestVortexBoardsTheSeedForbids(t *testing.T) {
	// vortex-mechanics.txt, "Rules of the Game", and CONTRACT section 6.
	forbidden := []struct {
		name  string
		seats []VortexSeat
		want  string
	}{
		// "You can't have two of your own tokens in the same space, safe or not."
		{"two own tokens on a plain cell", []VortexSeat{seat("RED", 0, 7, 3, 7, 0)},
			`players[0].tokens[2]: RED's token 3 is 7 cells in, where its token 1 (players[0].tokens[0]) already is: "You can't have two of your own tokens in the same space, safe or not"`},
		{"two own tokens on a safe square", []VortexSeat{seat("RED", 0, 0, 5, 5, 25)},
			`players[0].tokens[2]: RED's token 3 is 5 cells in, where its token 2 (players[0].tokens[1]) already is: "You can't have two of your own tokens in the same space, safe or not"`},
		{"two own tokens in the spiral", []VortexSeat{seat("RED", 0, 0, 0, 24, 24), seat("BLUE", 8, 3)},
			`players[0].tokens[3]: RED's token 4 is 24 cells in, where its token 3 (players[0].tokens[2]) already is: "You can't have two of your own tokens in the same space, safe or not"`},
		// "One token per space, except the safe corner spaces." RED 10 cells in and BLUE 2
		// cells in (start 8) both stand on loop cell 10.
		{"two rivals on one loop cell", []VortexSeat{seat("RED", 0, 10), seat("BLUE", 8, 2)},
			`players[1].tokens[0]: BLUE's token 1, 2 cells in, stands on the same space (loop cell 10, not a safe one) as RED's token 1, 10 cells in (players[0].tokens[0]): "One token per space, except the safe corner spaces"`},
		// Distance 16 closes the loop onto the start corner's cell.
		{"the end of the loop and a rival", []VortexSeat{seat("CYAN", 4, 0, 12), seat("RED", 0, 16, 2)},
			`players[1].tokens[0]: RED's token 1, 16 cells in, stands on the same space (loop cell 0, not a safe one) as CYAN's token 2, 12 cells in (players[0].tokens[1]): "One token per space, except the safe corner spaces"`},
	}
	for _, tt := range forbidden {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ScoreVortexPosition(VortexBoard{Die: 6, Players: tt.seats})
			requireFieldError(t, err, tt.want)
			// The same refusal reaches the decoder, and so the CLI, the API and the forms.
			in, err := json.Marshal(map[string]any{"die": 6, "players": boardJSON(tt.seats)})
			require.NoError(t, err)
			_, err = DecodeVortexBoard(in)
			requireFieldError(t, err, tt.want)
			_, err = Score(Vortex, in)
			requireFieldError(t, err, tt.want)
		})
	}

	allowed := []struct {
		name  string
		seats []VortexSeat
	}{
		// "Any number of tokens may be at start (0) or in the centre (25)."
		{"all four at start", []VortexSeat{seat("RED", 0, 0, 0, 0, 0)}},
		{"all four in the centre", []VortexSeat{seat("RED", 0, 25, 25, 25, 25), seat("BLUE", 8, 25, 25, 0, 0)}},
		// "Except safe spaces, all four players could have a token in the same safe space."
		// Loop cell 13: RED 13 in, CYAN 9, BLUE 5, GREEN 1.
		{"four rivals on one safe space", []VortexSeat{seat("RED", 0, 13), seat("CYAN", 4, 9), seat("BLUE", 8, 5), seat("GREEN", 12, 1)}},
		// The rival rule holds on the outer loop only: RED 18 cells in (spiral) and CYAN 14
		// cells in share the model's loop cell 2 but not a space.
		{"a rival in the spiral", []VortexSeat{seat("RED", 0, 18), seat("CYAN", 4, 14)}},
		{"the seed's board", []VortexSeat{seat("RED", 0, 18), seat("BLUE", 8, 5)}},
	}
	for _, tt := range allowed {
		t.Run(tt.name, func(t *testing.T) {
			_, err := ScoreVortexPosition(VortexBoard{Die: 6, Players: tt.seats})
			require.NoError(t, err)
		})
	}
}

// boardJSON writes seats as CONTRACT section 6's "players".
func boardJSON(seats []VortexSeat) []map[string]any {
	out := make([]map[string]any, len(seats))
	for i, s := range seats {
		out[i] = map[string]any{"id": s.ID, "start": s.Start, "tokens": s.Tokens}
	}
	return out
}
