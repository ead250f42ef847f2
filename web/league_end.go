package web

import (
	"fmt"
	"net/http"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/store"
)

// endLeague is the manage page's cancel, close and archive buttons (POST /leagues/{id}/end,
// field action).
func (h *Handler) endLeague(c echo.Context) error {
	id, err := pathID(c)
	if err != nil {
		return err
	}
	action := c.FormValue("action")
	if action != "cancel" && action != "close" && action != "archive" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "action: must be cancel, close or archive")
	}
	if action != "archive" && !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/%s", id, action))
	}
	user, _ := currentUser(c) // requireLogin guarantees it
	err = h.leagues.End(c.Request().Context(), id, user.ID, action)
	return h.afterManageAction(c, id, err)
}

// apiEndLeague returns the handler of POST /api/v1/leagues/{id}/{cancel|close|archive}:
// the organiser cancels an open league, closes a running one early or archives a finished
// or closed one → 200 with the league; 409 naming the state the action needs.
func (h *Handler) apiEndLeague(action string) echo.HandlerFunc {
	return func(c echo.Context) error {
		id, err := pathID(c)
		if err != nil {
			return err
		}
		user, _ := currentUser(c) // requireAPIUser guarantees it
		if err := h.leagues.End(c.Request().Context(), id, user.ID, action); err != nil {
			return err
		}
		return h.apiLeagueAnswer(c, id)
	}
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
	h.flash(c, "The league is deleted.")
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
	name, err := h.leagues.Delete(c.Request().Context(), id, user.ID)
	if err != nil {
		return err
	}
	h.logger.Info("league deleted", "league_id", id, "name", name, "by", user.Username)
	return nil
}
