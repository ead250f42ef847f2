package webhook

import "time"

// BreakerFailures is how many failed attempts in a row pause a webhook (its breaker opens).
const BreakerFailures = 3

// MaxPause is the longest a webhook's breaker pauses it.
const MaxPause = time.Hour

// Pause is how long a webhook waits before its next delivery is tried, after failures
// failed attempts in a row (the last one included): not at all below BreakerFailures; from
// the BreakerFailures-th a minute, doubling with each failure after it, up to MaxPause.
func Pause(failures int) time.Duration {
	if failures < BreakerFailures {
		return 0
	}
	// The doubling stops long before a shift could overflow: 2^10 minutes is past the cap.
	return min(time.Minute<<min(failures-BreakerFailures, 10), MaxPause)
}

// PausedUntil is when a webhook whose attempt failed at now, its failures-th failure in a
// row, may be tried again, and whether its breaker opened at all (Pause).
func PausedUntil(failures int, now time.Time) (time.Time, bool) {
	pause := Pause(failures)
	if pause == 0 {
		return time.Time{}, false
	}
	return now.Add(pause), true
}

// Paused reports whether a webhook whose breaker holds it until until (nil: never paused,
// or closed since) is paused at now: a pause that ends exactly now is over.
func Paused(until *time.Time, now time.Time) bool {
	return until != nil && until.After(now)
}
