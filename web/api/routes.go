package api

import (
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// Routes registers every JSON API route (CONTRACT section 4) on api, the /api/v1 group,
// served by s. Bearer tokens, no cookies, so no CSRF. Routes that need a signed-in caller
// take h.RequireAPIUser (401 without one).
func Routes(api *echo.Group, s *httpx.Server) {
	h := &Handler{Server: s}

	// Signing up, logging in, and the caller's own account, tokens, notifications, calendar
	// feed and queue of games to record.
	api.POST("/signup", h.apiSignup)
	api.POST("/login", h.apiLogin)
	api.GET("/me", h.apiMe, h.RequireAPIUser)
	api.PATCH("/me", h.apiUpdateMe, h.RequireAPIUser)
	api.DELETE("/me", h.apiDeleteMe, h.RequireAPIUser)
	api.POST("/me/password", h.apiChangePassword, h.RequireAPIUser)
	api.GET("/me/tokens", h.apiTokens, h.RequireAPIUser)
	api.DELETE("/me/tokens/:id", h.apiRevokeToken, h.RequireAPIUser)
	api.GET("/me/notifications", h.apiNotifications, h.RequireAPIUser)
	api.PUT("/me/notifications", h.apiSetNotifications, h.RequireAPIUser)
	api.GET("/me/calendar", h.apiCalendarFeed(false), h.RequireAPIUser)
	api.POST("/me/calendar/renew", h.apiCalendarFeed(true), h.RequireAPIUser)
	api.GET("/me/queue", h.apiQueue, h.RequireAPIUser)

	// Leagues: creating, reading, joining and leaving, games and standings.
	api.POST("/leagues", h.apiCreateLeague, h.RequireAPIUser)
	api.GET("/leagues/:id", h.apiLeagueRead)
	api.POST("/leagues/:id/join", h.apiJoinLeague, h.RequireAPIUser)
	api.POST("/leagues/:id/leave", h.apiLeaveLeague, h.RequireAPIUser)
	api.GET("/leagues/:id/games", h.apiLeagueGames)
	api.GET("/leagues/:id/standings", h.apiStandings, h.Cache.Public)
	api.GET("/leagues/:id/history", h.apiLeagueHistory)

	// Running a league (CONTRACT section 7): editing, members, ending, co-organisers,
	// privacy and invites, the rhythm of its games, webhooks.
	api.PATCH("/leagues/:id", h.apiEditLeague, h.RequireAPIUser)
	api.DELETE("/leagues/:id", h.apiDeleteLeague, h.RequireAPIUser)
	api.POST("/leagues/:id/remove", h.apiRemoveMember, h.RequireAPIUser)
	api.POST("/leagues/:id/replace", h.apiReplaceMember, h.RequireAPIUser)
	api.POST("/leagues/:id/withdraw", h.apiWithdrawMember, h.RequireAPIUser)
	api.POST("/leagues/:id/cancel", h.apiEndLeague("cancel"), h.RequireAPIUser)
	api.POST("/leagues/:id/close", h.apiEndLeague("close"), h.RequireAPIUser)
	api.POST("/leagues/:id/archive", h.apiEndLeague("archive"), h.RequireAPIUser)
	api.POST("/leagues/:id/co-organisers", h.apiAddCoOrganiser, h.RequireAPIUser)
	api.DELETE("/leagues/:id/co-organisers/:username", h.apiRemoveCoOrganiser, h.RequireAPIUser)
	api.PUT("/leagues/:id/privacy", h.apiSetPrivacy, h.RequireAPIUser)
	api.GET("/leagues/:id/invite", h.apiInvite, h.RequireAPIUser)
	api.POST("/leagues/:id/invite/renew", h.apiRenewInvite, h.RequireAPIUser)
	api.PUT("/leagues/:id/rhythm", h.apiSetRhythm, h.RequireAPIUser)
	api.GET("/leagues/:id/webhooks", h.apiWebhooks, h.RequireAPIUser)
	api.POST("/leagues/:id/webhooks", h.apiAddWebhook, h.RequireAPIUser)
	api.DELETE("/leagues/:id/webhooks/:hook", h.apiDeleteWebhook, h.RequireAPIUser)

	// Seasons (CONTRACT section 10): sign-up, the start into divisions, the movements at
	// the end and the next season.
	api.POST("/seasons", h.apiCreateSeason, h.RequireAPIUser)
	api.GET("/seasons/:id", h.apiSeasonRead)
	api.POST("/seasons/:id/signup", h.apiSeasonSignUp, h.RequireAPIUser)
	api.DELETE("/seasons/:id/signup", h.apiSeasonWithdraw, h.RequireAPIUser)
	api.POST("/seasons/:id/start", h.apiSeasonStart, h.RequireAPIUser)
	api.GET("/seasons/:id/movements", h.apiSeasonMovements)
	api.POST("/seasons/:id/next", h.apiSeasonNext, h.RequireAPIUser)

	// Games: normal games, schedules, results, and players at the table (CONTRACT section
	// 8): a seated player proposes a result, the others confirm or dispute it, and everyone
	// says whether they are coming.
	api.POST("/games", h.apiCreateNormalGame, h.RequireAPIUser)
	api.GET("/games/:id", h.apiGameRead)
	api.POST("/games/:id/join", h.apiJoinNormalGame, h.RequireAPIUser)
	api.PUT("/games/:id/schedule", h.apiScheduleGame, h.RequireAPIUser)
	api.GET("/games/:id/forecast", h.apiGameForecast)
	api.GET("/games/:id/result", h.apiGetResult)
	api.POST("/games/:id/result", h.apiRecordResult, h.RequireAPIUser)
	api.PUT("/games/:id/result", h.apiCorrectResult, h.RequireAPIUser)
	api.GET("/games/:id/proposal", h.apiProposal)
	api.POST("/games/:id/proposal", h.apiPropose, h.RequireAPIUser)
	api.DELETE("/games/:id/proposal", h.apiWithdrawProposal, h.RequireAPIUser)
	api.POST("/games/:id/proposal/confirm", h.apiConfirmProposal, h.RequireAPIUser)
	api.POST("/games/:id/proposal/dispute", h.apiDisputeProposal, h.RequireAPIUser)
	api.GET("/games/:id/attendance", h.apiAttendance)
	api.PUT("/games/:id/attendance", h.apiSetAttendance, h.RequireAPIUser)

	// Ratings and the registry of scoring systems.
	api.GET("/ratings/:game", h.apiRatings, h.Cache.Public)
	api.GET("/registry", h.apiRegistry)

	// The API's own description (OpenAPI 3.1), rendered for people at /api.
	api.GET("/openapi.json", h.apiOpenAPI)
}
