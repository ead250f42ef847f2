package service_test

import (
	"context"
	"testing"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestSupercatHardModeNamesTheBotWithTheMostPower(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	owner := storetest.Players(t, st, "solo", 1)[0]
	g, err := service.NewSupercat(st).Create(ctx, store.NewSupercatGame{OwnerID: owner.ID, Name: "Hard", Difficulty: "hard", Bots: 2,
		Version: "blighted-reach", Modifiers: []string{"fleet-readiness", "warp-blockades"}, LeadersLore: "passive"})
	require.NoError(t, err)
	assert.Equal(t, []int{1, 2}, g.InitiativeSeats, "at the start every bot is tied at Power 0")
	assert.Equal(t, "blighted-reach", g.Version)
	assert.Equal(t, []string{"fleet-readiness", "warp-blockades"}, g.Modifiers)
	assert.Equal(t, "passive", g.LeadersLore)
	storetest.PlayOutSupercatHand(t, st, g.ID, 1, owner.ID)
	storetest.PlayOutSupercatHand(t, st, g.ID, 2, owner.ID)
	require.NoError(t, service.NewSupercat(st).NewChapter(ctx, g.ID, owner.ID, store.SupercatChapterEnd{PlayerHasNoCards: true, PlayerPower: []int{6}, BotPower: []int{2, 7}}))
	g, _, err = st.SupercatGame(ctx, g.ID, owner.ID)
	require.NoError(t, err)
	assert.Equal(t, []int{2}, g.InitiativeSeats, "Jade has the most Power")
}
