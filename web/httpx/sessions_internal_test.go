package httpx

import (
	"context"
	"io"
	"log/slog"
	"testing"
	"time"

	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/storetest"
)

// listeningHandler is one server on st, hearing the other servers' writes.
func listeningHandler(t *testing.T, st *store.Store) *Server {
	t.Helper()
	h := NewServer(st, slog.New(slog.NewTextHandler(io.Discard, nil)), Config{})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan struct{})
	go func() { defer close(done); h.ListenForWrites(ctx) }()
	t.Cleanup(func() { cancel(); <-done })
	require.Eventually(t, h.CacheListening, 10*time.Second, 5*time.Millisecond, "the cache listener connects")
	return h
}

// sessionValue loads the session token on h and returns its value under key (0 when the
// session is gone), and whether h answered it from memory.
func sessionValue(t *testing.T, h *Server, token, key string) (int, bool) {
	t.Helper()
	_, _, kept := h.Cache.session(sessionKey(token))
	ctx, err := h.Sessions.Load(context.Background(), token)
	require.NoError(t, err)
	return h.Sessions.GetInt(ctx, key), kept
}

// A session is kept in memory by the servers that read it, and a change or an end through
// any server is seen by every other at once: the change makes each forget it.
func TestSessionChangedThroughOneServerIsSeenByAnother(t *testing.T) {
	t.Parallel()
	st := storetest.NewStore(t)
	a, b := listeningHandler(t, st), listeningHandler(t, st)

	ctx, err := a.Sessions.Load(context.Background(), "")
	require.NoError(t, err)
	a.Sessions.Put(ctx, "n", 1)
	token, _, err := a.Sessions.Commit(ctx)
	require.NoError(t, err)

	got, kept := sessionValue(t, b, token, "n")
	assert.Equal(t, 1, got)
	assert.False(t, kept, "the first read is from the table")
	got, kept = sessionValue(t, b, token, "n")
	assert.Equal(t, 1, got)
	assert.True(t, kept, "the second read is from memory")

	// A change through a (a flash shown, the idle deadline renewed): b forgets its copy.
	ctx, err = a.Sessions.Load(context.Background(), token)
	require.NoError(t, err)
	a.Sessions.Put(ctx, "n", 2)
	_, _, err = a.Sessions.Commit(ctx)
	require.NoError(t, err)
	got, _ = sessionValue(t, b, token, "n")
	assert.Equal(t, 2, got, "b sees the change made through a")

	// The end of the session through a (log-out): b no longer knows it.
	sessionValue(t, b, token, "n")
	ctx, err = a.Sessions.Load(context.Background(), token)
	require.NoError(t, err)
	require.NoError(t, a.Sessions.Destroy(ctx))
	got, _ = sessionValue(t, b, token, "n")
	assert.Zero(t, got, "b sees the session ended through a")
}

// A kept session answers only until its row's expiry (the idle timeout's deadline) and
// for publicCacheTTL at most, and only while the server hears the others.
func TestKeptSessionAnswersOnlyUntilItsExpiry(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name string
		// kept is the session as kept at now.
		kept func(now time.Time) cachedSession
		deaf bool
		want bool
	}{
		{name: "fresh", kept: func(now time.Time) cachedSession { return cachedSession{expiry: now.Add(time.Hour), at: now} }, want: true},
		{name: "past its idle deadline", kept: func(now time.Time) cachedSession {
			return cachedSession{expiry: now.Add(-time.Second), at: now}
		}},
		{name: "read too long ago", kept: func(now time.Time) cachedSession {
			return cachedSession{expiry: now.Add(time.Hour), at: now.Add(-publicCacheTTL)}
		}},
		{name: "deaf server", kept: func(now time.Time) cachedSession { return cachedSession{expiry: now.Add(time.Hour), at: now} }, deaf: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc := newPublicCache(nil)
			gen, _, _ := pc.session("k")
			pc.keepSession("k", gen, tc.kept(time.Now()))
			pc.listening = func() bool { return !tc.deaf }
			_, _, ok := pc.session("k")
			assert.Equal(t, tc.want, ok)
		})
	}
}

// A session read while another server's change landed is not kept: the read may be
// older than the change.
func TestSessionReadDuringAChangeIsNotKept(t *testing.T) {
	t.Parallel()
	pc := newPublicCache(nil)
	gen, _, _ := pc.session("k")
	pc.forgetEntry("k")
	pc.keepSession("k", gen, cachedSession{expiry: time.Now().Add(time.Hour), at: time.Now()})
	_, _, ok := pc.session("k")
	assert.False(t, ok)
}
