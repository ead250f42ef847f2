package pages

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"
)

// logout ends the browser's session (a CSRF-protected POST, so no other site can log
// people out) and returns to the front page.
func (h *Handler) logout(c echo.Context) error {
	if err := h.Sessions.Destroy(c.Request().Context()); err != nil {
		return fmt.Errorf("web: log out: %w", err)
	}
	h.RotateCSRF(c)
	if err := h.SaveSession(c); err != nil {
		return err
	}
	// Pages are kept by the browser for its back button (pageCacheControl): after logging
	// out they must not bring the signed-in pages back.
	c.Response().Header().Set("Clear-Site-Data", `"cache"`)
	return c.Redirect(http.StatusSeeOther, "/")
}
