package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiCalendarFeed returns the caller's private feed URL: GET /api/v1/me/calendar → {"url"};
// POST /api/v1/me/calendar/renew replaces the secret, so the old URL stops working.
func (h *Handler) apiCalendarFeed(renew bool) echo.HandlerFunc {
	return func(c echo.Context) error {
		user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
		token, err := h.Accounts.CalendarFeedToken(c.Request().Context(), user.ID, renew)
		if err != nil {
			return err
		}
		return c.JSON(http.StatusOK, map[string]string{"url": h.FeedURL(token)})
	}
}
