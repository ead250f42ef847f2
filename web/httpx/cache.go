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

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
)

// publicCacheTTL bounds how long a cached public response is served. Every server on the
// database drops what a write through any of them changed (store.CacheSignal), so the
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
// that writes (a POST, PUT, PATCH or DELETE answered below 400) drops what it changed
// (Changed; everything when its handler names nothing) from the cache of every server on
// the database before its response goes out (store.CacheSignal), so results, joins and
// corrections show at once wherever the next request lands, and pages the write did not
// touch stay cached. While this server does not hear the others (its listener is down) the
// cache does not answer at all.
//
// Entries are keyed by the route and its parameters, so the cache holds one entry per page
// and not one per spelling of its address: handlers refuse non-canonical ids (PathID), and
// only 200 answers are kept.
type publicCache struct {
	// seq counts the writes this server has heard of (cache_keys.go): an entry is stored
	// with the count when its computation began, and is fresh while no write since then
	// named one of its keys.
	seq atomic.Uint64
	// listening reports whether this server hears the other servers' writes.
	listening func() bool
	// broadcast empties every server's cache (this one's included) and returns once they
	// have done so; dropKeys drops the entries depending on keys the same way.
	broadcast func(context.Context) error
	dropKeys  func(context.Context, []store.CacheKey) error
	logger    *slog.Logger
	mu        sync.RWMutex
	entries   map[string]cachedResponse
	// parts holds what signed-in pages read that is the same for every viewer
	// (web/httpx/cache_parts.go).
	parts map[string]cachedPart
	// written, flushed and dropped say which entries are fresh (cache_keys.go).
	written, flushed uint64
	dropped          map[store.CacheKey]uint64
	// building holds, for each key whose answer a request is computing, a channel closed
	// when it is done: a stampede of anonymous visitors waits for that one rebuild.
	building map[string]chan struct{}
	// waiting, when set (tests), is told the key of each rebuild a request waits for.
	waiting func(key string)
	// sessions holds the web sessions read (web/httpx/sessions.go); it is emptied with the
	// entries, and sessionGen counts its flushes and forgotten sessions.
	sessions   map[string]cachedSession
	sessionGen uint64
	// bytes is the memory the entries hold, as entrySize counts it.
	bytes int
}

// cachedResponse is one stored answer.
type cachedResponse struct {
	// seq and keys say whether the entry is fresh (publicCache.fresh).
	seq         uint64
	keys        []store.CacheKey
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
	n := len(key) + cap(e.body) + cap(e.gzipped) + entryOverhead
	for _, k := range e.keys {
		n += len(k) + 16
	}
	return n
}

// newPublicCache returns an empty cache that answers while listening reports true; a write
// calls broadcast. Both may be nil for a single server without a cache signal (tests of
// the cache alone): then it always answers and a write empties only its own entries.
func newPublicCache(logger *slog.Logger) *publicCache {
	return &publicCache{entries: map[string]cachedResponse{}, parts: map[string]cachedPart{},
		dropped: map[store.CacheKey]uint64{}, building: map[string]chan struct{}{}, logger: logger}
}

// flush empties the cache: every entry stored before it is stale, and dropping the maps
// frees what the entries held at once.
func (pc *publicCache) flush() {
	pc.mu.Lock()
	seq := pc.seq.Add(1)
	pc.written, pc.flushed = seq, seq
	pc.dropped = map[store.CacheKey]uint64{}
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

// Invalidate is middleware for every route: once a request has written, the cached
// answers showing what it changed are stale on every server. A handler names what its
// write changed (Changed) and every server drops only the entries depending on it; a write
// that names nothing empties every cache. Either is announced just before the response's
// header goes out, so the writer's client never sees its response before the pages that
// show its write are gone from every server.
func (pc *publicCache) Invalidate(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		switch c.Request().Method {
		case http.MethodGet, http.MethodHead, http.MethodOptions:
			return next(c)
		}
		res := c.Response()
		announced := false
		res.Before(func() {
			// A refused write changed nothing; only one that went through makes the cache
			// stale (and anonymous junk posts cannot keep flushing it). A handler that named
			// what it changed wrote it, whatever went wrong after.
			if _, named := c.Get(changedKey).([]store.CacheKey); !named && res.Status >= http.StatusBadRequest {
				return
			}
			announced = true
			pc.announce(c)
		})
		err := next(c)
		if err == nil && !res.Committed && !announced {
			pc.announce(c)
		}
		return err
	}
}

// announce drops, on every server, what the request's write changed: the keys its handler
// named, or everything.
func (pc *publicCache) announce(c echo.Context) {
	ctx := c.Request().Context()
	keys, named := c.Get(changedKey).([]store.CacheKey)
	if !named {
		pc.flushAll(ctx)
		return
	}
	pc.dropAll(ctx, keys)
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

// dropAll drops the entries depending on keys on this server and every other one.
func (pc *publicCache) dropAll(ctx context.Context, keys []store.CacheKey) {
	if len(keys) == 0 {
		return
	}
	if pc.dropKeys == nil {
		pc.drop(keys)
		return
	}
	// The signal drops them here too. Keys it cannot carry empty every cache instead.
	if err := pc.dropKeys(ctx, keys); err != nil {
		pc.logger.ErrorContext(ctx, "cache: announce the keys a write changed; emptying every cache", "error", err.Error())
		pc.flushAll(ctx)
	}
}

// cacheKey is the cache's key for a request: its route, its parameters and the language
// it is answered in (Server.Language).
func cacheKey(c echo.Context) string {
	return c.Path() + "\x00" + strings.Join(c.ParamValues(), "\x00") + "\x00" + locales.From(c.Request().Context()).Code
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

// lookup returns the cached answer to key when it is still good: fresh (no write since it
// was computed named what it depends on), and either younger than publicCacheTTL or older
// while another request is already computing its replacement (so an expiry never sends
// every visitor of a busy page to the database at once). A miss makes the caller compute
// the answer.
func (pc *publicCache) lookup(key string) (cachedResponse, bool) {
	if !pc.answering() {
		return cachedResponse{}, false
	}
	pc.mu.RLock()
	hit, ok := pc.entries[key]
	ok = ok && pc.fresh(hit.seq, hit.keys)
	pc.mu.RUnlock()
	if !ok {
		return cachedResponse{}, false
	}
	if time.Since(hit.at) < publicCacheTTL {
		return hit, true
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	current, ok := pc.entries[key]
	if !ok || !pc.fresh(current.seq, current.keys) {
		return cachedResponse{}, false
	}
	if current.refreshing {
		return current, true
	}
	current.refreshing = true
	pc.entries[key] = current
	return cachedResponse{}, false
}

// rebuild makes the caller the one request computing key's answer, or waits until the one
// computing it is done (or ctx ends) and reports false: the waiter then looks again, and
// computes the answer itself only when the rebuild it waited for could not be kept. done
// must be called once the leader's answer is stored or given up.
func (pc *publicCache) rebuild(ctx context.Context, key string) (leader bool, done func()) {
	pc.mu.Lock()
	ch, building := pc.building[key]
	if !building {
		ch = make(chan struct{})
		pc.building[key] = ch
	}
	pc.mu.Unlock()
	if !building {
		return true, func() {
			pc.mu.Lock()
			if pc.building[key] == ch {
				delete(pc.building, key)
			}
			pc.mu.Unlock()
			close(ch)
		}
	}
	if pc.waiting != nil {
		pc.waiting(key)
	}
	select {
	case <-ch:
	case <-ctx.Done():
	}
	return false, func() {}
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
// cache when it can, and stores the 200 answers it had to compute, under the keys the
// handler said the answer depends on (DependsOn; none: every write makes it stale). One
// request at a time computes a missing answer; the others wait for it.
func (pc *publicCache) Public(next echo.HandlerFunc) echo.HandlerFunc {
	return func(c echo.Context) error {
		req := c.Request()
		if _, signedIn := CurrentUser(c); signedIn || req.Method != http.MethodGet {
			return next(c)
		}
		key := cacheKey(c)
		if !wantsFresh(req) {
			if hit, ok := pc.lookup(key); ok {
				return pc.serve(c, hit, false)
			}
			leader, done := pc.rebuild(req.Context(), key)
			defer done()
			if !leader {
				if hit, ok := pc.lookup(key); ok {
					return pc.serve(c, hit, false)
				}
			}
		}
		seq := pc.seq.Load()
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
		keys, _ := c.Get(dependsKey).([]store.CacheKey)
		entry := cachedResponse{seq: seq, keys: keys, at: time.Now(),
			contentType: res.Header().Get(echo.HeaderContentType), body: bytes.Clone(rec.body.Bytes())}
		entry.gzipped = gzipped(entry.body)
		size := entrySize(key, entry)
		pc.mu.Lock()
		defer pc.mu.Unlock()
		if !pc.fresh(seq, keys) {
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
