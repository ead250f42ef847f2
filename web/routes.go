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

	// HTML pages and their forms. Every form carries the CSRF field; h.requireLogin sends
	// anonymous visitors to /login.

	// The front page (the organiser's desk once signed in), signing up and logging in.
	e.GET("/", h.home)
	e.GET("/signup", h.signupPage)
	e.POST("/signup", h.signup)
	e.GET("/login", h.loginPage)
	e.POST("/login", h.login)
	e.POST("/logout", h.logout)

	// Leagues: the list, a new league, a league's page, joining and leaving, its exports
	// and printable sheets (print CSS, no PDF).
	e.GET("/leagues", h.leagueList)
	e.GET("/leagues/new", h.newLeaguePage, h.requireLogin)
	e.POST("/leagues", h.createLeague, h.requireLogin)
	e.GET("/leagues/:id", h.leaguePage, cache.public)
	e.POST("/leagues/:id/join", h.joinLeague, h.requireLogin)
	e.POST("/leagues/:id/leave", h.leaveLeague, h.requireLogin)
	e.GET("/leagues/:id/standings.csv", h.standingsCSV)
	e.GET("/leagues/:id/results.csv", h.resultsCSV)
	e.GET("/leagues/:id/print/rounds", h.roundSheets)
	e.GET("/leagues/:id/print/standings", h.standingsSheet)

	// Running a league day to day (CONTRACT section 7): the manage page and its forms. Drastic
	// actions ask first on a confirmation page whose form posts back with confirm=yes.
	e.GET("/leagues/:id/manage", h.manageLeaguePage, h.requireLogin)
	e.GET("/leagues/:id/confirm/:action", h.confirmLeagueAction, h.requireLogin)
	e.POST("/leagues/:id/edit", h.editLeague, h.requireLogin)
	e.POST("/leagues/:id/remove", h.removeMember, h.requireLogin)
	e.POST("/leagues/:id/replace", h.replaceMember, h.requireLogin)
	e.POST("/leagues/:id/withdraw", h.withdrawMember, h.requireLogin)
	e.POST("/leagues/:id/end", h.endLeague, h.requireLogin)
	e.POST("/leagues/:id/reopen", h.reopenLeague, h.requireLogin)
	e.GET("/leagues/:id/delete", h.confirmDeleteLeague, h.requireLogin)
	e.POST("/leagues/:id/delete", h.deleteLeague, h.requireLogin)
	e.POST("/leagues/:id/co-organisers", h.coOrganiser, h.requireLogin)
	e.POST("/leagues/:id/results-setting", h.setResultsSetting, h.requireLogin)
	e.POST("/leagues/:id/webhooks", h.addWebhook, h.requireLogin)
	e.POST("/leagues/:id/webhooks/:hook/delete", h.deleteWebhook, h.requireLogin)

	// Private leagues: the invite link (open to anyone holding it) and the organiser's forms.
	e.GET("/leagues/:id/invite/:token", h.invitePage)
	e.POST("/leagues/:id/privacy", h.setPrivacy, h.requireLogin)
	e.POST("/leagues/:id/invite/renew", h.renewInvite, h.requireLogin)

	// Dates, places and calendars.
	e.POST("/leagues/:id/rhythm", h.setRhythm, h.requireLogin)
	e.POST("/leagues/:id/move", h.moveGames, h.requireLogin)
	e.GET("/leagues/:id/calendar.ics", h.leagueCalendar)
	e.GET("/calendar/:file", h.playerCalendar)
	e.POST("/me/calendar/renew", h.renewCalendarFeed, h.requireLogin)

	// Games, in a league or outside any (normal games): a game's page and its result serve
	// both. Players at the table (CONTRACT section 8) confirm, dispute or withdraw a proposed
	// result and say whether they are coming, from the game page, the desk or an e-mail's
	// one-tap link; each form goes back where it came from.
	e.GET("/games", h.normalGames)
	e.GET("/games/new", h.newNormalGamePage, h.requireLogin)
	e.POST("/games", h.createNormalGame, h.requireLogin)
	e.GET("/games/:id", h.gamePage)
	e.POST("/games/:id/join", h.joinNormalGame, h.requireLogin)
	e.GET("/games/:id/result", h.resultFormPage, h.requireLogin)
	e.POST("/games/:id/result", h.submitResult, h.requireLogin)
	e.GET("/games/:id/ambition", h.ambitionHelper)
	e.POST("/games/:id/proposal/confirm", h.confirmProposal, h.requireLogin)
	e.POST("/games/:id/proposal/dispute", h.disputeProposal, h.requireLogin)
	e.POST("/games/:id/proposal/withdraw", h.withdrawProposal, h.requireLogin)
	e.POST("/games/:id/attendance", h.answerAttendance, h.requireLogin)
	e.GET("/attend/:token", h.attendPage)
	e.POST("/attend/:token", h.attendByLink)

	// Ratings, ladders and players.
	e.GET("/ratings", h.ratings)
	e.GET("/ratings/:game", h.ladderPage, cache.public)
	e.GET("/players/:username", h.playerPage)

	// The seed systems' companions: the Vortex position calculator, open to anyone, and the
	// SUPERCAT companion for a signed-in player's solo games.
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

	// Account self-service: display name, password, deletion, notifications, API tokens,
	// the e-mail address and password resets.
	e.GET("/account", h.accountPage, h.requireLogin)
	e.POST("/account/name", h.updateDisplayName, h.requireLogin)
	e.POST("/account/password", h.changePassword, h.requireLogin)
	e.POST("/account/delete", h.deleteAccount, h.requireLogin)
	e.POST("/account/notifications", h.setNotifications, h.requireLogin)
	e.GET("/account/tokens", h.tokensPage, h.requireLogin)
	e.POST("/account/tokens", h.createToken, h.requireLogin)
	e.GET("/account/tokens/:id/revoke", h.confirmRevokeToken, h.requireLogin)
	e.POST("/account/tokens/:id/revoke", h.revokeToken, h.requireLogin)
	e.POST("/account/email", h.setEmail, h.requireLogin)
	e.GET("/account/verify-email", h.verifyEmail)
	e.GET("/password/forgot", h.forgotPasswordPage)
	e.POST("/password/forgot", h.forgotPassword)
	e.GET("/password/reset", h.resetPasswordPage)
	e.POST("/password/reset", h.resetPassword)

	// JSON API (CONTRACT section 4). Bearer tokens, no cookies, so no CSRF. Routes that need
	// a signed-in caller take h.requireAPIUser (401 without one).
	api := e.Group("/api/v1")

	// Signing up, logging in, and the caller's own account, tokens, notifications, calendar
	// feed and queue of games to record.
	api.POST("/signup", h.apiSignup)
	api.POST("/login", h.apiLogin)
	api.GET("/me", h.apiMe, h.requireAPIUser)
	api.PATCH("/me", h.apiUpdateMe, h.requireAPIUser)
	api.DELETE("/me", h.apiDeleteMe, h.requireAPIUser)
	api.POST("/me/password", h.apiChangePassword, h.requireAPIUser)
	api.GET("/me/tokens", h.apiTokens, h.requireAPIUser)
	api.DELETE("/me/tokens/:id", h.apiRevokeToken, h.requireAPIUser)
	api.GET("/me/notifications", h.apiNotifications, h.requireAPIUser)
	api.PUT("/me/notifications", h.apiSetNotifications, h.requireAPIUser)
	api.GET("/me/calendar", h.apiCalendarFeed(false), h.requireAPIUser)
	api.POST("/me/calendar/renew", h.apiCalendarFeed(true), h.requireAPIUser)
	api.GET("/me/queue", h.apiQueue, h.requireAPIUser)

	// Leagues: creating, reading, joining and leaving, games and standings.
	api.POST("/leagues", h.apiCreateLeague, h.requireAPIUser)
	api.GET("/leagues/:id", h.apiLeagueRead)
	api.POST("/leagues/:id/join", h.apiJoinLeague, h.requireAPIUser)
	api.POST("/leagues/:id/leave", h.apiLeaveLeague, h.requireAPIUser)
	api.GET("/leagues/:id/games", h.apiLeagueGames)
	api.GET("/leagues/:id/standings", h.apiStandings, cache.public)
	api.GET("/leagues/:id/history", h.apiLeagueHistory)

	// Running a league (CONTRACT section 7): editing, members, ending, co-organisers,
	// privacy and invites, the rhythm of its games, webhooks.
	api.PATCH("/leagues/:id", h.apiEditLeague, h.requireAPIUser)
	api.DELETE("/leagues/:id", h.apiDeleteLeague, h.requireAPIUser)
	api.POST("/leagues/:id/remove", h.apiRemoveMember, h.requireAPIUser)
	api.POST("/leagues/:id/replace", h.apiReplaceMember, h.requireAPIUser)
	api.POST("/leagues/:id/withdraw", h.apiWithdrawMember, h.requireAPIUser)
	api.POST("/leagues/:id/cancel", h.apiEndLeague("cancel"), h.requireAPIUser)
	api.POST("/leagues/:id/close", h.apiEndLeague("close"), h.requireAPIUser)
	api.POST("/leagues/:id/archive", h.apiEndLeague("archive"), h.requireAPIUser)
	api.POST("/leagues/:id/co-organisers", h.apiAddCoOrganiser, h.requireAPIUser)
	api.DELETE("/leagues/:id/co-organisers/:username", h.apiRemoveCoOrganiser, h.requireAPIUser)
	api.PUT("/leagues/:id/privacy", h.apiSetPrivacy, h.requireAPIUser)
	api.GET("/leagues/:id/invite", h.apiInvite, h.requireAPIUser)
	api.POST("/leagues/:id/invite/renew", h.apiRenewInvite, h.requireAPIUser)
	api.PUT("/leagues/:id/rhythm", h.apiSetRhythm, h.requireAPIUser)
	api.GET("/leagues/:id/webhooks", h.apiWebhooks, h.requireAPIUser)
	api.POST("/leagues/:id/webhooks", h.apiAddWebhook, h.requireAPIUser)
	api.DELETE("/leagues/:id/webhooks/:hook", h.apiDeleteWebhook, h.requireAPIUser)

	// Games: normal games, schedules, results, and players at the table (CONTRACT section
	// 8): a seated player proposes a result, the others confirm or dispute it, and everyone
	// says whether they are coming.
	api.POST("/games", h.apiCreateNormalGame, h.requireAPIUser)
	api.GET("/games/:id", h.apiGameRead)
	api.POST("/games/:id/join", h.apiJoinNormalGame, h.requireAPIUser)
	api.PUT("/games/:id/schedule", h.apiScheduleGame, h.requireAPIUser)
	api.GET("/games/:id/result", h.apiGetResult)
	api.POST("/games/:id/result", h.apiRecordResult, h.requireAPIUser)
	api.PUT("/games/:id/result", h.apiCorrectResult, h.requireAPIUser)
	api.GET("/games/:id/proposal", h.apiProposal)
	api.POST("/games/:id/proposal", h.apiPropose, h.requireAPIUser)
	api.DELETE("/games/:id/proposal", h.apiWithdrawProposal, h.requireAPIUser)
	api.POST("/games/:id/proposal/confirm", h.apiConfirmProposal, h.requireAPIUser)
	api.POST("/games/:id/proposal/dispute", h.apiDisputeProposal, h.requireAPIUser)
	api.GET("/games/:id/attendance", h.apiAttendance)
	api.PUT("/games/:id/attendance", h.apiSetAttendance, h.requireAPIUser)

	// Ratings and the registry of scoring systems.
	api.GET("/ratings/:game", h.apiRatings, cache.public)
	api.GET("/registry", h.apiRegistry)

	return e
}
