// Package sweep is the periodic work every server runs beside its HTTP server, other than
// delivering notifications (package notify): deleting what has expired, and recording the
// proposed results whose confirmation window closed. serve starts it; the web package
// never does.
package sweep

import (
	"context"
	"log/slog"
	"time"

	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Job is one sweep: the work, which returns how many rows it handled, and what the log
// says when it fails (What) or handled rows (Done).
type Job struct {
	What, Done string
	Do         func(ctx context.Context) (int64, error)
}

// ExpiredEvery is how often a server deletes what has expired (Expired).
const ExpiredEvery = 30 * time.Minute

// Expired are the sweeps of what has expired: web sessions, rate-limit counters and
// account links, and notification deliveries sent or given up more than
// store.DeliveryRetention ago.
func Expired(st *store.Store) []Job {
	return []Job{
		{"sweep expired sessions", "swept expired sessions", st.DeleteExpiredSessions},
		{"sweep expired rate counters", "swept expired rate counters", st.DeleteExpiredRateCounters},
		{"sweep expired account links", "swept expired account links", st.DeleteExpiredAccountLinks},
		{"sweep old notification deliveries", "swept old notification deliveries", st.DeleteOldDeliveries},
	}
}

// ClosedProposalsEvery is how often a server looks for confirmation windows that ended: a
// result is recorded within about this long of its window's end.
const ClosedProposalsEvery = time.Minute

// ClosedProposals records the proposed results whose confirmation window ended at now()
// with a confirmation and no dispute (CONTRACT section 8). Every server runs it; each
// game's lock makes each result recorded once (service.Results.RecordClosedProposals).
// Each result recorded is announced to every server's cache by changed
// (web.Handler.Changed; nil: no server keeps a cache) with the keys of what it changed
// (store.Store.GameCacheKeys), instead of waiting out the cache's 30-second bound.
func ClosedProposals(st *store.Store, now func() time.Time, logger *slog.Logger, changed func(context.Context, []store.CacheKey) error) Job {
	results := service.NewResults(st)
	if changed != nil {
		results.Recorded = func(ctx context.Context, gameID int64) {
			keys, err := st.GameCacheKeys(ctx, gameID)
			if err == nil {
				err = changed(ctx, keys)
			}
			if err != nil {
				logger.Error("announce a closed proposal's result to the caches", "game", gameID, "error", err.Error())
			}
		}
	}
	return Job{
		What: "record closed proposals",
		Done: "recorded proposals whose confirmation window closed",
		Do: func(ctx context.Context) (int64, error) {
			n, err := results.RecordClosedProposals(ctx, now())
			return int64(n), err
		},
	}
}

// Run runs the jobs, in order, every period until ctx ends; one failing does not hold up
// the others.
func Run(ctx context.Context, logger *slog.Logger, period time.Duration, jobs ...Job) {
	tick := time.NewTicker(period)
	defer tick.Stop()
	for {
		select {
		case <-ctx.Done():
			return
		case <-tick.C:
			for _, j := range jobs {
				n, err := j.Do(ctx)
				if err != nil && ctx.Err() == nil {
					logger.Error(j.What, "error", err.Error())
				}
				if n > 0 {
					logger.Info(j.Done, "count", n)
				}
			}
		}
	}
}
