package web

import (
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
)

func TestLoginLimiter(t *testing.T) {
	start := time.Date(2026, 11, 21, 20, 0, 0, 0, time.UTC)
	l := newLoginLimiter(Limit{Attempts: 4, Per: time.Minute}, Limit{Attempts: 2, Per: time.Minute})
	l.lastSweep = start

	steps := []struct {
		after    time.Duration
		ip, user string
		want     bool
	}{
		{0, "10.0.0.1", "ada", true},
		{0, "10.0.0.1", "ADA", true},                // usernames count regardless of case
		{0, "10.0.0.2", "Ada", false},               // ada is out of attempts from any address
		{0, "10.0.0.2", "bruno", true},              // other users are not affected
		{30 * time.Second, "10.0.0.3", "ada", true}, // one attempt refilled after half a minute
		{30 * time.Second, "10.0.0.3", "ada", false},
		// 10.0.0.1 spent 2 of its 4 at the start and got 2 back over half a minute.
		{30 * time.Second, "10.0.0.1", "chloe", true},
		{30 * time.Second, "10.0.0.1", "dmitri", true},
		{30 * time.Second, "10.0.0.1", "elena", true},
		{30 * time.Second, "10.0.0.1", "farid", true},
		{30 * time.Second, "10.0.0.1", "greta", false}, // the address is out of attempts
	}
	for i, s := range steps {
		assert.Equal(t, s.want, l.allowAt(start.Add(s.after), s.ip, s.user), "step %d: %s as %s", i+1, s.ip, s.user)
	}
	assert.NotContains(t, l.users, "greta", "a refused address does not add usernames")

	// A period later every bucket is full again, so the sweep forgets them all.
	later := start.Add(2 * time.Minute)
	assert.True(t, l.allowAt(later, "10.0.0.9", "hugo"))
	assert.Len(t, l.ips, 1)
	assert.Len(t, l.users, 1)
}
