// Package delivery holds the rules of a notification's delivery, by e-mail or to a
// webhook: how often it is tried (MaxAttempts), how long a failed attempt waits before the
// next (RetryDelay), and how long a finished delivery is kept (Retention, PurgeBefore). The
// notification worker (package notify) and the sweeps (package sweep) ask them and hand the
// store the times they compute; a webhook's own breaker is package webhook's.
package delivery

import "time"

// MaxAttempts is how many times in all a delivery is tried, the first included; the
// store puts it on each delivery's River job as it queues it.
const MaxAttempts = 6

// FirstRetryDelay is how long a delivery waits after its first failed attempt.
const FirstRetryDelay = 30 * time.Second

// MaxRetryDelay is the longest a delivery waits between two attempts.
const MaxRetryDelay = time.Hour

// RetryDelay is how long a delivery waits after its attempts-th failed attempt:
// FirstRetryDelay, doubling with each failure after it, at most MaxRetryDelay (30 s, 1, 2,
// 4, 8 min before the sixth and last try, MaxAttempts).
func RetryDelay(attempts int) time.Duration {
	d := FirstRetryDelay
	for i := 1; i < attempts && d < MaxRetryDelay; i++ {
		d *= 2
	}
	return min(d, MaxRetryDelay)
}

// Retention is how long delivered and given-up notifications stay in the outbox (and their
// jobs in River's table), for the manage page's "last delivery" and for an administrator
// looking into a failure.
const Retention = 30 * 24 * time.Hour

// PurgeBefore is the outbox purge's cut-off at now: a finished delivery written before it
// (more than Retention ago) is deleted; one written exactly Retention ago, or since, stays.
func PurgeBefore(now time.Time) time.Time {
	return now.Add(-Retention)
}
