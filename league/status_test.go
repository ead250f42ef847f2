package league

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestEnd(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status string
		ending Ending
		want   Ended
		err    string
	}{
		{"cancel an open league", Open, Cancel, Ended{To: Cancelled, Line: "cancelled the league before it filled"}, ""},
		{"close a running league early", Running, Close,
			Ended{To: Closed, Line: "closed the league early; its standings are frozen as they stand", NotifyFinished: true}, ""},
		{"archive a finished league", Finished, Archive, Ended{To: Archived, Line: "archived the league"}, ""},
		{"archive a closed league", Closed, Archive, Ended{To: Archived, Line: "archived the league"}, ""},
		{"cancel a running league", Running, Cancel, Ended{}, "league: running; only an open league can be cancelled"},
		{"close an open league", Open, Close, Ended{}, "league: open; only a running league can be closed"},
		{"close a finished league", Finished, Close, Ended{}, "league: finished; only a running league can be closed"},
		{"archive a running league", Running, Archive, Ended{}, "league: running; only a finished or closed league can be archived"},
		{"archive twice", Archived, Archive, Ended{}, "league: archived; only a finished or closed league can be archived"},
		{"cancel twice", Cancelled, Cancel, Ended{}, "league: cancelled; only an open league can be cancelled"},
		{"no such ending", Open, Ending("pause"), Ended{}, `league: no ending "pause"`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := End(tc.status, tc.ending)
			assert.Equal(t, tc.want, got)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
		})
	}
	_, err := End(Running, Cancel)
	assert.ErrorIs(t, err, ErrConflict)
}

func TestReopen(t *testing.T) {
	now := time.Date(2026, time.May, 10, 9, 0, 0, 0, time.UTC)
	ago := func(d time.Duration) *time.Time { t := now.Add(-d); return &t }
	day := 24 * time.Hour
	for _, tc := range []struct {
		name string
		in   Reopening
		want Reopened
		err  string
	}{
		// Issue #24: "a league closed or cancelled by mistake can be reopened by its
		// organiser within 7 days".
		{"closed early yesterday runs again", Reopening{Status: Closed, ClosedEarly: true, EndedAt: ago(day)},
			Reopened{To: Running, Line: "reopened the league; it runs again and takes results"}, ""},
		{"cancelled yesterday is open again", Reopening{Status: Cancelled, EndedAt: ago(day)},
			Reopened{To: Open, Line: "reopened the league; it is open again for players to join"}, ""},
		{"a second inside the 7 days", Reopening{Status: Cancelled, EndedAt: ago(7*day - time.Second)},
			Reopened{To: Open, Line: "reopened the league; it is open again for players to join"}, ""},
		{"exactly 7 days is too late", Reopening{Status: Cancelled, EndedAt: ago(7 * day)}, Reopened{},
			"league: ended more than 7 days ago; it can no longer be reopened"},
		{"8 days is too late", Reopening{Status: Closed, ClosedEarly: true, EndedAt: ago(8 * day)}, Reopened{},
			"league: ended more than 7 days ago; it can no longer be reopened"},
		{"a close that was not early", Reopening{Status: Closed, EndedAt: ago(day)}, Reopened{},
			"league: ended more than 7 days ago; it can no longer be reopened"},
		{"no date", Reopening{Status: Cancelled}, Reopened{}, "league: ended more than 7 days ago; it can no longer be reopened"},
		{"running", Reopening{Status: Running}, Reopened{}, "league: running; only a league closed early or cancelled can be reopened"},
		{"finished", Reopening{Status: Finished, EndedAt: ago(day)}, Reopened{},
			"league: finished; only a league closed early or cancelled can be reopened"},
		{"archived", Reopening{Status: Archived, EndedAt: ago(day)}, Reopened{},
			"league: archived; only a league closed early or cancelled can be reopened"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := Reopen(tc.in, now)
			assert.Equal(t, tc.want, got)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
			assert.ErrorIs(t, err, ErrConflict)
		})
	}
}

func TestReopenable(t *testing.T) {
	now := time.Date(2026, time.May, 10, 9, 0, 0, 0, time.UTC)
	at := func(d time.Duration) *time.Time { t := now.Add(-d); return &t }
	assert.True(t, Reopenable(at(0), now))
	assert.True(t, Reopenable(at(ReopenWindow-time.Nanosecond), now))
	assert.False(t, Reopenable(at(ReopenWindow), now))
	assert.False(t, Reopenable(nil, now))
}

func TestReshape(t *testing.T) {
	for _, tc := range []struct {
		name   string
		status string
		shape  ScheduleShape
		err    string
	}{
		{"open: anything", Open, ScheduleShape{Game: true, Version: true, PlayersPerGame: true, FaceToFace: true}, ""},
		{"running: nothing of the shape", Running, ScheduleShape{}, ""},
		{"running: the game", Running, ScheduleShape{Game: true}, "game: cannot change once the schedule exists"},
		{"running: players per game", Running, ScheduleShape{PlayersPerGame: true}, "players_per_game: cannot change once the schedule exists"},
		{"finished: face to face", Finished, ScheduleShape{FaceToFace: true}, "face_to_face: cannot change once the schedule exists"},
		{"closed: the version", Closed, ScheduleShape{Version: true}, "version: cannot change once the schedule exists"},
		{"running: the league's size", Running, ScheduleShape{Players: true}, "players: cannot change once the schedule exists"},
		{"running: games per player", Running, ScheduleShape{GamesPerPlayer: true}, "games_per_player: cannot change once the schedule exists"},
		{"open: the size", Open, ScheduleShape{Players: true, GamesPerPlayer: true}, ""},
		{"the game is named first", Running, ScheduleShape{Version: true, Game: true}, "game: cannot change once the schedule exists"},
		{"open: the activity rule", Open, ScheduleShape{MinRecentGames: true, RecentDays: true}, ""},
		{"running: the activity rule", Running, ScheduleShape{MinRecentGames: true},
			"min_recent_games: the activity rule changes only while the league is open for players to join"},
		{"running: its days", Running, ScheduleShape{RecentDays: true},
			"recent_days: the activity rule changes only while the league is open for players to join"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			err := Reshape(tc.status, tc.shape)
			if tc.err == "" {
				assert.NoError(t, err)
				return
			}
			assert.EqualError(t, err, tc.err)
		})
	}
}

func TestDelete(t *testing.T) {
	assert.NoError(t, Delete(Open, 0))
	assert.NoError(t, Delete(Running, 0), "a running league with nothing played")
	assert.NoError(t, Delete(Closed, 0))
	assert.EqualError(t, Delete(Running, 1), "league: 1 result is recorded, and results stay in the players' ratings, "+
		"so the league cannot be deleted; close it early (its standings are frozen) instead")
	assert.EqualError(t, Delete(Finished, 3), "league: 3 results are recorded, and results stay in the players' ratings, "+
		"so the league cannot be deleted; archive it instead")
	assert.ErrorIs(t, Delete(Closed, 2), ErrConflict)
}
