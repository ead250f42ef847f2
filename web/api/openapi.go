package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/apidoc"
)

// apiOpenAPI serves the API's OpenAPI 3.1 description: GET /api/v1/openapi.json.
func (h *Handler) apiOpenAPI(c echo.Context) error {
	doc, err := apidoc.JSON()
	if err != nil {
		return err
	}
	c.Response().Header().Set(echo.HeaderCacheControl, "public, max-age=300")
	return c.JSONBlob(http.StatusOK, doc)
}
