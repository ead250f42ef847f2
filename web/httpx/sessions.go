package httpx

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/tablestakes/tablestakes/store"
)

// maxCachedSessions bounds how many web sessions the cache holds (a few hundred bytes
// each); when full, sessions picked at random make room.
const maxCachedSessions = 20000

// sessionKeyPrefix starts the cache signal key of a session (store.CacheSignal.Forget).
const sessionKeyPrefix = "session:"

// cachedSession is one web session's row as read from the sessions table.
type cachedSession struct {
	data []byte
	// expiry is the row's: the sooner of the session's lifetime's end and its idle deadline.
	expiry time.Time
	at     time.Time
}

// sessionStore is where the web sessions live (scs.CtxStore): the sessions table, with each
// session found kept in memory beside the public cache, under the hash of its token (no
// token is held in memory longer than its request), so that a signed-in page does not read
// its session row on every request. A session is answered from memory only until its
// row's expiry (so the idle timeout ends it exactly as the row would) and for
// publicCacheTTL at most. Every change of a stored session (a commit of a session stored
// before, a deletion at log-out or log-in) makes every server forget it before the
// response goes out (store.CacheSignal.Forget), and every write empties the whole cache
// as before: a session changed or ended through one server is never answered by another.
// While this server does not hear the others, every session is read from the table.
type sessionStore struct {
	store *store.Store
	cache *publicCache
	// forget makes every server on the database, this one included, forget the session
	// under key.
	forget func(ctx context.Context, key string) error
}

// sessionKey is the cache key of the session token: the hex of its SHA-256.
func sessionKey(token string) string {
	sum := sha256.Sum256([]byte(token))
	return sessionKeyPrefix + hex.EncodeToString(sum[:])
}

// FindCtx returns the session token's data, from memory when this server has read it
// since the last change.
func (s *sessionStore) FindCtx(ctx context.Context, token string) ([]byte, bool, error) {
	key := sessionKey(token)
	gen, hit, ok := s.cache.session(key)
	if ok {
		return hit.data, true, nil
	}
	now := time.Now()
	data, expiry, err := s.store.Session(ctx, token, now)
	if errors.Is(err, store.ErrNotFound) {
		return nil, false, nil
	}
	if err != nil {
		return nil, false, fmt.Errorf("web: find session: %w", err)
	}
	s.cache.keepSession(key, gen, cachedSession{data: data, expiry: expiry, at: now})
	return data, true, nil
}

// CommitCtx stores the session; a session stored before is forgotten by every server.
func (s *sessionStore) CommitCtx(ctx context.Context, token string, b []byte, expiry time.Time) error {
	inserted, err := s.store.CommitSession(ctx, token, b, expiry)
	if err != nil {
		return err
	}
	if inserted {
		// A new token: no server has read it, so none keeps it.
		return nil
	}
	return s.forget(ctx, sessionKey(token))
}

// DeleteCtx removes the session, and every server forgets it.
func (s *sessionStore) DeleteCtx(ctx context.Context, token string) error {
	deleted, err := s.store.DeleteSession(ctx, token)
	if err != nil {
		return err
	}
	if !deleted {
		return nil
	}
	return s.forget(ctx, sessionKey(token))
}

// Find is FindCtx without a request (scs.Store).
func (s *sessionStore) Find(token string) ([]byte, bool, error) {
	return s.FindCtx(context.Background(), token)
}

// Commit is CommitCtx without a request (scs.Store).
func (s *sessionStore) Commit(token string, b []byte, expiry time.Time) error {
	return s.CommitCtx(context.Background(), token, b, expiry)
}

// Delete is DeleteCtx without a request (scs.Store).
func (s *sessionStore) Delete(token string) error {
	return s.DeleteCtx(context.Background(), token)
}

// session returns the session kept under key while it may answer, and the sessions'
// generation to store a fresh read under (keepSession).
func (pc *publicCache) session(key string) (gen uint64, _ cachedSession, ok bool) {
	if !pc.answering() {
		return 0, cachedSession{}, false
	}
	pc.mu.RLock()
	gen = pc.sessionGen
	hit, ok := pc.sessions[key]
	pc.mu.RUnlock()
	now := time.Now()
	if !ok || !now.Before(hit.expiry) || now.Sub(hit.at) >= publicCacheTTL {
		return gen, cachedSession{}, false
	}
	return gen, hit, true
}

// keepSession stores a session read under generation gen, unless a flush or a forgotten
// session came between (the read may be older than the change).
func (pc *publicCache) keepSession(key string, gen uint64, s cachedSession) {
	if !pc.answering() {
		return
	}
	pc.mu.Lock()
	defer pc.mu.Unlock()
	if pc.sessionGen != gen {
		return
	}
	if pc.sessions == nil {
		pc.sessions = map[string]cachedSession{}
	}
	for k := range pc.sessions {
		if len(pc.sessions) < maxCachedSessions {
			break
		}
		delete(pc.sessions, k)
	}
	pc.sessions[key] = s
}

// forgetEntry drops what the cache keeps under key (a session, store.CacheSignal.Forget).
// Reads begun before it are not stored.
func (pc *publicCache) forgetEntry(key string) {
	pc.mu.Lock()
	pc.sessionGen++
	delete(pc.sessions, key)
	pc.mu.Unlock()
}

// maxDecodedSessions bounds sessionCodec's memory of decoded sessions.
const maxDecodedSessions = 20000

// sessionCodec is scs's gob codec, remembering what it decoded: decoding is a pure
// function of the stored bytes, and a gob decoder is costly to start on every request.
// Each caller gets its own copy of the values (scs changes them in place).
type sessionCodec struct {
	scs.GobCodec
	mu      sync.Mutex
	decoded map[string]decodedSession
}

// decodedSession is what GobCodec.Decode returned for one session's bytes.
type decodedSession struct {
	deadline time.Time
	values   map[string]any
}

// Decode returns the deadline and values encoded in b.
func (c *sessionCodec) Decode(b []byte) (time.Time, map[string]any, error) {
	c.mu.Lock()
	d, ok := c.decoded[string(b)]
	c.mu.Unlock()
	if !ok {
		deadline, values, err := c.GobCodec.Decode(b)
		if err != nil {
			return deadline, values, err
		}
		d = decodedSession{deadline: deadline, values: values}
		c.mu.Lock()
		if c.decoded == nil || len(c.decoded) >= maxDecodedSessions {
			c.decoded = map[string]decodedSession{}
		}
		c.decoded[string(b)] = d
		c.mu.Unlock()
	}
	values := make(map[string]any, len(d.values))
	for k, v := range d.values {
		values[k] = v
	}
	return d.deadline, values, nil
}
