package league

import (
	"testing"

	"github.com/stretchr/testify/assert"
)

func TestSetPrivacy(t *testing.T) {
	for _, tc := range []struct {
		name         string
		status       string
		was, private bool
		want         Privacy
		err          string
	}{
		{"an open league made private", Open, false, true, Privacy{Changes: true, Line: "made the league private; joining takes the invite link"}, ""},
		{"a running league made public", Running, true, false, Privacy{Changes: true, Line: "made the league public; the invite link no longer works"}, ""},
		{"private again changes nothing", Running, true, true, Privacy{}, ""},
		{"public again changes nothing", Open, false, false, Privacy{}, ""},
		{"a finished league", Finished, false, true, Privacy{}, "league: finished; its privacy can no longer change"},
		{"a closed league, even unchanged", Closed, true, true, Privacy{}, "league: closed; its privacy can no longer change"},
		{"a cancelled league", Cancelled, true, false, Privacy{}, "league: cancelled; its privacy can no longer change"},
		{"an archived league", Archived, false, true, Privacy{}, "league: archived; its privacy can no longer change"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			got, err := SetPrivacy(tc.status, tc.was, tc.private)
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

func TestRenewInvite(t *testing.T) {
	for _, tc := range []struct {
		private bool
		line    string
		err     string
	}{
		{true, "renewed the invite link; the old one no longer works", ""},
		{false, "", "league: public; anyone may join it, so it has no invite link to renew"},
	} {
		line, err := RenewInvite(tc.private)
		assert.Equal(t, tc.line, line, "private %v", tc.private)
		if tc.err == "" {
			assert.NoError(t, err)
			continue
		}
		assert.EqualError(t, err, tc.err)
		assert.ErrorIs(t, err, ErrConflict)
	}
}
