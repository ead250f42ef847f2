package league_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
)

func TestLeaguePoints(t *testing.T) {
	tests := []struct {
		name   string
		scored *big.Rat
		absent bool
		want   string
	}{
		// ARMADA 4.1: the missing man played the power; its player takes nothing.
		{"absent seat that scored", big.NewRat(17, 3), true, "0"},
		{"absent seat that scored nothing", new(big.Rat), true, "0"},
		{"seated player takes what the seat scored", big.NewRat(17, 3), false, "17/3"},
		{"seated player with a negative score", big.NewRat(-2, 1), false, "-2"},
		{"no score is none", nil, false, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := league.LeaguePoints(tt.scored, tt.absent)
			assert.Equal(t, tt.want, got.RatString())
		})
	}
}

func TestLeaguePointsIsACopy(t *testing.T) {
	scored := big.NewRat(5, 1)
	got := league.LeaguePoints(scored, false)
	got.SetInt64(1)
	assert.Equal(t, "5", scored.RatString(), "the seat's score is not changed through its league points")
}
