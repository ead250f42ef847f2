package httpx

import (
	"bytes"
	"io/fs"
	"net/http"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/static"
)

// StaticAsset serves an embedded asset (GET /static/{file}). Pages link to each asset with
// its content hash (static.URL): under that address it never changes, so browsers and
// proxies keep it for a year without asking again. Any other address of it gets the current
// file with its ETag and must be revalidated, which costs a 304.
func (h *Server) StaticAsset(c echo.Context) error {
	name := c.Param("file")
	b, err := fs.ReadFile(static.FS, name)
	if err != nil {
		return ErrNoSuchPage
	}
	hash := static.Hash(name)
	hdr := c.Response().Header()
	hdr.Set("ETag", `"`+hash+`"`)
	if c.QueryParam("v") == hash {
		hdr.Set("Cache-Control", "public, max-age=31536000, immutable")
	} else {
		hdr.Set("Cache-Control", "no-cache")
	}
	// ServeContent answers If-None-Match with 304, HEAD without a body, and picks the
	// content type from the name.
	http.ServeContent(c.Response(), c.Request(), name, time.Time{}, bytes.NewReader(b))
	return nil
}
