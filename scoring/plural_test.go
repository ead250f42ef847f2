package scoring

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
)

// One thing is singular; none, several and a negative count are plural.
func TestPlural(t *testing.T) {
	for _, tc := range []struct {
		n    int64
		want string
	}{
		{1, "game"}, {0, "games"}, {2, "games"}, {32, "games"}, {-1, "games"},
	} {
		assert.Equal(t, tc.want, Plural(tc.n, "game", "games"), tc.n)
		assert.Equal(t, tc.want, Plural(int(tc.n), "game", "games"), tc.n)
	}
	assert.Equal(t, "1 year", plural(1, "year", "years"))
	assert.Equal(t, "3 years", plural(3, "year", "years"))
}

// One league point, won or lost, is singular: "1 point", "−1 point"; every other amount,
// fractions of a point and none included, is plural.
func TestPointsWord(t *testing.T) {
	for _, tc := range []struct {
		points *big.Rat
		want   string
	}{
		{big.NewRat(1, 1), "point"}, {big.NewRat(-1, 1), "point"},
		{big.NewRat(0, 1), "points"}, {big.NewRat(2, 1), "points"}, {big.NewRat(-2, 1), "points"},
		{big.NewRat(1, 3), "points"}, {big.NewRat(-4, 3), "points"}, {nil, "points"},
	} {
		assert.Equal(t, tc.want, PointsWord(tc.points), "%v", tc.points)
	}
}
