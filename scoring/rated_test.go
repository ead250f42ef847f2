package scoring

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDecodeRatedGame(t *testing.T) {
	t.Parallel()
	g, err := DecodeRatedGame([]byte(`{"id":"g1","system":"placement","note":"ignored",
		"input":{"players":[{"id":"A","score":3},{"id":"B","score":1},{"id":"C","score":1}]},"replaced":{"B":"X"}}`))
	require.NoError(t, err)
	assert.Equal(t, Placement, g.System)
	assert.Equal(t, "g1", g.Game.ID)
	assert.False(t, g.Game.PointsArePot)
	require.Len(t, g.Game.Seats, 3)
	for i, want := range []struct {
		player, points, sub string
		winner              bool
	}{{"A", "6", "", true}, {"B", "1", "X", false}, {"C", "1", "", false}} {
		s := g.Game.Seats[i]
		assert.Equal(t, want.player, s.Player)
		assert.Equal(t, want.points, s.Points.RatString())
		assert.Equal(t, want.sub, s.Substitute)
		assert.Equal(t, want.winner, s.Winner)
	}

	armada, err := DecodeRatedGame([]byte(`{"id":"d","system":"armada","input":{"outcome":"draw","players":[{"id":"A","centers":17,"years":10},{"id":"X","centers":17,"years":10}],"winners":["A","X"]},"replaced":null}`))
	require.NoError(t, err)
	assert.True(t, armada.Game.PointsArePot)
	assert.Equal(t, "210", armada.Game.Seats[1].Points.RatString())
}

func TestDecodeRatedGameErrors(t *testing.T) {
	t.Parallel()
	two := `{"players":[{"id":"A","score":2},{"id":"B","score":1}]}`
	for _, tt := range []struct{ input, want string }{
		{`[]`, "must be an object, got an array"},
		{`{"id":"g1"`, "malformed JSON at line 1, column 11: unexpected end of JSON input"},
		{`{"system":"placement","input":` + two + `}`, "id: missing"},
		{`{"id":"","system":"placement","input":` + two + `}`, "id: must not be empty"},
		{`{"id":"g","system":7,"input":` + two + `}`, "system: must be a string, got a number"},
		{`{"id":"g","system":"go","input":` + two + `}`, `system: unknown system "go" (want one of placement, blue-max, wooden-ships, vortex, armada, arcs-ambition)`},
		{`{"id":"g","system":"placement","system":"vortex","input":` + two + `}`, "system: given twice"},
		{`{"id":"g","system":"placement","input":null}`, "input: missing"},
		{`{"id":"g","system":"placement","input":"x"}`, "input: must be an object, got a string"},
		{`{"id":"g","system":"placement","input":{"players":[{"id":"A"}]}}`, "input.players[0].score: missing"},
		{`{"id":"g","system":"placement","input":{"players":[]},"replaced":{"A":"X"}}`, "input.players: 0 player(s), need at least 2"},
		{`{"id":"g","system":"placement","input":` + two + `,"replaced":[]}`, "replaced: must be an object, got an array"},
		{`{"id":"g","system":"placement","input":` + two + `,"replaced":{"Z":"X","B":" "}}`, "replaced.B: missing substitute"},
		{`{"id":"g","system":"placement","input":` + two + `,"replaced":{"Z":"X"}}`, `replaced.Z: no player "Z" in this game`},
		{`{"id":"g","system":"placement","input":` + two + `,"replaced":{"":"X"}}`, `replaced."": no player "" in this game`},
	} {
		_, err := DecodeRatedGame([]byte(tt.input))
		assert.EqualError(t, err, tt.want, tt.input)
	}
}
