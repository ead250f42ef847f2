package scoring

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestStandings(t *testing.T) {
	t.Parallel()
	r := func(s string) *big.Rat {
		v, ok := new(big.Rat).SetString(s)
		require.True(t, ok, s)
		return v
	}
	type want struct {
		player string
		points string
		games  int
		rank   int
	}
	tests := []struct {
		name    string
		members []string
		lines   []StandingLine
		want    []want
		notes   []string
	}{
		{
			// The seed's Cartagena and Vampiring examples as two games of one league:
			// A 20 + 12, B 9 + 4, C 9 + 4, D 2 + 0, E 0.
			name:    "seed examples summed",
			members: []string{"A", "B", "C", "D", "E"},
			lines: []StandingLine{
				{"A", r("20"), 1}, {"B", r("9"), 2}, {"C", r("9"), 2}, {"D", r("2"), 4}, {"E", r("0"), 5},
				{"A", r("12"), 1}, {"B", r("4"), 2}, {"C", r("4"), 2}, {"D", r("0"), 4},
			},
			want:  []want{{"A", "32", 2, 1}, {"B", "13", 2, 2}, {"C", "13", 2, 2}, {"D", "2", 2, 4}, {"E", "0", 1, 5}},
			notes: []string{"B and C are level on points and countback and share 2nd place."},
		},
		{
			name:    "countback: more first places wins",
			members: []string{"ann", "bob", "cat"},
			lines: []StandingLine{
				{"ann", r("12"), 1}, {"bob", r("6"), 2}, {"cat", r("0"), 3},
				{"bob", r("6"), 2}, {"cat", r("0"), 3}, {"ann", r("0"), 3},
				{"cat", r("12"), 1}, {"bob", r("6"), 2}, {"ann", r("6"), 2},
			},
			want:  []want{{"ann", "18", 3, 1}, {"bob", "18", 3, 2}, {"cat", "12", 3, 3}},
			notes: []string{"ann is ahead of bob on countback: 1 first place to 0."},
		},
		{
			name:    "countback: then more second places",
			members: []string{"ann", "bob"},
			lines: []StandingLine{
				{"ann", r("10"), 1}, {"ann", r("5"), 2}, {"ann", r("5"), 2},
				{"bob", r("10"), 1}, {"bob", r("5"), 2}, {"bob", r("3"), 3}, {"bob", r("2"), 3},
			},
			want:  []want{{"ann", "20", 3, 1}, {"bob", "20", 4, 2}},
			notes: []string{"ann is ahead of bob on countback: 2 second places to 1."},
		},
		{
			name:    "exact fractions and members without games",
			members: []string{"x", "y", "z"},
			lines:   []StandingLine{{"x", r("1/3"), 2}, {"x", r("2/3"), 2}, {"y", r("1"), 1}},
			want:    []want{{"y", "1", 1, 1}, {"x", "1", 2, 2}, {"z", "0", 0, 3}},
			notes:   []string{"y is ahead of x on countback: 1 first place to 0."},
		},
		{
			// Issue 12: at 0 games nobody shares a place; the page says nobody has played yet.
			name:    "no games: ranked level, but no note of a shared place",
			members: []string{"b", "a"},
			want:    []want{{"a", "0", 0, 1}, {"b", "0", 0, 1}},
		},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := Standings(tt.members, tt.lines)
			require.Len(t, got, len(tt.want))
			for i, w := range tt.want {
				assert.Equal(t, w.player, got[i].Player, "row %d", i)
				assert.Equal(t, 0, got[i].Points.Cmp(r(w.points)), "row %d points %s", i, got[i].Points)
				assert.Equal(t, w.games, got[i].Games, "row %d games", i)
				assert.Equal(t, w.rank, got[i].Rank, "row %d rank", i)
			}
			assert.Equal(t, tt.notes, TieBreaks(got))
		})
	}
}

func TestPlaces(t *testing.T) {
	t.Parallel()
	// The seed's Cartagena example: the scorer's places are kept.
	res, err := Score(Placement, []byte(`{"players":[{"id":"A","score":1000},{"id":"B","score":970},{"id":"C","score":970},{"id":"D","score":800},{"id":"E","score":770}]}`))
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 2, 4, 5}, Places(res.Results))

	// Vortex places come from the scores, not the points (CONTRACT section 1): 90, 70, 40,
	// 50 → places 1, 2, 4, 3, though the losers all score 0 points.
	res, err = Score(Vortex, []byte(`{"players":[{"id":"R","score":90},{"id":"G","score":70},{"id":"B","score":40},{"id":"Y","score":50}]}`))
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 4, 3}, Places(res.Results))

	// Blue Max example 2: W1 5, W2 4, W3 2, D2 2, D1 −1, D3 −1.
	res, err = Score(BlueMax, []byte(`{"sides":[
		{"name":"W","players":[{"id":"W1","destroyed":1,"points":30},{"id":"W2","destroyed":1,"points":20},{"id":"W3","lost":1,"points":5}]},
		{"name":"D","players":[{"id":"D1","lost":1,"points":1},{"id":"D2","destroyed":1,"points":20},{"id":"D3","lost":1,"points":2}]}]}`))
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2, 3, 5, 3, 5}, Places(res.Results))
}

func TestDecimalPoints(t *testing.T) {
	t.Parallel()
	assert.Equal(t, "13.5", Decimal(big.NewRat(27, 2)))
	assert.Equal(t, "-4", Decimal(big.NewRat(-4, 1)))
	assert.Equal(t, "0.333333333333", Decimal(big.NewRat(1, 3)))
}
