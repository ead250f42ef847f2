package web

import (
	"bytes"
	"net/http"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

// publicCacheTTL bounds how long a cached public response is served. Writes through this
// server invalidate every entry at once; the bound only matters when several servers share
// one database, where another server's write shows here within this time.
const publicCacheTTL = 30 * time.Second

// publicCacheBytes bounds the memory of the cached bodies (a league page of 100 games is
// about 70 KB); when full, entries picked at random make room.
const publicCacheBytes = 256 << 20

// publicCache keeps the bodies of the read-mostly public pages and API answers (league
// pages, standings, ladders) as anonymous visitors get them, so that a busy league page
// costs a map lookup instead of its queries and rendering. Signed-in viewers always get a
// fresh page, since theirs marks them in tables and offers their own actions. Every request
// that writes (a POST, PUT, PATCH or DELETE answered below 400) empties the cache when it
// ends, so this server's own results, joins and corrections show at once.
type publicCache struct {
	generation atomic.Uint64
	mu         sync.RWMutex
	entries    map[string]cachedResponse
	// bytes is the size of the cached bodies.
	bytes int
}

// cachedResponse is one stored answer.
type cachedResponse struct {
	generation  uint64
	at          time.Time
	contentType string
	body        []byte
	// refreshing marks an expired entry whose replacement a request is computing.
	refreshing bool
}

// newPublicCache returns an empty cache.
func newPublicCache() *publicCache {
	return &publicCache{entries: map[string]cachedResponse{}}
}

// invalidate is middleware for every route: once a request has written, every cached
// answer is stale.
func (pc *publicCache) invalidate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		err := next(c)
		// A refused write changed nothing; only one that went through makes the cache stale
		// (and anonymous junk posts cannot keep flushing it).
		if err == nil && c.Response().Status < http.StatusBadRequest {
			pc.generation.Add(1)
		}
		return err
	}
}

// early is middleware that answers cache hits before the session, CSRF and identity
// middleware run: a GET without the session cookie and without an Authorization header
// comes from an anonymous visitor, whose cached answer is the one to send. Everything else
// goes on down the chain.
func (pc *publicCache) early(sessionCookie string) echo.MiddlewareFunc {
	return func(next echo.HandlerFunc) echo.HandlerFunc {
		return func(c echo.Context) error {
			req := c.Request()
			if req.Method != http.MethodGet || req.Header.Get(echo.HeaderAuthorization) != "" {
				return next(c)
			}
			if _, err := req.Cookie(sessionCookie); err == nil {
				return next(c)
			}
			if wantsFresh(req) {
				return next(c)
			}
			if hit, ok := pc.lookup(req.URL.Path); ok {
				return pc.serve(c, hit)
			}
			return next(c)
		}
	}
}

// lookup returns the cached answer to key when it is still good: stored since this
// server's last write, and either younger than publicCacheTTL or older while another
// request is already computing its replacement (so an expiry never sends every visitor of
// a busy page to the database at once). A miss makes the caller compute the answer.
func (pc *publicCache) lookup(key string) (cachedResponse, bool) {
	gen := pc.generation.Load()
	pc.mu.RLock()
	hit, ok := pc.entries[key]
	pc.mu.RUnlock()
	if !ok || hit.generation != gen {
		return cachedResponse{}, false
	}
	if time.Since(hit.at) < publicCacheTTL {
		return hit, true
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	current, ok := pc.entries[key]
	if !ok || current.generation != gen {
		return cachedResponse{}, false
	}
	if current.refreshing {
		return current, true
	}
	current.refreshing = true
	pc.entries[key] = current
	return cachedResponse{}, false
}

// serve sends a cached answer.
func (pc *publicCache) serve(c echo.Context, hit cachedResponse) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Add("Vary", "Cookie")
	h.Set("X-Cache", "hit")
	return c.Blob(http.StatusOK, hit.contentType, hit.body)
}

// public is middleware for a public GET route: it answers anonymous visitors from the
// cache when it can, and stores the 200 answers it had to compute.
func (pc *publicCache) public(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if _, signedIn := currentUser(c); signedIn || req.Method != http.MethodGet {
			return next(c)
		}
		// The cached pages take no query parameters: the path is the key, so made-up query
		// strings cannot grow the cache.
		key := req.URL.Path
		gen := pc.generation.Load()
		if !wantsFresh(req) {
			if hit, ok := pc.lookup(key); ok {
				return pc.serve(c, hit)
			}
		}
		res := c.Response()
		rec := &recordingWriter{ResponseWriter: res.Writer}
		res.Writer = rec
		err := next(c)
		res.Writer = rec.ResponseWriter
		if err != nil || res.Status != http.StatusOK || rec.overflow {
			// Let the next request try again rather than serve a stale answer for good.
			pc.mu.Lock()
			if stale, ok := pc.entries[key]; ok && stale.refreshing {
				delete(pc.entries, key)
				pc.bytes -= len(stale.body)
			}
			pc.mu.Unlock()
			return err
		}
		pc.mu.Lock()
		if old, ok := pc.entries[key]; ok {
			pc.bytes -= len(old.body)
		}
		// Go's map order is random, so this drops arbitrary entries until the body fits.
		for k, e := range pc.entries {
			if pc.bytes+rec.body.Len() <= publicCacheBytes {
				break
			}
			delete(pc.entries, k)
			pc.bytes -= len(e.body)
		}
		pc.entries[key] = cachedResponse{generation: gen, at: time.Now(),
			contentType: res.Header().Get(echo.HeaderContentType), body: rec.body.Bytes()}
		pc.bytes += rec.body.Len()
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

// wantsFresh reports a request that asks for a freshly computed answer
// ("Cache-Control: no-cache", as browsers send on a hard reload).
func wantsFresh(req *http.Request) bool {
	return strings.Contains(strings.ToLower(req.Header.Get("Cache-Control")), "no-cache")
}
