package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"sync"
	"sync/atomic"
	"time"

	"github.com/tablestakes/tablestakes/store"
)

// ReadFrom sends the anonymous reads (GET and HEAD without a session or a bearer token) to
// reads, a Store on a streaming replica of the database (DATABASE_READ_URL), whenever the
// replica has replayed every write this server has heard of. Writes, signed-in reads and
// the health check stay on the primary. Call it before Routes.
func (h *Server) ReadFrom(reads *store.Store) {
	h.Reads = reads
}

// replicaRecheck is how soon a replica found behind (or unable to answer) is asked again;
// meanwhile anonymous reads go to the primary.
const replicaRecheck = 20 * time.Millisecond

// replicaTrust is how long an answer from the replica is used without asking again, so
// that a replica that stops replaying (promoted, restarted, gone) is noticed within it.
const replicaTrust = time.Second

// replicaAskTimeout bounds one question to the replica; a replica that hangs is treated as
// one that cannot answer.
const replicaAskTimeout = time.Second

// ReplicaRouter is the top of the app when it has a read-only copy: an anonymous read goes
// to the routes on the copy when the copy has replayed the primary's write-ahead log past
// the newest write any server on the database has announced (store.CacheSignal.Written),
// everything else to the routes on the primary. Since a writer's response goes out only
// once every listening server has heard its position, no one reads a replica that lacks a
// write they have seen acknowledged, however far the replica lags.
type ReplicaRouter struct {
	Primary, Replica http.Handler
	SessionCookie    string
	// Written is the newest write position this server knows of; known is false while it
	// cannot hear the other servers.
	Written func() (_ store.WALPosition, known bool)
	Reads   *store.Store
	Logger  *slog.Logger
	// replayed is the replica's latest answer. asking lets one request at a time ask again;
	// the others meanwhile go by the answer they have.
	replayed atomic.Pointer[replayState]
	asking   sync.Mutex
}

// replayState is one answer from the replica.
type replayState struct {
	at time.Time
	// standby is false when the replica is not a standby in recovery or did not answer.
	standby  bool
	position store.WALPosition
}

// covers reports whether the replica had replayed past p when it answered.
func (s *replayState) covers(p store.WALPosition) bool {
	return s != nil && s.standby && s.position >= p
}

// ServeHTTP picks the database a request reads.
func (rr *ReplicaRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if rr.anonymousRead(r) && rr.replicaCaughtUp(r.Context()) {
		rr.Replica.ServeHTTP(w, r)
		return
	}
	rr.Primary.ServeHTTP(w, r)
}

// anonymousRead reports a read by a visitor who is not signed in.
func (rr *ReplicaRouter) anonymousRead(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if r.URL.Path == "/healthz" || r.Header.Get("Authorization") != "" {
		return false
	}
	_, err := r.Cookie(rr.SessionCookie)
	return err != nil
}

// replicaCaughtUp reports whether the replica has replayed every write this server knows
// of. The replica's answer is kept for replicaTrust, so a steady stream of reads costs
// one question a second; after a write it is asked again, at most every replicaRecheck,
// by one request while the others go to the primary.
func (rr *ReplicaRouter) replicaCaughtUp(ctx context.Context) bool {
	written, known := rr.Written()
	if !known {
		return false
	}
	last := rr.replayed.Load()
	if last.covers(written) && time.Since(last.at) < replicaTrust {
		return true
	}
	if last != nil && time.Since(last.at) < replicaRecheck {
		return false
	}
	if !rr.asking.TryLock() {
		return false
	}
	defer rr.asking.Unlock()
	if last = rr.replayed.Load(); last != nil && time.Since(last.at) < replicaRecheck {
		// Another request asked in the meantime.
		return last.covers(written)
	}
	now := rr.ask(ctx)
	rr.replayed.Store(now)
	return now.covers(written)
}

// ask asks the replica how far it has replayed, logging when it starts or stops being
// usable.
func (rr *ReplicaRouter) ask(ctx context.Context) *replayState {
	// The question is the server's, not the visitor's: a visitor who leaves does not make
	// the replica look broken.
	ctx, cancel := context.WithTimeout(context.WithoutCancel(ctx), replicaAskTimeout)
	defer cancel()
	position, standby, err := rr.Reads.ReplayedPosition(ctx)
	now := &replayState{at: time.Now(), standby: standby && err == nil, position: position}
	before := rr.replayed.Load()
	switch {
	case err != nil && (before == nil || before.standby):
		rr.Logger.WarnContext(ctx, "replica: cannot ask how far it has replayed; anonymous reads go to the primary", "error", err.Error())
	case err == nil && !standby && (before == nil || before.standby):
		rr.Logger.WarnContext(ctx, "replica: DATABASE_READ_URL is not a standby in recovery; anonymous reads go to the primary")
	case now.standby && before != nil && !before.standby:
		rr.Logger.InfoContext(ctx, "replica: answering again")
	}
	return now
}
