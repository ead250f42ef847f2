package pages

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/scoring"
	"github.com/tablestakes/tablestakes/store"
	"github.com/tablestakes/tablestakes/templates"
	"github.com/tablestakes/tablestakes/web/httpx"
)

// endLeague is the manage page's cancel, close and archive buttons (POST /leagues/{id}/end,
// field action).
func (h *Handler) endLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
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
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	err = h.Leagues.End(c.Request().Context(), id, user.ID, action)
	return h.afterManageAction(c, id, err)
}

// deleteLeague is the delete page's form (POST /leagues/{id}/delete, field confirm=yes): the
// organiser deletes a league without recorded results and lands on the leagues list, with
// the deletion confirmed. A post without confirm=yes (an old manage page) is sent to the
// page that asks; a refusal goes back to that page, beside its button (Post/Redirect/Get).
func (h *Handler) deleteLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	page := fmt.Sprintf("/leagues/%d/delete", id)
	if !confirmed(c) {
		return c.Redirect(http.StatusSeeOther, page)
	}
	user, _ := httpx.CurrentUser(c) // RequireLogin guarantees it
	name, err := h.RemoveLeague(c, id, user)
	if err != nil {
		if !isRefusal(err) {
			return err
		}
		_, msg := splitField(refusalMessage(err))
		h.KeepRefusal(c, httpx.KeptRefusal{Form: "delete", Message: httpx.Sentence(msg)})
		return c.Redirect(http.StatusSeeOther, page)
	}
	h.Flash(c, name+" is deleted.")
	return c.Redirect(http.StatusSeeOther, "/leagues")
}

// confirmDeleteLeague is the page asking before a league is deleted (GET
// /leagues/{id}/delete, issue #24): what goes with it, counted, who is told, and the one
// button that deletes it; a league with a recorded result says what to do instead and has
// no button. Only the league's organiser sees it.
func (h *Handler) confirmDeleteLeague(c echo.Context) error {
	id, err := httpx.PathID(c)
	if err != nil {
		return err
	}
	v, err := h.manageView(c, id)
	if err != nil {
		return err
	}
	if !v.IsOrganiser {
		return store.ErrNotLeagueOrganiser
	}
	games, err := h.Store.Games(c.Request().Context(), id)
	if err != nil {
		return err
	}
	l := v.League
	cv := templates.ConfirmView{Title: "Delete " + l.Name + "?", Back: l.URL() + "/manage"}
	if r, ok := h.PopRefusal(c); ok && r.Form == "delete" {
		cv.Error = r.Message
	}
	if v.Recorded > 0 {
		instead := "Close it early instead: its standings are frozen and everyone in the league is told."
		if l.Status != store.LeagueRunning {
			instead = "Archive it instead."
		}
		cv.What = []string{fmt.Sprintf("%d %s recorded, and results stay in the players' ratings, so this league cannot be deleted.",
			v.Recorded, scoring.Plural(v.Recorded, "result is", "results are")), instead}
		return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
	}
	cv.What = deletionWhat(v, len(games))
	cv.Action, cv.Button, cv.Danger = l.URL()+"/delete", "Delete the league", true
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
}

// deletionWhat says what deleting the league of v, with its games, takes with it and who
// is told: each paragraph of the delete page.
func deletionWhat(v templates.ManageView, games int) []string {
	l := v.League
	what := []string{"The league is deleted for good, with no way back: its page, its history, its invite link and its webhooks go with it."}
	if len(v.Members) == 0 {
		what = append(what, "Nobody has joined it yet.")
	} else {
		names := make([]string, len(v.Members))
		for i, m := range v.Members {
			names[i] = m.DisplayName
		}
		what = append(what, fmt.Sprintf("%d %s joined (%s) and %s their place.", len(v.Members),
			scoring.Plural(len(v.Members), "player has", "players have"), strings.Join(names, ", "),
			scoring.Plural(len(v.Members), "loses", "lose")))
	}
	if len(v.CoOrganisers) > 0 {
		what = append(what, fmt.Sprintf("%s no longer %s it.", strings.Join(v.CoOrganisers, ", "),
			scoring.Plural(len(v.CoOrganisers), "co-organises", "co-organise")))
	}
	if games == 0 {
		what = append(what, "No game has been drawn yet: the games are drawn when the "+l.LastPlace()+" player joins.")
	} else {
		what = append(what, fmt.Sprintf("Its %d %s, none played, go with their dates and places.", games,
			scoring.Plural(games, "game", "games")))
	}
	what = append(what, "Nothing has been recorded, so no result, standing or rating is lost.")
	told := "Nobody is told: TableStakes sends its players no message about a deletion."
	switch l.Status {
	case store.LeagueOpen:
		told += " To have them told, cancel the league instead: its members are told, and you can reopen it within 7 days."
	case store.LeagueRunning:
		told += " To have them told, close it early instead: everyone in the league is told, and you can reopen it within 7 days."
	}
	return append(what, told)
}
