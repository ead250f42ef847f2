package service_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// TestMayRecordIsTheOrganisersAndCoOrganisers: the league's organiser and each
// co-organiser record a game's result (the result form records rather than proposes for
// them); a seated player and anyone else do not, even where the players report.
func TestMayRecordIsTheOrganisersAndCoOrganisers(t *testing.T) {
	t.Parallel()
	g := store.ResultGame{ID: 7, LeagueID: 3, Status: store.GameScheduled, OrganiserID: 1, CoOrganiserIDs: []int64{2, 3},
		ResultsBy: store.ResultsByPlayers, Seats: []store.SeatRef{{Position: 1, UserID: 10}, {Position: 2, UserID: 11}}}
	for _, tc := range []struct {
		name   string
		userID int64
		want   bool
	}{
		{"the organiser", 1, true},
		{"a co-organiser", 2, true},
		{"the other co-organiser", 3, true},
		{"a seated player", 10, false},
		{"anyone else", 99, false},
	} {
		assert.Equal(t, tc.want, service.MayRecord(g, tc.userID), tc.name)
	}
}
