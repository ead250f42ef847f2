package store_test

import (
	"context"
	"io"
	"log/slog"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/jackc/pgx/v5/pgxpool"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// signalServer is one server's cache signal in a test, with what it was told to drop.
type signalServer struct {
	signal  *store.CacheSignal
	mu      sync.Mutex
	dropped [][]string
	flushes int
}

// drops returns the key lists the server was told to drop.
func (s *signalServer) drops() [][]string {
	s.mu.Lock()
	defer s.mu.Unlock()
	return slices.Clone(s.dropped)
}

// listeningServers starts n servers' cache signals on the database at url and waits until
// each listens.
func listeningServers(tb testing.TB, url string, n int) []*signalServer {
	tb.Helper()
	out := make([]*signalServer, n)
	for i := range out {
		pool, err := pgxpool.New(context.Background(), url)
		require.NoError(tb, err)
		tb.Cleanup(pool.Close)
		s := &signalServer{}
		s.signal = store.New(pool).NewCacheSignal(slog.New(slog.NewTextHandler(io.Discard, nil)),
			func() {
				s.mu.Lock()
				s.flushes++
				s.mu.Unlock()
			},
			func(keys []string) {
				s.mu.Lock()
				s.dropped = append(s.dropped, keys)
				s.mu.Unlock()
			})
		ctx, cancel := context.WithCancel(context.Background())
		done := make(chan struct{})
		go func() { defer close(done); s.signal.Run(ctx) }()
		tb.Cleanup(func() { cancel(); <-done })
		require.Eventually(tb, s.signal.Listening, 10*time.Second, 5*time.Millisecond)
		out[i] = s
	}
	return out
}

// A write naming its keys through one of three servers returns once every server has
// dropped exactly those keys (the writer's own at once, without hearing its own
// notification) and knows the write's position (issue #38).
func TestDropReachesEveryServerBeforeItReturns(t *testing.T) {
	t.Parallel()
	url := storetest.NewDatabase(t)
	servers := listeningServers(t, url, 3)
	keys := []store.CacheKey{store.LeagueKey(7), store.LadderKey("arcs"), store.PlayerKey("ada")}
	want := []string{"league:7", "ladder:arcs", "player:ada"}

	writer := servers[0]
	pool, err := pgxpool.New(context.Background(), url)
	require.NoError(t, err)
	t.Cleanup(pool.Close)
	var position string
	require.NoError(t, pool.QueryRow(context.Background(), "SELECT pg_current_wal_insert_lsn()::text").Scan(&position))
	before, err := store.ParseWALPosition(position)
	require.NoError(t, err)

	require.NoError(t, writer.signal.Drop(context.Background(), keys))
	for i, s := range servers {
		assert.Equal(t, [][]string{want}, s.drops(), "server %d dropped the keys once", i)
		got, known := s.signal.Written()
		require.True(t, known)
		assert.GreaterOrEqual(t, got, before, "server %d knows the write's position", i)
	}

	// A key the notification cannot carry is refused before anything is sent.
	assert.Error(t, writer.signal.Drop(context.Background(), []store.CacheKey{"league:1,league:2"}))
	assert.Error(t, writer.signal.Drop(context.Background(), []store.CacheKey{""}))
}

// BenchmarkDrop measures a write's announcement to three servers on one database: one
// statement, then the two other servers' answers.
func BenchmarkDrop(b *testing.B) {
	servers := listeningServers(b, storetest.NewDatabase(b), 3)
	keys := []store.CacheKey{store.LeagueKey(7), store.LadderKey("arcs"), store.PlayerKey("ada")}
	for b.Loop() {
		if err := servers[0].signal.Drop(context.Background(), keys); err != nil {
			b.Fatal(err)
		}
	}
}
