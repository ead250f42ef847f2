package scoring

import (
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
