package pages

import (
	"fmt"
	"net/http"
	"strings"

	"github.com/labstack/echo/v4"

	"github.com/tablestakes/tablestakes/locales"
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
	h.Flash(c, locales.T(c.Request().Context(), "confirm.delete.done", map[string]any{"League": name}))
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
	lang := locales.From(c.Request().Context())
	cv := templates.ConfirmView{Title: lang.T("confirm.delete.title", map[string]any{"League": l.Name}), Back: l.URL() + "/manage"}
	if r, ok := h.PopRefusal(c); ok && r.Form == "delete" {
		cv.Error = r.Message
	}
	if v.Recorded > 0 {
		instead := lang.T("confirm.delete.close_instead")
		if l.Status != store.LeagueRunning {
			instead = lang.T("manage.archive_instead")
		}
		cv.What = []string{lang.N("confirm.delete.recorded", v.Recorded), instead}
		return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
	}
	cv.What = deletionWhat(lang, v, len(games))
	cv.Action, cv.Button, cv.Danger = l.URL()+"/delete", lang.T("manage.delete_button"), true
	return h.Render(c, http.StatusOK, templates.Confirm(h.Page(c, cv.Title), cv))
}

// deletionWhat says in l what deleting the league of v, with its games, takes with it and
// who is told: each paragraph of the delete page.
func deletionWhat(l locales.Lang, v templates.ManageView, games int) []string {
	lg := v.League
	what := []string{l.T("confirm.delete.for_good")}
	if len(v.Members) == 0 {
		what = append(what, l.T("confirm.delete.nobody_joined"))
	} else {
		names := make([]string, len(v.Members))
		for i, m := range v.Members {
			names[i] = m.DisplayName
		}
		what = append(what, l.N("confirm.delete.members", len(v.Members), map[string]any{"Names": strings.Join(names, ", ")}))
	}
	if len(v.CoOrganisers) > 0 {
		what = append(what, l.N("confirm.delete.co_organisers", len(v.CoOrganisers), map[string]any{"Names": strings.Join(v.CoOrganisers, ", ")}))
	}
	if games == 0 {
		what = append(what, l.T("confirm.delete.not_drawn", map[string]any{"Place": templates.OrdinalIn(l, lg.Players)}))
	} else {
		what = append(what, l.N("confirm.delete.games", games))
	}
	what = append(what, l.T("confirm.delete.nothing_recorded"))
	told := l.T("confirm.delete.nobody_told")
	switch lg.Status {
	case store.LeagueOpen:
		told += " " + l.T("confirm.delete.cancel_instead")
	case store.LeagueRunning:
		told += " " + l.T("confirm.delete.close_told")
	}
	return append(what, told)
}
