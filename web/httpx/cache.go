package httpx

import (
	"bytes"
	"compress/gzip"
	"context"
	"log/slog"
	"net/http"
	"strconv"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/labstack/echo/v4"
)

// publicCacheTTL bounds how long a cached public response is served. Every server on the
// database empties its cache at every write through any of them (store.CacheSignal), so the
// bound is a safety net, not the way writes show.
const publicCacheTTL = 30 * time.Second

// publicCacheBytes bounds the memory the cache holds: bodies (plain and gzipped), keys and
// each entry's bookkeeping (a league page of 100 games is about 70 KB plain, 8 KB gzipped);
// when full, entries picked at random make room.
const publicCacheBytes = 256 << 20

// entryOverhead is what an entry holds besides its bodies and key: the map slot, the
// struct, the slice and string headers and the content type (measured with the Go 1.26
// runtime, rounded up).
const entryOverhead = 256

// publicCache keeps the bodies of the read-mostly public pages and API answers (league
// pages, standings, ladders) as anonymous visitors get them, so that a busy league page
// costs a map lookup instead of its queries and rendering. Signed-in viewers always get a
// fresh page, since theirs marks them in tables and offers their own actions. Every request
// that writes (a POST, PUT, PATCH or DELETE answered below 400) empties the cache of every
// server on the database before its response goes out (store.CacheSignal), so results,
// joins and corrections show at once wherever the next request lands. While this server
// does not hear the others (its listener is down) the cache does not answer at all.
//
// Entries are keyed by the route and its parameters, so the cache holds one entry per page
// and not one per spelling of its address: handlers refuse non-canonical ids (PathID), and
// only 200 answers are kept.
type publicCache struct {
	generation atomic.Uint64
	// listening reports whether this server hears the other servers' writes.
	listening func() bool
	// broadcast empties every server's cache (this one's included) and returns once they
	// have done so.
	broadcast func(context.Context) error
	logger    *slog.Logger
	mu        sync.RWMutex
	entries   map[string]cachedResponse
	// parts holds what signed-in pages read that is the same for every viewer
	// (web/httpx/cache_parts.go); it is emptied with the entries.
	parts map[string]cachedPart
	// sessions holds the web sessions read (web/httpx/sessions.go); it is emptied with the
	// entries, and sessionGen counts its flushes and forgotten sessions.
	sessions   map[string]cachedSession
	sessionGen uint64
	// bytes is the memory the entries hold, as entrySize counts it.
	bytes int
}

// cachedResponse is one stored answer.
type cachedResponse struct {
	generation  uint64
	at          time.Time
	contentType string
	body        []byte
	// gzipped is body compressed, for the clients that accept gzip.
	gzipped []byte
	// refreshing marks an expired entry whose replacement a request is computing.
	refreshing bool
}

// entrySize is the memory an entry under key holds.
func entrySize(key string, e cachedResponse) int {
	return len(key) + cap(e.body) + cap(e.gzipped) + entryOverhead
}

// newPublicCache returns an empty cache that answers while listening reports true; a write
// calls broadcast. Both may be nil for a single server without a cache signal (tests of
// the cache alone): then it always answers and a write empties only its own entries.
func newPublicCache(logger *slog.Logger) *publicCache {
	return &publicCache{entries: map[string]cachedResponse{}, parts: map[string]cachedPart{}, logger: logger}
}

// flush empties the cache. The generation makes answers computed before the flush
// unstorable; dropping the map frees what the entries held at once.
func (pc *publicCache) flush() {
	pc.mu.Lock()
	pc.generation.Add(1)
	pc.entries = map[string]cachedResponse{}
	pc.parts = map[string]cachedPart{}
	pc.sessions = map[string]cachedSession{}
	pc.sessionGen++
	pc.bytes = 0
	pc.mu.Unlock()
}

// answering reports whether the cache may answer: only while this server hears the others.
func (pc *publicCache) answering() bool {
	return pc.listening == nil || pc.listening()
}

// Invalidate is middleware for every route: once a request has written, every cached
// answer on every server is stale. The flush is broadcast just before the response's
// header goes out, so the writer's client never sees its response before the pages that
// show its write are gone from every server.
func (pc *publicCache) Invalidate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		res := c.Response()
		flushed := false
		res.Before(func() {
			// A refused write changed nothing; only one that went through makes the cache
			// stale (and anonymous junk posts cannot keep flushing it).
			if res.Status >= http.StatusBadRequest {
				return
			}
			flushed = true
			pc.flushAll(c.Request().Context())
		})
		err := next(c)
		if err == nil && !res.Committed && !flushed {
			pc.flushAll(c.Request().Context())
		}
		return err
	}
}

// flushAll empties this server's cache and every other server's.
func (pc *publicCache) flushAll(ctx context.Context) {
	pc.flush()
	if pc.broadcast == nil {
		return
	}
	if err := pc.broadcast(ctx); err != nil {
		// The write itself went through; the other servers catch up at their listener's
		// next reconnect or after publicCacheTTL.
		pc.logger.ErrorContext(ctx, "cache: broadcast the flush", "error", err.Error())
	}
}

// cacheKey is the cache's key for a request: its route and parameters.
func cacheKey(c echo.Context) string {
	return c.Path() + "\x00" + strings.Join(c.ParamValues(), "\x00")
}

// Early is middleware that answers cache hits before the session, CSRF and identity
// middleware run: a GET without the session cookie and without an Authorization header
// comes from an anonymous visitor, whose cached answer is the one to send. Everything else
// goes on down the chain.
func (pc *publicCache) Early(sessionCookie string) echo.MiddlewareFunc {
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
			if hit, ok := pc.lookup(cacheKey(c)); ok {
				return pc.serve(c, hit, true)
			}
			return next(c)
		}
	}
}

// lookup returns the cached answer to key when it is still good: stored since the last
// write, and either younger than publicCacheTTL or older while another request is already
// computing its replacement (so an expiry never sends every visitor of a busy page to the
// database at once). A miss makes the caller compute the answer.
func (pc *publicCache) lookup(key string) (cachedResponse, bool) {
	if !pc.answering() {
		return cachedResponse{}, false
	}
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

// serve sends a cached answer; gzipped when the client accepts it and the answer does not
// go through the gzip middleware (which would compress it twice).
func (pc *publicCache) serve(c echo.Context, hit cachedResponse, precompressed bool) error {
	h := c.Response().Header()
	h.Set("Cache-Control", "no-store")
	h.Add("Vary", "Cookie")
	h.Add("Vary", echo.HeaderAcceptEncoding)
	h.Set("X-Cache", "hit")
	body := hit.body
	if precompressed && hit.gzipped != nil && acceptsGzip(c.Request()) {
		h.Set(echo.HeaderContentEncoding, "gzip")
		body = hit.gzipped
		h.Set(echo.HeaderContentLength, strconv.Itoa(len(body)))
	}
	return c.Blob(http.StatusOK, hit.contentType, body)
}

// acceptsGzip reports a client that accepts gzip-encoded answers.
func acceptsGzip(req *http.Request) bool {
	for _, enc := range strings.Split(req.Header.Get(echo.HeaderAcceptEncoding), ",") {
		name, params, _ := strings.Cut(strings.TrimSpace(enc), ";")
		if strings.EqualFold(strings.TrimSpace(name), "gzip") && strings.ReplaceAll(params, " ", "") != "q=0" {
			return true
		}
	}
	return false
}

// Public is middleware for a public GET route: it answers anonymous visitors from the
// cache when it can, and stores the 200 answers it had to compute.
func (pc *publicCache) Public(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if _, signedIn := CurrentUser(c); signedIn || req.Method != http.MethodGet {
			return next(c)
		}
		key := cacheKey(c)
		gen := pc.generation.Load()
		if !wantsFresh(req) {
			if hit, ok := pc.lookup(key); ok {
				return pc.serve(c, hit, false)
			}
		}
		res := c.Response()
		rec := &recordingWriter{ResponseWriter: res.Writer}
		res.Writer = rec
		err := next(c)
		res.Writer = rec.ResponseWriter
		if err != nil || res.Status != http.StatusOK || rec.overflow || !pc.answering() {
			// Let the next request try again rather than serve a stale answer for good.
			pc.mu.Lock()
			if stale, ok := pc.entries[key]; ok && stale.refreshing {
				delete(pc.entries, key)
				pc.bytes -= entrySize(key, stale)
			}
			pc.mu.Unlock()
			return err
		}
		entry := cachedResponse{generation: gen, at: time.Now(),
			contentType: res.Header().Get(echo.HeaderContentType), body: bytes.Clone(rec.body.Bytes())}
		entry.gzipped = gzipped(entry.body)
		size := entrySize(key, entry)
		pc.mu.Lock()
		defer pc.mu.Unlock()
		if pc.generation.Load() != gen {
			// A write landed while this answer was computed: it may not show it.
			return nil
		}
		if old, ok := pc.entries[key]; ok {
			delete(pc.entries, key)
			pc.bytes -= entrySize(key, old)
		}
		// Go's map order is random, so this drops arbitrary entries until the entry fits.
		for k, e := range pc.entries {
			if pc.bytes+size <= publicCacheBytes {
				break
			}
			delete(pc.entries, k)
			pc.bytes -= entrySize(k, e)
		}
		pc.entries[key] = entry
		pc.bytes += size
		return nil
	}
}

// gzipped compresses a body once, when it is stored, so hits cost no compression.
func gzipped(body []byte) []byte {
	var buf bytes.Buffer
	zw, err := gzip.NewWriterLevel(&buf, gzip.BestSpeed)
	if err != nil {
		return nil
	}
	if _, err := zw.Write(body); err != nil {
		return nil
	}
	if err := zw.Close(); err != nil {
		return nil
	}
	return bytes.Clone(buf.Bytes())
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
