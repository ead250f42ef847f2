package httpx

import (
	"context"
	"log/slog"
	"net/http"
	"strings"
	"sync"
	"time"

	"github.com/alexedwards/scs/v2"

	"github.com/tablestakes/tablestakes/email"
	"github.com/tablestakes/tablestakes/service"
	"github.com/tablestakes/tablestakes/store"
)

// Config is how the web side is deployed.
type Config struct {
	// SecureCookies marks cookies Secure and sends HSTS; set it when TableStakes is served
	// over HTTPS (directly or behind a TLS-terminating proxy).
	SecureCookies bool
	// TrustProxy takes the client address from X-Forwarded-For / X-Real-IP, for a server
	// behind a reverse proxy. Leave it off otherwise: clients could forge the header to
	// dodge the log-in rate limit.
	TrustProxy bool
	// LoginPerIP limits failed log-ins from one address (default 20 a minute) and
	// LoginPerUser failed log-ins from one address at one username (default 5 a minute);
	// beyond them the address gets 429 until the period has passed.
	LoginPerIP, LoginPerUser Limit
	// LoginPerVenue limits every log-in attempt from one address, right or wrong (default
	// 300 a minute): a club night behind one address signs in freely, guessers do not.
	LoginPerVenue Limit
	// LoginSlowdown is how many failed log-ins at one username, from anywhere, make every
	// further attempt at it wait LoginDelay (default 5 a minute, 2 seconds). A username
	// is slowed down, never locked, so nobody can keep its owner out.
	LoginSlowdown Limit
	LoginDelay    time.Duration
	// LoginPerAccount caps the failed log-ins at one username from everywhere (default
	// 100 an hour). Beyond it every attempt waits LoginDelay and only a browser that has
	// logged in to the account before has its password checked: guessing from many
	// addresses stops, while the owner still logs in (never a lock-out).
	LoginPerAccount Limit
	// SignupPerIP limits the accounts made from one address (default 40 an hour, room
	// for a club signing up together at one venue); refused sign-ups do not count.
	SignupPerIP Limit
	// LimitClock is the clock the rate limits count by (default time.Now): each hit is
	// counted in the database at the time it gives, so every server sharing the database
	// shares the counts. Tests stop it in the middle of a window.
	LimitClock func() time.Time
	// Mail is the SMTP server for address verification and password resets; without an
	// address the server sends no e-mail.
	Mail email.Config
	// BaseURL is the address people reach TableStakes at (default http://127.0.0.1:8080),
	// which e-mailed links start with. It is configured, never taken from the request's
	// Host header, which anyone can forge.
	BaseURL string
	// WebhooksToPrivateAddresses lets league webhooks be added with loopback and private
	// addresses (TABLESTAKES_WEBHOOK_PRIVATE_ADDRESSES=1), for a receiver on the server's
	// own network; the notification worker (notify.Config) is told the same. Off by
	// default, so that a league organiser cannot make the server call into its network.
	WebhooksToPrivateAddresses bool
	// SessionLifetime is how long a web session lasts (default two weeks).
	SessionLifetime time.Duration
	// SessionIdleTimeout ends a web session not used for this long (default 12 hours,
	// TABLESTAKES_SESSION_IDLE_TIMEOUT): a browser left signed in on a club's shared
	// computer does not stay so for the whole lifetime.
	SessionIdleTimeout time.Duration
	// RequestTimeout bounds each request's work, its database queries and waits for a
	// connection included (default DefaultRequestTimeout, TABLESTAKES_REQUEST_TIMEOUT): when
	// the database hangs, requests answer 503 with Retry-After instead of piling up on the
	// pool. The database sessions' own timeouts are set below it (DatabaseSessions).
	RequestTimeout time.Duration
}

// DefaultRequestTimeout is the RequestTimeout when none is configured.
const DefaultRequestTimeout = 10 * time.Second

// DatabaseSessions is how the app's connections to the database are set up for requests
// bounded by requestTimeout: a pool of poolSize, each session's statement_timeout at 80%
// of the request's time and its lock_timeout at half of it, so a query stuck behind a
// lock or running too long fails with an answer (503) while the request still has time
// to give it, and gives its connection back.
func DatabaseSessions(poolSize int32, requestTimeout time.Duration) store.Sessions {
	if requestTimeout <= 0 {
		requestTimeout = DefaultRequestTimeout
	}
	return store.Sessions{MaxConns: poolSize, StatementTimeout: requestTimeout * 8 / 10, LockTimeout: requestTimeout / 2}
}

// SiteURL is the configured BaseURL without a trailing slash, or the default.
func (cfg Config) SiteURL() string {
	if cfg.BaseURL == "" {
		return email.DefaultBaseURL
	}
	return strings.TrimRight(cfg.BaseURL, "/")
}

// Limit is a number of attempts allowed in any period of the given length (a sliding
// window, counted in Postgres).
type Limit struct {
	// Attempts is how many attempts a client may make in a period.
	Attempts int
	// Per is the period's length.
	Per time.Duration
}

// Server serves every TableStakes page and API route; its methods are the handlers.
type Server struct {
	Store *store.Store
	// Leagues owns the leagues area's writes, for a page and its API twin alike.
	Leagues *service.Leagues
	// Results owns the results area's writes, for a page and its API twin alike.
	Results *service.Results
	// Seasons owns the seasons area's writes: sign-ups, starts and next seasons.
	Seasons *service.Seasons
	// Games owns the games area's writes (normal games' tables and seats).
	Games *service.Games
	// Accounts owns the accounts area\'s writes (e-mail, passwords, links, API tokens).
	Accounts *service.Accounts
	// Supercat owns the SUPERCAT companion's writes (solo games, chapters, bots' turns).
	Supercat *service.Supercat
	// Limits owns the rate limits' counters and the browsers known to log in to an account.
	Limits   *service.Limits
	Sessions *scs.SessionManager
	Logger   *slog.Logger
	Config   Config
	Mail     *email.Sender
	// Cache keeps anonymous views of the public pages (cache.go); signal keeps it in step
	// with the other servers on the database.
	Cache  *publicCache
	Signal *store.CacheSignal
	// Reads is a Store on a read-only copy of the database for anonymous reads, or nil
	// (ReadFrom).
	Reads *store.Store
	// buffers are the *bytes.Buffer pages are rendered into (render), reused so that a
	// long page does not grow a new buffer from nothing on every request.
	buffers *sync.Pool
}

// NewServer returns a Server on the store. Sessions live in the store's sessions table; the
// server removes expired ones with store.DeleteExpiredSessions.
func NewServer(st *store.Store, logger *slog.Logger, cfg Config) *Server {
	for _, l := range []struct {
		lim *Limit
		def Limit
	}{
		{&cfg.LoginPerIP, Limit{Attempts: 20, Per: time.Minute}},
		{&cfg.LoginPerUser, Limit{Attempts: 5, Per: time.Minute}},
		{&cfg.LoginPerVenue, Limit{Attempts: 300, Per: time.Minute}},
		{&cfg.LoginSlowdown, Limit{Attempts: 5, Per: time.Minute}},
		{&cfg.LoginPerAccount, Limit{Attempts: 100, Per: time.Hour}},
		{&cfg.SignupPerIP, Limit{Attempts: 40, Per: time.Hour}},
	} {
		if l.lim.Attempts <= 0 || l.lim.Per <= 0 {
			*l.lim = l.def
		}
	}
	cfg.BaseURL = cfg.SiteURL()
	if cfg.LoginDelay <= 0 {
		cfg.LoginDelay = 2 * time.Second
	}
	if cfg.SessionLifetime <= 0 {
		cfg.SessionLifetime = 14 * 24 * time.Hour
	}
	if cfg.RequestTimeout <= 0 {
		cfg.RequestTimeout = DefaultRequestTimeout
	}
	if cfg.SessionIdleTimeout <= 0 {
		cfg.SessionIdleTimeout = 12 * time.Hour
	}
	if cfg.LimitClock == nil {
		cfg.LimitClock = time.Now
	}
	cache := newPublicCache(logger)
	signal := st.NewCacheSignal(logger, cache.flush, cache.dropKeyStrings)
	cache.listening = signal.Listening
	cache.broadcast = signal.Broadcast
	cache.dropKeys = signal.Drop
	sessions := scs.New()
	// The sessions table, read through the cache (web/httpx/sessions.go); no sweeper goroutine:
	// the server sweeps (see serve), and the Server owns no background work.
	sessions.Store = &sessionStore{store: st, cache: cache, forget: signal.Forget}
	sessions.Codec = &sessionCodec{}
	sessions.Lifetime = cfg.SessionLifetime
	sessions.IdleTimeout = cfg.SessionIdleTimeout
	sessions.Cookie.Name = "tablestakes_session"
	sessions.Cookie.HttpOnly = true
	sessions.Cookie.SameSite = http.SameSiteLaxMode
	sessions.Cookie.Secure = cfg.SecureCookies
	sessions.Cookie.Path = "/"
	return &Server{
		Store:    st,
		Leagues:  service.NewLeagues(st),
		Results:  service.NewResults(st),
		Games:    service.NewGames(st),
		Seasons:  service.NewSeasons(st),
		Accounts: service.NewAccounts(st),
		Supercat: service.NewSupercat(st),
		Limits:   service.NewLimits(st),
		Sessions: sessions,
		Logger:   logger,
		Config:   cfg,
		Mail:     email.NewSender(cfg.Mail),
		Cache:    cache,
		Signal:   signal,
		buffers:  &sync.Pool{},
	}
}

// ListenForWrites keeps this server's cache of public pages in step with every other
// server on the database until ctx ends (store.CacheSignal.Run): their writes empty it, and
// while this server cannot hear them the cache does not answer. Run it beside the server.
func (h *Server) ListenForWrites(ctx context.Context) { h.Signal.Run(ctx) }

// CacheListening reports whether the cache hears the other servers' writes and so answers.
func (h *Server) CacheListening() bool { return h.Signal.Listening() }
