package league_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/scoring"
)

func TestSameSeats(t *testing.T) {
	seats := []scoring.Seat{{Position: 1, Player: "ada"}, {Position: 2, Player: "bruno"}}
	line := func(pos int, player string) scoring.SeatedLine {
		return scoring.SeatedLine{Position: pos, Player: player}
	}
	tests := []struct {
		name  string
		lines []scoring.SeatedLine
		want  error
	}{
		{"the seats as they are", []scoring.SeatedLine{line(1, "ada"), line(2, "bruno")}, nil},
		{"a username in other case is the same player", []scoring.SeatedLine{line(1, "Ada"), line(2, "BRUNO")}, nil},
		{"a player replaced meanwhile", []scoring.SeatedLine{line(1, "ada"), line(2, "chloe")}, league.ErrSeatsChanged},
		{"a seat gone (a withdrawal shortened the game)", []scoring.SeatedLine{line(1, "ada")}, league.ErrSeatsChanged},
		{"a seat more", []scoring.SeatedLine{line(1, "ada"), line(2, "bruno"), line(3, "chloe")}, league.ErrSeatsChanged},
		{"seats renumbered", []scoring.SeatedLine{line(1, "ada"), line(3, "bruno")}, league.ErrSeatsChanged},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.SameSeats(tt.lines, seats))
		})
	}
}

func TestRecordsProposal(t *testing.T) {
	recorded := runningTable()
	recorded.Recorded = true
	frozen := runningTable()
	frozen.LeagueStatus = "closed"
	tests := []struct {
		name  string
		table league.ResultTable
		fits  bool
		want  error
	}{
		{"a confirmed proposal that fits is recorded", runningTable(), true, nil},
		{"one that no longer fits the seats waits for its proposer", runningTable(), false, league.ErrProposalOutdated},
		{"a game recorded meanwhile by its organiser", recorded, true, league.ErrRecorded},
		{"a league closed meanwhile", frozen, true, league.ErrStandingsFrozen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.table.RecordsProposal(tt.fits))
		})
	}
}
