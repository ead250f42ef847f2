package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"

	"github.com/tablestakes/tablestakes/web/api"
	"github.com/tablestakes/tablestakes/web/httpx"
	"github.com/tablestakes/tablestakes/web/pages"
)

// Routes returns the HTTP handler for the whole app: middleware first, then every route.
// HEAD is answered on every GET route (httpx.HeadAsGet).
// With a read-only copy of the database (ReadFrom), anonymous reads run on a second set of
// the same routes whose store is the copy; both share the cache.
func (h *Handler) Routes() http.Handler {
	s := h.server
	if s.Reads == nil {
		return httpx.HeadAsGet(router(s))
	}
	onCopy := *s
	onCopy.Store = s.Reads
	return httpx.HeadAsGet(&httpx.ReplicaRouter{
		Primary:       router(s),
		Replica:       router(&onCopy),
		SessionCookie: s.Sessions.Cookie.Name,
		Written:       s.Signal.Written,
		Reads:         s.Reads,
		Logger:        s.Logger,
	})
}

// router builds the app's router on s: middleware first, then the health check and the
// static assets, then the pages' route table and the API's.
func router(s *httpx.Server) *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = s.HandleError
	e.IPExtractor = echo.ExtractIPDirect()
	if s.Config.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	}

	// Anonymous views of league pages, standings and ladders are served from memory until
	// the next write on any server (web/httpx/cache.go); a hit is answered before the
	// session is loaded, gzipped when the client accepts it.
	cache := s.Cache
	e.Use(
		s.LogRequests,
		httpx.PanicRecovery(),
		s.SecurityHeaders,
		s.RequestDeadline,
		cache.Invalidate,
		// The language is chosen before the cache answers: its entries are kept per language.
		s.Language,
		cache.Early(s.Sessions.Cookie.Name),
		middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024}),
		middleware.BodyLimit("1M"),
		// Every text of the path, the query and a form is storable before any query.
		s.CheckText,
		s.LoadSession,
		s.CSRF(),
		s.Identify,
		s.HiddenLeagues,
	)

	e.GET("/healthz", s.Healthz)
	e.GET("/static/:file", s.StaticAsset)

	pages.Routes(e, s)
	api.Routes(e.Group("/api/v1"), s)
	return e
}

// RouteTable lists every route the app serves, method and path pattern ("/leagues/:id"),
// for the tests that walk them all.
func (h *Handler) RouteTable() []*echo.Route {
	return router(h.server).Routes()
}
