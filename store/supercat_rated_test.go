package store_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/store/storetest"
)

// A companion game finished as a rated solo Arcs game: the bots take the first seats as
// ladder members (one per bot), the player the last, and the result is rated on the Arcs
// ladder; the two games link to each other.
func TestFinishSupercatGameRatesItOnTheArcsLadder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := newPlayers(t, st, "solo", 1)[0]
	g, err := st.CreateSupercatGameWith(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Rated", Difficulty: "hard", Bots: 2})
	require.NoError(t, err)
	_, err = st.FinishSupercatGame(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18}})
	var fe *scoring.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "power", fe.Field)

	rated, err := st.FinishSupercatGame(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18, 23}})
	require.NoError(t, err)
	game, err := st.Game(ctx, rated)
	require.NoError(t, err)
	assert.Equal(t, "arcs", game.Game)
	assert.Equal(t, "finished", game.Status)
	var seats []string
	for _, s := range game.Seats {
		seats = append(seats, s.Username)
	}
	assert.Equal(t, []string{"supercat-hard:arcs", "supercat-hard-2:arcs", owner.Username}, seats)
	ratings, err := st.Ratings(ctx, "arcs")
	require.NoError(t, err)
	assert.Len(t, ratings, 3, "the player and both bots are rated on the Arcs ladder")

	g, _, err = st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	require.NotNil(t, g.RatedGameID)
	assert.Equal(t, rated, *g.RatedGameID)
	back, err := st.SupercatGameOfRated(ctx, rated, owner.ID)
	require.NoError(t, err)
	assert.Equal(t, g.ID, back)
	_, err = st.FinishSupercatGame(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18, 23}})
	assert.ErrorIs(t, err, store.ErrConflict, "finished once")
}
