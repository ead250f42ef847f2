package service_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/scheduler"
	"github.com/tablestakes/tablestakes/service"
)

func TestBalanceChange(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		before, after scheduler.Balance
		want          string
	}{
		{
			scheduler.Balance{Players: 8, PairMin: 1, PairMax: 2, GamesMin: 6, GamesMax: 6},
			scheduler.Balance{Players: 7, PairMin: 1, PairMax: 1, GamesMin: 5, GamesMax: 6},
			"Pairs of players meet 1 to 2 times (spread 1) among 8 players before, 1 time (spread 0) among 7 after; games per player 6 before, 5 to 6 after.",
		},
		{
			scheduler.Balance{Players: 4, PairMin: 3, PairMax: 3, GamesMin: 4, GamesMax: 4},
			scheduler.Balance{Players: 3, PairMin: 0, PairMax: 3, GamesMin: 2, GamesMax: 4},
			"Pairs of players meet 3 times (spread 0) among 4 players before, 0 to 3 times (spread 3) among 3 after; games per player 4 before, 2 to 4 after.",
		},
	} {
		assert.Equal(t, tc.want, service.BalanceChange(tc.before, tc.after))
	}
}
