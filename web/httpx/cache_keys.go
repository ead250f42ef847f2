package httpx

import (
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// Keyed invalidation (issue #38). Every cached answer and part depends on keys
// (store.CacheKey: a league, a ladder's ratings, a ladder's history, a player's own pages),
// or on everything when it names none. A write names the keys of what it changed (Changed
// in a request; store.CacheSignal.Drop outside one) and every server drops only what
// depends on one of them; a write that names nothing empties every cache as before.
//
// Nothing is searched at a drop: the cache counts the writes it hears (seq), notes the
// count of the last drop of each key (dropped), of the last write of any kind (written)
// and of the last flush (flushed), and an entry, stored with the count when its
// computation began, is fresh while none of these passed it for the keys it depends on.

// maxDroppedKeys bounds the keys whose last drop the cache remembers; past it the cache is
// emptied instead, which forgets them all.
const maxDroppedKeys = 100000

// changedKey and dependsKey are the echo context keys under which a handler names what its
// write changed (Changed) and what its answer depends on (DependsOn).
const (
	changedKey = "cache.changed"
	dependsKey = "cache.depends"
)

// Changed names what the request's write changed: once it has gone through, every server
// drops only the cached answers and parts depending on one of keys (Invalidate). A write
// whose handler names nothing empties every cache, so a handler calls Changed only when
// keys cover everything its request wrote that any page shows.
func Changed(c echo.Context, keys ...store.CacheKey) {
	before, _ := c.Get(changedKey).([]store.CacheKey)
	c.Set(changedKey, append(before, keys...))
}

// DependsOn names what a public page's answer shows (Public): it stays cached until a
// write names one of keys. An answer whose handler names nothing is stale at every write.
func DependsOn(c echo.Context, keys ...store.CacheKey) {
	before, _ := c.Get(dependsKey).([]store.CacheKey)
	c.Set(dependsKey, append(before, keys...))
}

// fresh reports whether an entry whose computation began at seq and that depends on keys
// (nil: on everything) shows every write heard since. Call it holding pc.mu.
func (pc *publicCache) fresh(seq uint64, keys []store.CacheKey) bool {
	if pc.flushed > seq {
		return false
	}
	if keys == nil {
		return pc.written <= seq
	}
	for _, k := range keys {
		if pc.dropped[k] > seq {
			return false
		}
	}
	return true
}

// drop makes stale everything depending on one of keys: the answers and parts naming one
// of them, and those naming none. A web session's key (sessionKeyPrefix) forgets that
// session only.
func (pc *publicCache) drop(keys []store.CacheKey) {
	pc.mu.Lock()
	if len(pc.dropped)+len(keys) > maxDroppedKeys {
		pc.mu.Unlock()
		pc.flush()
		return
	}
	defer pc.mu.Unlock()
	seq := pc.seq.Add(1)
	for _, k := range keys {
		if strings.HasPrefix(string(k), sessionKeyPrefix) {
			pc.sessionGen++
			delete(pc.sessions, string(k))
			continue
		}
		pc.written = seq
		pc.dropped[k] = seq
	}
}

// dropKeyStrings is drop for keys as the cache signal carries them.
func (pc *publicCache) dropKeyStrings(keys []string) {
	ks := make([]store.CacheKey, len(keys))
	for i, k := range keys {
		ks[i] = store.CacheKey(k)
	}
	pc.drop(ks)
}

// GameChanged names what a write to game id changed (store.GameCacheKeys: its league or
// itself, its ladder, its players' pages) and extra, after the write: Changed. When the
// keys cannot be read the write names nothing, and every cache is emptied.
func (h *Server) GameChanged(c echo.Context, id int64, extra ...store.CacheKey) {
	keys, err := h.Store.GameCacheKeys(c.Request().Context(), id)
	if err != nil {
		h.Logger.WarnContext(c.Request().Context(), "cache: keys of a write; every cache is emptied", "error", err.Error())
		return
	}
	Changed(c, append(keys, extra...)...)
}

// CorrectionChanged names what a corrected result changed: its game's keys (GameChanged)
// and what the ladder's replay moved (store.CorrectionCacheKeys).
func (h *Server) CorrectionChanged(c echo.Context, r store.GameResult) {
	h.GameChanged(c, r.GameID, store.CorrectionCacheKeys(nil, r)...)
}

// LeagueChanged names what a write to league id changed (store.LeagueCacheKeys: the league
// and its members' and organisers' pages) and extra: Changed, or nothing as GameChanged.
func (h *Server) LeagueChanged(c echo.Context, id int64, extra ...store.CacheKey) {
	keys, err := h.Store.LeagueCacheKeys(c.Request().Context(), id)
	if err != nil {
		h.Logger.WarnContext(c.Request().Context(), "cache: keys of a write; every cache is emptied", "error", err.Error())
		return
	}
	Changed(c, append(keys, extra...)...)
}
