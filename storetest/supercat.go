package storetest

import (
	"context"
	"testing"

	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// PlayOutSupercatHand plays the bot's turns until its hand counter is 0: each turn follows
// Construction 2 and surpasses with a drawn Construction 6 (or plays its bonus cards), then
// answers "no" to every question until the procedures end the turn.
func PlayOutSupercatHand(t testing.TB, st *store.Store, gameID int64, seat int, ownerID int64) {
	t.Helper()
	ctx := context.Background()
	for range 20 {
		_, bots, err := st.SupercatGame(ctx, gameID, ownerID)
		require.NoError(t, err)
		bot := bots[seat-1]
		if bot.Hand == 0 {
			return
		}
		table := store.SupercatTable{Lead: &scoring.ActionCard{Suit: scoring.Construction, Number: 2}, Roll: 6, MarkersAvailable: true, PlayerPower: []int{0}}
		if scoring.SupercatDraws(bot.Hand, len(bot.BonusCards)) {
			table.Drawn = []scoring.ActionCard{{Suit: scoring.Construction, Number: 6}, {Suit: scoring.Aggression, Number: 3}}
		}
		bot, err = service.NewSupercat(st).StartTurn(ctx, gameID, seat, ownerID, table)
		require.NoError(t, err)
		for step := 0; ; step++ {
			_, _, walk, err := service.ReplayTurn(*bot.Turn)
			require.NoError(t, err)
			if walk.Done {
				break
			}
			answer := "no"
			if !contains(walk.Choices, "no") {
				answer = walk.Choices[0]
			}
			bot, err = service.NewSupercat(st).Answer(ctx, gameID, seat, ownerID, step, answer)
			require.NoError(t, err)
		}
		_, err = service.NewSupercat(st).FinishTurn(ctx, gameID, seat, ownerID)
		require.NoError(t, err)
	}
	t.Fatalf("bot %d of game %d still holds cards after 20 turns", seat, gameID)
}

func contains(list []string, s string) bool {
	for _, x := range list {
		if x == s {
			return true
		}
	}
	return false
}
