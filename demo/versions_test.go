package demo_test

import (
	"context"
	"encoding/json"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/store"
)

// leagueNamed finds the league called name among ls.
func leagueNamed(t *testing.T, ls []store.League, name string) store.League {
	t.Helper()
	for _, l := range ls {
		if l.Name == name {
			return l
		}
	}
	require.Failf(t, "no such league", "%q", name)
	return store.League{}
}

func TestSeedShowsTheVersions(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)
	running, err := st.LeaguesByStatus(ctx, store.LeagueRunning)
	require.NoError(t, err)
	vaults := leagueNamed(t, running, demo.VaultsLeagueName)
	assert.Equal(t, "arcs", vaults.Game)
	assert.Equal(t, "lost-vaults", vaults.Version)
	assert.Equal(t, 5, vaults.PlayersPerGame, "Lost Vaults & Fated Leaders takes a fifth player")
	games, err := st.Games(ctx, vaults.ID)
	require.NoError(t, err)
	assert.Len(t, games, 40, "5 players per game: the seed's 40 games")

	finished, err := st.NormalGames(ctx, store.GameFinished)
	require.NoError(t, err)
	d12 := 0
	for _, g := range finished {
		if g.Game == "vortex" && g.Version == "d12" {
			d12++
			rg, err := st.ResultGame(ctx, g.ID)
			require.NoError(t, err)
			var board struct {
				Die int `json:"die"`
			}
			require.NoError(t, json.Unmarshal(rg.Recorded, &board))
			assert.Equal(t, 12, board.Die, "the board took the version's die")
		}
	}
	assert.Equal(t, 1, d12, "one Vortex d12 game")
}
