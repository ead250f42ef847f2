package httpx

import (
	"fmt"
	"io"
	"net/http"
	"net/http/httptest"
	"sync"
	"sync/atomic"
	"testing"

	"github.com/labstack/echo/v4"
	"github.com/stretchr/testify/assert"
	"github.com/stretchr/testify/require"

	"github.com/tablestakes/tablestakes/store"
)

// A part is dropped only by a write naming one of its keys, by a write naming none and by
// a flush; a part naming no keys is dropped by every write (issue #38).
func TestPartIsDroppedOnlyByAWriteNamingItsKeys(t *testing.T) {
	t.Parallel()
	leagueA, leagueB := store.LeagueKey(1), store.LeagueKey(2)
	for _, tc := range []struct {
		name string
		// keys are the part's; nil: it depends on everything.
		keys  []store.CacheKey
		write func(pc *publicCache)
		kept  bool
	}{
		{name: "a write to another league leaves it", keys: []store.CacheKey{leagueA},
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{leagueB}) }, kept: true},
		{name: "a write to its league drops it", keys: []store.CacheKey{leagueA},
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{leagueB, leagueA}) }},
		{name: "a write to a player it shows drops it", keys: []store.CacheKey{leagueA, store.PlayerKey("ann")},
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{store.PlayerKey("ann")}) }},
		{name: "a write naming nothing drops it", keys: []store.CacheKey{leagueA},
			write: func(pc *publicCache) { pc.flush() }},
		{name: "a part naming no keys is dropped by any write",
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{leagueB}) }},
		{name: "a session forgotten is not a write to any page", keys: nil,
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{sessionKeyPrefix + "abc"}) }, kept: true},
		{name: "the ratings of another ladder leave it", keys: []store.CacheKey{store.LadderKey("arcs")},
			write: func(pc *publicCache) { pc.drop([]store.CacheKey{store.LadderKey("gonzaga")}) }, kept: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc := newPublicCache(nil)
			reads := 0
			read := func() (int, error) {
				reads++
				return reads, nil
			}
			_, err := Part(pc, "part", read, tc.keys...)
			require.NoError(t, err)
			tc.write(pc)
			_, err = Part(pc, "part", read, tc.keys...)
			require.NoError(t, err)
			if tc.kept {
				assert.Equal(t, 1, reads, "kept")
			} else {
				assert.Equal(t, 2, reads, "read again")
			}
		})
	}
}

// A part read while a write to one of its keys landed is not kept; one read while a write
// to another key landed is.
func TestPartReadDuringAWriteIsKeptOnlyWhenTheWriteIsElsewhere(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		dropped store.CacheKey
		kept    bool
	}{
		{name: "a write to its league", dropped: store.LeagueKey(1)},
		{name: "a write to another league", dropped: store.LeagueKey(2), kept: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc := newPublicCache(nil)
			reads := 0
			read := func() (int, error) {
				reads++
				if reads == 1 {
					pc.drop([]store.CacheKey{tc.dropped})
				}
				return reads, nil
			}
			for range 2 {
				_, err := Part(pc, "part", read, store.LeagueKey(1))
				require.NoError(t, err)
			}
			if tc.kept {
				assert.Equal(t, 1, reads)
			} else {
				assert.Equal(t, 2, reads)
			}
		})
	}
}

// A stampede of anonymous visitors on a page missing from the cache builds it once: the
// first request computes it, the others wait for it and are answered from the cache.
func TestColdPageIsBuiltOnceForAStampede(t *testing.T) {
	t.Parallel()
	const visitors = 12
	pc := newPublicCache(nil)
	waiting := make(chan string, visitors)
	pc.waiting = func(key string) { waiting <- key }
	var builds atomic.Int32
	release := make(chan struct{})
	e := echo.New()
	e.GET("/leagues/:id", func(c echo.Context) error {
		builds.Add(1)
		<-release
		DependsOn(c, store.LeagueKey(7))
		return c.String(http.StatusOK, "league 7")
	}, pc.Public)
	srv := httptest.NewServer(e)
	t.Cleanup(srv.Close)

	bodies := make([]string, visitors)
	caches := make([]string, visitors)
	var wg sync.WaitGroup
	for i := range visitors {
		wg.Go(func() {
			res, err := srv.Client().Get(srv.URL + "/leagues/7")
			if !assert.NoError(t, err) {
				return
			}
			defer res.Body.Close()
			b, err := io.ReadAll(res.Body)
			assert.NoError(t, err)
			assert.Equal(t, http.StatusOK, res.StatusCode)
			bodies[i], caches[i] = string(b), res.Header.Get("X-Cache")
		})
	}
	// Every visitor but the one building waits for the build before it is let finish.
	for range visitors - 1 {
		assert.Equal(t, "/leagues/:id\x007\x00en", <-waiting, "the page in English: kept per language")
	}
	close(release)
	wg.Wait()
	assert.Equal(t, int32(1), builds.Load(), "one build for %d visitors", visitors)
	hits := 0
	for i := range visitors {
		assert.Equal(t, "league 7", bodies[i])
		if caches[i] == "hit" {
			hits++
		}
	}
	assert.Equal(t, visitors-1, hits, "the waiting visitors are answered from the cache")
}

// Requests missing the same part together read it once.
func TestColdPartIsReadOnceForAStampede(t *testing.T) {
	t.Parallel()
	const readers = 8
	pc := newPublicCache(nil)
	waiting := make(chan string, readers)
	pc.waiting = func(key string) { waiting <- key }
	var reads atomic.Int32
	release := make(chan struct{})
	got := make([]string, readers)
	var wg sync.WaitGroup
	for i := range readers {
		wg.Go(func() {
			v, err := Part(pc, PartKey("league", 3), func() (string, error) {
				reads.Add(1)
				<-release
				return fmt.Sprint("league ", 3), nil
			}, store.LeagueKey(3))
			assert.NoError(t, err)
			got[i] = v
		})
	}
	for range readers - 1 {
		<-waiting
	}
	close(release)
	wg.Wait()
	assert.Equal(t, int32(1), reads.Load())
	for _, v := range got {
		assert.Equal(t, "league 3", v)
	}
}

// A write's keys are dropped when its response goes out: a refused write drops nothing,
// one that named what it changed drops those keys whatever went wrong after it, and one
// that named nothing drops everything.
func TestWriteDropsWhatItNamedWhenItsResponseGoesOut(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		name    string
		handler echo.HandlerFunc
		// keptA and keptB say whether parts of leagues 1 and 2 survive.
		keptA, keptB bool
	}{
		{name: "a refused write", handler: func(c echo.Context) error {
			return echo.NewHTTPError(http.StatusConflict, "full")
		}, keptA: true, keptB: true},
		{name: "a write naming league 1", handler: func(c echo.Context) error {
			Changed(c, store.LeagueKey(1))
			return c.NoContent(http.StatusNoContent)
		}, keptB: true},
		{name: "a write naming league 1 that fails after", handler: func(c echo.Context) error {
			Changed(c, store.LeagueKey(1))
			return echo.NewHTTPError(http.StatusInternalServerError, "reading back")
		}, keptB: true},
		{name: "a write naming nothing", handler: func(c echo.Context) error {
			return c.NoContent(http.StatusNoContent)
		}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			pc := newPublicCache(nil)
			e := echo.New()
			e.Use(pc.Invalidate)
			e.POST("/write", tc.handler)
			reads := map[int64]int{}
			read := func(id int64) {
				_, err := Part(pc, PartKey("league", id), func() (int64, error) {
					reads[id]++
					return id, nil
				}, store.LeagueKey(id))
				require.NoError(t, err)
			}
			read(1)
			read(2)
			e.ServeHTTP(httptest.NewRecorder(), httptest.NewRequest(http.MethodPost, "/write", nil))
			read(1)
			read(2)
			assert.Equal(t, map[bool]int{true: 1, false: 2}[tc.keptA], reads[1], "league 1")
			assert.Equal(t, map[bool]int{true: 1, false: 2}[tc.keptB], reads[2], "league 2")
		})
	}
}
