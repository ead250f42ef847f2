package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestFormat(t *testing.T) {
	for _, tc := range []struct {
		name         string
		f            Format
		each, games  int
		least, most  int
		field, wrong string
	}{
		// The seed's table (league-scoring-system.txt, "Number of games per league"): 8
		// players, K = 2..8 → 14, 9, 16, 25, 18, 21, 16 games each.
		{name: "seed: 8 players, 2 a game", f: Format{8, 2, 0}, each: 14, games: 56, least: 2, most: 2},
		{name: "seed: 8 players, 3 a game", f: Format{8, 3, 0}, each: 9, games: 24, least: 2, most: 3},
		{name: "seed: 8 players, 4 a game", f: Format{8, 4, 0}, each: 16, games: 32, least: 6, most: 7},
		{name: "seed: 8 players, 5 a game", f: Format{8, 5, 0}, each: 25, games: 40, least: 14, most: 15},
		{name: "seed: 8 players, 8 a game", f: Format{8, 8, 0}, each: 16, games: 16, least: 16, most: 16},
		// Beyond 8: the scheduler's default, the least multiple of K meeting everyone.
		{name: "5 players, 3 a game", f: Format{5, 3, 0}, each: 3, games: 5, least: 1, most: 2},
		{name: "12 players, 4 a game", f: Format{12, 4, 0}, each: 4, games: 12, least: 1, most: 2},
		{name: "32 players, 4 a game", f: Format{32, 4, 0}, each: 12, games: 96, least: 1, most: 2},
		{name: "12 players, 4 a game, 8 each", f: Format{12, 4, 8}, each: 8, games: 24, least: 2, most: 3},
		{name: "3 players, 3 a game", f: Format{3, 3, 0}, each: 3, games: 3, least: 3, most: 3},
		// CONTRACT section 10: players from max(3, K) to 32.
		{name: "2 players", f: Format{2, 2, 0}, field: "players", wrong: "must be between 3 and 32, got 2"},
		{name: "fewer than K", f: Format{4, 5, 0}, field: "players", wrong: "must be between 5 and 32, got 4"},
		{name: "33 players", f: Format{33, 4, 0}, field: "players", wrong: "must be between 4 and 32, got 33"},
		// games_per_player: what `tablestakes schedule --games-per-player` accepts.
		{name: "not a multiple of K", f: Format{8, 3, 10}, field: "games_per_player",
			wrong: "10 is not a multiple of players per game 3 (every player must sit in every seat equally often)"},
		{name: "negative", f: Format{8, 3, -3}, field: "games_per_player", wrong: "must be positive, got -3"},
		{name: "too many games", f: Format{32, 2, 128}, field: "games_per_player",
			wrong: "128 would make a league of 2048 games, more than 1024"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			field, wrong := tc.f.Check()
			assert.Equal(t, tc.field, field)
			assert.Equal(t, tc.wrong, wrong)
			if tc.field != "" {
				return
			}
			assert.Equal(t, tc.each, tc.f.GamesEach())
			assert.Equal(t, tc.games, tc.f.Games())
			least, most := tc.f.Meetings()
			assert.Equal(t, []int{tc.least, tc.most}, []int{least, most})
		})
	}
}

func TestResize(t *testing.T) {
	assert.NoError(t, Resize(0, 3))
	assert.NoError(t, Resize(4, 5), "one place left for the join that fills it")
	assert.EqualError(t, Resize(5, 5), "players: 5 players have joined already; a league of 5 would have no place left for the join that draws its games")
	assert.EqualError(t, Resize(1, 1), "players: 1 player has joined already; a league of 1 would have no place left for the join that draws its games")
	assert.ErrorIs(t, Resize(6, 4), ErrConflict)
}
