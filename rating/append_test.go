package rating

import (
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

// TestRateAppendedIsTheWholeLaddersApply: rating the newest game from its seats' held
// ratings alone gives the same entries and ratings as applying it to the whole ladder.
func TestRateAppendedIsTheWholeLaddersApply(t *testing.T) {
	t.Parallel()
	whole := NewLadder()
	g1 := Game{ID: "g1", Seats: seats(t, []string{"A", "B", "C", "D"}, "3", "2", "1", "0")}
	g1.Seats[0].Winner = true
	_, err := whole.Apply(g1)
	require.NoError(t, err)

	// Game 2 seats A and C (who hold ratings), E (new) and B finished by substitute F.
	g2 := Game{ID: "g2", Seats: seats(t, []string{"A", "C", "E", "B"}, "0", "1", "2", "3")}
	g2.Seats[3].Substitute, g2.Seats[3].Winner = "F", true
	held := []Standing{
		{Player: "A", Rating: whole.Rating("A"), Games: whole.Games("A")},
		{Player: "C", Rating: whole.Rating("C"), Games: whole.Games("C")},
		{Player: "B", Rating: whole.Rating("B"), Games: whole.Games("B")},
	}
	entries, after, err := RateAppended(held, g2)
	require.NoError(t, err)

	want, err := whole.Apply(g2)
	require.NoError(t, err)
	assert.Equal(t, want, entries)
	require.NotEmpty(t, after)
	names := make([]string, len(after))
	for i, st := range after {
		names[i] = st.Player
		assert.Equal(t, whole.Rating(st.Player), st.Rating, st.Player)
		assert.Equal(t, whole.Games(st.Player), st.Games, st.Player)
	}
	assert.Subset(t, names, []string{"A", "C", "E", "B"}, "every seat's player is touched")
	assert.NotContains(t, names, restOfLadder, "the rest of the ladder is never a member to store")
}

func TestRateAppendedRefusesHeldRatingsListedTwice(t *testing.T) {
	t.Parallel()
	g := Game{ID: "g", Seats: seats(t, []string{"A", "B"}, "1", "0")}
	_, _, err := RateAppended([]Standing{{Player: "A", Rating: 5}, {Player: "A", Rating: -5}}, g)
	assert.Error(t, err)
}
