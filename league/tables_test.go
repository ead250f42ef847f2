package league_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
)

func TestTakeSeat(t *testing.T) {
	tests := []struct {
		name    string
		table   league.Table
		want    league.Seating
		wantErr error
	}{
		{name: "the first seat of three", table: league.Table{Normal: true, Status: league.TableOpen, Seats: 3},
			want: league.Seating{Position: 1}},
		{name: "the last seat makes the table ready", table: league.Table{Normal: true, Status: league.TableOpen, Seats: 3, Taken: 2},
			want: league.Seating{Position: 3, Ready: true}},
		{name: "a full table", table: league.Table{Normal: true, Status: league.TableOpen, Seats: 3, Taken: 3},
			wantErr: league.ErrGameFull},
		{name: "a ready table", table: league.Table{Normal: true, Status: league.TableReady, Seats: 3, Taken: 3},
			wantErr: league.ErrGameFull},
		{name: "a finished table with a seat to spare", table: league.Table{Normal: true, Status: "finished", Seats: 3, Taken: 2},
			wantErr: league.ErrGameFull},
		{name: "seated already, on a full table: seated is said first", table: league.Table{Normal: true, Status: league.TableReady, Seats: 2, Taken: 2, Seated: true},
			wantErr: league.ErrAlreadySeated},
		{name: "a league game", table: league.Table{Status: "scheduled", Seats: 4, Taken: 4, Seated: true},
			wantErr: league.ErrLeagueGameSeats},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got, err := league.TakeSeat(tt.table)
			assert.Equal(t, tt.wantErr, err)
			assert.Equal(t, tt.want, got)
		})
	}
}
