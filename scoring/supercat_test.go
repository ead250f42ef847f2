package scoring

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// card builds an action card for test tables: card("construction", 4).
func card(suit string, n int) ActionCard { return ActionCard{Suit: ArcsSuit(suit), Number: n} }

// cardPtr is card as a pointer, for a lead or a selected card.
func cardPtr(suit string, n int) *ActionCard { c := card(suit, n); return &c }

// contractSupercatExample is CONTRACT section 5's example input.
const contractSupercatExample = `{"hand":5, "bonus_cards":[{"suit":"aggression","number":3}], "seize":1,
 "initiative":false, "lead":{"suit":"construction","number":4}, "seized_this_round":false,
 "drawn":[{"suit":"administration","number":6},{"suit":"construction","number":2}],
 "roll":3, "winning_undeclared":1, "players":3,
 "ambitions":{"tycoon":{"standing":"winning","declared":false}}, "markers_available":true,
 "difficulty":"normal", "power":4, "player_power":[6]}`

func TestSupercatStartTurn(t *testing.T) {
	t.Parallel()
	// follow is a following bot with 5 cards, no bonus cards, drawing two.
	follow := func(lead *ActionCard, drawn ...ActionCard) SupercatState {
		return SupercatState{Hand: 5, Lead: lead, Drawn: drawn, Roll: 6, MarkersAvailable: true, Difficulty: Normal}
	}
	// lead is a leading bot with 5 cards, a seize counter of 2, drawing two.
	lead := func(amb map[Ambition]AmbitionState, drawn ...ActionCard) SupercatState {
		return SupercatState{Hand: 5, Seize: 2, Initiative: true, Drawn: drawn, Ambitions: amb, MarkersAvailable: true, Difficulty: Normal}
	}
	winning := AmbitionState{Standing: Winning}
	tied := AmbitionState{Standing: Tied}
	tests := []struct {
		name  string
		state SupercatState
		want  SupercatTurn // Steps and Advantages are not compared here
	}{
		{
			// "◆ If bot has no cards left (check hand counter) then bot will pass."
			name:  "hand 0: the bot passes and nothing changes",
			state: SupercatState{Hand: 0, Seize: 3, BonusCards: []ActionCard{}, Difficulty: Normal},
			want:  SupercatTurn{Pass: true, Hand: 0, Seize: 3, Next: NextPass, Page: NextPass, Options: []ActionCard{}, BonusCards: []ActionCard{}},
		},
		{
			// "Bonus cards": the counter equals the bonus cards: no draw; decrement anyway.
			name: "hand equal to the bonus cards: no draw, the bonus cards are the options",
			state: SupercatState{Hand: 2, BonusCards: []ActionCard{card("aggression", 3), card("mobilization", 5)},
				Lead: cardPtr("mobilization", 4), Roll: 6, MarkersAvailable: true, Difficulty: Normal},
			want: SupercatTurn{Hand: 1, Card: cardPtr("mobilization", 5), Next: NextSuit, Page: "mobilization",
				Options: []ActionCard{card("aggression", 3), card("mobilization", 5)}, BonusCards: []ActionCard{card("aggression", 3)}},
		},
		{
			name: "hand above the bonus cards: draw, options are the drawn cards then the bonus cards",
			state: SupercatState{Hand: 3, BonusCards: []ActionCard{card("aggression", 3)}, Drawn: []ActionCard{card("construction", 5), card("construction", 6)},
				Lead: cardPtr("construction", 4), MarkersAvailable: true, Difficulty: Normal},
			want: SupercatTurn{Drew: true, Hand: 2, Card: cardPtr("construction", 6), Next: NextSuit, Page: "construction",
				Options: []ActionCard{card("construction", 5), card("construction", 6), card("aggression", 3)}, BonusCards: []ActionCard{card("aggression", 3)}},
		},
		{
			name:  "leading: the seize counter is removed; a matching winning ambition is declared",
			state: lead(map[Ambition]AmbitionState{Warlord: winning}, card("administration", 2), card("aggression", 4)),
			want: SupercatTurn{Drew: true, Hand: 4, Seize: 0, Declare: Warlord, Card: cardPtr("aggression", 4), Next: NextSuit, Page: "aggression",
				Options: []ActionCard{card("administration", 2), card("aggression", 4)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: winning and already declared: double declare",
			state: lead(map[Ambition]AmbitionState{Tycoon: {Standing: Winning, Declared: true}}, card("administration", 2), card("aggression", 4)),
			want: SupercatTurn{Drew: true, Hand: 4, Declare: Tycoon, Card: cardPtr("administration", 2), Next: NextSuit, Page: "administration",
				Options: []ActionCard{card("administration", 2), card("aggression", 4)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: tied for first and not declared: declare",
			state: lead(map[Ambition]AmbitionState{Keeper: tied}, card("mobilization", 3), card("construction", 5)),
			want: SupercatTurn{Drew: true, Hand: 4, Declare: Keeper, Card: cardPtr("construction", 5), Next: NextSuit, Page: "construction",
				Options: []ActionCard{card("mobilization", 3), card("construction", 5)}, BonusCards: []ActionCard{}},
		},
		{
			// "It will not double or triple declare if it is tied for first place."
			name:  "leading: tied for first but already declared: General Priorities",
			state: lead(map[Ambition]AmbitionState{Keeper: {Standing: Tied, Declared: true}}, card("mobilization", 3), card("construction", 5)),
			want: SupercatTurn{Drew: true, Hand: 4, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("mobilization", 3), card("construction", 5)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: a winning match on a later option beats a tied match on an earlier one",
			state: lead(map[Ambition]AmbitionState{Tycoon: tied, Empath: winning}, card("administration", 2), card("mobilization", 6)),
			want: SupercatTurn{Drew: true, Hand: 4, Declare: Empath, Card: cardPtr("mobilization", 6), Next: NextSuit, Page: "mobilization",
				Options: []ActionCard{card("administration", 2), card("mobilization", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: a 7 declares the first ambition it is winning, in order",
			state: lead(map[Ambition]AmbitionState{Empath: winning, Tyrant: winning}, card("aggression", 7), card("mobilization", 2)),
			want: SupercatTurn{Drew: true, Hand: 4, Declare: Tyrant, Card: cardPtr("aggression", 7), Next: NextSuit, Page: "aggression",
				Options: []ActionCard{card("aggression", 7), card("mobilization", 2)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: a 1 matches no ambition",
			state: lead(map[Ambition]AmbitionState{Tycoon: winning, Tyrant: winning, Warlord: winning, Keeper: winning, Empath: winning}, card("aggression", 1), card("mobilization", 1)),
			want: SupercatTurn{Drew: true, Hand: 4, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 1), card("mobilization", 1)}, BonusCards: []ActionCard{}},
		},
		{
			name: "leading: no marker available: General Priorities",
			state: func() SupercatState {
				s := lead(map[Ambition]AmbitionState{Warlord: winning}, card("administration", 2), card("aggression", 4))
				s.MarkersAvailable = false
				return s
			}(),
			want: SupercatTurn{Drew: true, Hand: 4, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("administration", 2), card("aggression", 4)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "leading: behind in every matching ambition: General Priorities, no seize change besides removal",
			state: lead(nil, card("administration", 2), card("aggression", 4)),
			want: SupercatTurn{Drew: true, Hand: 4, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("administration", 2), card("aggression", 4)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "following: surpass with the higher number",
			state: follow(cardPtr("aggression", 3), card("aggression", 4), card("aggression", 6)),
			want: SupercatTurn{Drew: true, Hand: 4, Card: cardPtr("aggression", 6), Next: NextSuit, Page: "aggression",
				Options: []ActionCard{card("aggression", 4), card("aggression", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name:  "following: another suit or a lower number does not surpass; the seize counter is placed at 1",
			state: follow(cardPtr("aggression", 5), card("aggression", 4), card("construction", 6)),
			want: SupercatTurn{Drew: true, Hand: 4, Seize: 1, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 4), card("construction", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name: "following: seize when roll − winning undeclared is less than the counter; hand down one more",
			state: func() SupercatState {
				s := follow(cardPtr("aggression", 5), card("aggression", 4), card("construction", 6))
				s.Seize, s.Roll, s.WinningUndeclared = 2, 4, 2
				return s
			}(),
			want: SupercatTurn{Drew: true, Seized: true, Hand: 3, Seize: 3, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 4), card("construction", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name: "following: a result equal to the counter does not seize",
			state: func() SupercatState {
				s := follow(cardPtr("aggression", 5), card("aggression", 4), card("construction", 6))
				s.Seize, s.Roll = 2, 3
				return s
			}(),
			want: SupercatTurn{Drew: true, Hand: 4, Seize: 3, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 4), card("construction", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name: "following: someone already seized this round: no check",
			state: func() SupercatState {
				s := follow(cardPtr("aggression", 5), card("aggression", 4), card("construction", 6))
				s.Seize, s.Roll, s.SeizedThisRound = 5, 1, true
				return s
			}(),
			want: SupercatTurn{Drew: true, Hand: 4, Seize: 6, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 4), card("construction", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name: "following: fewer than 2 cards left after the decrement: no check",
			state: func() SupercatState {
				s := follow(cardPtr("aggression", 5), card("aggression", 4), card("construction", 6))
				s.Hand, s.Seize, s.Roll = 2, 5, 1
				return s
			}(),
			want: SupercatTurn{Drew: true, Hand: 1, Seize: 6, Next: NextGeneralPriorities, Page: NextGeneralPriorities,
				Options: []ActionCard{card("aggression", 4), card("construction", 6)}, BonusCards: []ActionCard{}},
		},
		{
			name: "following: a surpassing bonus card is played and leaves the play area",
			state: SupercatState{Hand: 3, BonusCards: []ActionCard{card("mobilization", 6)}, Drawn: []ActionCard{card("mobilization", 5), card("aggression", 2)},
				Lead: cardPtr("mobilization", 4), MarkersAvailable: true, Difficulty: Normal},
			want: SupercatTurn{Drew: true, Hand: 2, Card: cardPtr("mobilization", 6), Next: NextSuit, Page: "mobilization",
				Options: []ActionCard{card("mobilization", 5), card("aggression", 2), card("mobilization", 6)}, BonusCards: []ActionCard{}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := SupercatStartTurn(tt.state)
			require.NoError(t, err)
			assert.NotEmpty(t, got.Steps, "every turn explains itself")
			got.Steps, got.Advantages, got.Declared = nil, nil, nil // Declared: TestSupercatStartTurnKnowsTheDeclaredAmbitions
			assert.Equal(t, tt.want, got)
		})
	}
}

func TestSupercatAdvantages(t *testing.T) {
	t.Parallel()
	both := []string{EfficientLogistics, ElitePilots}
	tests := []struct {
		name        string
		difficulty  Difficulty
		power       int
		playerPower []int
		want        []string
	}{
		{"hard: always, even ahead", Hard, 9, []int{1, 2}, both},
		{"normal: behind every player", Normal, 3, []int{4, 6}, both},
		{"normal: a tie counts as not more power (the seed's note)", Normal, 0, []int{0}, both},
		{"normal: ahead of one player: none", Normal, 5, []int{4, 6}, []string{}},
		{"none: never", NoAdvantages, 0, []int{9}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, SupercatAdvantages(tt.difficulty, tt.power, tt.playerPower))
		})
	}
}

func TestDecodeSupercatContractExample(t *testing.T) {
	t.Parallel()
	s, err := DecodeSupercatState([]byte(contractSupercatExample))
	require.NoError(t, err)
	turn, err := SupercatStartTurn(s)
	require.NoError(t, err)
	out, err := json.Marshal(turn)
	require.NoError(t, err)
	// Draws (5 > 1 bonus card), hand 4; nothing surpasses Construction 4; the counter goes to
	// 2; 3 − 1 = 2 is not less than 2: no seize. Power 4 is not more than 6: advantages.
	var got map[string]any
	require.NoError(t, json.Unmarshal(out, &got))
	delete(got, "steps")
	assert.Equal(t, map[string]any{
		"pass": false, "drew": true, "seized": false, "declare": nil, "card": nil, "hand": 4.0, "seize": 2.0,
		"options": []any{
			map[string]any{"suit": "administration", "number": 6.0},
			map[string]any{"suit": "construction", "number": 2.0},
			map[string]any{"suit": "aggression", "number": 3.0},
		},
		"next": "general-priorities", "page": "general-priorities",
		"advantages":  []any{"efficient-logistics", "elite-pilots"},
		"bonus_cards": []any{map[string]any{"suit": "aggression", "number": 3.0}},
	}, got)
}

func TestDecodeSupercatDefaults(t *testing.T) {
	t.Parallel()
	s, err := DecodeSupercatState([]byte(`{"hand":0}`))
	require.NoError(t, err)
	assert.Equal(t, SupercatState{Hand: 0, MarkersAvailable: true, Difficulty: Normal, Ambitions: map[Ambition]AmbitionState{}}, s)
	// winning_undeclared, when absent, counts the undeclared ambitions the bot is winning.
	s, err = DecodeSupercatState([]byte(`{"hand":0,"ambitions":{"tycoon":{"standing":"winning"},"keeper":{"standing":"winning","declared":true},"empath":{"standing":"winning"}}}`))
	require.NoError(t, err)
	assert.Equal(t, 2, s.WinningUndeclared)
	s, err = DecodeSupercatState([]byte(`{"hand":0,"markers_available":false,"ambitions":{"tycoon":{"standing":"winning"}}}`))
	require.NoError(t, err)
	assert.Equal(t, 0, s.WinningUndeclared, "no marker available: no ambition is undeclared")
}

func TestDecodeSupercatStateErrors(t *testing.T) {
	t.Parallel()
	lead := `"lead":{"suit":"construction","number":4}`
	drawn := `"drawn":[{"suit":"administration","number":6},{"suit":"construction","number":2}]`
	tests := []struct{ input, want string }{
		{`{}`, "hand: missing"},
		{`{"hand":-1}`, "hand: must not be negative, got -1"},
		{`{"hand":2.5}`, "hand: must be a whole number, got 2.5"},
		{`{"hand":3,` + lead + `}`, "drawn: missing (the bot draws 2 cards: hand 3 is greater than its 0 bonus card(s))"},
		{`{"hand":3,` + lead + `,"drawn":[{"suit":"administration","number":6}]}`, "drawn: 1 card(s), want exactly 2"},
		{`{"hand":1,"bonus_cards":[{"suit":"aggression","number":3}],` + lead + `,` + drawn + `}`, "drawn: extra: the bot does not draw (hand 1 is not greater than its 1 bonus card(s))"},
		{`{"hand":3,` + drawn + `}`, "lead: missing (the bot follows, so the lead card is needed)"},
		{`{"hand":3,"lead":{"suit":"construction","number":7},` + drawn + `}`, "roll: missing (the bot checks for seize)"},
		{`{"hand":3,"roll":7,` + lead + `,` + drawn + `}`, "roll: must be 1..6, got 7"},
		{`{"hand":3,"roll":0,` + lead + `,` + drawn + `}`, "roll: must be at least 1, got 0"},
		{`{"hand":3,"initiative":true,"drawn":[{"suit":"administration","number":8},{"suit":"construction","number":2}]}`, "drawn[0].number: must be 1..7, got 8"},
		{`{"hand":3,"initiative":true,"drawn":[{"suit":"administration","number":6},{"suit":"psionic","number":2}]}`, `drawn[1].suit: must be administration, aggression, construction or mobilization, got "psionic"`},
		{`{"hand":3,"initiative":true,"drawn":[{"suit":"administration","number":6},{"number":2}]}`, "drawn[1].suit: missing"},
		{`{"hand":3,"initiative":true,"players":3,"drawn":[{"suit":"administration","number":7},{"suit":"construction","number":2}]}`, "drawn[0].number: 1s and 7s exist only with 4 players (players is 3)"},
		{`{"hand":3,"initiative":true,"players":3,"bonus_cards":[{"suit":"aggression","number":1}],` + drawn + `}`, "bonus_cards[0].number: 1s and 7s exist only with 4 players (players is 3)"},
		{`{"hand":3,"players":3,"lead":{"suit":"aggression","number":1},` + drawn + `}`, "lead.number: 1s and 7s exist only with 4 players (players is 3)"},
		{`{"hand":3,"players":5}`, "players: must be 2..4, got 5"},
		{`{"hand":0,"difficulty":"easy"}`, `difficulty: must be none, normal or hard, got "easy"`},
		{`{"hand":0,"ambitions":{"seeker":{"standing":"winning"}}}`, "ambitions.seeker: unknown field (want tycoon, tyrant, warlord, keeper, empath)"},
		{`{"hand":0,"ambitions":{"tycoon":{"standing":"first"}}}`, `ambitions.tycoon.standing: must be winning, tied or behind, got "first"`},
		{`{"hand":0,"ambitions":{"tycoon":{"declared":true}}}`, "ambitions.tycoon.standing: missing"},
		{`{"hand":0,"player_power":[3,-1]}`, "player_power[1]: must not be negative, got -1"},
		{`{"hand":0,"winning_undeclared":6}`, "winning_undeclared: must be 0..5, got 6"},
		{`{"hand":0,"initiative":"yes"}`, "initiative: must be true or false, got a string"},
		{`{"hand":0,"hands":1}`, "hands: unknown field (want hand, bonus_cards, seize, initiative, lead, seized_this_round, drawn, roll, winning_undeclared, players, ambitions, markers_available, difficulty, power, player_power)"},
	}
	for _, tt := range tests {
		t.Run(tt.want, func(t *testing.T) {
			_, err := DecodeSupercatState([]byte(tt.input))
			requireFieldError(t, err, tt.want)
		})
	}
}

func TestSupercatStateJSONRoundTrip(t *testing.T) {
	t.Parallel()
	s, err := DecodeSupercatState([]byte(contractSupercatExample))
	require.NoError(t, err)
	out, err := json.Marshal(s)
	require.NoError(t, err)
	back, err := DecodeSupercatState(out)
	require.NoError(t, err)
	assert.Equal(t, s, back)
	s, err = DecodeSupercatState([]byte(`{"hand":0}`))
	require.NoError(t, err)
	out, err = json.Marshal(s)
	require.NoError(t, err)
	back, err = DecodeSupercatState(out)
	require.NoError(t, err)
	assert.Equal(t, s, back)
}
