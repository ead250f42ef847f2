package league_test

import (
	"errors"
	"math/big"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/rating"
	"github.com/tablestakes/tablestakes/scoring"
)

func TestLeaguePoints(t *testing.T) {
	tests := []struct {
		name   string
		scored *big.Rat
		absent bool
		want   string
	}{
		// ARMADA 4.1: the missing man played the power; its player takes nothing.
		{"absent seat that scored", big.NewRat(17, 3), true, "0"},
		{"absent seat that scored nothing", new(big.Rat), true, "0"},
		{"seated player takes what the seat scored", big.NewRat(17, 3), false, "17/3"},
		{"seated player with a negative score", big.NewRat(-2, 1), false, "-2"},
		{"no score is none", nil, false, "0"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := league.LeaguePoints(tt.scored, tt.absent)
			assert.Equal(t, tt.want, got.RatString())
		})
	}
}

func TestLeaguePointsIsACopy(t *testing.T) {
	scored := big.NewRat(5, 1)
	got := league.LeaguePoints(scored, false)
	got.SetInt64(1)
	assert.Equal(t, "5", scored.RatString(), "the seat's score is not changed through its league points")
}

func TestStandingsFrozen(t *testing.T) {
	tests := []struct {
		status string
		want   bool
	}{
		{"closed", true},
		{"cancelled", true},
		{"archived", true},
		{"finished", false}, // a finished league still takes corrections
		{"running", false},
		{"open", false},
		{"", false}, // a normal game has no league
	}
	for _, tt := range tests {
		t.Run(tt.status, func(t *testing.T) {
			assert.Equal(t, tt.want, league.StandingsFrozen(tt.status))
		})
	}
}

const (
	tableOrganiser   = int64(1)
	tableCoOrganiser = int64(2)
	tableAda         = int64(3)
	tableStranger    = int64(9)
)

// runningTable is a league game waiting for its result, ada seated.
func runningTable() league.ResultTable {
	return league.ResultTable{InLeague: true, LeagueStatus: "running", OrganiserID: tableOrganiser,
		CoOrganiserIDs: []int64{tableCoOrganiser}, SeatIDs: []int64{tableAda, 4, 5}, PlayersReport: true}
}

func TestWritable(t *testing.T) {
	recorded := runningTable()
	recorded.Recorded = true
	closed := recorded
	closed.LeagueStatus = "closed"
	finished := recorded
	finished.LeagueStatus = "finished"
	table := league.ResultTable{OrganiserID: tableOrganiser, SeatIDs: []int64{tableOrganiser, tableAda}}
	open := table
	open.SeatsFree = true
	tests := []struct {
		name       string
		table      league.ResultTable
		by         int64
		correction bool
		want       error
	}{
		{"the organiser records", runningTable(), tableOrganiser, false, nil},
		{"a co-organiser records", runningTable(), tableCoOrganiser, false, nil},
		{"a seated player does not record", runningTable(), tableAda, false, league.ErrNotOrganiser},
		{"a stranger does not record", runningTable(), tableStranger, false, league.ErrNotOrganiser},
		{"a recorded game is not recorded again", recorded, tableOrganiser, false, league.ErrRecorded},
		{"an unrecorded game is not corrected", runningTable(), tableOrganiser, true, league.ErrNotRecorded},
		{"the organiser corrects", recorded, tableOrganiser, true, nil},
		{"a co-organiser corrects", recorded, tableCoOrganiser, true, nil},
		{"a finished league takes corrections", finished, tableOrganiser, true, nil},
		{"a closed league's standings are frozen", closed, tableOrganiser, true, league.ErrStandingsFrozen},
		{"who is refused before the state", closed, tableStranger, true, league.ErrNotOrganiser},
		{"a normal game's organiser records", table, tableOrganiser, false, nil},
		{"anyone else at a normal game does not", table, tableAda, false, league.ErrNotTableOrganiser},
		{"a table with free seats takes no result", open, tableOrganiser, false, league.ErrTableNotReady},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.table.Writable(tt.by, tt.correction)
			if tt.want == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.want)
			}
			assert.Equal(t, tt.want == nil || !errors.Is(tt.want, league.ErrNotOrganiser) && !errors.Is(tt.want, league.ErrNotTableOrganiser),
				tt.table.MayRecord(tt.by), "MayRecord agrees with Writable on who")
		})
	}
}

func TestMayPropose(t *testing.T) {
	organisersOnly := runningTable()
	organisersOnly.PlayersReport = false
	recorded := runningTable()
	recorded.Recorded = true
	archived := runningTable()
	archived.LeagueStatus = "archived"
	tests := []struct {
		name  string
		table league.ResultTable
		by    int64
		want  error
	}{
		{"a seated player proposes", runningTable(), tableAda, nil},
		{"not where only the organisers enter results", organisersOnly, tableAda, league.ErrOrganisersOnly},
		{"the organiser, not seated, does not propose", runningTable(), tableOrganiser, league.ErrNotSeated},
		{"a stranger does not propose", runningTable(), tableStranger, league.ErrNotSeated},
		{"a recorded game takes no proposal", recorded, tableAda, league.ErrRecorded},
		{"a frozen league takes no proposal", archived, tableAda, league.ErrStandingsFrozen},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.table.MayPropose(tt.by)
			if tt.want == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.want)
			}
		})
	}
}

func TestChangesNothing(t *testing.T) {
	stored := func() league.Outcome {
		return league.Outcome{Seats: []league.SeatOutcome{
			{Points: big.NewRat(7, 1), Place: 1, Winner: true, Explanation: "7 = 40 points"},
			{Points: big.NewRat(1, 2), Place: 2, Explanation: "1/2 = 30 points", Substitute: "hugo"},
		}}
	}
	change := func(f func(*league.Outcome)) league.Outcome {
		o := stored()
		f(&o)
		return o
	}
	tests := []struct {
		name      string
		corrected league.Outcome
		want      bool
	}{
		{"the same result", stored(), true},
		{"the same points written otherwise", change(func(o *league.Outcome) { o.Seats[1].Points = big.NewRat(2, 4) }), true},
		{"points moved", change(func(o *league.Outcome) { o.Seats[1].Points = big.NewRat(1, 3) }), false},
		{"place moved", change(func(o *league.Outcome) { o.Seats[1].Place = 1 }), false},
		{"winner moved", change(func(o *league.Outcome) { o.Seats[0].Winner = false }), false},
		{"raw numbers moved", change(func(o *league.Outcome) { o.Seats[0].Explanation = "7 = 41 points" }), false},
		{"substitute moved", change(func(o *league.Outcome) { o.Seats[1].Substitute = "" }), false},
		{"victory moved", change(func(o *league.Outcome) { o.Victory = "major" }), false},
		{"winning side moved", change(func(o *league.Outcome) { o.WinningSide = "axis" }), false},
		{"a seat more", change(func(o *league.Outcome) { o.Seats = append(o.Seats, o.Seats[0]) }), false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.ChangesNothing(stored(), tt.corrected))
		})
	}
}

func TestMayAnswer(t *testing.T) {
	const bruno, chloe = int64(4), int64(5)
	// ada proposed; bruno confirmed; chloe is asked.
	standing := league.Proposal{ProposerID: tableAda, Revision: 2, ConfirmerIDs: []int64{bruno}, AskedIDs: []int64{chloe}}
	disputed := standing
	disputed.Disputed = true
	noneAsked := standing
	noneAsked.AskedIDs = nil // chloe's seat was absent
	recorded := runningTable()
	recorded.Recorded = true
	tests := []struct {
		name  string
		table league.ResultTable
		p     league.Proposal
		a     league.Answer
		want  error
	}{
		{"an asked player confirms", runningTable(), standing, league.Answer{UserID: chloe}, nil},
		{"the revision read confirms", runningTable(), standing, league.Answer{UserID: chloe, Revision: 2}, nil},
		{"an asked player disputes", runningTable(), standing, league.Answer{UserID: chloe, Dispute: true}, nil},
		{"a confirmer may still dispute", runningTable(), standing, league.Answer{UserID: bruno, Dispute: true}, nil},
		{"a confirmer does not confirm twice", runningTable(), standing, league.Answer{UserID: bruno}, league.ErrAlreadyConfirmed},
		{"the proposer does not answer", runningTable(), standing, league.Answer{UserID: tableAda}, league.ErrOwnProposal},
		{"the proposer does not dispute", runningTable(), standing, league.Answer{UserID: tableAda, Dispute: true}, league.ErrOwnProposal},
		{"a stale revision", runningTable(), standing, league.Answer{UserID: chloe, Revision: 1}, league.ErrProposalChanged},
		{"an absent seat does not answer", runningTable(), noneAsked, league.Answer{UserID: chloe}, league.ErrAbsentSeat},
		{"a stranger does not answer", runningTable(), standing, league.Answer{UserID: tableStranger}, league.ErrNotSeated},
		{"the organiser, not seated, does not answer", runningTable(), standing, league.Answer{UserID: tableOrganiser}, league.ErrNotSeated},
		{"a disputed proposal takes no confirmation", runningTable(), disputed, league.Answer{UserID: chloe}, league.ErrProposalDisputed},
		{"nor a second dispute", runningTable(), disputed, league.Answer{UserID: chloe, Dispute: true}, league.ErrProposalDisputed},
		{"a recorded game takes no answer", recorded, standing, league.Answer{UserID: chloe}, league.ErrRecorded},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := tt.table.MayAnswer(tt.p, tt.a)
			if tt.want == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.want)
			}
		})
	}
}

func TestCompletes(t *testing.T) {
	assert.True(t, league.Proposal{AskedIDs: []int64{5}}.Completes(5), "the last one asked")
	assert.False(t, league.Proposal{AskedIDs: []int64{5, 6}}.Completes(5), "another is still asked")
	assert.False(t, league.Proposal{AskedIDs: []int64{6}}.Completes(5), "not asked")
}

func TestRecordsAtClose(t *testing.T) {
	closes := time.Date(2026, 3, 1, 12, 0, 0, 0, time.UTC)
	confirmed := league.Proposal{ProposerID: tableAda, ConfirmerIDs: []int64{4}, ClosesAt: closes}
	unconfirmed := confirmed
	unconfirmed.ConfirmerIDs = nil
	disputed := confirmed
	disputed.Disputed = true
	frozen := runningTable()
	frozen.LeagueStatus = "cancelled"
	tests := []struct {
		name  string
		table league.ResultTable
		p     league.Proposal
		now   time.Time
		want  bool
	}{
		{"closed with a confirmation and no dispute", runningTable(), confirmed, closes, true},
		{"long closed", runningTable(), confirmed, closes.Add(time.Hour), true},
		{"still open", runningTable(), confirmed, closes.Add(-time.Second), false},
		{"nobody confirmed", runningTable(), unconfirmed, closes, false},
		{"disputed", runningTable(), disputed, closes, false},
		{"the league was cancelled meanwhile", frozen, confirmed, closes, false},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, tt.table.RecordsAtClose(tt.p, tt.now))
		})
	}
}

func TestProposesAbsent(t *testing.T) {
	tests := []struct {
		name   string
		absent []int64
		want   error
	}{
		{"nobody absent", nil, nil},
		{"another seat absent", []int64{4}, nil},
		{"the proposer's own seat absent", []int64{tableAda}, league.ErrAbsentSeat},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			err := league.ProposesAbsent(tableAda, tt.absent)
			if tt.want == nil {
				assert.NoError(t, err)
			} else {
				assert.ErrorIs(t, err, tt.want)
			}
		})
	}
}

func TestAsked(t *testing.T) {
	const ada, bruno, chloe, seventh = int64(1), int64(2), int64(3), int64(7)
	seats := []league.TableSeat{{UserID: ada}, {UserID: bruno}, {UserID: seventh, Bot: true}, {UserID: chloe}}
	tests := []struct {
		name       string
		proposer   int64
		absent     []int64
		confirmers []int64
		want       []int64
	}{
		{"every other human seat, in seat order", ada, nil, nil, []int64{bruno, chloe}},
		{"not who confirmed", ada, nil, []int64{chloe}, []int64{bruno}},
		// ARMADA 4.1: the missing man played the power; its player was not at the table.
		{"not an absent seat", ada, []int64{bruno}, nil, []int64{chloe}},
		{"nobody left", chloe, []int64{bruno}, []int64{ada}, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.Asked(seats, tt.proposer, tt.absent, tt.confirmers))
		})
	}
}

func TestProposalCloses(t *testing.T) {
	made := time.Date(2026, 3, 1, 9, 30, 0, 123456000, time.UTC)
	tests := []struct {
		name  string
		hours int
		want  time.Time
	}{
		{"the default window, 48 hours", league.DefaultConfirmHours, made.Add(48 * time.Hour)},
		{"one hour, the shortest", 1, made.Add(time.Hour)},
		{"two weeks, the longest", league.MaxConfirmHours, made.Add(336 * time.Hour)},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			closes := league.ProposalCloses(made, tt.hours)
			assert.Equal(t, tt.want, closes)
			// The window's boundary: closed at exactly its closing time, open a tick before.
			confirmed := league.Proposal{ProposerID: tableAda, ConfirmerIDs: []int64{4}, ClosesAt: closes}
			assert.True(t, runningTable().RecordsAtClose(confirmed, closes), "closed at exactly closes_at")
			assert.False(t, runningTable().RecordsAtClose(confirmed, closes.Add(-time.Microsecond)), "open a microsecond before")
		})
	}
}

func TestWaiting(t *testing.T) {
	const ada, bruno, chloe, seventh = int64(1), int64(2), int64(3), int64(7)
	seats := []league.TableSeat{{UserID: ada, Username: "ada"}, {UserID: bruno, Username: "bruno"},
		{UserID: seventh, Username: "seventh-player", Bot: true}, {UserID: chloe, Username: "chloe"}}
	tests := []struct {
		name       string
		proposer   int64
		absent     []string
		confirmers []int64
		want       []string
	}{
		{"every other human seat, in seat order", ada, nil, nil, []string{"bruno", "chloe"}},
		{"not who confirmed", ada, nil, []int64{chloe}, []string{"bruno"}},
		// ARMADA 4.1: the missing man played the power; its player was not at the table.
		{"not an absent seat", ada, []string{"bruno"}, nil, []string{"chloe"}},
		{"an absent seat named in another case, with spaces", ada, []string{"  Bruno "}, nil, []string{"chloe"}},
		{"a name that is no seat changes nothing", ada, []string{"dora"}, nil, []string{"bruno", "chloe"}},
		{"nobody left: empty, not nil", chloe, []string{"bruno"}, []int64{ada}, []string{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.Waiting(seats, tt.proposer, tt.absent, tt.confirmers))
		})
	}
}

func TestAbsentSeats(t *testing.T) {
	seats := []league.TableSeat{{UserID: 1, Username: "ada"}, {UserID: 2, Username: "bruno"}, {UserID: 3, Username: "chloe"}}
	assert.Equal(t, []int64{1, 3}, league.AbsentSeats(seats, []string{"CHLOE", " ada"}), "in seat order, any case")
	assert.Nil(t, league.AbsentSeats(seats, nil))
}

func TestCurrentVersion(t *testing.T) {
	tests := []struct {
		name          string
		stored, built int
		want          error
	}{
		{name: "a first record from a form built before any result", stored: 0, built: 0},
		{name: "a correction of the current result", stored: 3, built: 3},
		{name: "a record from a form opened before another save", stored: 1, built: 0, want: league.ErrStaleResult},
		{name: "a correction from an older version", stored: 4, built: 3, want: league.ErrStaleResult},
		{name: "a version from the future is no current one either", stored: 2, built: 5, want: league.ErrStaleResult},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.CurrentVersion(tt.stored, tt.built))
		})
	}
}

// "For the purposes of rating, this "Seventh Player" is considered to be a member of the
// ARMADA and shall ante into the game pot accordingly" (ARMADA 4.1): only an absent seat of
// a game whose absent seats are played is rated as the Seventh Player.
func TestRatedAs(t *testing.T) {
	for _, tc := range []struct {
		system scoring.System
		absent bool
		want   string
	}{
		{scoring.Armada, true, rating.SeventhPlayer},
		{scoring.Armada, false, ""},
		{scoring.Placement, true, ""},
		{scoring.Placement, false, ""},
		{scoring.BlueMax, true, ""},
		{scoring.Vortex, true, ""},
	} {
		assert.Equal(t, tc.want, league.RatedAs(tc.system, tc.absent), "%s, absent %v", tc.system, tc.absent)
	}
}
