package api

import (
	"encoding/json"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiNotifications answers the caller's notification choices: GET /api/v1/me/notifications
// → 200 {"schedule_drawn": true, "result_recorded": true, ...}, every kind.
func (h *Handler) apiNotifications(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // requireAPIUser guarantees it
	prefs, err := h.Store.NotificationPrefs(c.Request().Context(), user.ID)
	if err != nil {
		return err
	}
	return c.JSON(http.StatusOK, prefs)
}

// apiSetNotifications changes some of the caller's choices: PUT /api/v1/me/notifications
// {"game_soon": false} → 200 with every kind. An unknown kind is 422 and changes nothing.
func (h *Handler) apiSetNotifications(c echo.Context) error {
	user, _ := httpx.CurrentUser(c) // requireAPIUser guarantees it
	var raw map[string]json.RawMessage
	if err := httpx.DecodeJSON(c, &raw); err != nil {
		return err
	}
	prefs := make(map[string]bool, len(raw))
	for k, v := range raw {
		switch string(v) {
		case "true", "false":
			prefs[k] = string(v) == "true"
		default:
			return echo.NewHTTPError(http.StatusBadRequest, k+": must be true or false")
		}
	}
	if err := h.Store.SetNotificationPrefs(c.Request().Context(), user.ID, prefs); err != nil {
		return err
	}
	return h.apiNotifications(c)
}
