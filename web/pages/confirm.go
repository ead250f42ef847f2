package pages

import (
	"fmt"
	"net/http"
	"strings"
	"time"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/league"
	"github.com/tablestakes/tablestakes/locales"
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
	lang := locales.From(c.Request().Context())
	name := map[string]any{"League": l.Name}
	manage := l.URL() + "/manage"
	cv := templates.ConfirmView{Back: manage, Hidden: map[string]string{}}
	switch c.Param("action") {
	case "cancel":
		cv.Title = lang.T("confirm.cancel.title", name)
		cv.What = []string{lang.T("confirm.cancel.what"), lang.T("confirm.cancel.undo")}
		cv.Action, cv.Hidden["action"], cv.Button, cv.Danger = l.URL()+"/end", "cancel", lang.T("confirm.cancel.button"), true
	case "close":
		cv.Title = lang.T("confirm.close.title", name)
		cv.What = []string{lang.T("confirm.close.what"), lang.T("confirm.close.told"), lang.T("confirm.close.undo")}
		cv.Action, cv.Hidden["action"], cv.Button, cv.Danger = l.URL()+"/end", "close", lang.T("confirm.close.button"), true
	case "reopen":
		cv.Title = lang.T("confirm.reopen.title", name)
		if l.Status == store.LeagueCancelled {
			cv.What = []string{lang.T("confirm.reopen.open", map[string]any{"Place": templates.OrdinalIn(lang, l.Players)})}
		} else {
			cv.What = []string{lang.T("confirm.reopen.runs")}
		}
		cv.Action, cv.Button = l.URL()+"/reopen", lang.T("confirm.reopen.button")
	case "remove-member":
		if err := h.removeQuestion(c, &cv, v, strings.TrimSpace(c.QueryParam("username"))); err != nil {
			return err
		}
	case "remove-co-organiser":
		name := strings.TrimSpace(c.QueryParam("username"))
		if name == "" {
			return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
		}
		who := map[string]any{"Name": name, "League": l.Name}
		cv.Title = lang.T("confirm.co.title", who)
		cv.What = []string{lang.T("confirm.co.what", who)}
		cv.Action, cv.Button, cv.Danger = l.URL()+"/co-organisers", lang.T("confirm.co.button"), true
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
	lang := locales.From(c.Request().Context())
	cv := templates.ConfirmView{
		Title:  lang.T("confirm.token.title"),
		What:   []string{lang.T("confirm.token.what"), lang.T("confirm.token.new")},
		Action: fmt.Sprintf("/account/tokens/%d/revoke", id), Button: lang.T("confirm.token.button"), Back: "/account/tokens", Danger: true,
	}
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
}

// removeQuestion fills cv with the question before removing username from an open league
// (issue #34: "Remove" asks on a page of its own, as delete and withdraw do), naming the
// player as people know them. An unknown member is 422 naming username.
func (h *Handler) removeQuestion(c echo.Context, cv *templates.ConfirmView, v templates.ManageView, username string) error {
	l := v.League
	lang := locales.From(c.Request().Context())
	for _, m := range v.Members {
		if strings.EqualFold(m.Username, username) {
			who := map[string]any{"Name": m.DisplayName, "Username": m.Username, "League": l.Name}
			cv.Title = lang.T("confirm.remove.title", who)
			cv.What = []string{lang.T("confirm.remove.what", who), lang.T("confirm.remove.stays")}
			cv.Action, cv.Button, cv.Danger = l.URL()+"/remove", lang.T("confirm.remove.button", who), true
			cv.Hidden["username"] = m.Username
			return nil
		}
	}
	if username == "" {
		return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: required")
	}
	return echo.NewHTTPError(http.StatusUnprocessableEntity, "username: "+username+" is not a member of this league")
}
