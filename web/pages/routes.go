package pages

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// Routes registers every HTML page and its forms on e, served by s. Every form carries the
// CSRF field; h.RequireLogin sends anonymous visitors to /login.
func Routes(e *echo.Echo, s *httpx.Server) {
	h := &Handler{Server: s}

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
	e.GET("/leagues/new", h.newLeaguePage, h.RequireLogin)
	e.POST("/leagues", h.createLeague, h.RequireLogin)
	e.GET("/leagues/:id", h.leaguePage, h.Cache.Public)
	e.POST("/leagues/:id/join", h.joinLeague, h.RequireLogin)
	e.POST("/leagues/:id/leave", h.leaveLeague, h.RequireLogin)
	e.GET("/leagues/:id/standings.csv", h.standingsCSV)
	e.GET("/leagues/:id/results.csv", h.resultsCSV)
	e.GET("/leagues/:id/print/rounds", h.roundSheets)
	e.GET("/leagues/:id/print/standings", h.standingsSheet)

	// Seasons (CONTRACT section 10): the list, a new season, a season's page, signing up
	// and withdrawing, the start (asked first) and the next season.
	e.GET("/seasons", h.seasonList)
	e.GET("/seasons/new", h.newSeasonPage, h.RequireLogin)
	e.POST("/seasons", h.createSeason, h.RequireLogin)
	e.GET("/seasons/:id", h.seasonPage)
	e.POST("/seasons/:id/signup", h.seasonSignUp, h.RequireLogin)
	e.POST("/seasons/:id/withdraw", h.seasonWithdraw, h.RequireLogin)
	e.GET("/seasons/:id/start", h.confirmSeasonStart, h.RequireLogin)
	e.POST("/seasons/:id/start", h.startSeason, h.RequireLogin)
	e.POST("/seasons/:id/next", h.nextSeason, h.RequireLogin)

	// Running a league day to day (CONTRACT section 7): the manage page and its forms. Drastic
	// actions ask first on a confirmation page whose form posts back with confirm=yes.
	e.GET("/leagues/:id/manage", h.manageLeaguePage, h.RequireLogin)
	e.GET("/leagues/:id/confirm/:action", h.confirmLeagueAction, h.RequireLogin)
	e.POST("/leagues/:id/edit", h.editLeague, h.RequireLogin)
	e.POST("/leagues/:id/activity", h.setActivityRule, h.RequireLogin)
	e.POST("/leagues/:id/size", h.setLeagueSize, h.RequireLogin)
	e.POST("/leagues/:id/remove", h.removeMember, h.RequireLogin)
	e.POST("/leagues/:id/replace", h.replaceMember, h.RequireLogin)
	e.POST("/leagues/:id/withdraw", h.withdrawMember, h.RequireLogin)
	e.POST("/leagues/:id/end", h.endLeague, h.RequireLogin)
	e.POST("/leagues/:id/reopen", h.reopenLeague, h.RequireLogin)
	e.GET("/leagues/:id/delete", h.confirmDeleteLeague, h.RequireLogin)
	e.POST("/leagues/:id/delete", h.deleteLeague, h.RequireLogin)
	e.POST("/leagues/:id/co-organisers", h.coOrganiser, h.RequireLogin)
	e.POST("/leagues/:id/results-setting", h.setResultsSetting, h.RequireLogin)
	e.POST("/leagues/:id/webhooks", h.addWebhook, h.RequireLogin)
	e.POST("/leagues/:id/webhooks/:hook/delete", h.deleteWebhook, h.RequireLogin)
	e.POST("/leagues/:id/deliveries/:delivery/resend", h.resendDelivery, h.RequireLogin)

	// Private leagues: the invite link (open to anyone holding it) and the organiser's forms.
	e.GET("/leagues/:id/invite/:token", h.invitePage)
	e.POST("/leagues/:id/privacy", h.setPrivacy, h.RequireLogin)
	e.POST("/leagues/:id/invite/renew", h.renewInvite, h.RequireLogin)

	// Dates, places and calendars.
	e.POST("/leagues/:id/rhythm", h.setRhythm, h.RequireLogin)
	e.POST("/leagues/:id/move", h.moveGames, h.RequireLogin)
	e.GET("/leagues/:id/calendar.ics", h.leagueCalendar)
	e.GET("/calendar/:file", h.playerCalendar)
	e.POST("/me/calendar/renew", h.renewCalendarFeed, h.RequireLogin)

	// Games, in a league or outside any (normal games): a game's page and its result serve
	// both. Players at the table (CONTRACT section 8) confirm, dispute or withdraw a proposed
	// result and say whether they are coming, from the game page, the desk or an e-mail's
	// one-tap link; each form goes back where it came from.
	e.GET("/games", h.normalGames)
	e.GET("/games/new", h.newNormalGamePage, h.RequireLogin)
	e.POST("/games", h.createNormalGame, h.RequireLogin)
	e.GET("/games/:id", h.gamePage)
	e.POST("/games/:id/join", h.joinNormalGame, h.RequireLogin)
	e.GET("/games/:id/result", h.resultFormPage, h.RequireLogin)
	e.POST("/games/:id/result", h.submitResult, h.RequireLogin)
	e.GET("/games/:id/ambition", h.ambitionHelper)
	e.POST("/games/:id/proposal/confirm", h.confirmProposal, h.RequireLogin)
	e.POST("/games/:id/proposal/dispute", h.disputeProposal, h.RequireLogin)
	e.POST("/games/:id/proposal/withdraw", h.withdrawProposal, h.RequireLogin)
	e.POST("/games/:id/attendance", h.answerAttendance, h.RequireLogin)
	e.GET("/attend/:token", h.attendPage)
	e.POST("/attend/:token", h.attendByLink)
	// A result_proposed e-mail's one-tap confirm link (a GET confirms nothing).
	e.GET("/confirm/:token", h.confirmLinkPage)
	e.POST("/confirm/:token", h.confirmByLink)

	// Ratings, ladders and players.
	e.GET("/ratings", h.ratings)
	e.GET("/api", h.apiDocs)
	e.GET("/ratings/:game", h.ladderPage, h.Cache.Public)
	e.GET("/ratings/:game/backtest", h.backtestPage, h.Cache.Public)
	e.GET("/players/:username", h.playerPage)

	// The seed systems' companions: the Vortex position calculator, open to anyone, and the
	// SUPERCAT companion for a signed-in player's solo games.
	e.GET("/vortex", h.vortexCalculator)
	e.GET("/supercat", h.supercatIndex, h.RequireLogin)
	e.POST("/supercat", h.createSupercatGame, h.RequireLogin)
	e.GET("/supercat/:id", h.supercatGamePage, h.RequireLogin)
	e.POST("/supercat/:id/chapter", h.supercatChapter, h.RequireLogin)
	e.POST("/supercat/:id/power", h.supercatPower, h.RequireLogin)
	e.POST("/supercat/:id/finish", h.supercatFinishGame, h.RequireLogin)
	e.GET("/supercat/:id/bots/:seat", h.supercatTurnPage, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/turn", h.supercatStartTurn, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/answer", h.supercatAnswer, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/undo", h.supercatUndo, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/finish", h.supercatFinish, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/bonus", h.supercatBonus, h.RequireLogin)
	e.POST("/supercat/:id/bots/:seat/guild", h.supercatGuild, h.RequireLogin)

	// Account self-service: display name, password, deletion, notifications, API tokens,
	// the e-mail address and password resets.
	e.GET("/account", h.accountPage, h.RequireLogin)
	e.POST("/account/name", h.updateDisplayName, h.RequireLogin)
	e.POST("/account/password", h.changePassword, h.RequireLogin)
	e.POST("/account/delete", h.deleteAccount, h.RequireLogin)
	e.POST("/account/notifications", h.setNotifications, h.RequireLogin)
	e.POST("/account/language", h.setLanguage, h.RequireLogin)
	e.GET("/account/tokens", h.tokensPage, h.RequireLogin)
	e.POST("/account/tokens", h.createToken, h.RequireLogin)
	e.GET("/account/tokens/:id/revoke", h.confirmRevokeToken, h.RequireLogin)
	e.POST("/account/tokens/:id/revoke", h.revokeToken, h.RequireLogin)
	e.POST("/account/email", h.setEmail, h.RequireLogin)
	e.GET("/account/verify-email", h.verifyEmail)
	e.GET("/password/forgot", h.forgotPasswordPage)
	e.POST("/password/forgot", h.forgotPassword)
	e.GET("/password/reset", h.resetPasswordPage)
	e.POST("/password/reset", h.resetPassword)
}
