package httpx

import (
	"bytes"
	"fmt"
	"net/url"

	"github.com/a-h/templ"
	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/templates"
)

// Render writes a templ component as the HTML response. It renders into a buffer first,
// so a component that fails sends an error page, not half a page.
func (h *Server) Render(c echo.Context, status int, component templ.Component) error {
	var buf *bytes.Buffer
	if h.buffers != nil {
		buf, _ = h.buffers.Get().(*bytes.Buffer)
	}
	if buf == nil {
		buf = new(bytes.Buffer)
	}
	defer func() {
		// A buffer grown by an unusually long page is left to the collector.
		if h.buffers != nil && buf.Cap() <= maxPooledRenderBuffer {
			buf.Reset()
			h.buffers.Put(buf)
		}
	}()
	if err := component.Render(c.Request().Context(), buf); err != nil {
		return fmt.Errorf("web: render: %w", err)
	}
	c.Response().Header().Set("Cache-Control", pageCacheControl(c))
	return c.HTMLBlob(status, buf.Bytes())
}

// maxPooledRenderBuffer bounds the buffers Server.buffers keeps (the longest pages, a
// league's or a player's, are some 150 KB).
const maxPooledRenderBuffer = 1 << 20

// Page gathers what the Layout needs for this request: title, path, viewer, CSRF token.
func (h *Server) Page(c echo.Context, title string) templates.Page {
	p := templates.Page{Title: title, Path: c.Request().URL.Path, Query: c.Request().URL.Query()}
	if u, ok := CurrentUser(c); ok {
		p.Viewer = &templates.Viewer{Username: u.Username, DisplayName: u.DisplayName}
	}
	if token, ok := c.Get("csrf").(string); ok {
		p.CSRF = token
	}
	p.Flash = h.popFlash(c)
	return p
}

// urlQueryEscape escapes a value for a URL query string.
func urlQueryEscape(s string) string { return url.QueryEscape(s) }
