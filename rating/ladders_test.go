package rating_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/rating"
)

func TestPrivateLeaguesHaveLaddersOfTheirOwn(t *testing.T) {
	assert.Equal(t, "armada", rating.LeagueLadder("armada", 12, false))
	assert.Equal(t, "armada", rating.LeagueLadder("armada", 0, true), "a normal game is never private")
	private := rating.LeagueLadder("armada", 12, true)
	assert.Equal(t, "armada@12", private)
	assert.False(t, rating.PublicLadder(private))
	assert.True(t, rating.PublicLadder("armada"))
	assert.Equal(t, "armada", rating.LadderGame(private))
	assert.Equal(t, "king-me", rating.LadderGame("king-me"))
}
