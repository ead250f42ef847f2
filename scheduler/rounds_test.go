package scheduler

import (
	"encoding/json"
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRoundsSearchReachesTheFloor checks shapes in rounds of several tables that the
// constructions alone left above the floor or with pairs who never meet (seed 0, the
// command's default): 12 players at two tables of 6 came out at spread 3, 12 at two
// tables of 5 (two sitting out) with pairs who never met.
func TestRoundsSearchReachesTheFloor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n, k, spread int
	}{
		{12, 6, 2}, // the parity floor
		{12, 5, 2},
	} {
		t.Run(fmt.Sprintf("N=%d/k=%d", tc.n, tc.k), func(t *testing.T) {
			t.Parallel()
			res := sweepLeague(t, tc.n, tc.k, true)
			assert.Equal(t, tc.spread, res.spread)
			assert.Zero(t, res.neverMet, "pairs who never meet")
		})
	}
}

// TestRoundsAreDeterministic builds shapes that go through the rounds search twice with
// the same options: byte-identical JSON; another seed gives another schedule.
func TestRoundsAreDeterministic(t *testing.T) {
	t.Parallel()
	for _, opts := range []Options{
		{Players: 12, PerGame: 6, Seed: 0, Rounds: true},
		{Players: 6, PerGame: 3, Seed: 7, Rounds: true},
	} {
		a, err := Build(opts)
		require.NoError(t, err)
		b, err := Build(opts)
		require.NoError(t, err)
		ja, err := json.Marshal(a)
		require.NoError(t, err)
		jb, err := json.Marshal(b)
		require.NoError(t, err)
		assert.Equal(t, string(ja), string(jb), "%+v", opts)
		opts.Seed++
		c, err := Build(opts)
		require.NoError(t, err)
		assert.NotEqual(t, a, c, "%+v", opts)
	}
}

// TestRoundsSeatNobodyTwiceAndSitOutEvenly checks, from the games alone, shapes with
// several tables a round and players sitting out (and one round short of tables).
func TestRoundsSeatNobodyTwiceAndSitOutEvenly(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct{ n, k, r int }{
		{9, 4, 0}, {11, 3, 0}, {13, 5, 0}, {10, 4, 8}, {7, 2, 4}, {14, 4, 0},
	} {
		t.Run(fmt.Sprintf("N=%d/k=%d/r=%d", tc.n, tc.k, tc.r), func(t *testing.T) {
			t.Parallel()
			opts := Options{Players: tc.n, PerGame: tc.k, GamesPerPlayer: tc.r, Seed: 5, Rounds: true}
			s, err := Build(opts)
			require.NoError(t, err)
			require.NoError(t, Verify(s, opts))
			checkRoundsSeatNobodyTwice(t, s, true)
			floor, err := SpreadFloor(opts)
			require.NoError(t, err)
			assert.GreaterOrEqual(t, Fairness(s).Spread, floor.Spread)
		})
	}
}
