package league_test

import (
	"testing"
	"time"

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

// Trust review 4, finding 6: one-tap links never ended. A link is for one seat and ends
// with the game's result or a day after its date.
func TestAttendanceLinkEnd(t *testing.T) {
	t.Parallel()
	date := time.Date(2026, 3, 6, 19, 30, 0, 0, time.UTC)
	for _, tc := range []struct {
		name             string
		seated, recorded bool
		startsAt         *time.Time
		now              time.Time
		ends             string
	}{
		{"before the game", true, false, &date, date.Add(-48 * time.Hour), ""},
		{"on the evening", true, false, &date, date.Add(3 * time.Hour), ""},
		{"a day after, to the second", true, false, &date, date.Add(league.AttendanceLinkGrace), ""},
		{"days after", true, false, &date, date.Add(72 * time.Hour), "more than a day ago"},
		{"recorded", true, true, &date, date.Add(time.Hour), "result recorded"},
		{"no date yet", true, false, nil, date.Add(1000 * time.Hour), ""},
		{"recorded, no date", true, true, nil, date, "result recorded"},
		{"the seat went to a substitute", false, false, &date, date.Add(-time.Hour), "no longer yours"},
		{"replaced and late", false, true, &date, date.Add(72 * time.Hour), "no longer yours"},
	} {
		got := league.AttendanceLinkEnd(tc.seated, tc.recorded, tc.startsAt, tc.now)
		if tc.ends == "" {
			assert.Empty(t, got, tc.name)
		} else {
			assert.Contains(t, got, tc.ends, tc.name)
		}
	}
}
