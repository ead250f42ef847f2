package demo_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/demo"
	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/service"
)

func TestSeedSeasonsOneFinishedOneRunning(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := seededStore(t)

	running, err := st.Seasons(ctx, league.SeasonRunning)
	require.NoError(t, err)
	require.Len(t, running, 1)
	winter := running[0]
	assert.Equal(t, demo.RunningSeasonName, winter.Name)
	require.NotNil(t, winter.PreviousID)
	divs, err := st.Divisions(ctx, winter.ID)
	require.NoError(t, err)
	require.Len(t, divs, 2, "two divisions of six")

	autumn, err := st.Season(ctx, *winter.PreviousID)
	require.NoError(t, err)
	assert.Equal(t, demo.FinishedSeasonName, autumn.Name)
	assert.Equal(t, league.SeasonFinished, autumn.Status)
	ms, err := service.NewSeasons(st).Movements(ctx, autumn.ID)
	require.NoError(t, err)
	require.Len(t, ms, len(demo.Users()))
	for _, m := range ms {
		d := m.To - 1
		assert.Contains(t, divs[d].Members, m.Player, "the running season's divisions follow the movements")
	}
}
