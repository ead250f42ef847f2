package httpx

import (
	"context"
	"strconv"
	"strings"
	"time"

	"github.com/a-h/templ"

	"github.com/tablestakes/tablestakes/templates"
)

// maxCachedParts bounds how many parts the cache holds (a league's part of 100 games is
// some 100 KB of Go values); when full, parts picked at random make room.
const maxCachedParts = 2048

// cachedPart is one stored part: a value read for one page that is the same for every
// viewer (a league's members, games and standings, a game's result), or one viewer's own
// rows stored under a key that names the viewer.
type cachedPart struct {
	generation uint64
	at         time.Time
	value      any
}

// Part returns the part stored under key, or computes and stores it. Signed-in pages are
// never cached whole, since they mark the viewer in tables and carry the viewer's forms,
// flash and CSRF token; what they read from the database is mostly the same for everyone,
// and that is what part keeps. Parts live in the public cache and are emptied with it, on
// every server, by every write (store.CacheSignal); while this server does not hear the
// others, every part is computed afresh. The value is shared by every request that gets
// it: callers must not change it (copy before marking the viewer in it).
//
// part runs after the middleware's privacy checks (HiddenLeagues), so a private league's
// part is only ever read for a viewer who may see the league; keys never depend on the
// viewer unless they name the viewer.
func Part[T any](pc *publicCache, key string, compute func() (T, error)) (T, error) {
	if pc == nil || !pc.answering() {
		return compute()
	}
	gen := pc.generation.Load()
	pc.mu.RLock()
	hit, ok := pc.parts[key]
	pc.mu.RUnlock()
	if ok && hit.generation == gen && time.Since(hit.at) < publicCacheTTL {
		if v, ok := hit.value.(T); ok {
			return v, nil
		}
	}
	v, err := compute()
	if err != nil {
		return v, err
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.generation.Load() != gen {
		// A write landed while the part was read: it may not show it.
		return v, nil
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
	pc.parts[key] = cachedPart{generation: gen, at: time.Now(), value: v}
	return v, nil
}

// PartKey is the key of the part of kind (a page's part: "league", "game") for id.
func PartKey(kind string, id int64) string {
	return kind + "\x00" + strconv.FormatInt(id, 10)
}

// RenderedPart is component rendered once and kept under key until the next write: a
// section of a signed-in page (templates.LeagueParts). A key for a section that marks the
// viewer names the viewer.
func RenderedPart(ctx context.Context, pc *publicCache, key string, component templ.Component) (templ.Component, error) {
	html, err := Part(pc, key, func() (string, error) {
		var b strings.Builder
		err := component.Render(ctx, &b)
		return b.String(), err
	})
	if err != nil {
		return nil, err
	}
	return templ.Raw(html), nil
}

// MarkedPart is component, a section that marks the viewer, rendered once for every
// viewer and kept under key until the next write (templates.RenderMarked); the viewer's
// marks are spliced in per request. The key does not name the viewer.
func MarkedPart(ctx context.Context, pc *publicCache, key string, component templ.Component, viewer string) (templ.Component, error) {
	marked, err := Part(pc, key, func() (templates.Marked, error) {
		return templates.RenderMarked(ctx, component)
	})
	if err != nil {
		return nil, err
	}
	return marked.For(viewer), nil
}
