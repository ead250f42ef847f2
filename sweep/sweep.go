// Package sweep is the periodic work of the servers, other than delivering notifications
// (package notify): deleting what has expired, and recording the proposed results whose
// confirmation window closed. Each sweep is a River periodic job, run by the elected
// leader among the servers. serve starts it; the web package never does.
package sweep

import (
	"context"
	"fmt"
	"log/slog"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/rivertype"

	"github.com/tablestakes/tablestakes/account"
	"github.com/tablestakes/tablestakes/delivery"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Job is one sweep: the work, which returns how many rows it handled, and what the log
// says when it fails (What) or handled rows (Done).
type Job struct {
	What, Done string
	Do         func(ctx context.Context) (int64, error)
}

// ExpiredEvery is how often the servers delete what has expired (Expired).
const ExpiredEvery = 30 * time.Minute

// Expired are the sweeps of what has expired at now(): web sessions, rate-limit counters
// and account links, and notification deliveries sent or given up more than
// delivery.Retention ago (delivery.PurgeBefore).
func Expired(st *store.Store, now func() time.Time) []Job {
	return []Job{
		{"sweep expired sessions", "swept expired sessions", func(ctx context.Context) (int64, error) {
			return st.DeleteExpiredSessions(ctx, now())
		}},
		{"sweep expired rate counters", "swept expired rate counters", func(ctx context.Context) (int64, error) {
			now := now()
			return st.DeleteExpiredRateCounters(ctx, now, account.DeviceKnownSince(now))
		}},
		{"sweep expired account links", "swept expired account links", func(ctx context.Context) (int64, error) {
			return st.DeleteExpiredAccountLinks(ctx, now())
		}},
		{"sweep old notification deliveries", "swept old notification deliveries", func(ctx context.Context) (int64, error) {
			return st.DeleteOldDeliveries(ctx, delivery.PurgeBefore(now()))
		}},
	}
}

// ClosedProposalsEvery is how often the servers look for confirmation windows that ended: a
// result is recorded within about this long of its window's end.
const ClosedProposalsEvery = time.Minute

// ClosedProposals records the proposed results whose confirmation window ended at now()
// with a confirmation and no dispute (CONTRACT section 8). The elected leader runs it; each
// game's lock makes each result recorded once even so (service.Results.RecordClosedProposals).
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

// Queue is the River queue of the sweeps.
const Queue = "sweeps"

// Args is the River job of one sweep, named by its Job's What.
type Args struct {
	Job string `json:"job"`
}

// Kind names the job in River's table.
func (Args) Kind() string { return "sweep" }

// InsertOpts keeps one job of each sweep waiting at a time: a slow sweep is not piled up.
func (Args) InsertOpts() river.InsertOpts {
	return river.InsertOpts{Queue: Queue, MaxAttempts: 1, UniqueOpts: river.UniqueOpts{ByArgs: true,
		ByState: []rivertype.JobState{rivertype.JobStateAvailable, rivertype.JobStatePending, rivertype.JobStateScheduled,
			rivertype.JobStateRunning, rivertype.JobStateRetryable}}}
}

// Every is a sweep and how often it runs.
type Every struct {
	Period time.Duration
	Job    Job
}

// Background is the sweeps as River's periodic jobs, run by the elected leader only
// (one server, whichever), each every its period and once at start, for the server's River
// client (notify.Worker.NewClient).
func Background(logger *slog.Logger, sweeps ...Every) (queues map[string]river.QueueConfig, register func(*river.Workers), periodic []*river.PeriodicJob) {
	jobs := map[string]Job{}
	for _, e := range sweeps {
		jobs[e.Job.What] = e.Job
		args := Args{Job: e.Job.What}
		periodic = append(periodic, river.NewPeriodicJob(river.PeriodicInterval(e.Period),
			func() (river.JobArgs, *river.InsertOpts) { return args, nil }, &river.PeriodicJobOpts{RunOnStart: true}))
	}
	register = func(ws *river.Workers) { river.AddWorker(ws, &worker{jobs: jobs, logger: logger}) }
	return map[string]river.QueueConfig{Queue: {MaxWorkers: 2}}, register, periodic
}

// worker runs a sweep job.
type worker struct {
	river.WorkerDefaults[Args]
	jobs   map[string]Job
	logger *slog.Logger
}

func (w *worker) Work(ctx context.Context, job *river.Job[Args]) error {
	j, ok := w.jobs[job.Args.Job]
	if !ok {
		return river.JobCancel(fmt.Errorf("no sweep %q on this server", job.Args.Job))
	}
	return RunJob(ctx, w.logger, j)
}

// RunJob runs one sweep: a failure is logged (unless ctx ended: the server is stopping)
// and returned; rows handled are logged with their count.
func RunJob(ctx context.Context, logger *slog.Logger, j Job) error {
	n, err := j.Do(ctx)
	if err != nil && ctx.Err() == nil {
		logger.Error(j.What, "error", err.Error())
	}
	if n > 0 {
		logger.Info(j.Done, "count", n)
	}
	return err
}
