package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store/demo"
)

func TestSeedGivesAdaASupercatGameMidTurn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	ada, err := st.UserByUsername(ctx, "ada")
	require.NoError(t, err)
	games, err := st.SupercatGames(ctx, ada.ID)
	require.NoError(t, err)
	require.Len(t, games, 1)
	assert.Equal(t, demo.SupercatGameName, games[0].Name)
	_, bots, err := st.SupercatGame(ctx, games[0].ID, ada.ID)
	require.NoError(t, err)
	require.Len(t, bots, 2)
	ruby, jade := bots[0], bots[1]
	require.NotNil(t, ruby.Turn, "Ruby is in the middle of a turn")
	_, _, walk, err := ruby.Turn.Replay()
	require.NoError(t, err)
	require.NotNil(t, walk.Current)
	assert.Equal(t, "gp-1b", walk.Current.ID)
	assert.Equal(t, 6, ruby.Hand, "6 + 1 bonus card − 1 played")
	assert.Equal(t, 1, ruby.Seize)
	assert.Nil(t, jade.Turn)
	assert.Equal(t, 1, jade.Turns)
	assert.Equal(t, 5, jade.Hand)
	assert.Equal(t, []string{"Farseers"}, jade.Exhausted)
}
