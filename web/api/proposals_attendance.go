package api

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/web/httpx"
)

// apiAttendanceAnswer is one seated player's answer (CONTRACT section 8).
type apiAttendanceAnswer struct {
	Username string `json:"username"`
	Coming   *bool  `json:"coming"`
}

// apiAttendance lists the seated players' answers in seat order: GET
// /api/v1/games/{id}/attendance → [{"username","coming": true|false|null}].
func (h *Handler) apiAttendance(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	as, err := h.Store.Attendance(c.Request().Context(), id)
	if err != nil {
		return err
	}
	out := make([]apiAttendanceAnswer, len(as))
	for i, a := range as {
		out[i] = apiAttendanceAnswer{Username: a.Username, Coming: a.Coming}
	}
	return c.JSON(http.StatusOK, out)
}

// apiSetAttendance is a seated player's answer: PUT /api/v1/games/{id}/attendance
// {"coming": true|false} → 200 with every answer; 403 for anyone not seated, 409 once the
// game is recorded.
func (h *Handler) apiSetAttendance(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	var body struct {
		Coming *bool `json:"coming"`
	}
	if err := httpx.DecodeJSON(c, &body); err != nil {
		return err
	}
	if body.Coming == nil {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "coming: required, true (I'll be there) or false (I can't come)")
	}
	user, _ := httpx.CurrentUser(c) // RequireAPIUser guarantees it
	if err := h.Results.SetAttendance(c.Request().Context(), id, user.ID, *body.Coming); err != nil {
		return err
	}
	h.GameChanged(c, id)
	return h.apiAttendance(c)
}
