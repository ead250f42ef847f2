package web

import (
	"bytes"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

// publicCacheTTL bounds how long a cached public response is served. Writes through this
// server invalidate every entry at once; the bound only matters when several servers share
// one database, where another server's write shows here within this time.
const publicCacheTTL = 30 * time.Second

// publicCacheSize bounds the number of cached responses; when full, the cache starts over.
const publicCacheSize = 20_000

// publicCache keeps the bodies of the read-mostly public pages and API answers (league
// pages, standings, ladders) as anonymous visitors get them, so that a busy league page
// costs a map lookup instead of its queries and rendering. Signed-in viewers always get a
// fresh page, since theirs marks them in tables and offers their own actions. Any request
// that may write (POST, PUT, PATCH, DELETE) empties the cache when it ends, so this
// server's own results, joins and corrections show at once.
type publicCache struct {
	generation atomic.Uint64
	mu         sync.RWMutex
	entries    map[string]cachedResponse
}

// cachedResponse is one stored answer.
type cachedResponse struct {
	generation  uint64
	at          time.Time
	contentType string
	body        []byte
}

// newPublicCache returns an empty cache.
func newPublicCache() *publicCache {
	return &publicCache{entries: map[string]cachedResponse{}}
}

// invalidate is middleware for every route: once a request that may write has been
// handled, every cached answer is stale.
func (pc *publicCache) invalidate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		defer pc.generation.Add(1)
		return next(c)
	}
}

// public is middleware for a public GET route: it answers anonymous visitors from the
// cache when it can, and stores the 200 answers it had to compute.
func (pc *publicCache) public(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if _, signedIn := currentUser(c); signedIn || req.Method != http.MethodGet {
			return next(c)
		}
		key := req.URL.RequestURI()
		gen := pc.generation.Load()
		pc.mu.RLock()
		hit, ok := pc.entries[key]
		pc.mu.RUnlock()
		if ok && hit.generation == gen && time.Since(hit.at) < publicCacheTTL {
			c.Response().Header().Set("Cache-Control", "no-store")
			c.Response().Header().Set("X-Cache", "hit")
			return c.Blob(http.StatusOK, hit.contentType, hit.body)
		}
		res := c.Response()
		rec := &recordingWriter{ResponseWriter: res.Writer}
		res.Writer = rec
		err := next(c)
		res.Writer = rec.ResponseWriter
		if err != nil || res.Status != http.StatusOK || rec.overflow {
			return err
		}
		pc.mu.Lock()
		if len(pc.entries) >= publicCacheSize {
			pc.entries = map[string]cachedResponse{}
		}
		pc.entries[key] = cachedResponse{generation: gen, at: time.Now(),
			contentType: res.Header().Get(echo.HeaderContentType), body: rec.body.Bytes()}
		pc.mu.Unlock()
		return nil
	}
}

// maxCachedBody is the largest body the cache keeps.
const maxCachedBody = 1 << 20

// recordingWriter passes a response through and keeps a copy of its body.
type recordingWriter struct {
	http.ResponseWriter
	body     bytes.Buffer
	overflow bool
}

// Write sends b on and keeps a copy while the body stays small enough to cache.
func (w *recordingWriter) Write(b []byte) (int, error) {
	if !w.overflow {
		if w.body.Len()+len(b) > maxCachedBody {
			w.overflow = true
			w.body = bytes.Buffer{}
		} else {
			w.body.Write(b)
		}
	}
	return w.ResponseWriter.Write(b)
}
