package store_test

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

func TestParseWALPosition(t *testing.T) {
	for _, tc := range []struct {
		text string
		want store.WALPosition
		bad  bool
	}{
		{text: "16/B374D848", want: 0x16_B374D848},
		{text: "0/0", want: 0},
		{text: "0/1A", want: 0x1A},
		{text: "FFFFFFFF/FFFFFFFF", want: 1<<64 - 1},
		{text: "1/0", want: 1 << 32},
		{text: "", bad: true},
		{text: "16", bad: true},
		{text: "16/", bad: true},
		{text: "/16", bad: true},
		{text: "1/2/3", bad: true},
		{text: "G/0", bad: true},
		{text: "100000000/0", bad: true},
		{text: "0/100000000", bad: true},
		{text: "-1/0", bad: true},
	} {
		t.Run(tc.text, func(t *testing.T) {
			got, err := store.ParseWALPosition(tc.text)
			if tc.bad {
				assert.Error(t, err)
				return
			}
			require.NoError(t, err)
			assert.Equal(t, tc.want, got)
			again, err := store.ParseWALPosition(got.String())
			require.NoError(t, err)
			assert.Equal(t, got, again, "String writes what ParseWALPosition reads")
		})
	}
	assert.Equal(t, "16/B374D848", store.WALPosition(0x16_B374D848).String(), "written as Postgres writes it")
}

// currentPosition is the primary's WAL position now.
func currentPosition(t *testing.T, st *store.Store) store.WALPosition {
	t.Helper()
	var text string
	require.NoError(t, st.Pool().QueryRow(context.Background(), "SELECT pg_current_wal_insert_lsn()::text").Scan(&text))
	p, err := store.ParseWALPosition(text)
	require.NoError(t, err)
	return p
}

// Every server on a database learns the position of every write announced through any of
// them, before the writer's Broadcast returns.
func TestEveryServerLearnsTheWritePosition(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	servers := make([]*store.CacheSignal, 2)
	stores := make([]*store.Store, 2)
	for i := range servers {
		pool, err := pgxpool.New(context.Background(), url)
		require.NoError(t, err)
		t.Cleanup(pool.Close)
		stores[i] = store.New(pool)
		servers[i] = stores[i].NewCacheSignal(slog.New(slog.NewTextHandler(io.Discard, nil)), func() {}, nil)
		_, known := servers[i].Written()
		assert.False(t, known, "no position is known before the server listens")
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); servers[i].Run(ctx) }()
		t.Cleanup(func() { cancel(); <-done })
		require.Eventually(t, servers[i].Listening, 10*time.Second, 5*time.Millisecond)
	}
	a, b := servers[0], servers[1]
	listened, known := b.Written()
	require.True(t, known)

	_, err := stores[0].Pool().Exec(context.Background(), "INSERT INTO sessions (token, data, expiry) VALUES ('s', '\\x00', now())")
	require.NoError(t, err)
	afterWrite := currentPosition(t, stores[0])
	require.Greater(t, afterWrite, listened, "the write moved the log on")
	require.NoError(t, a.Broadcast(context.Background()))
	for i, server := range servers {
		got, known := server.Written()
		require.True(t, known)
		assert.GreaterOrEqual(t, got, afterWrite, "server %d knows the write's position once the writer's flush returns", i)
	}

	// A flush without a position (from an older server) stands for the position when heard.
	_, err = stores[0].Pool().Exec(context.Background(), "INSERT INTO sessions (token, data, expiry) VALUES ('t', '\\x00', now())")
	require.NoError(t, err)
	afterOld := currentPosition(t, stores[0])
	_, err = stores[0].Pool().Exec(context.Background(), "SELECT pg_notify('tablestakes_cache_flush', 'older -')")
	require.NoError(t, err)
	require.Eventually(t, func() bool {
		got, _ := b.Written()
		return got >= afterOld
	}, 10*time.Second, 5*time.Millisecond, "the listener reads the position itself")
}

func TestReplayedPositionOfAPrimaryIsNoStandby(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	p, standby, err := st.ReplayedPosition(context.Background())
	require.NoError(t, err)
	assert.False(t, standby, "a primary is not in recovery")
	assert.Zero(t, p)
}
