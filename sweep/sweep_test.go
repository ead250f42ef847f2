package sweep_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"os"
	"strings"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store/storetest"
	"github.com/tablestakes/tablestakes/sweep"
)

// TestMain runs the package's tests, dropping the databases of those that pass in the
// background (storetest.Main).
func TestMain(m *testing.M) {
	os.Exit(storetest.Main(m))
}

// Every period each job runs, in order: a failing one is logged and holds up none after it,
// one that handled rows says how many, one that handled none says nothing, and a failure
// once the server is stopping is not an error worth logging.
func TestRunRunsEveryJobEachPeriodUntilCtxEnds(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	var log bytes.Buffer
	logger := slog.New(slog.NewTextHandler(&log, nil))
	var failed, idle, counted int
	jobs := []sweep.Job{
		{"sweep the fire", "swept the fire", func(context.Context) (int64, error) {
			failed++
			return 0, errors.New("disk on fire")
		}},
		{"sweep nothing", "swept nothing", func(context.Context) (int64, error) {
			idle++
			return 0, nil
		}},
		{"sweep crumbs", "swept crumbs", func(context.Context) (int64, error) {
			counted++
			if counted == 3 {
				cancel()
			}
			return 2, nil
		}},
	}
	sweep.Run(ctx, logger, time.Millisecond, jobs...)

	assert.GreaterOrEqual(t, counted, 3)
	assert.Equal(t, counted, failed, "a failing job holds up none after it")
	assert.Equal(t, counted, idle)
	lines := log.String()
	assert.Equal(t, 3, strings.Count(lines, `level=ERROR msg="sweep the fire" error="disk on fire"`), lines)
	assert.Equal(t, counted, strings.Count(lines, `level=INFO msg="swept crumbs" count=2`), lines)
	assert.NotContains(t, lines, "swept nothing")
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
	jobs := sweep.Expired(st)
	require.Len(t, jobs, 4)

	sweepCtx, stop := context.WithCancel(ctx)
	swept := make(chan struct{})
	go func() {
		defer close(swept)
		sweep.Run(sweepCtx, slog.New(slog.DiscardHandler), time.Millisecond, jobs...)
	}()
	left := func() (string, error) {
		var tokens string
		err := st.Pool().QueryRow(ctx, `SELECT string_agg(token, ',') FROM sessions`).Scan(&tokens)
		return tokens, err
	}
	require.Eventually(t, func() bool {
		tokens, err := left()
		return err == nil && tokens == "live"
	}, time.Minute, 5*time.Millisecond, "the expired session is swept")
	stop()
	<-swept
	tokens, err := left()
	require.NoError(t, err)
	assert.Equal(t, "live", tokens)
}
