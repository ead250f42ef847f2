package league_test

import (
	"testing"

	"github.com/stretchr/testify/assert"

	"github.com/tablestakes/tablestakes/league"
)

func TestAttends(t *testing.T) {
	tests := []struct {
		name             string
		seated, recorded bool
		want             error
	}{
		{name: "a seated player, before the game is recorded", seated: true},
		{name: "a seated player, once it is recorded", seated: true, recorded: true, want: league.ErrRecorded},
		{name: "anyone else, before", want: league.ErrNotSeated},
		{name: "anyone else, after: not seated is said first", recorded: true, want: league.ErrNotSeated},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			assert.Equal(t, tt.want, league.Attends(tt.seated, tt.recorded))
		})
	}
}
