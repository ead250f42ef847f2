package web

import (
	"strings"
	"sync"
	"time"

	"golang.org/x/time/rate"
)

// loginLimiter limits log-in attempts per client address and per username (token buckets
// from golang.org/x/time/rate), for the HTML form and the API alike.
type loginLimiter struct {
	mu             sync.Mutex
	perIP, perUser Limit
	ips, users     map[string]*bucket
	lastSweep      time.Time
}

// bucket is one client's or one username's limiter and when it was last used.
type bucket struct {
	limiter *rate.Limiter
	seen    time.Time
}

// newLoginLimiter returns a limiter allowing perIP attempts from one address and perUser
// attempts against one username, each refilled evenly over its period.
func newLoginLimiter(perIP, perUser Limit) *loginLimiter {
	return &loginLimiter{
		perIP:     perIP,
		perUser:   perUser,
		ips:       make(map[string]*bucket),
		users:     make(map[string]*bucket),
		lastSweep: time.Now(),
	}
}

// maxUsernameKey bounds the username keys kept: longer names are not valid usernames
// anyway, and an attacker must not grow memory with huge ones.
const maxUsernameKey = 64

// allow records an attempt from ip against username and reports whether it may proceed.
// Every attempt counts, successful or not: the limit is on guessing speed. An address
// over its limit is refused before its username is counted, so one address cannot fill
// the table with made-up usernames faster than its own limit.
func (l *loginLimiter) allow(ip, username string) bool {
	return l.allowAt(time.Now(), ip, username)
}

// allowAt is allow at a given moment.
func (l *loginLimiter) allowAt(now time.Time, ip, username string) bool {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.sweep(now)
	if !take(l.ips, ip, l.perIP, now) {
		return false
	}
	key := strings.ToLower(username)
	if len(key) > maxUsernameKey {
		key = key[:maxUsernameKey]
	}
	return take(l.users, key, l.perUser, now)
}

// take spends one token from key's bucket, creating a full bucket for a new key.
func take(buckets map[string]*bucket, key string, lim Limit, now time.Time) bool {
	b, ok := buckets[key]
	if !ok {
		b = &bucket{limiter: rate.NewLimiter(rate.Every(lim.Per/time.Duration(lim.Attempts)), lim.Attempts)}
		buckets[key] = b
	}
	b.seen = now
	return b.limiter.AllowN(now, 1)
}

// sweep forgets buckets idle for a whole period: they have refilled completely, so a fresh
// bucket is the same. It keeps memory bounded however many addresses try.
func (l *loginLimiter) sweep(now time.Time) {
	period := max(l.perIP.Per, l.perUser.Per)
	if now.Sub(l.lastSweep) < period {
		return
	}
	l.lastSweep = now
	for key, b := range l.ips {
		if now.Sub(b.seen) >= l.perIP.Per {
			delete(l.ips, key)
		}
	}
	for key, b := range l.users {
		if now.Sub(b.seen) >= l.perUser.Per {
			delete(l.users, key)
		}
	}
}
