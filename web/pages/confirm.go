package pages

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// Drastic actions ask first, on a page of their own that says what will happen (issue
// #24): cancelling a league, closing it early, reopening it, removing a co-organiser and
// revoking an API token. Each page's form posts to the action with confirm=yes; a post
// without it (an old page, a script of forms) is sent to the page that asks.

// confirmed reports whether a drastic action's form came from its confirmation page.
func confirmed(c echo.Context) bool { return c.FormValue("confirm") == "yes" }

// confirmLeagueAction is the page asking before cancel, close, reopen or
// remove-co-organiser (GET /leagues/{id}/confirm/{action}); only the league's organiser and
// co-organisers see it, as the manage page.
func (h *Handler) confirmLeagueAction(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	l := v.League
	manage := l.URL() + "/manage"
	cv := templates.ConfirmView{Back: manage, Hidden: map[string]string{}}
	switch c.Param("action") {
	case "cancel":
		cv.Title = "Cancel " + l.Name + "?"
		cv.What = []string{
			"The league is called off before it fills: nobody can join it any more, and its members are told.",
			"Cancelled by mistake? You can reopen it within 7 days.",
		}
		cv.Action, cv.Hidden["action"], cv.Button, cv.Danger = l.URL()+"/end", "cancel", "Cancel the league", true
	case "close":
		cv.Title = "Close " + l.Name + " early?"
		cv.What = []string{
			"No more results are taken: the games still to play are called off, and the standings stay as they stand, marked as closed early.",
			"Everyone in the league is told it is over. Results already recorded keep their points and ratings.",
			"Closed by mistake? You can reopen it within 7 days; it then runs again and takes results.",
		}
		cv.Action, cv.Hidden["action"], cv.Button, cv.Danger = l.URL()+"/end", "close", "Close the league early", true
	case "reopen":
		cv.Title = "Reopen " + l.Name + "?"
		if l.Status == store.LeagueCancelled {
			cv.What = []string{"The league is open again: players can join, and the " + l.LastPlace() + " to join draws its games."}
		} else {
			cv.What = []string{"The league runs again: its games still to play take results, and the standings move again."}
		}
		cv.Action, cv.Button = l.URL()+"/reopen", "Reopen the league"
	case "remove-member":
		if err := h.removeQuestion(c, &cv, v, strings.TrimSpace(c.QueryParam("username"))); err != nil {
			return err
		}
	case "remove-co-organiser":
		name := strings.TrimSpace(c.QueryParam("username"))
		if name == "" {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
		}
		cv.Title = "Remove " + name + " as co-organiser?"
		cv.What = []string{name + " will no longer record or correct results, nor set dates, in " + l.Name + ". Their own games and results stay."}
		cv.Action, cv.Button, cv.Danger = l.URL()+"/co-organisers", "Remove the co-organiser", true
		cv.Hidden["op"], cv.Hidden["username"] = "remove", name
	default:
		return store.ErrNotFound
	}
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
}

// reopenLeague is the organiser taking back an early close or a cancellation
// (POST /leagues/{id}/reopen, from its confirmation page).
func (h *Handler) reopenLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	if !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, fmt.Sprintf("/leagues/%d/confirm/reopen", id))
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	return h.afterManageAction(c, id, h.Leagues.Reopen(c.Request().Context(), id, user.ID))
}

// reopenable says whether the league, ended at the time of its newest cancel or close
// event, may still be reopened (league.Reopen; the service decides again, by the
// database's clock).
func reopenable(l store.League, events []store.LeagueEvent, now time.Time) bool {
	r := league.Reopening{Status: l.Status, ClosedEarly: l.ClosedEarly}
	for _, e := range events {
		if e.Action == "cancel" || e.Action == "close" {
			r.EndedAt = &e.At
			break
		}
	}
	_, err := league.Reopen(r, now)
	return err == nil
}

// confirmRevokeToken asks before revoking an API token (GET /account/tokens/{id}/revoke).
func (h *Handler) confirmRevokeToken(c echo.Context) error {
	id, err := httpx.PathTokenID(c)
	if err != nil {
		return err
	}
	cv := templates.ConfirmView{
		Title: "Revoke this API token?",
		What: []string{"Scripts that use it are refused from the moment you revoke it; this cannot be undone.",
			"Make a new token for them on the tokens page if they still need one."},
		Action: fmt.Sprintf("/account/tokens/%d/revoke", id), Button: "Revoke the token", Back: "/account/tokens", Danger: true,
	}
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
}

// removeQuestion fills cv with the question before removing username from an open league
// (issue #34: "Remove" asks on a page of its own, as delete and withdraw do), naming the
// player as people know them. An unknown member is 422 naming username.
func (h *Handler) removeQuestion(c echo.Context, cv *templates.ConfirmView, v templates.ManageView, username string) error {
	l := v.League
	for _, m := range v.Members {
		if strings.EqualFold(m.Username, username) {
			cv.Title = "Remove " + m.DisplayName + " from " + l.Name + "?"
			cv.What = []string{
				m.DisplayName + " (@" + m.Username + ") leaves the league, and their place is free for someone else to join.",
				"Their account, their other leagues and their ratings stay. They can join again while the league is open.",
			}
			cv.Action, cv.Button, cv.Danger = l.URL()+"/remove", "Remove "+m.DisplayName, true
			cv.Hidden["username"] = m.Username
			return nil
		}
	}
	if username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: "+username+" is not a member of this league")
}
