package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// A companion game finished as a rated solo Arcs game: the bots take the first seats as
// ladder members (one per bot), the player the last, and the result is rated on the Arcs
// ladder; the two games link to each other.
func TestFinishSupercatGameRatesItOnTheArcsLadder(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := storetest.Players(t, st, "solo", 1)[0]
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Rated", Difficulty: "hard", Bots: 2})
	require.NoError(t, err)
	_, err = service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18}})
	var fe *scoring.FieldError
	require.ErrorAs(t, err, &fe)
	assert.Equal(t, "power", fe.Field)
	_, err = service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18, 23, 9}})
	require.ErrorAs(t, err, &fe, "a Power for a bot the game does not have")
	assert.Equal(t, "give the final Power of each of the 2 bots", fe.Problem)

	rated, err := service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18, 23}})
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
	_, err = service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{PlayerPower: 20, BotPower: []int{18, 23}})
	assert.ErrorIs(t, err, store.ErrConflict, "finished once")
}

// A companion game finished by its ambition results instead: the Arcs scorer adds each
// ambition's Power to everyone's Power as the companion keeps it, and the sum is the final
// Power the rated game places on; bad results are refused every field at once.
func TestFinishSupercatGameByAmbitionResults(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := storetest.Players(t, st, "ambitious", 1)[0]
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "By ambitions", Difficulty: "normal", Bots: 2})
	require.NoError(t, err)
	require.NoError(t, service.NewSupercat(st).SetPower(ctx, g.ID, owner.ID, []int{10}, []int{12, 9}))

	_, err = service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{Ambitions: []scoring.SupercatFinalAmbition{
		{Ambition: "glory", Markers: [][]int64{{5, 3}}, Counts: []int64{1, -1, 2}},
		{Ambition: scoring.Tycoon, Markers: [][]int64{{5, 3, 1}}, Counts: []int64{1, 2, 3}},
	}})
	var fields []string
	for _, fe := range scoring.AllFieldErrors(err) {
		fields = append(fields, fe.Field)
	}
	assert.Equal(t, []string{"ambitions[0].ambition", "ambitions[0].counts[1]", "ambitions[1].markers"}, fields,
		"every bad field at once; the base game's markers show two values")

	// Tycoon 5/3: the player first (10 + 5), Ruby second (12 + 3); Warlord 3/2 tied for
	// first between Ruby and Onyx: both take second place (+2).
	rated, err := service.NewResults(st).FinishSupercat(ctx, g.ID, owner.ID, store.SupercatFinal{Ambitions: []scoring.SupercatFinalAmbition{
		{Ambition: scoring.Tycoon, Markers: [][]int64{{5, 3}}, Counts: []int64{4, 2, 1}},
		{Ambition: scoring.Warlord, Markers: [][]int64{{3, 2}}, Counts: []int64{0, 3, 3}},
	}})
	require.NoError(t, err)
	res, err := st.Result(ctx, rated)
	require.NoError(t, err)
	assert.JSONEq(t, `{"players":[{"id":"supercat-normal:arcs","score":17},{"id":"supercat-normal-2:arcs","score":11},{"id":"`+owner.Username+`","score":15}]}`,
		string(res.Input))
	assert.Equal(t, "arcs", res.Ladder)
	g, _, err = st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	assert.Equal(t, []int{15}, g.PlayerPower)
}
