package scheduler

import (
	"fmt"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestSpreadFloor checks the floor and its reason for shapes of each kind, the seed's
// table first: 8 players at two tables of 4 for 16 rounds cannot go below 2.
func TestSpreadFloor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		n, k, r int
		rounds  bool
		want    Floor
	}{
		{8, 4, 0, true, Floor{2, FloorParity}},
		{8, 4, 0, false, Floor{1, FloorArithmetic}},
		{8, 3, 0, true, Floor{1, FloorArithmetic}},
		{8, 7, 0, true, Floor{0, FloorArithmetic}}, // one table a round: as plain
		{6, 3, 0, true, Floor{2, FloorParity}},
		{12, 6, 0, true, Floor{2, FloorParity}},
		{16, 8, 0, true, Floor{3, FloorCounting}},
		{10, 5, 0, true, Floor{3, FloorExhaustive}},
		{14, 7, 0, true, Floor{3, FloorCounting}},
		{7, 3, 0, true, Floor{2, FloorSymmetric}}, // the Fano plane: every two lines meet
		{11, 5, 0, true, Floor{2, FloorSymmetric}},
		{13, 4, 0, true, Floor{2, FloorSymmetric}},
		{15, 7, 0, true, Floor{2, FloorSymmetric}},
		{16, 6, 0, true, Floor{2, FloorSymmetric}},
		{7, 3, 0, false, Floor{0, FloorArithmetic}}, // plain: the Fano plane itself
		{13, 3, 0, true, Floor{0, FloorArithmetic}},
		{12, 6, 12, true, Floor{1, FloorArithmetic}}, // 12 rounds: q = 5, d = 5 = n/2 − 1
	} {
		t.Run(fmt.Sprintf("N=%d/k=%d/r=%d/rounds=%v", tc.n, tc.k, tc.r, tc.rounds), func(t *testing.T) {
			got, err := SpreadFloor(Options{Players: tc.n, PerGame: tc.k, GamesPerPlayer: tc.r, Rounds: tc.rounds})
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
		})
	}
	_, err := SpreadFloor(Options{Players: 8, PerGame: 9})
	var bad *OptionError
	assert.ErrorAs(t, err, &bad)
}

// TestParityAgreesWithExhaustiveSearch checks the parity rule against the exhaustive
// search on small two-table shapes: the rule allows spread 1 wherever a schedule of
// spread 1 exists, and where it refuses, none does.
func TestParityAgreesWithExhaustiveSearch(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		k, r   int
		exists bool
	}{{3, 3, false}, {3, 6, false}, {3, 9, true}, {4, 4, false}, {4, 8, true}, {5, 5, false}} {
		p := mustPlan(t, Options{Players: 2 * tc.k, PerGame: tc.k, GamesPerPlayer: tc.r, Rounds: true})
		q := p.r * (p.k - 1) / (p.n - 1)
		assert.Equal(t, tc.exists, twoTableWindowFits(tc.k, tc.r, q, q+1), "k=%d r=%d", tc.k, tc.r)
		if tc.exists {
			assert.True(t, twoTableSpreadFits(p), "k=%d r=%d: a schedule of spread 1 exists", tc.k, tc.r)
		}
		if !twoTableSpreadFits(p) {
			assert.False(t, tc.exists, "k=%d r=%d", tc.k, tc.r)
		}
	}
}

// TestCountingFloor checks the pigeonhole count on shapes worked by hand: 12 players
// at three tables of 4 for 4 rounds (18 repeated pairs at least, 6 with even counts).
func TestCountingFloor(t *testing.T) {
	t.Parallel()
	p := mustPlan(t, Options{Players: 12, PerGame: 4, Rounds: true})
	assert.Equal(t, 18, p.repeatedMeetings())
	even, ok := sharedPairsAtMost(66, 72, 1, 2)
	require.True(t, ok)
	assert.Equal(t, 6, even)
	assert.Equal(t, Floor{2, FloorCounting}, p.spreadFloor())
	// Spread 2 fits only as counts 0..2: counts 1..3 repeat at most 9 pairs.
	most, ok := sharedPairsAtMost(66, 72, 1, 3)
	require.True(t, ok)
	assert.Equal(t, 9, most)
	most, ok = sharedPairsAtMost(66, 72, 0, 2)
	require.True(t, ok)
	assert.GreaterOrEqual(t, most, 18)
	// 9 players at two tables of 4 (one sitting out) for 4 rounds and a round of one
	// table: 6·2 + 4·1 = 16 at least, 18 with even counts: no floor raised.
	p = mustPlan(t, Options{Players: 9, PerGame: 4, Rounds: true})
	assert.Equal(t, 16, p.repeatedMeetings())
	even, ok = sharedPairsAtMost(36, 54, 1, 2)
	require.True(t, ok)
	assert.Equal(t, 18, even)
	assert.Equal(t, Floor{1, FloorArithmetic}, p.spreadFloor())
}
