package store

import (
	"context"
	"crypto/rand"
	"encoding/hex"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"time"

	"github.com/jackc/pgx/v5"
)

// The cache signal tells every TableStakes server on a database that a write went through,
// so that each drops what the write changed from its cache of public pages, or empties it
// (Postgres LISTEN/NOTIFY). A writer notifies flushChannel and waits until every other
// server that listens has answered on the writer's own ack channel, so that no server
// serves a page older than a write whose response has gone out; the writer's own server
// applies its write at once. The notification also carries the primary's WAL position
// after the write, so that every server knows how far a read replica must have replayed
// before it may answer (Written).
const (
	flushChannel = "tablestakes_cache_flush"
	// ackChannelPrefix + a server's id is where the servers answer that server's flushes.
	ackChannelPrefix = "tablestakes_cache_ack_"
	// listenerName is the application_name of a listening connection, set once it listens:
	// pg_stat_activity then counts the servers a flush must hear back from.
	listenerName = "tablestakes-cache-listener"
)

// flushAckTimeout bounds how long a writer waits for the other servers' answers; a server
// that does not answer in time is stuck, and the writer goes on rather than hang.
const flushAckTimeout = 2 * time.Second

// CacheSignal is one server's end of the cache signal: a connection that listens for the
// other servers' writes (Run) and the means to announce this server's own (Broadcast).
type CacheSignal struct {
	store  *Store
	id     string
	logger *slog.Logger
	// flush empties this server's cache.
	flush func()
	// drop drops what depends on keys from this server's cache (Drop, Forget), or is nil:
	// then flush stands for it.
	drop func(keys []string)
	// pid is the backend process id of the listening connection, which a writer does not
	// wait for: its own server applies its writes at once.
	pid atomic.Uint32
	// listening is true while the listener is connected and has flushed since connecting;
	// while it is false the cache must not answer, since other servers' writes go unheard.
	listening atomic.Bool
	// written is the newest WAL position holding a write this server has heard of.
	written atomic.Uint64
	mu      sync.Mutex
	waiting map[string]chan struct{}
}

// NewCacheSignal returns the cache signal of one server on the Store's database; flush
// empties that server's cache and drop (nil: flush) drops what depends on some keys (Drop,
// Forget). Run must be running for the server to use its cache.
func (s *Store) NewCacheSignal(logger *slog.Logger, flush func(), drop func(keys []string)) *CacheSignal {
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		panic(fmt.Sprintf("store: cache signal id: %v", err)) // crypto/rand never fails on Linux
	}
	return &CacheSignal{
		store:   s,
		id:      hex.EncodeToString(b),
		logger:  logger,
		flush:   flush,
		drop:    drop,
		waiting: map[string]chan struct{}{},
	}
}

// Listening reports whether this server hears the other servers' writes, that is whether
// its cache may answer.
func (cs *CacheSignal) Listening() bool { return cs.listening.Load() }

// Written returns the primary's WAL position after the newest write this server has heard
// of, through any server on the database: a replica that has replayed that far shows every
// write whose response has gone out. known is false while this server does not hear the
// others (its listener is down): then no position is known to be the newest.
func (cs *CacheSignal) Written() (_ WALPosition, known bool) {
	if !cs.Listening() {
		return 0, false
	}
	return WALPosition(cs.written.Load()), true
}

// heard raises the newest write position this server knows of to p.
func (cs *CacheSignal) heard(p WALPosition) {
	for {
		old := cs.written.Load()
		if uint64(p) <= old || cs.written.CompareAndSwap(old, uint64(p)) {
			return
		}
	}
}

// heardNow raises the newest write position to the primary's current one, which is past
// every write committed so far.
func (cs *CacheSignal) heardNow(ctx context.Context, conn *pgx.Conn) error {
	var now string
	if err := conn.QueryRow(ctx, "SELECT "+currentWALPosition).Scan(&now); err != nil {
		return fmt.Errorf("WAL position: %w", err)
	}
	p, err := ParseWALPosition(now)
	if err != nil {
		return err
	}
	cs.heard(p)
	return nil
}

// Run keeps a listening connection until ctx ends: it flushes the cache on every other
// server's write, answers their flushes, and routes the answers to this server's own. When
// the connection drops it stops the cache from answering, reconnects (waiting up to 5 s
// between attempts) and flushes the whole cache, since writes may have gone unheard.
func (cs *CacheSignal) Run(ctx context.Context) {
	wait := 100 * time.Millisecond
	for ctx.Err() == nil {
		err := cs.listen(ctx)
		cs.listening.Store(false)
		if ctx.Err() != nil {
			return
		}
		cs.logger.Warn("cache signal: listener down; the cache is off until it reconnects", "error", err.Error())
		select {
		case <-ctx.Done():
			return
		case <-time.After(wait):
		}
		wait = min(2*wait, 5*time.Second)
	}
}

// listen connects, listens and handles notifications until the connection fails.
func (cs *CacheSignal) listen(ctx context.Context) error {
	conn, err := pgx.ConnectConfig(ctx, cs.store.pool.Config().ConnConfig.Copy())
	if err != nil {
		return fmt.Errorf("connect: %w", err)
	}
	defer conn.Close(context.Background())
	// Listen first, then take the name that makes writers count this connection: a writer
	// that counts it is sure it hears the flush.
	setup := "LISTEN " + flushChannel + "; LISTEN " + pgx.Identifier{ackChannelPrefix + cs.id}.Sanitize() +
		"; SET application_name = '" + listenerName + "'"
	if _, err := conn.Exec(ctx, setup); err != nil {
		return fmt.Errorf("listen: %w", err)
	}
	// Writes made while this server was not listening went unheard: the current position
	// is past all of them, and every later write's notification reaches this connection.
	if err := cs.heardNow(ctx, conn); err != nil {
		return err
	}
	cs.pid.Store(conn.PgConn().PID())
	cs.flush()
	cs.listening.Store(true)
	cs.logger.Debug("cache signal: listening")
	for {
		n, err := conn.WaitForNotification(ctx)
		if err != nil {
			return fmt.Errorf("wait: %w", err)
		}
		if n.Channel != flushChannel {
			cs.acked(n.Payload)
			continue
		}
		// The payload is the writer's id, the flush's token, the keys to drop (comma
		// separated; Drop and Forget only) and the WAL position after the write. Learn the
		// position before answering: once the writer has every answer, its response goes
		// out, and no server may then read a replica that lacks the write.
		writer, rest, ok := strings.Cut(n.Payload, " ")
		token, position, _ := strings.Cut(rest, " ")
		key, keyed := "", false
		if k, p, found := strings.Cut(position, " "); found {
			key, position, keyed = k, p, true
		}
		if p, err := ParseWALPosition(position); err == nil {
			cs.heard(p)
		} else {
			// Without a position (from a server of an older version) the current one stands
			// for it: it is past the write, which committed before the notification.
			if err := cs.heardNow(ctx, conn); err != nil {
				return err
			}
		}
		if writer == cs.id {
			// This server's own write, applied when it was announced.
			continue
		}
		if keyed && cs.drop != nil {
			cs.drop(strings.Split(key, ","))
		} else {
			cs.flush()
		}
		if !ok {
			continue
		}
		if _, err := conn.Exec(ctx, "SELECT pg_notify($1, $2)", ackChannelPrefix+writer, token); err != nil {
			return fmt.Errorf("answer flush: %w", err)
		}
	}
}

// acked hands one server's answer to the Broadcast waiting for it.
func (cs *CacheSignal) acked(token string) {
	cs.mu.Lock()
	ch, ok := cs.waiting[token]
	cs.mu.Unlock()
	if ok {
		select {
		case ch <- struct{}{}:
		default:
		}
	}
}

// notifyFlush sends a flush notification whose payload ($2, the writer's id, the flush's
// token and its keys) ends with the primary's WAL position, read after the write has
// committed, and returns that position and the number of other servers listening on this
// database ($3: application_name; $4: this server's listener, which is not waited for), in
// one round trip. Every server counted listened before the notification, which is sent at
// the statement's commit, so each one hears it and answers.
const notifyFlush = `WITH now AS (SELECT ` + currentWALPosition + ` AS position)
SELECT pg_notify($1, $2::text || ' ' || now.position), now.position,
       (SELECT count(*) FROM pg_stat_activity
        WHERE datname = current_database() AND application_name = $3 AND pid <> $4)::int
FROM now`

// Broadcast tells every server on the database, this one included, to empty its cache, and
// returns once each has done so (or after flushAckTimeout, logging the servers that did not
// answer). Call it after a write has committed and before its response goes out.
func (cs *CacheSignal) Broadcast(ctx context.Context) error {
	cs.flush()
	return cs.announce(ctx, "")
}

// maxKeysPayload bounds the keys one notification carries (Postgres takes payloads below
// 8000 bytes); a write naming more empties every cache instead.
const maxKeysPayload = 7000

// Forget tells every server on the database, this one included, to drop the one entry of
// its cache stored under key (a web session's, which only that session's own requests
// change), and returns as Broadcast does. key holds no space and no comma.
func (cs *CacheSignal) Forget(ctx context.Context, key string) error {
	return cs.Drop(ctx, []CacheKey{CacheKey(key)})
}

// Drop tells every server on the database, this one included, to drop what depends on keys
// from its cache (a write naming what it changed), and returns as Broadcast does.
func (cs *CacheSignal) Drop(ctx context.Context, keys []CacheKey) error {
	if len(keys) == 0 {
		return nil
	}
	var b strings.Builder
	for i, k := range keys {
		if k == "" || strings.ContainsAny(string(k), " ,") {
			return fmt.Errorf("store: drop cache keys: key %q is empty or holds a space or a comma", k)
		}
		if i > 0 {
			b.WriteByte(',')
		}
		b.WriteString(string(k))
	}
	if b.Len() > maxKeysPayload {
		return cs.Broadcast(ctx)
	}
	if cs.drop == nil {
		cs.flush()
	} else {
		cs.drop(strings.Split(b.String(), ","))
	}
	return cs.announce(ctx, " "+b.String())
}

// announce notifies every server of a write, with the keys to drop (" key,key") or without
// any (a flush), and waits for the other servers' answers.
func (cs *CacheSignal) announce(ctx context.Context, keys string) error {
	if !cs.Listening() {
		// Without a listener this server cannot hear the answers; its own cache is off, and
		// the notification still reaches the others.
		var (
			position string
			servers  int
		)
		err := cs.store.pool.QueryRow(ctx, notifyFlush, flushChannel, cs.id+" -"+keys, listenerName, 0).Scan(nil, &position, &servers)
		if err != nil {
			return fmt.Errorf("store: broadcast cache flush: %w", err)
		}
		return nil
	}
	b := make([]byte, 8)
	if _, err := rand.Read(b); err != nil {
		return fmt.Errorf("store: broadcast cache flush: %w", err)
	}
	token := hex.EncodeToString(b)
	ch := make(chan struct{}, 64)
	cs.mu.Lock()
	cs.waiting[token] = ch
	cs.mu.Unlock()
	defer func() {
		cs.mu.Lock()
		delete(cs.waiting, token)
		cs.mu.Unlock()
	}()

	var (
		position string
		servers  int
	)
	err := cs.store.pool.QueryRow(ctx, notifyFlush, flushChannel, cs.id+" "+token+keys, listenerName, int64(cs.pid.Load())).
		Scan(nil, &position, &servers)
	if err != nil {
		return fmt.Errorf("store: broadcast cache flush: %w", err)
	}
	// This server knows of its own write at once, for the replica's rule (Written).
	p, err := ParseWALPosition(position)
	if err != nil {
		return fmt.Errorf("store: broadcast cache flush: %w", err)
	}
	cs.heard(p)
	timeout := time.NewTimer(flushAckTimeout)
	defer timeout.Stop()
	for answered := 0; answered < servers; answered++ {
		select {
		case <-ch:
		case <-timeout.C:
			cs.logger.Warn("cache signal: servers did not confirm a flush in time",
				"servers", servers, "answered", answered)
			return nil
		case <-ctx.Done():
			return fmt.Errorf("store: broadcast cache flush: %w", ctx.Err())
		}
	}
	return nil
}
