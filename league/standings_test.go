package league_test

import (
	"math/big"
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

func TestGamePlayed(t *testing.T) {
	tests := []struct {
		name   string
		absent bool
		want   bool
	}{
		// ARMADA 4.1: "a randomly-selected power will be chosen to be unplayed"; its player
		// was not at the table.
		{name: "an absent seat is no game its player played", absent: true, want: false},
		{name: "a seat at the table is a game played", absent: false, want: true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.GamePlayed(tt.absent))
		})
	}
}

func TestGamesPlayed(t *testing.T) {
	tests := []struct {
		name   string
		absent []bool
		want   int
	}{
		// ARMADA 4.1: the missing man's seat was not its player's game.
		{name: "an absent seat is not counted", absent: []bool{false, true, false}, want: 2},
		{name: "only absent seats count none", absent: []bool{true}, want: 0},
		{name: "no recorded seat", absent: nil, want: 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.GamesPlayed(tt.absent))
		})
	}
}

// An absent seat neither counts as a game nor gives its place for countback: greta, absent
// from the first game with a first place her power took, stays level with hugo on games
// and countback, and ada and bruno are ranked by their own places.
func TestStandingsCountOnlyGamesPlayed(t *testing.T) {
	line := func(player string, points int64, place int, absent bool) league.RecordedLine {
		return league.RecordedLine{Absent: absent,
			StandingLine: scoring.StandingLine{Player: player, Points: big.NewRat(points, 1), Place: place}}
	}
	got := league.Standings([]string{"ada", "bruno", "greta", "hugo"}, []league.RecordedLine{
		line("ada", 0, 2, false), line("bruno", 0, 3, false), line("greta", 0, 1, true),
		line("ada", 3, 1, false), line("bruno", 3, 1, false), line("greta", 0, 2, false), line("hugo", 0, 2, false),
	})
	type row struct {
		player string
		games  int
		firsts int
		rank   int
	}
	var rows []row
	for _, s := range got {
		rows = append(rows, row{s.Player, s.Games, s.PlaceCounts[0], s.Rank})
	}
	assert.Equal(t, []row{{"ada", 2, 1, 1}, {"bruno", 2, 1, 2}, {"greta", 1, 0, 3}, {"hugo", 1, 0, 3}}, rows)
}
