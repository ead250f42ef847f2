package web

import (
	"net/http"
	"sync/atomic"
	"time"

	"github.com/tablestakes/tablestakes/store"
)

// ReadFrom sends the anonymous reads (GET and HEAD without a session or a bearer token) to
// reads, a Store on a read-only copy of the database such as a streaming replica
// (DATABASE_READ_URL). Writes, signed-in reads and the health check stay on the primary, and
// so do anonymous reads for replicaLag after any server's write. Call it before Routes.
func (h *Handler) ReadFrom(reads *store.Store) {
	h.reads = reads
}

// replicaRouter is the top of the app when it has a read-only copy: anonymous reads go to
// the routes on the copy, everything else to the routes on the primary.
type replicaRouter struct {
	primary, replica http.Handler
	sessionCookie    string
	lag              time.Duration
	// lastWrite is when this server last heard of a write (UnixNano).
	lastWrite *atomic.Int64
}

// ServeHTTP picks the database a request reads.
func (rr *replicaRouter) ServeHTTP(w http.ResponseWriter, r *http.Request) {
	if rr.anonymousRead(r) && time.Since(time.Unix(0, rr.lastWrite.Load())) > rr.lag {
		rr.replica.ServeHTTP(w, r)
		return
	}
	rr.primary.ServeHTTP(w, r)
}

// anonymousRead reports a read by a visitor who is not signed in.
func (rr *replicaRouter) anonymousRead(r *http.Request) bool {
	if r.Method != http.MethodGet && r.Method != http.MethodHead {
		return false
	}
	if r.URL.Path == "/healthz" || r.Header.Get("Authorization") != "" {
		return false
	}
	_, err := r.Cookie(rr.sessionCookie)
	return err != nil
}
