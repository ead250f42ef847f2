package notify

import (
	"context"
	"time"
)

// SetClock sets the worker's clock, for the tests.
func SetClock(w *Worker, now func() time.Time) { w.now = now }

// Work makes one attempt at delivery id, as River's job would.
func (w *Worker) Work(ctx context.Context, id int64) error { return w.work(ctx, id, 0) }

// AttemptFailed records a failed attempt at delivery id, as a send's failure does.
func (w *Worker) AttemptFailed(ctx context.Context, id int64, permanent bool) error {
	return w.attemptFailed(ctx, id, permanent)
}
