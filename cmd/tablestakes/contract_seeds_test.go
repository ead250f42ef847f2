package main

// Black-box acceptance tests of CONTRACT sections 5 (`tablestakes supercat turn`) and 6
// (`tablestakes vortex position`): the built binary run as a process, as in contract_test.go.

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// contractVortexOut is CONTRACT section 6's output.
type contractVortexOut struct {
	Results []struct {
		ID     string `json:"id"`
		Score  num    `json:"score"`
		Tokens []num  `json:"tokens"`
	} `json:"results"`
}

func TestContractVortexPosition(t *testing.T) {
	tests := []struct {
		name   string
		input  string
		ids    []string
		scores []string
		tokens [][]string
	}{
		{
			name:   "seed: RED 150, BLUE 50",
			input:  `{"die":6,"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"150", "50"},
			tokens: [][]string{{"150", "0", "0", "0"}, {"50", "0", "0", "0"}},
		},
		{
			name:   "seed: die 12, three players one token at 3",
			input:  `{"die":12,"players":[{"id":"RED","start":0,"tokens":[3,0,0,0]},{"id":"CYAN","start":4,"tokens":[3,0,0,0]},{"id":"BLUE","start":8,"tokens":[3,0,0,0]}]}`,
			ids:    []string{"RED", "CYAN", "BLUE"},
			scores: []string{"22.5", "22.5", "20"},
			tokens: [][]string{{"22.5", "0", "0", "0"}, {"22.5", "0", "0", "0"}, {"20", "0", "0", "0"}},
		},
		{
			name:   "die defaults to 6; input order kept",
			input:  `{"players":[{"id":"BLUE","start":8,"tokens":[5,0,0,0]},{"id":"RED","start":0,"tokens":[18,0,0,0]}]}`,
			ids:    []string{"BLUE", "RED"},
			scores: []string{"50", "150"},
		},
		{
			name:   "centre and safe squares keep their worth",
			input:  `{"players":[{"id":"RED","start":0,"tokens":[25,1,5,25]},{"id":"BLUE","start":8,"tokens":[24,23,13,0]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"560", "600"},
			tokens: [][]string{{"250", "10", "50", "250"}, {"240", "230", "130", "0"}},
		},
		{
			name:   "v is at most 1",
			input:  `{"die":1,"players":[{"id":"RED","start":0,"tokens":[2,0,0,0]},{"id":"CYAN","start":4,"tokens":[13,0,0,0]},{"id":"BLUE","start":8,"tokens":[9,0,0,0]}]}`,
			ids:    []string{"RED", "CYAN", "BLUE"},
			scores: []string{"0", "130", "90"},
		},
		{
			name:   "thirds stay exact to 1e-9",
			input:  `{"players":[{"id":"RED","start":0,"tokens":[1,5,9,13]},{"id":"BLUE","start":4,"tokens":[2,3,4,6]}]}`,
			ids:    []string{"RED", "BLUE"},
			scores: []string{"280", "320/3"},
			tokens: [][]string{{"10", "50", "90", "130"}, {"40/3", "20", "100/3", "40"}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var out contractVortexOut
			runCLI(t, tt.input, "vortex", "position").requireOK(t, &out)
			require.Len(t, out.Results, len(tt.ids))
			for i, r := range out.Results {
				assert.Equal(t, tt.ids[i], r.ID)
				assertNumber(t, tt.scores[i], r.Score, "score of %s", r.ID)
				require.Len(t, r.Tokens, 4)
				if tt.tokens != nil {
					for k, w := range r.Tokens {
						assertNumber(t, tt.tokens[i][k], w, "%s token %d", r.ID, k)
					}
				}
			}
		})
	}
}

func TestContractVortexPositionBadInput(t *testing.T) {
	tests := []struct{ input, field string }{
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":8,"tokens":[0,0,26,0]}]}`, "players[1].tokens[2]"},
		{`{"die":0,"players":[{"id":"A","start":0,"tokens":[0,0,0,0]}]}`, "die"},
		{`{"players":[{"id":"A","start":2,"tokens":[0,0,0,0]}]}`, "players[0].start"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]},{"id":"B","start":0,"tokens":[0,0,0,0]}]}`, "players[1].start"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0]}]}`, "players[0].tokens"},
		{`{"players":[{"id":"A","tokens":[0,0,0,0]}]}`, "players[0].start"},
		{`{"die":6}`, "players"},
		{`{"players":[{"id":"A","start":0,"tokens":[0,0,0,0]}]`, "input"},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			runCLI(t, tt.input, "vortex", "position").assertBadInput(t, tt.field)
		})
	}
	runCLI(t, `{}`, "vortex", "score").assertBadInput(t, "vortex")
}

// contractCard is an Arcs action card of CONTRACT section 5.
type contractCard struct {
	Suit   string `json:"suit"`
	Number int    `json:"number"`
}

// contractSupercatOut is CONTRACT section 5's output.
type contractSupercatOut struct {
	Pass       bool           `json:"pass"`
	Drew       bool           `json:"drew"`
	Seized     bool           `json:"seized"`
	Declare    *string        `json:"declare"`
	Card       *contractCard  `json:"card"`
	Hand       int            `json:"hand"`
	Seize      int            `json:"seize"`
	Options    []contractCard `json:"options"`
	Next       string         `json:"next"`
	Advantages []string       `json:"advantages"`
}

func TestContractSupercatTurn(t *testing.T) {
	example := `{"hand":5, "bonus_cards":[{"suit":"aggression","number":3}], "seize":1,
 "initiative":false, "lead":{"suit":"construction","number":4}, "seized_this_round":false,
 "drawn":[{"suit":"administration","number":6},{"suit":"construction","number":2}],
 "roll":3, "winning_undeclared":1, "players":3,
 "ambitions":{"tycoon":{"standing":"winning","declared":false}}, "markers_available":true,
 "difficulty":"normal", "power":4, "player_power":[6]}`
	declare := func(s string) *string { return &s }
	both := []string{"efficient-logistics", "elite-pilots"}
	tests := []struct {
		name  string
		input string
		want  contractSupercatOut
	}{
		{
			name:  "CONTRACT example: no surpass, counter 2, 3 − 1 is not below 2",
			input: example,
			want: contractSupercatOut{Drew: true, Hand: 4, Seize: 2, Next: "general-priorities", Advantages: both,
				Options: []contractCard{{"administration", 6}, {"construction", 2}, {"aggression", 3}}},
		},
		{
			name:  "rule 1: hand 0 passes",
			input: `{"hand":0,"seize":2,"difficulty":"none"}`,
			want:  contractSupercatOut{Pass: true, Hand: 0, Seize: 2, Next: "pass", Options: []contractCard{}, Advantages: []string{}},
		},
		{
			name: "rule 2: no draw when hand equals the bonus cards; rule 4: surpass with the higher number",
			input: `{"hand":2,"bonus_cards":[{"suit":"mobilization","number":5},{"suit":"mobilization","number":6}],
			         "lead":{"suit":"mobilization","number":3},"difficulty":"hard","power":9,"player_power":[1]}`,
			want: contractSupercatOut{Hand: 1, Card: &contractCard{"mobilization", 6}, Next: "suit", Advantages: both,
				Options: []contractCard{{"mobilization", 5}, {"mobilization", 6}}},
		},
		{
			name: "rule 3: leading removes the seize counter and declares a winning ambition",
			input: `{"hand":4,"seize":3,"initiative":true,"drawn":[{"suit":"construction","number":2},{"suit":"aggression","number":4}],
			         "ambitions":{"warlord":{"standing":"winning","declared":true}},"markers_available":true,"difficulty":"normal","power":5,"player_power":[4]}`,
			want: contractSupercatOut{Drew: true, Hand: 3, Seize: 0, Declare: declare("warlord"), Card: &contractCard{"aggression", 4}, Next: "suit",
				Advantages: []string{}, Options: []contractCard{{"construction", 2}, {"aggression", 4}}},
		},
		{
			name: "rule 3: a 7 declares the first tied, undeclared ambition in order",
			input: `{"hand":4,"initiative":true,"players":4,"drawn":[{"suit":"construction","number":7},{"suit":"aggression","number":1}],
			         "ambitions":{"empath":{"standing":"tied"},"warlord":{"standing":"tied","declared":true},"keeper":{"standing":"tied"}},"markers_available":true}`,
			want: contractSupercatOut{Drew: true, Hand: 3, Declare: declare("keeper"), Card: &contractCard{"construction", 7}, Next: "suit",
				Advantages: both, Options: []contractCard{{"construction", 7}, {"aggression", 1}}},
		},
		{
			name: "rule 3: no marker available: General Priorities",
			input: `{"hand":4,"initiative":true,"drawn":[{"suit":"construction","number":2},{"suit":"aggression","number":4}],
			         "ambitions":{"tycoon":{"standing":"winning"}},"markers_available":false}`,
			want: contractSupercatOut{Drew: true, Hand: 3, Next: "general-priorities", Advantages: both,
				Options: []contractCard{{"construction", 2}, {"aggression", 4}}},
		},
		{
			name: "rule 4: the counter goes up to 2; roll 2 − 0 is not below it: no seize",
			input: `{"hand":4,"seize":1,"lead":{"suit":"aggression","number":6},"drawn":[{"suit":"aggression","number":5},{"suit":"construction","number":6}],
			         "roll":2,"winning_undeclared":0}`,
			want: contractSupercatOut{Drew: true, Seized: false, Hand: 3, Seize: 2, Next: "general-priorities", Advantages: both,
				Options: []contractCard{{"aggression", 5}, {"construction", 6}}},
		},
		{
			name: "rule 4: counter placed at 1, roll 3 − 3 = 0 < 1: seize, hand down 2",
			input: `{"hand":4,"lead":{"suit":"aggression","number":6},"drawn":[{"suit":"aggression","number":5},{"suit":"construction","number":6}],
			         "roll":3,"winning_undeclared":3}`,
			want: contractSupercatOut{Drew: true, Seized: true, Hand: 2, Seize: 1, Next: "general-priorities", Advantages: both,
				Options: []contractCard{{"aggression", 5}, {"construction", 6}}},
		},
		{
			name: "rule 4: nobody seizes twice in a round",
			input: `{"hand":4,"seize":5,"seized_this_round":true,"lead":{"suit":"aggression","number":6},"drawn":[{"suit":"aggression","number":5},{"suit":"construction","number":6}],
			         "roll":1}`,
			want: contractSupercatOut{Drew: true, Hand: 3, Seize: 6, Next: "general-priorities", Advantages: both,
				Options: []contractCard{{"aggression", 5}, {"construction", 6}}},
		},
		{
			name: "rule 5: normal with a tie in Power gets the advantages",
			input: `{"hand":1,"bonus_cards":[{"suit":"construction","number":3}],"lead":{"suit":"construction","number":2},
			         "difficulty":"normal","power":6,"player_power":[6,8]}`,
			want: contractSupercatOut{Hand: 0, Card: &contractCard{"construction", 3}, Next: "suit", Advantages: both,
				Options: []contractCard{{"construction", 3}}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			var got contractSupercatOut
			runCLI(t, tt.input, "supercat", "turn").requireOK(t, &got)
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestContractSupercatTurnBadInput(t *testing.T) {
	drawn := `"drawn":[{"suit":"administration","number":6},{"suit":"construction","number":2}]`
	tests := []struct{ input, field string }{
		{`{"hand":3,"lead":{"suit":"construction","number":4}}`, "drawn: missing"},
		{`{"hand":3,"lead":{"suit":"construction","number":4},"drawn":[{"suit":"construction","number":5}]}`, "drawn"},
		{`{"hand":1,"bonus_cards":[{"suit":"aggression","number":3}],"lead":{"suit":"construction","number":4},` + drawn + `}`, "drawn"},
		{`{"hand":3,` + drawn + `}`, "lead: missing"},
		{`{"hand":3,"initiative":true,"drawn":[{"suit":"administration","number":0},{"suit":"construction","number":2}]}`, "drawn[0].number"},
		{`{"hand":3,"initiative":true,"players":3,"drawn":[{"suit":"administration","number":6},{"suit":"construction","number":7}]}`, "drawn[1].number"},
		{`{"hand":3,"initiative":true,"drawn":[{"suit":"administration","number":6},{"suit":"relic","number":2}]}`, "drawn[1].suit"},
		{`{"hand":3,"lead":{"suit":"construction","number":9},` + drawn + `}`, "lead.number"},
		{`{"hand":3,"bonus_cards":[{"suit":"aggression"}],"initiative":true,` + drawn + `}`, "bonus_cards[0].number"},
		{`{"seize":1}`, "hand: missing"},
		{`{"hand":"five"}`, "hand"},
		{`[1,2]`, "input"},
	}
	for _, tt := range tests {
		t.Run(tt.field, func(t *testing.T) {
			runCLI(t, tt.input, "supercat", "turn").assertBadInput(t, tt.field)
		})
	}
	runCLI(t, `{}`, "supercat", "play").assertBadInput(t, "supercat")
}

func TestContractScoreVortexFromTheBoard(t *testing.T) {
	// An addition to CONTRACT section 1: `score vortex` also takes section 6's board and
	// scores the game from the players' position scores (RED 150, BLUE 50).
	var out struct {
		System  string `json:"system"`
		Results []struct {
			ID     string `json:"id"`
			Points num    `json:"points"`
			Place  int    `json:"place"`
		} `json:"results"`
	}
	runCLI(t, `{"die":6,"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`, "score", "vortex").requireOK(t, &out)
	assert.Equal(t, "vortex", out.System)
	require.Len(t, out.Results, 2)
	assertNumber(t, "1000", out.Results[0].Points)
	assertNumber(t, "0", out.Results[1].Points)
	assert.Equal(t, []int{1, 2}, []int{out.Results[0].Place, out.Results[1].Place})
	runCLI(t, `{"players":[{"id":"RED","start":0,"tokens":[18,0,0,0]},{"id":"BLUE","start":8,"tokens":[5,0,27,0]}]}`, "score", "vortex").assertBadInput(t, "players[1].tokens[2]")
}

func TestContractVortexBoardsTheSeedForbids(t *testing.T) {
	t.Parallel()
	// CONTRACT section 6: boards the seed forbids are bad input naming the token, for
	// `vortex position` and for `score vortex` with a board alike.
	tests := []struct{ name, input, field, rule string }{
		{"two of one player's tokens at one distance",
			`{"players":[{"id":"RED","start":0,"tokens":[7,0,7,0]},{"id":"BLUE","start":8,"tokens":[5,0,0,0]}]}`,
			"players[0].tokens[2]", "You can't have two of your own tokens in the same space, safe or not"},
		{"two of one player's tokens on a safe square",
			`{"players":[{"id":"RED","start":0,"tokens":[13,13,0,0]}]}`,
			"players[0].tokens[1]", "You can't have two of your own tokens in the same space, safe or not"},
		{"two rivals on one loop cell",
			`{"players":[{"id":"RED","start":0,"tokens":[10,0,0,0]},{"id":"BLUE","start":8,"tokens":[2,0,0,0]}]}`,
			"players[1].tokens[0]", "One token per space, except the safe corner spaces"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			for _, args := range [][]string{{"vortex", "position"}, {"score", "vortex"}} {
				r := runCLI(t, tt.input, args...)
				r.assertBadInput(t, tt.field)
				assert.Contains(t, r.stderr, tt.rule, "%v quotes the seed's rule", args)
				assert.Contains(t, r.stderr, tt.field+": ", "%v: the message starts at the token", args)
			}
		})
	}
	// Any number of tokens at start or in the centre, and rivals on a safe space, are fine.
	var out struct {
		Results []struct {
			ID string `json:"id"`
		} `json:"results"`
	}
	runCLI(t, `{"players":[{"id":"RED","start":0,"tokens":[25,25,13,0]},{"id":"CYAN","start":4,"tokens":[25,9,0,0]}]}`, "vortex", "position").requireOK(t, &out)
	assert.Len(t, out.Results, 2)
}
