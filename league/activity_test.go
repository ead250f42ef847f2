package league

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"
)

func TestActivityActive(t *testing.T) {
	seed := Activity{MinRecentGames: DefaultMinRecentGames, RecentDays: DefaultRecentDays}
	for _, tc := range []struct {
		name   string
		rule   Activity
		recent int
		want   bool
	}{
		// "To be an active player you just need to have terminated at least 5 games in the
		// last 90 days" (league-scoring-system.txt).
		{"seed: 5 games is active", seed, 5, true},
		{"seed: 4 games is not", seed, 4, false},
		{"seed: more than 5 is active", seed, 12, true},
		{"seed: none is not", seed, 0, false},
		{"a league's own number: 3 of 3", Activity{MinRecentGames: 3, RecentDays: 90}, 3, true},
		{"a league's own number: 2 of 3", Activity{MinRecentGames: 3, RecentDays: 90}, 2, false},
		{"rule off: everyone is active", Activity{MinRecentGames: 0, RecentDays: 90}, 0, true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.rule.Active(tc.recent))
			err := tc.rule.Check(tc.recent)
			if tc.want {
				assert.NoError(t, err)
				return
			}
			assert.Equal(t, &InactiveError{Have: tc.recent, Need: tc.rule.MinRecentGames, Days: tc.rule.RecentDays}, err)
		})
	}
}

func TestActivityOn(t *testing.T) {
	assert.True(t, Activity{MinRecentGames: 5, RecentDays: 90}.On())
	assert.True(t, Activity{MinRecentGames: 1, RecentDays: 90}.On())
	assert.False(t, Activity{MinRecentGames: 0, RecentDays: 90}.On())
}

func TestActivityCounts(t *testing.T) {
	now := time.Date(2026, time.March, 31, 12, 0, 0, 0, time.UTC)
	seed := Activity{MinRecentGames: DefaultMinRecentGames, RecentDays: DefaultRecentDays}
	for _, tc := range []struct {
		name     string
		rule     Activity
		finished time.Time
		want     bool
	}{
		// "in the last 90 days" (league-scoring-system.txt): day 90 counts, day 91 does not.
		{"seed: finished today", seed, now.Add(-time.Hour), true},
		{"seed: day 90, a second inside the window", seed, now.AddDate(0, 0, -90).Add(time.Second), true},
		{"seed: exactly 90 days ago is outside", seed, now.AddDate(0, 0, -90), false},
		{"seed: day 91", seed, now.AddDate(0, 0, -91).Add(time.Second), false},
		{"seed: 100 days ago", seed, now.AddDate(0, 0, -100), false},
		{"a 30-day window: day 30", Activity{MinRecentGames: 5, RecentDays: 30}, now.AddDate(0, 0, -30).Add(time.Minute), true},
		{"a 30-day window: day 31", Activity{MinRecentGames: 5, RecentDays: 30}, now.AddDate(0, 0, -30).Add(-time.Minute), false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			assert.Equal(t, tc.want, tc.rule.Counts(tc.finished, now))
		})
	}
}

func TestActivitySinceIsWholeUTCDays(t *testing.T) {
	// Across a change of summer time the window is still 90 days of 24 hours, as the
	// database counts them.
	paris, err := time.LoadLocation("Europe/Paris")
	require.NoError(t, err)
	now := time.Date(2026, time.April, 15, 12, 0, 0, 0, paris)
	since := Activity{MinRecentGames: 5, RecentDays: 90}.Since(now)
	assert.Equal(t, 90*24*time.Hour, now.Sub(since))
	assert.Equal(t, time.UTC, since.Location())
}

func TestInactiveErrorSaysHowFarShort(t *testing.T) {
	assert.EqualError(t, &InactiveError{Have: 4, Need: 5, Days: 90},
		"activity rule: you have 4 finished games in the last 90 days; this league needs 5")
	assert.EqualError(t, &InactiveError{Have: 1, Need: 5, Days: 90},
		"activity rule: you have 1 finished game in the last 90 days; this league needs 5")
}
