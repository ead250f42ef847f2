// Package web is TableStakes' HTTP side, split by audience as miniflux splits ui and api:
//
//   - web/pages: the HTML pages and their forms, with their route table (pages.Routes);
//   - web/api: the JSON API under /api/v1, with its route table (api.Routes);
//   - web/httpx: the shared HTTP pieces both use: the Server (store, services, sessions,
//     config), middleware, sessions, CSRF, the central error handler, render, flash, the
//     cache of public pages, replica routing, rate limits, JSON decoding, path parameters,
//     and the checks a page and its API twin share.
//
// This package assembles them: New builds the shared Server, and Routes mounts the
// middleware, the health check and static assets, then the two route tables, behind the
// replica router when there is a read-only copy (ReadFrom).
package web

import (
	"context"
	"log/slog"
	"time"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// Config is how the web side is deployed (httpx.Config documents each field).
type Config = httpx.Config

// Limit is a number of attempts allowed in any period of the given length (a sliding
// window, counted in Postgres).
type Limit = httpx.Limit

// DatabaseSessions is how the app's connections to the database are set up for requests
// bounded by requestTimeout (httpx.DatabaseSessions documents it).
func DatabaseSessions(poolSize int32, requestTimeout time.Duration) store.Sessions {
	return httpx.DatabaseSessions(poolSize, requestTimeout)
}

// Handler serves every TableStakes page and API route (Routes).
type Handler struct {
	server *httpx.Server
}

// New returns a Handler on the store. Sessions live in the store's sessions table; the
// server removes expired ones with store.DeleteExpiredSessions.
func New(st *store.Store, logger *slog.Logger, cfg Config) *Handler {
	return &Handler{server: httpx.NewServer(st, logger, cfg)}
}

// ListenForWrites keeps this server's cache of public pages in step with every other
// server on the database until ctx ends (store.CacheSignal.Run): their writes empty it, and
// while this server cannot hear them the cache does not answer. Run it beside the server.
func (h *Handler) ListenForWrites(ctx context.Context) { h.server.ListenForWrites(ctx) }

// Changed tells every server on the database, this one included, that a write made
// outside a request (a sweep) changed what keys name (store.CacheSignal.Drop): each drops
// what its cache keeps that depends on them before Changed returns.
func (h *Handler) Changed(ctx context.Context, keys []store.CacheKey) error {
	return h.server.Signal.Drop(ctx, keys)
}

// CacheListening reports whether the cache hears the other servers' writes and so answers.
func (h *Handler) CacheListening() bool { return h.server.CacheListening() }

// ReadFrom sends the anonymous reads (GET and HEAD without a session or a bearer token) to
// reads, a Store on a streaming replica of the database (DATABASE_READ_URL), whenever the
// replica has replayed every write this server has heard of. Writes, signed-in reads and
// the health check stay on the primary. Call it before Routes.
func (h *Handler) ReadFrom(reads *store.Store) { h.server.ReadFrom(reads) }
