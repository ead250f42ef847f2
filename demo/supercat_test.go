package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/service"
)

func TestSeedGivesAdaASupercatGameMidTurn(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	ada, err := st.UserByUsername(ctx, "ada")
	require.NoError(t, err)
	games, err := st.SupercatGames(ctx, ada.ID)
	require.NoError(t, err)
	require.Len(t, games, 2, "the game in progress and the finished one, newest first")
	assert.Equal(t, demo.SupercatGameName, games[1].Name)
	_, bots, err := st.SupercatGame(ctx, games[1].ID, ada.ID)
	require.NoError(t, err)
	require.Len(t, bots, 2)
	ruby, jade := bots[0], bots[1]
	require.NotNil(t, ruby.Turn, "Ruby is in the middle of a turn")
	_, _, walk, err := service.ReplayTurn(*ruby.Turn)
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

// A newcomer sees a finished companion game: ada's first chapter against one bot was played
// out, and the game was finished by its ambition results and rated on the Arcs ladder.
func TestSeedGivesAdaAFinishedRatedSupercatGame(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	ada, err := st.UserByUsername(ctx, "ada")
	require.NoError(t, err)
	games, err := st.SupercatGames(ctx, ada.ID)
	require.NoError(t, err)
	require.NotEmpty(t, games)
	g, bots, err := st.SupercatGame(ctx, games[0].ID, ada.ID)
	require.NoError(t, err)
	assert.Equal(t, demo.SupercatFinishedName, g.Name)
	assert.Equal(t, 2, g.Chapter)
	require.Len(t, bots, 1)
	assert.Positive(t, bots[0].Turns, "the bot played its first chapter")
	require.NotNil(t, g.RatedGameID)
	assert.Equal(t, []int{31}, g.PlayerPower, "26 + 5 for first place in Tycoon")
	res, err := st.Result(ctx, *g.RatedGameID)
	require.NoError(t, err)
	assert.Equal(t, "arcs", res.Ladder)
	assert.JSONEq(t, `{"players":[{"id":"supercat-`+demo.SoloArcsBot+`:arcs","score":27},{"id":"ada","score":31}]}`, string(res.Input))
	back, err := st.SupercatGameOfRated(ctx, *g.RatedGameID, ada.ID)
	require.NoError(t, err)
	assert.Equal(t, g.ID, back)
}
