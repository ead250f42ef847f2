package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
)

// A seat the missing man played (ARMADA 4.1) is no game its player played
// (league.GamePlayed): the withdrawals and replacements count the games played as the
// standings do. chloe was absent from the first game and greta from the second; each
// played one game of the two recorded, and a third is still to play.
func TestWithdrawAndReplaceCountNoAbsentSeatAsAGamePlayed(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	w := newWorld(t)
	leagueID, games := w.League("diplomacy", [][]int{{0, 1, 2, 3, 4, 5, 6}, {1, 2, 3, 4, 5, 6, 7}, {0, 1, 2, 3, 4, 6, 7}})
	_, err := w.Record(ctx, games[0], w.Organiser.ID, []byte(`{"outcome":"draw","players":[
		{"id":"ada","centers":10,"years":8},{"id":"bruno","centers":12,"years":8},{"id":"chloe","centers":12,"years":8},
		{"id":"dmitri","centers":0,"years":3,"eliminated":1903},{"id":"elena","centers":0,"years":4,"eliminated":1904},
		{"id":"farid","centers":0,"years":5,"eliminated":1905},{"id":"greta","centers":0,"years":5,"eliminated":1905}],
		"winners":["ada","bruno","chloe"],"absent":["chloe"]}`))
	require.NoError(t, err)
	_, err = w.Record(ctx, games[1], w.Organiser.ID, []byte(`{"outcome":"solo","players":[
		{"id":"bruno","centers":18,"years":8},{"id":"chloe","centers":8,"years":8},{"id":"dmitri","centers":8,"years":8},
		{"id":"elena","centers":0,"years":4,"eliminated":1904},{"id":"farid","centers":0,"years":5,"eliminated":1905},
		{"id":"greta","centers":0,"years":5,"eliminated":1905},{"id":"hugo","centers":0,"years":6,"eliminated":1906}],
		"winners":["bruno"],"absent":["greta"]}`))
	require.NoError(t, err)

	standings, err := service.NewLeagues(w.Store).Standings(ctx, leagueID)
	require.NoError(t, err)
	played := map[string]int{}
	for _, s := range standings {
		played[s.Player] = s.Games
	}
	require.Equal(t, 1, played["chloe"], "the standings count chloe's one game at the table")
	require.Equal(t, 1, played["greta"], "and greta's")

	leagues := service.NewLeagues(w.Store)
	_, err = leagues.Replace(ctx, leagueID, w.Organiser.ID, "chloe", "xavier")
	require.NoError(t, err)
	rs, err := service.NewLeagues(w.Store).Replacements(ctx, leagueID)
	require.NoError(t, err)
	require.Len(t, rs, 1)
	assert.Equal(t, played["chloe"], rs[0].Played, "chloe played one game: the other her power was played by the missing man")

	_, err = leagues.Withdraw(ctx, leagueID, w.Organiser.ID, "greta")
	require.NoError(t, err)
	ws, err := service.NewLeagues(w.Store).Withdrawals(ctx, leagueID)
	require.NoError(t, err)
	require.Len(t, ws, 1)
	assert.Equal(t, played["greta"], ws[0].Played, "greta played one game: the other her power was played by the missing man")
}
