package scoring

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestReadable(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"9", "9"},
		{"0", "0"},
		{"-3", "−3"},
		{"27/2", "13.5"},
		{"401/4", "100.25"},
		{"-1/8", "−0.125"},
		{"272/3", "90 2/3"},
		{"8/3", "2 2/3"},
		{"1/3", "1/3"},
		{"-4/3", "−1 1/3"},
		{"1/7", "1/7"},
	}
	for _, tt := range tests {
		r, ok := new(big.Rat).SetString(tt.in)
		require.True(t, ok, tt.in)
		assert.Equal(t, tt.want, Readable(r), tt.in)
	}
	assert.Equal(t, "0", Readable(nil))
}

func TestMixedAndExact(t *testing.T) {
	t.Parallel()
	for in, want := range map[string][2]string{
		"9": {"9", "9"}, "-3": {"−3", "-3"}, "27/2": {"13 1/2", "13.5"}, "401/4": {"100 1/4", "100.25"},
		"-1/8": {"−1/8", "-0.125"}, "263/3": {"87 2/3", "263/3"}, "1/7": {"1/7", "1/7"}, "1/1024": {"1/1024", "0.0009765625"},
	} {
		r, ok := new(big.Rat).SetString(in)
		require.True(t, ok, in)
		assert.Equal(t, want[0], Mixed(r), in)
		assert.Equal(t, want[1], Exact(r), in)
	}
	assert.Equal(t, "point", PointsWord(big.NewRat(1, 1)))
	assert.Equal(t, "points", PointsWord(big.NewRat(2, 6)))
	assert.Equal(t, "points", PointsWord(big.NewRat(0, 1)))
}

func TestSixPlaces(t *testing.T) {
	t.Parallel()
	tests := []struct{ in, want string }{
		{"20/3", "6.666667"},
		{"-20/3", "-6.666667"},
		{"179/3", "59.666667"},
		{"1/3", "0.333333"},
		{"12", "12.000000"},
		{"0", "0.000000"},
		{"27/2", "13.500000"},
		// Halves round away from zero, on both sides.
		{"1/2000000", "0.000001"},
		{"-1/2000000", "-0.000001"},
		{"3/2000000", "0.000002"},
		{"-3/2000000", "-0.000002"},
		{"1/3000000", "0.000000"},
		{"-1/3000000", "0.000000"},
		{"999999999999999999999/1000", "999999999999999999.999000"},
	}
	for _, tt := range tests {
		r, ok := new(big.Rat).SetString(tt.in)
		require.True(t, ok, tt.in)
		assert.Equal(t, tt.want, SixPlaces(r), tt.in)
	}
	assert.Equal(t, "0.000000", SixPlaces(nil))
}
