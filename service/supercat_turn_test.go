package service_test

import (
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// The start of a bot's turn joins the bot's counters to what the player reports of the
// table; a winning ambition nobody declared yet counts while markers are available.
func TestTurnStateJoinsTheBotAndTheTable(t *testing.T) {
	t.Parallel()
	lead := &scoring.ActionCard{Suit: scoring.Mobilization, Number: 4}
	bonus := []scoring.ActionCard{{Suit: scoring.Aggression, Number: 6}}
	drawn := []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}}
	ambitions := map[scoring.Ambition]scoring.AmbitionState{
		scoring.Tycoon: {Standing: scoring.Winning}, scoring.Tyrant: {Standing: scoring.Winning, Declared: true},
		scoring.Warlord: {Standing: scoring.Tied},
	}
	table := store.SupercatTable{Lead: lead, SeizedThisRound: true, Drawn: drawn, Roll: 3, Ambitions: ambitions,
		MarkersAvailable: true, Power: 7, PlayerPower: []int{5}}
	bot := store.SupercatBot{Hand: 4, Seize: 2, BonusCards: bonus, Power: 1}
	assert.Equal(t, scoring.SupercatState{Hand: 4, BonusCards: bonus, Seize: 2, Lead: lead, SeizedThisRound: true,
		Drawn: drawn, Roll: 3, Players: 3, Ambitions: ambitions, MarkersAvailable: true, Difficulty: scoring.Hard,
		Power: 7, PlayerPower: []int{5}, WinningUndeclared: 1}, service.TurnState(table, bot, "hard", 3))
	table.MarkersAvailable = false
	assert.Zero(t, service.TurnState(table, bot, "hard", 3).WinningUndeclared, "no marker left: no ambition to declare")
}

// A stored turn replays from its start: a bot that follows and holds no card of the lead
// suit may copy it ("Lead, Pivot, or Copy with the indicated suit").
func TestReplayTurnFollowsTheLead(t *testing.T) {
	t.Parallel()
	state := service.TurnState(store.SupercatTable{
		Lead:  &scoring.ActionCard{Suit: scoring.Mobilization, Number: 4},
		Drawn: []scoring.ActionCard{{Suit: scoring.Construction, Number: 2}, {Suit: scoring.Administration, Number: 5}},
		Roll:  4, MarkersAvailable: true, PlayerPower: []int{0},
	}, store.SupercatBot{Hand: 6}, "normal", 3)
	input, err := json.Marshal(state)
	require.NoError(t, err)
	_, start, walk, err := service.ReplayTurn(store.SupercatTurnRecord{State: input, Answers: []string{"no", "no", "no", "no", "no", "yes", "yes"}})
	require.NoError(t, err)
	require.Equal(t, scoring.NextGeneralPriorities, start.Next, "no card follows: the General Priorities choose")
	assert.True(t, walk.Copy, "the follower copies the lead suit")
	assert.Equal(t, "mobilization", walk.Page)
}
