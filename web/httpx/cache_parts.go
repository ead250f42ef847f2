package httpx

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/tablestakes/tablestakes/locales"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// maxCachedParts bounds how many parts the cache holds (a league's part of 100 games is
// some 100 KB of Go values); when full, parts picked at random make room.
const maxCachedParts = 2048

// cachedPart is one stored part: a value read for one page that is the same for every
// viewer (a league's members, games and standings, a game's result), or one viewer's own
// rows stored under a key that names the viewer.
type cachedPart struct {
	// seq and keys say whether the part is fresh (publicCache.fresh).
	seq   uint64
	keys  []store.CacheKey
	at    time.Time
	value any
}

// Part returns the part stored under key, or computes and stores it; the part depends on
// keys (cache_keys.go), or on everything when there are none. Signed-in pages are never
// cached whole, since they mark the viewer in tables and carry the viewer's forms, flash
// and CSRF token; what they read from the database is mostly the same for everyone, and
// that is what part keeps. Parts live in the public cache and are dropped with it, on
// every server, by every write naming one of their keys (or naming none); while this
// server does not hear the others, every part is computed afresh. The value is shared by
// every request that gets it: callers must not change it (copy before marking the viewer
// in it).
//
// part runs after the middleware's privacy checks (HiddenLeagues), so a private league's
// part is only ever read for a viewer who may see the league; keys never depend on the
// viewer unless they name the viewer.
func Part[T any](pc *publicCache, key string, compute func() (T, error), keys ...store.CacheKey) (T, error) {
	return KeyedPart(pc, key, func() (T, []store.CacheKey, error) {
		v, err := compute()
		return v, keys, err
	})
}

// KeyedPart is Part for a part whose keys depend on what it read (a league's members):
// compute returns them with the value.
func KeyedPart[T any](pc *publicCache, key string, compute func() (T, []store.CacheKey, error)) (T, error) {
	if pc == nil || !pc.answering() {
		v, _, err := compute()
		return v, err
	}
	if v, ok := keptPart[T](pc, key); ok {
		return v, nil
	}
	// One rebuild at a time: requests that miss together wait for the first one's read,
	// and read for themselves only when it could not be kept (it failed, or a write landed
	// meanwhile). The part's own request's deadline bounds the wait.
	leader, done := pc.rebuild(context.Background(), "part\x00"+key)
	defer done()
	if !leader {
		if v, ok := keptPart[T](pc, key); ok {
			return v, nil
		}
	}
	seq := pc.seq.Load()
	v, keys, err := compute()
	if err != nil {
		return v, err
	}
	pc.keepPart(key, seq, keys, v)
	return v, nil
}

// keptPart returns the part stored under key while it is fresh.
func keptPart[T any](pc *publicCache, key string) (T, bool) {
	pc.mu.RLock()
	hit, ok := pc.parts[key]
	ok = ok && pc.fresh(hit.seq, hit.keys) && time.Since(hit.at) < publicCacheTTL
	pc.mu.RUnlock()
	v, isT := hit.value.(T)
	return v, ok && isT
}

// keepPart stores the part v read under key since seq, unless a write landed meanwhile.
func (pc *publicCache) keepPart(key string, seq uint64, keys []store.CacheKey, v any) {
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if !pc.fresh(seq, keys) {
		// A write landed while the part was read: it may not show it.
		return
	}
	if pc.parts == nil {
		pc.parts = map[string]cachedPart{}
	}
	// Go's map order is random, so this drops arbitrary parts until the new one fits.
	for k := range pc.parts {
		if len(pc.parts) < maxCachedParts {
			break
		}
		delete(pc.parts, k)
	}
	pc.parts[key] = cachedPart{seq: seq, keys: keys, at: time.Now(), value: v}
}

// PartKey is the key of the part of kind (a page's part: "league", "game") for id.
func PartKey(kind string, id int64) string {
	return kind + "\x00" + strconv.FormatInt(id, 10)
}

// RenderedPart is component rendered once and kept under key until a write names one of
// keys (or any write, without keys): a section of a signed-in page (templates.LeagueParts).
// A key for a section that marks the viewer names the viewer.
func RenderedPart(ctx context.Context, pc *publicCache, key string, component templ.Component, keys ...store.CacheKey) (templ.Component, error) {
	key += "\x00" + locales.From(ctx).Code // kept once per language
	html, err := Part(pc, key, func() (string, error) {
		var b strings.Builder
		err := component.Render(ctx, &b)
		return b.String(), err
	}, keys...)
	if err != nil {
		return nil, err
	}
	return templ.Raw(html), nil
}

// MarkedPart is component, a section that marks the viewer, rendered once for every
// viewer and kept under key until a write names one of keys (templates.RenderMarked); the
// viewer's marks are spliced in per request. The key does not name the viewer.
func MarkedPart(ctx context.Context, pc *publicCache, key string, component templ.Component, viewer string, keys ...store.CacheKey) (templ.Component, error) {
	key += "\x00" + locales.From(ctx).Code // kept once per language
	marked, err := Part(pc, key, func() (templates.Marked, error) {
		return templates.RenderMarked(ctx, component)
	}, keys...)
	if err != nil {
		return nil, err
	}
	return marked.For(viewer), nil
}
