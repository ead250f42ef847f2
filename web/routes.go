package web

import (
	"net/http"

	"github.com/labstack/echo/v4"
	"github.com/labstack/echo/v4/middleware"
)

// Routes returns the HTTP handler for the whole app: middleware first, then every route.
// HEAD is answered on every GET route (headAsGet).
// With a read-only copy of the database (ReadFrom), anonymous reads run on a second set of
// the same routes whose store is the copy; both share the cache.
func (h *Handler) Routes() http.Handler {
	if h.reads == nil {
		return headAsGet(h.echo())
	}
	onCopy := *h
	onCopy.store = h.reads
	return headAsGet(&replicaRouter{
		primary:       h.echo(),
		replica:       onCopy.echo(),
		sessionCookie: h.sessions.Cookie.Name,
		written:       h.signal.Written,
		reads:         h.reads,
		logger:        h.logger,
	})
}

// echo builds the app's router: middleware first, then every route.
func (h *Handler) echo() *echo.Echo {
	e := echo.New()
	e.HideBanner = true
	e.HidePort = true
	e.HTTPErrorHandler = h.handleError
	e.IPExtractor = echo.ExtractIPDirect()
	if h.config.TrustProxy {
		e.IPExtractor = echo.ExtractIPFromXFFHeader()
	}

	// Anonymous views of league pages, standings and ladders are served from memory until
	// the next write on any server (web/cache.go); a hit is answered before the session is
	// loaded, gzipped when the client accepts it.
	cache := h.cache
	e.Use(
		h.logRequests,
		panicRecovery(),
		h.securityHeaders,
		h.requestDeadline,
		cache.invalidate,
		cache.early(h.sessions.Cookie.Name),
		middleware.GzipWithConfig(middleware.GzipConfig{MinLength: 1024}),
		middleware.BodyLimit("1M"),
		h.loadSession,
		h.csrf(),
		h.identify,
		h.hiddenLeagues,
	)

	e.GET("/healthz", h.healthz)
	e.GET("/static/:file", h.staticAsset)

	// HTML pages.
	e.GET("/", h.home)
	e.GET("/signup", h.signupPage)
	e.POST("/signup", h.signup)
	e.GET("/login", h.loginPage)
	e.POST("/login", h.login)
	e.POST("/logout", h.logout)
	e.GET("/leagues", h.leagues)
	e.GET("/leagues/new", h.newLeaguePage, h.requireLogin)
	e.POST("/leagues", h.createLeague, h.requireLogin)
	e.GET("/leagues/:id", h.leaguePage, cache.public)
	e.POST("/leagues/:id/join", h.joinLeague, h.requireLogin)
	e.GET("/games/:id", h.gamePage)
	e.GET("/games/:id/result", h.resultFormPage, h.requireLogin)
	e.GET("/games/:id/ambition", h.ambitionHelper)
	e.POST("/games/:id/result", h.submitResult, h.requireLogin)
	e.GET("/leagues/:id/standings.csv", h.standingsCSV)
	e.GET("/leagues/:id/results.csv", h.resultsCSV)
	e.GET("/ratings", h.ratings)
	e.GET("/ratings/:game", h.ladderPage, cache.public)
	e.GET("/players/:username", h.playerPage)

	// JSON API (CONTRACT section 4). Bearer tokens, no cookies, so no CSRF.
	api := e.Group("/api/v1")
	api.POST("/signup", h.apiSignup)
	api.POST("/login", h.apiLogin)
	// Routes that need a signed-in caller take the requireAPIUser middleware.
	api.GET("/me", h.apiMe, h.requireAPIUser)
	api.POST("/leagues", h.apiCreateLeague, h.requireAPIUser)
	api.GET("/leagues/:id", h.apiLeagueRead)
	api.POST("/leagues/:id/join", h.apiJoinLeague, h.requireAPIUser)
	api.GET("/leagues/:id/games", h.apiLeagueGames)
	api.GET("/leagues/:id/standings", h.apiStandings, cache.public)
	api.GET("/games/:id/result", h.apiGetResult)
	api.POST("/games/:id/result", h.apiRecordResult, h.requireAPIUser)
	api.PUT("/games/:id/result", h.apiCorrectResult, h.requireAPIUser)
	api.GET("/ratings/:game", h.apiRatings, cache.public)
	api.GET("/registry", h.apiRegistry)

	h.leagueOperationRoutes(e, api)
	h.leagueOperations2Routes(e, api)
	h.accountRoutes(e, api)
	h.webhookRoutes(e, api)
	h.seedToolRoutes(e)
	h.gameRoutes(e, api)
	h.playersReportRoutes(e, api)
	h.confirmRoutes(e)

	return e
}

// leagueOperationRoutes registers the running of a league day to day (league-operations
// issue, CONTRACT section 7): leaving, removing, editing, ending, co-organisers, history.
func (h *Handler) leagueOperationRoutes(e *echo.Echo, api *echo.Group) {
	e.POST("/leagues/:id/leave", h.leaveLeague, h.requireLogin)
	e.GET("/leagues/:id/manage", h.manageLeaguePage, h.requireLogin)
	e.POST("/leagues/:id/edit", h.editLeague, h.requireLogin)
	e.POST("/leagues/:id/remove", h.removeMember, h.requireLogin)
	e.POST("/leagues/:id/end", h.endLeague, h.requireLogin)
	e.POST("/leagues/:id/co-organisers", h.coOrganiser, h.requireLogin)

	api.PATCH("/leagues/:id", h.apiEditLeague, h.requireAPIUser)
	api.POST("/leagues/:id/leave", h.apiLeaveLeague, h.requireAPIUser)
	api.POST("/leagues/:id/remove", h.apiRemoveMember, h.requireAPIUser)
	api.POST("/leagues/:id/cancel", h.apiEndLeague("cancel"), h.requireAPIUser)
	api.POST("/leagues/:id/close", h.apiEndLeague("close"), h.requireAPIUser)
	api.POST("/leagues/:id/archive", h.apiEndLeague("archive"), h.requireAPIUser)
	api.POST("/leagues/:id/co-organisers", h.apiAddCoOrganiser, h.requireAPIUser)
	api.DELETE("/leagues/:id/co-organisers/:username", h.apiRemoveCoOrganiser, h.requireAPIUser)
	api.GET("/leagues/:id/history", h.apiLeagueHistory)

	// Dates, places and calendars.
	e.POST("/leagues/:id/rhythm", h.setRhythm, h.requireLogin)
	e.POST("/leagues/:id/move", h.moveGames, h.requireLogin)
	e.GET("/leagues/:id/calendar.ics", h.leagueCalendar)
	e.GET("/calendar/:file", h.playerCalendar)
	api.PUT("/games/:id/schedule", h.apiScheduleGame, h.requireAPIUser)
	api.PUT("/leagues/:id/rhythm", h.apiSetRhythm, h.requireAPIUser)
	api.GET("/me/calendar", h.apiCalendarFeed(false), h.requireAPIUser)
	api.POST("/me/calendar/renew", h.apiCalendarFeed(true), h.requireAPIUser)

	// The organiser's desk (the signed-in front page) and its queue.
	e.POST("/me/calendar/renew", h.renewCalendarFeed, h.requireLogin)
	api.GET("/me/queue", h.apiQueue, h.requireAPIUser)

	// People who come and go once the league runs.
	e.POST("/leagues/:id/replace", h.replaceMember, h.requireLogin)
	api.POST("/leagues/:id/replace", h.apiReplaceMember, h.requireAPIUser)

	// Printable sheets (print CSS, no PDF).
	e.GET("/leagues/:id/print/rounds", h.roundSheets)
	e.GET("/leagues/:id/print/standings", h.standingsSheet)
}

// seedToolRoutes registers the seed systems' companions (seeds issue): the Vortex position
// calculator, open to anyone, and the SUPERCAT companion for a signed-in player's solo games.
func (h *Handler) seedToolRoutes(e *echo.Echo) {
	e.GET("/vortex", h.vortexCalculator)

	e.GET("/supercat", h.supercatIndex, h.requireLogin)
	e.POST("/supercat", h.createSupercatGame, h.requireLogin)
	e.GET("/supercat/:id", h.supercatGamePage, h.requireLogin)
	e.POST("/supercat/:id/chapter", h.supercatChapter, h.requireLogin)
	e.POST("/supercat/:id/power", h.supercatPower, h.requireLogin)
	e.POST("/supercat/:id/finish", h.supercatFinishGame, h.requireLogin)
	e.GET("/supercat/:id/bots/:seat", h.supercatTurnPage, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/turn", h.supercatStartTurn, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/answer", h.supercatAnswer, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/undo", h.supercatUndo, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/finish", h.supercatFinish, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/bonus", h.supercatBonus, h.requireLogin)
	e.POST("/supercat/:id/bots/:seat/guild", h.supercatGuild, h.requireLogin)
}

// gameRoutes registers single games, seat names and normal games, outside any league
// (rules-round-2 issue, CONTRACT section 7). A game's page and its result are in the main
// list above: they serve league and normal games alike.
func (h *Handler) gameRoutes(e *echo.Echo, api *echo.Group) {
	e.GET("/games", h.normalGames)
	e.GET("/games/new", h.newNormalGamePage, h.requireLogin)
	e.POST("/games", h.createNormalGame, h.requireLogin)
	e.POST("/games/:id/join", h.joinNormalGame, h.requireLogin)

	api.POST("/games", h.apiCreateNormalGame, h.requireAPIUser)
	api.GET("/games/:id", h.apiGameRead)
	api.POST("/games/:id/join", h.apiJoinNormalGame, h.requireAPIUser)
}

// accountRoutes registers account self-service (accounts issue): display name, password,
// deletion, API tokens, the e-mail address and password resets, on pages and in the API.
func (h *Handler) accountRoutes(e *echo.Echo, api *echo.Group) {
	e.GET("/account", h.accountPage, h.requireLogin)
	e.POST("/account/name", h.updateDisplayName, h.requireLogin)
	e.POST("/account/password", h.changePassword, h.requireLogin)
	e.POST("/account/delete", h.deleteAccount, h.requireLogin)
	e.POST("/account/notifications", h.setNotifications, h.requireLogin)
	api.GET("/me/notifications", h.apiNotifications, h.requireAPIUser)
	api.PUT("/me/notifications", h.apiSetNotifications, h.requireAPIUser)
	e.GET("/account/tokens", h.tokensPage, h.requireLogin)
	e.POST("/account/tokens", h.createToken, h.requireLogin)
	e.POST("/account/tokens/:id/revoke", h.revokeToken, h.requireLogin)
	e.POST("/account/email", h.setEmail, h.requireLogin)
	e.GET("/account/verify-email", h.verifyEmail)
	e.GET("/password/forgot", h.forgotPasswordPage)
	e.POST("/password/forgot", h.forgotPassword)
	e.GET("/password/reset", h.resetPasswordPage)
	e.POST("/password/reset", h.resetPassword)

	api.PATCH("/me", h.apiUpdateMe, h.requireAPIUser)
	api.DELETE("/me", h.apiDeleteMe, h.requireAPIUser)
	api.POST("/me/password", h.apiChangePassword, h.requireAPIUser)
	api.GET("/me/tokens", h.apiTokens, h.requireAPIUser)
	api.DELETE("/me/tokens/:id", h.apiRevokeToken, h.requireAPIUser)
}
