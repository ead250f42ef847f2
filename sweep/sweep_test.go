package sweep_test

import (
	"bytes"
	"context"
	"errors"
	"io"
	"log/slog"
	"os"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/riverqueue/river"
	"github.com/riverqueue/river/riverdriver/riverpgxv5"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
	"github.com/tablestakes/tablestakes/sweep"
)

// TestMain runs the package's tests, dropping the databases of those that pass in the
// background (storetest.Main).
func TestMain(m *testing.M) {
	os.Exit(storetest.Main(m))
}

// startSweeps starts a River client on st's database that runs the sweeps as periodic jobs
// (as serve does), stopped when the test ends.
func startSweeps(t *testing.T, st *store.Store, logger *slog.Logger, sweeps ...sweep.Every) {
	t.Helper()
	queues, register, periodic := sweep.Background(logger, sweeps...)
	workers := river.NewWorkers()
	register(workers)
	client, err := river.NewClient(riverpgxv5.New(st.Pool()), &river.Config{Queues: queues, Workers: workers,
		PeriodicJobs: periodic, Logger: slog.New(slog.DiscardHandler)})
	require.NoError(t, err)
	require.NoError(t, client.Start(context.Background()))
	t.Cleanup(func() {
		ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
		defer cancel()
		assert.NoError(t, client.StopAndCancel(ctx))
	})
}

// Each sweep runs as River's periodic job, at start and then every period: a failing one
// is logged and holds up none other, one that handled rows says how many, one that
// handled none says nothing, and a failure once the server is stopping is not an error
// worth logging.
func TestSweepsRunAsPeriodicJobs(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	var mu sync.Mutex
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(lockedWriter{&mu, &log}, nil))
	ran := make(chan string, 30)
	stopping, stop := context.WithCancel(context.Background())
	stop()
	jobs := []sweep.Job{
		{"sweep the fire", "swept the fire", func(context.Context) (int64, error) {
			ran <- "fire"
			return 0, errors.New("disk on fire")
		}},
		{"sweep nothing", "swept nothing", func(context.Context) (int64, error) {
			ran <- "nothing"
			return 0, nil
		}},
		{"sweep crumbs", "swept crumbs", func(context.Context) (int64, error) {
			ran <- "crumbs"
			return 2, nil
		}},
	}
	var sweeps []sweep.Every
	for _, j := range jobs {
		sweeps = append(sweeps, sweep.Every{Period: time.Hour, Job: j})
	}
	startSweeps(t, st, logger, sweeps...)
	seen := map[string]int{}
	for len(seen) < 3 {
		select {
		case r := <-ran:
			seen[r]++
		case <-time.After(time.Minute): // a generous deadline for "eventually"
			t.Fatalf("not every sweep ran: %v", seen)
		}
	}
	// A job reports on the channel before its runner logs what it returned, so the test
	// waits for both lines rather than reading the log the moment the last job ran.
	logged := func() string {
		mu.Lock()
		defer mu.Unlock()
		return log.String()
	}
	require.Eventually(t, func() bool {
		lines := logged()
		return strings.Contains(lines, `msg="sweep the fire"`) && strings.Contains(lines, `msg="swept crumbs"`)
	}, time.Minute, 5*time.Millisecond, "the failing and the busy sweep are logged")
	// A failure while the server stops is not logged.
	assert.Error(t, sweep.RunJob(stopping, logger, jobs[0]))
	lines := logged()
	assert.Equal(t, 1, strings.Count(lines, `level=ERROR msg="sweep the fire" error="disk on fire"`), lines)
	assert.Equal(t, 1, strings.Count(lines, `level=INFO msg="swept crumbs" count=2`), lines)
	assert.NotContains(t, lines, "swept nothing")
}

// lockedWriter lets the sweeps' goroutines share a test's buffer.
type lockedWriter struct {
	mu *sync.Mutex
	w  io.Writer
}

func (l lockedWriter) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.w.Write(p)
}

// The expired sweeps delete an expired web session and leave a live one.
func TestExpiredSweepsDeleteWhatHasExpired(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	_, err := st.Pool().Exec(ctx, `INSERT INTO sessions (token, data, expiry) VALUES
		('old', '\x00', now() - interval '1 minute'),
		('live', '\x00', now() + interval '1 hour')`)
	require.NoError(t, err)
	jobs := sweep.Expired(st, time.Now)
	require.Len(t, jobs, 4)

	var sweeps []sweep.Every
	for _, j := range jobs {
		sweeps = append(sweeps, sweep.Every{Period: time.Hour, Job: j})
	}
	startSweeps(t, st, slog.New(slog.DiscardHandler), sweeps...)
	left := func() (string, error) {
		var tokens string
		err := st.Pool().QueryRow(ctx, `SELECT string_agg(token, ',') FROM sessions`).Scan(&tokens)
		return tokens, err
	}
	require.Eventually(t, func() bool {
		tokens, err := left()
		return err == nil && tokens == "live"
	}, time.Minute, 5*time.Millisecond, "the expired session is swept")
}

// The expired sweeps judge by the clock they are given, not the database's: at a now years
// behind it, a session expiring exactly then is swept and one expiring a microsecond later
// stays.
func TestExpiredSweepsJudgeByTheirClock(t *testing.T) {
	t.Parallel()
	ctx := context.Background()
	st := storetest.NewStore(t)
	now := time.Date(2021, 4, 2, 9, 30, 0, 0, time.UTC)
	_, err := st.Pool().Exec(ctx, `INSERT INTO sessions (token, data, expiry) VALUES
		('at', '\x00', $1), ('after', '\x00', $1::timestamptz + interval '1 microsecond')`, now)
	require.NoError(t, err)
	swept := int64(0)
	for _, j := range sweep.Expired(st, func() time.Time { return now }) {
		n, err := j.Do(ctx)
		require.NoError(t, err, j.What)
		swept += n
	}
	assert.Equal(t, int64(1), swept)
	var left string
	require.NoError(t, st.Pool().QueryRow(ctx, `SELECT string_agg(token, ',') FROM sessions`).Scan(&left))
	assert.Equal(t, "after", left)
}
