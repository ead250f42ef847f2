// Package api serves TableStakes' JSON API under /api/v1 (CONTRACT section 4). Every API
// route is in routes.go; each resource has its own file with its handler methods.
//
// A handler is a method `func (h *Handler) apiName(c echo.Context) error` on Handler, which
// embeds the shared *httpx.Server. The caller comes from the bearer token
// (httpx.CurrentUser(c)); routes that need one take h.RequireAPIUser (401). Bodies are read
// with httpx.DecodeJSON; errors are returned, not written: the central handler
// (httpx.Server.HandleError) answers {"error": "..."} with the status. An API route and its
// page twin (package pages) call the same service or httpx helper.
package api

import "github.com/tablestakes/tablestakes/web/httpx"

// Handler serves the JSON API; its methods are the API handlers.
type Handler struct {
	*httpx.Server
}
