package web

import (
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
)

// leagueOperations2Routes registers the second round of league operations (league-operations
// issue): deleting a league, withdrawing a member without a substitute, private leagues.
func (h *Handler) leagueOperations2Routes(e *echo.Echo, api *echo.Group) {
	e.POST("/leagues/:id/delete", h.deleteLeague, h.requireLogin)
	api.DELETE("/leagues/:id", h.apiDeleteLeague, h.requireAPIUser)
}

// manageView2 adds to the manage page what the second round of operations needs.
func (h *Handler) manageView2(c echo.Context, l store.League, v *templates.ManageView) error {
	n, err := h.store.RecordedResults(c.Request().Context(), l.ID)
	if err != nil {
		return err
	}
	v.Recorded = n
	return nil
}

// deleteLeague is the manage page's delete form (POST /leagues/{id}/delete, field confirm=yes):
// the organiser deletes a league without recorded results and lands on the leagues list.
func (h *Handler) deleteLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	if c.FormValue("confirm") != "yes" {
		return h.afterManageAction(c, id, &store.Invalid{Reason: "confirm: tick the box to delete the league for good"})
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	if err := h.removeLeague(c, id, user); err != nil {
		return h.afterManageAction(c, id, err)
	}
	return c.Redirect(http.StatusSeeOther, "/leagues")
}

// apiDeleteLeague deletes a league: DELETE /api/v1/leagues/{id} → 204. Organiser only (403
// for co-organisers and anyone else); 409 once a result is recorded (close or archive it).
func (h *Handler) apiDeleteLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	user, _ := currentUser(c) // requireAPIUser guarantees it
	if err := h.removeLeague(c, id, user); err != nil {
		return err
	}
	return c.NoContent(http.StatusNoContent)
}

// removeLeague deletes the league and notes it in the server's log, since the league's own
// history goes with it.
func (h *Handler) removeLeague(c echo.Context, id int64, user store.User) error {
	name, err := h.store.DeleteLeague(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	h.logger.Info("league deleted", "league_id", id, "name", name, "by", user.Username)
	return nil
}
