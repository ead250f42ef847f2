// Package pages serves TableStakes' HTML pages and their forms. Every page route is in
// routes.go; each resource has its own file with its handler methods.
//
// A handler is a method `func (h *Handler) name(c echo.Context) error` on Handler, which
// embeds the shared *httpx.Server (store, services, sessions, cache, config). It finds the
// caller with httpx.CurrentUser(c); routes that need one take h.RequireLogin (a redirect to
// /login). Pages render with h.Render(c, status, templates.X(h.Page(c, "Title"), ...));
// forms include templates.CSRFField(p.CSRF). Errors are returned, not written: the central
// handler (httpx.Server.HandleError) turns them into a status and an error page. A page
// and its API twin (package api) call the same service or httpx helper.
package pages

import "github.com/tablestakes/tablestakes/web/httpx"

// Handler serves the HTML pages; its methods are the page handlers.
type Handler struct {
	*httpx.Server
}
