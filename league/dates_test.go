package league

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestDatesOnlyWhileTheLeagueLives(t *testing.T) {
	for _, tc := range []struct {
		status       string
		rhythm, move string
	}{
		{Open, "", "league: open; its games can no longer be moved"},
		{Running, "", ""},
		{Finished, "league: finished; its games can no longer be moved", "league: finished; its games can no longer be moved"},
		{Closed, "league: closed; its games can no longer be moved", "league: closed; its games can no longer be moved"},
		{Cancelled, "league: cancelled; its games can no longer be moved", "league: cancelled; its games can no longer be moved"},
		{Archived, "league: archived; its games can no longer be moved", "league: archived; its games can no longer be moved"},
	} {
		t.Run(tc.status, func(t *testing.T) {
			for _, got := range []struct {
				err  error
				want string
			}{{SetRhythm(tc.status), tc.rhythm}, {MoveGames(tc.status), tc.move}} {
				if got.want == "" {
					assert.NoError(t, got.err)
					continue
				}
				assert.EqualError(t, got.err, got.want)
				assert.ErrorIs(t, got.err, ErrConflict)
			}
		})
	}
}

func TestRescheduleAndMoveRound(t *testing.T) {
	assert.NoError(t, Reschedule(false))
	assert.EqualError(t, Reschedule(true), "game: already played; its date stays as it was")
	assert.ErrorIs(t, Reschedule(true), ErrConflict)
	for _, tc := range []struct {
		round, unplayed int
		err             string
	}{
		{2, 4, ""},
		{3, 1, ""},
		{99, 0, "round: round 99 has no game left to play"},
	} {
		err := MoveRound(tc.round, tc.unplayed)
		if tc.err == "" {
			assert.NoError(t, err, "round %d", tc.round)
			continue
		}
		assert.EqualError(t, err, tc.err)
		assert.ErrorIs(t, err, ErrConflict)
	}
}

func TestScheduleTable(t *testing.T) {
	for _, tc := range []struct {
		name          string
		organiser, by int64
		played        bool
		want          error
		conflict      bool
	}{
		{"its organiser", 7, 7, false, nil, false},
		{"someone else", 7, 8, false, ErrNotTableScheduler, false},
		{"someone else, played", 7, 8, true, ErrNotTableScheduler, false},
		{"its organiser, played", 7, 7, true, nil, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := ScheduleTable(tc.organiser, tc.by, tc.played)
			switch {
			case tc.conflict:
				assert.EqualError(t, err, "game: already played; its date stays as it was")
			case tc.want == nil:
				assert.NoError(t, err)
			default:
				assert.Same(t, tc.want, err)
			}
		})
	}
}

func TestScheduleAndRhythmLines(t *testing.T) {
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	at := time.Date(2026, 12, 1, 19, 0, 0, 0, paris)
	for _, tc := range []struct {
		what     string
		startsAt *time.Time
		place    string
		want     string
	}{
		{"game 1", &at, "Back room", "game 1 set to 2026-12-01 18:00 UTC at Back room"},
		{"game 3", &at, "", "game 3 set to 2026-12-01 18:00 UTC"},
		{"round 2", nil, "", "round 2 has no date"},
		{"round 4", nil, "The pub", "round 4 has no date at The pub"},
	} {
		assert.Equal(t, tc.want, ScheduleLine(tc.what, tc.startsAt, tc.place))
	}
	assert.Equal(t, "rhythm: round 1 on Tue 1 Dec 2026 19:00 CET, then every 7 days", RhythmLine(at, 7))
	assert.Equal(t, "rhythm: round 1 on Tue 1 Dec 2026 19:00 CET, then every 1 day", RhythmLine(at, 1))
}
