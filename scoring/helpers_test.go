package scoring

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/require"
)

// rat parses an exact number for test tables: "9", "17.5", "20/3".
func rat(t testing.TB, s string) *big.Rat {
	t.Helper()
	r, ok := new(big.Rat).SetString(s)
	require.True(t, ok, "bad rational %q in test table", s)
	return r
}

// pointsByID maps a result's points to exact strings ("9", "20/3") by player id.
func pointsByID(res Result) map[string]string {
	out := make(map[string]string, len(res.Results))
	for _, r := range res.Results {
		out[r.ID] = r.Points.RatString()
	}
	return out
}

// scored builds scored players from alternating ids and scores: scored(t, "A", "1000", "B", "970").
func scored(t testing.TB, pairs ...string) []ScoredPlayer {
	t.Helper()
	require.Zero(t, len(pairs)%2)
	var out []ScoredPlayer
	for i := 0; i < len(pairs); i += 2 {
		out = append(out, ScoredPlayer{ID: pairs[i], Score: rat(t, pairs[i+1])})
	}
	return out
}

// requireFieldError checks that err is a *FieldError with the given message.
func requireFieldError(t testing.TB, err error, want string) {
	t.Helper()
	require.Error(t, err)
	var fe *FieldError
	require.ErrorAs(t, err, &fe, "error %q is not a *FieldError", err)
	require.Equal(t, want, err.Error())
}
